"""Domino Poker's records: reading, replaying, refusing bad lines, writing the same text back."""

from check import raises, tile
from core import events as ev
from core.anyrecord import game_of
from core.poker import MATCH_OVER, Options, PLAYING
from core.pokerrecord import deal_text, decode
from core.pokerreplay import parse_deal, replay
from core.replay import RecordError
from players.pokermatch import play_match

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
DEAL = (
    "[0|0] [0|6] [1|2] [2|4] [2|6] [3|6] [4|4] / "
    "[0|5] [1|1] [1|5] [1|6] [2|5] [5|5] [5|6] / "
    "[0|1] [0|2] [0|3] [0|4] [1|3] [2|2] [2|3] / "
    "[1|4] [3|3] [3|4] [3|5] [4|5] [4|6] [6|6]"
)
HEADER = (
    "game: poker\n"
    "options: hands=5\n"
    "seed: 12\n"
    "players: Ann, handheld:hard, handheld:medium, handheld:hard\n"
    "deal: " + DEAL + "\n"
    "---\n"
)
LEAD = "lead [2|5] 5"
BIDS = "1 bid 3\n2 bid 2\n3 bid 0\n4 bid 3 timeout\n"


def test_the_sample_record_replays_and_writes_back_the_same_text():
    with open(HERE + "/../records/poker-sample.txt") as f:
        text = f.read()
    assert game_of(text) == "poker"
    game, out = replay(text)
    assert game.state == MATCH_OVER and game.hand_no == 5
    assert out.text() == text
    assert " timeout" in text and "\ndeal " in text and "lead [" in text


def test_a_hand_written_record_with_calls_and_a_late_bid():
    seen = []
    text = HEADER + BIDS + "1 lead [0|6] 6\n2 play [5|6]\n3 play [1|3]  # no six\n4 play [6|6]\n"
    game, out = replay(text, lambda n, line, g, events: seen.append((n, events[-1])))
    assert seen[3] == (10, (ev.BID, 3, 3, 0)) and list(game.bids) == [3, 2, 0, 3]
    assert seen[-1] == (14, (ev.TRICK, 2, 1, 1))  # the trump takes, not [6|6]
    assert game.state == PLAYING and game.turn == 2 and list(game.taken) == [0, 0, 1, 0]
    assert out.lines()[3] == "4 bid 3 timeout" and out.lines()[4] == "1 lead [0|6] 6"
    plays = "1 lead [0|6] 6\n2 play [5|6]\n3 play [1|3]\n4 play [6|6]\n"
    assert out.text() == HEADER + BIDS + plays


def test_bad_lines_stop_the_replay_with_the_line_and_reason():
    cases = (
        ("1 bid 8\n", 7, "a bid is 0 to 7 tricks: bid 3"),
        ("2 bid 1\n", 7, "it is seat 1's turn, not seat 2's"),
        ("5 bid 1\n", 7, "there is no seat 5"),
        ("1 lead [0|6] 6\n", 7, "bid first: how many tricks you will take, 0 to 7"),
        (BIDS + "1 lead [0|6]\n", 11, "call the number you lead"),
        (BIDS + "1 lead [0|6] 3\n", 11, "[0|6] can be led only as 0 or 6"),
        (BIDS + "1 lead [0|6] 9\n", 11, "a called number is 0 to 6, not 9"),
        (BIDS + "1 play [0|6] 6\n", 11, "the trick is empty: lead a tile"),
        (BIDS + "1 lead [0|0]\n2 lead [1|1]\n", 12, "the trick has been led: play a tile"),
        (BIDS + "1 lead [0|0]\n2 play [5|5]\n", 12, "a trump was led: play a trump"),
        (BIDS + "1 lead [0|0]\n2 play [1|1] 1\n", 12, "only a lead takes a called number: " + LEAD),
        (BIDS + "1 lead [4|4]\n2 play [4|4]\n", 12, "you do not hold [4|4]"),
        (BIDS + "1 jump\n", 11, "unknown action 'jump' (bid, lead or play)"),
        (BIDS + "1 lead [9|9]\n", 11, "not a tile: [9|9]"),
        (BIDS + "1 timeout\n", 11, "the seat must be followed by bid, lead or play"),
        ("1\n", 7, "the seat must be followed by bid, lead or play"),
        ("x bid 1\n", 7, "a line starts with a seat number, 'deal' or '#'"),
        ("deal " + DEAL + "\n", 7, "this hand has been dealt already"),
        ("1 bid 1\ndeal " + DEAL + "\n", 8, "a deal can only come once a hand is over"),
    )
    for body, line, reason in cases:
        error = raises(RecordError, replay, HEADER + body)
        assert (error.line, error.reason) == (line, reason), (body, error.line, error.reason)


FIRST = "'game: allfives'"
HANDS = " (hands=5, 7 or 10)"
SEED = "the seed must be a whole number from 0 to 4294967295, not "


def test_bad_headers_are_refused_with_their_line():
    cases = (
        ("game: allfives\n---\n", 1, "not a record of poker: game allfives"),
        ("game: poker\noptions: hands=6\n---\n", 2, "unknown option hands=6 (hands=5, 7 or 10)"),
        ("game: poker\nseed: -3\n---\n", 2, SEED + "-3"),
        ("game: poker\nseed: 4294967296\n---\n", 2, SEED + "4294967296"),
        ("game: poker\nseed: \u0663\n---\n", 2, SEED + "\u0663"),
        ("game: poker\noptions: hands=\u0667\n---\n", 2, "unknown option hands=\u0667" + HANDS),
        ("\ufeffgame: poker\nseed: 1\nseed: 1\n---\n", 3, "'seed:' is given twice"),
        ("seed: 1\ngame: poker\n---\n", 1, "a record starts with the game it records: " + FIRST),
        ("game: poker\nplayers: A, B\n---\n", 2, "Domino Poker has 4 players, separated by commas"),
        ("game: poker\ndeal: [0|0] / [1|1]\n---\n", 2, "a deal is 4 hands, separated by /"),
        ("game: poker\ncolour: red\n---\n", 2, "unknown header colour"),
        ("game: poker\nseed 1\n---\n", 2, "expected 'key: value' or '---'"),
        ("game: poker\nseed: 1\n", 3, "the header must end with a line '---'"),
        ("game: poker\n---\n", 1, "a record needs a seed or a deal"),
    )
    for text, line, reason in cases:
        error = raises(RecordError, replay, text)
        assert (error.line, error.reason) == (line, reason), (text, error.line, error.reason)


def test_deals_are_checked_and_written_back_the_same():
    deal = parse_deal(DEAL)
    assert deal_text(deal) == DEAL and deal[0] >> tile("[0|6]") & 1
    doubled = DEAL.replace("[0|5]", "[0|0]")
    assert str(raises(ValueError, parse_deal, doubled)) == "[0|0] is dealt twice"
    short = DEAL.replace(" [0|5]", "")
    assert str(raises(ValueError, parse_deal, short)) == "each hand must hold 7 tiles"


def test_a_byte_order_mark_is_ignored():
    game, _ = replay("\ufeff" + HEADER + "1 bid 1\n")
    assert list(game.bids)[0] == 1


def test_seeded_matches_with_late_actions_round_trip():
    for seed in range(4):
        names = ("medium", "easy", "hard", "medium")
        game, record = play_match(Options(7), seed, names, late=lambda n: n % 11 == 3)
        text = record.text()
        again, out = replay(text)
        assert out.text() == text and again.scores == game.scores
        assert again.hand_no == 7 and text.count(" timeout") == sum(record.late)


def test_the_compact_save_round_trips_and_damage_is_refused():
    names = ("easy", "medium", "easy", "hard")
    game, record = play_match(Options(7), 5, names, late=lambda n: n % 7 == 1)
    data = record.encode()
    assert len(data) == 6 + 2 * len(record.actions)
    back = decode(data, record.players)
    assert back.text() == record.text() and back.game().scores == game.scores
    bad = bytearray(data)
    bad[6] = 200  # the first bid becomes a play
    for damaged in (b"", data[:-1], b"\x09" + data[1:], bytes(bad)):
        raises(ValueError, decode, damaged, record.players)
