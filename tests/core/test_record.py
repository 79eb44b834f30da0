"""Game records: reading, replaying, refusing bad lines, writing back the same text."""

from check import raises
from core.allfives import HAND_OVER, MATCH_OVER, Options
from core.record import deal_text
from core.recordparse import decode, read_int
from core.replay import read_deal, RecordError, replay
from core.table import E, W
from players.autoplay import play_match

HEADER = (
    "game: allfives\n"
    "options: target=100 draw=optional\n"
    "players: Ann, handheld:tactics\n"
    "deal: [1|4] [4|6] [2|3] [0|0] [5|5] [3|6] [1|2] / "
    "[4|4] [0|1] [2|6] [3|3] [1|5] [0|6] [2|5] / "
    "stock [0|2] [0|3] [0|4] [0|5] [1|1] [1|3] [1|6] [2|2] [2|4] [3|4] [3|5] [4|5] [5|6] [6|6]\n"
    "---\n"
)


def test_replay_of_a_hand_written_record():
    text = HEADER + (
        "# Ann leads\n"
        "1 play [4|1]\n"
        "2 play [4|4] W   # the spinner\n"
        "\n"
        "1 draw [0|2]\n"
        "1 play [1|2] E\n"
        "2 play [2|5] E\n"
    )
    seen = []
    game, _ = replay(text, lambda n, line, g, events: seen.append((n, g.table.count())))
    assert game.table.value[W] == 4 and game.table.spinner >= 0
    assert seen == [(7, 5), (8, 9), (10, 9), (11, 10), (12, 13)]
    assert game.scores == [15, 0]  # 5 for the lead, 10 for [1|2] against the spinner's 8
    assert game.table.value[E] == 5


def test_a_play_with_one_fitting_end_may_omit_it():
    game, out = replay(HEADER + "1 play [1|4]\n2 play [0|1]\n")
    assert out.lines()[-1] == "2 play [0|1] W"
    error = raises(RecordError, replay, HEADER + "1 play [4|4]\n")
    assert (error.line, error.reason) == (6, "you do not hold [4|4]")


def test_ambiguous_end_is_refused():
    text = HEADER + "1 play [2|3]\n2 play [2|6] W\n1 play [3|6] E\n2 play [0|6]\n"
    error = raises(RecordError, replay, text)
    assert error.line == 9 and "name an end" in error.reason


def test_bad_lines_stop_the_replay_with_the_line_and_reason():
    cases = (
        ("1 play [1|4]\n1 play [4|4] W\n", 7, "it is seat 2's turn, not seat 1's"),
        ("1 play [1|4]\n2 play [4|4] Q\n", 7, "unknown end 'Q' (W, E, N or S)"),
        ("1 play [1|4]\n2 jump\n", 7, "unknown action 'jump' (play, draw or pass)"),
        ("1 play [1|4]\n2 play [3|3] W\n", 7, "[3|3] does not match the open ends 1 and 4"),
        ("1 draw [6|6]\n", 6, "the record says [6|6] was drawn, but the deal gives [0|2]"),
        ("1 play [9|9]\n", 6, "not a tile: [9|9]"),
        ("3 pass\n", 6, "there is no seat 3"),
        ("x\n", 6, "a line starts with a seat number, 'deal' or '#'"),
        ("1 pass now\n", 6, "'pass' takes nothing after it"),
        ("1 pass\n", 6, "you can play [0|0], so you may not pass"),
    )
    for body, line, reason in cases:
        error = raises(RecordError, replay, HEADER + body)
        assert (error.line, error.reason) == (line, reason), (body, error.line, error.reason)


def test_bad_headers_are_refused():
    for text, line in (
        ("game: chess\nseed: 1\n---\n", 1),
        ("game: allfives\noptions: target=7\nseed: 1\n---\n", 2),
        ("game: allfives\nseed: x\n---\n", 2),
        ("game: allfives\nseed: 1\n", 3),
        ("game: allfives\n---\n", 1),
        ("game: allfives\nseed: 1\ncolour: red\n---\n", 3),
        ("game: allfives\ndeal: [0|0] / [1|1] / stock [2|2]\n---\n", 2),
    ):
        assert raises(RecordError, replay, text).line == line, text


BID_HEAD = "game: bid\nseed: 11\nplayers: Ann, Bo\n---\n"


def test_hostile_records_are_refused_with_their_line_and_a_reason_for_people():
    cases = (
        (BID_HEAD + "2 play [4|4] +4294967.296s\n", 5, "a time is at most 999999.999s"),
        (BID_HEAD + "2 play [4|4] +" + "9" * 40 + "s\n", 5, "a time is at most 999999.999s"),
        (BID_HEAD + "2 play [4|4] +\u0661\u0662s\n", 5, "a time is written +8.2s"),
        (BID_HEAD + "2 play [4|4] +1.\u0662s\n", 5, "a time is written +8.2s"),
        (BID_HEAD + "2 play [4|4] +1s\n1 bid \u0661\u0665 +1s\n", 6, "a bid must be a whole"),
        (BID_HEAD + "2 play [4|4] +1s\n1 bid 99999999999 +1s\n", 6, "a bid must be a whole"),
        ("options: target=100\n" + BID_HEAD, 1, "a record starts with the game"),
        ("seed: 1\ngame: allfives\n---\n", 1, "a record starts with the game"),
        ("game: allfives\nseed: 1\ngame: bid\n---\n", 3, "'game:' is given twice"),
        ("game: allfives\nseed: 1\nseed: 2\n---\n", 3, "'seed:' is given twice"),
        ("game: allfives\noptions: target=\u0661\u0660\u0660\nseed: 1\n---\n", 2, "unknown option"),
        ("game: allfives\nseed: abc\n---\n", 2, "the seed must be a whole number"),
        ("game: allfives\nseed: -1\n---\n", 2, "the seed must be a whole number"),
        ("game: allfives\nseed: 4294967296\n---\n", 2, "the seed must be a whole number"),
        ("game: allfives\nseed: " + "7" * 5000 + "\n---\n", 2, "the seed must be a whole number"),
        ("game: allfives\nseed: \u0667\n---\n", 2, "the seed must be a whole number"),
        ("", 1, "a record starts with the game"),
    )
    for text, line, reason in cases:
        error = raises(RecordError, replay, text)
        assert error.line == line and error.reason.startswith(reason), (text[:60], error)
        assert len(error.reason) <= 100, error.reason  # long words are cut short when quoted


def test_a_byte_order_mark_is_skipped_and_other_bytes_must_be_utf8():
    text = "game: allfives\nseed: 4\nplayers: Ren\u00e9, Bo\n---\n1 draw\n"
    game, out = replay("\ufeff" + text)
    assert out.text() == replay(text)[1].text() and out.players == ["Ren\u00e9", "Bo"]
    data = text.encode()
    assert decode(b"\xef\xbb\xbf" + data) == "\ufeff" + text
    latin = data.replace(b"Ren\xc3\xa9", b"Ren\xe9")
    error = raises(RecordError, decode, latin)
    assert (error.line, error.reason) == (3, "not UTF-8 text")
    assert raises(RecordError, decode, b"\x00\xff\xfe\n").line == 1


def test_numbers_are_ascii_digits_within_their_bounds():
    assert read_int("0042", 0, 99, "n") == 42 and read_int("99", 0, 99, "n") == 99
    for bad in ("", "+1", "-1", " 1", "1 ", "100", "1.0", "\u0664\u0662", "0x1", "1_0"):
        raises(ValueError, read_int, bad, 0, 99, "n")
    assert Options.parse("target=61").target == 61
    raises(ValueError, Options.parse, "target=\u0666\u0661")


def test_deals_are_checked():
    good = HEADER.split("deal: ")[1].split("\n")[0]
    assert read_deal(good)[2][0] == 2  # [0|2] is drawn first
    raises(ValueError, read_deal, good.replace("[0|2]", "[1|4]"))
    raises(ValueError, read_deal, good.replace(" / stock", " stock"))
    raises(ValueError, read_deal, good.replace("[1|4] [4|6]", "[1|4]"))


def test_seeded_matches_round_trip_for_every_option_set():
    for options in ("", "draw=stuck keep=2", "lead=double target=61", "target=150"):
        opts = Options.parse(options)
        for seed in (1, 2, 3):
            game, record = play_match(opts, seed, ("tactics", "defensive"))
            text = record.text()
            again, rewritten = replay(text)
            assert rewritten.text() == text
            assert again.scores == game.scores and again.state == MATCH_OVER
            assert again.hands == game.hands and again.table.played == game.table.played


def test_a_body_deal_line_deals_the_next_hand():
    deal = HEADER.split("deal: ")[1].split("\n")[0]
    text = "game: allfives\nseed: 3\n---\ndeal " + deal + "\n1 play [5|5]\n"
    game, out = replay(text)
    assert game.scores == [10, 0] and game.state != HAND_OVER
    assert out.text() == (
        "game: allfives\noptions: target=100 draw=optional keep=0 lead=continue\n"
        "seed: 3\nplayers: Player 1, Player 2\ndeal: "
        + deal_text(read_deal(deal))
        + "\n---\n1 play [5|5]\n"
    )
    assert replay(out.text())[1].text() == out.text()
    error = raises(RecordError, replay, text + "deal " + deal + "\n")
    assert (error.line, error.reason) == (6, "a deal can only come once a hand is over")


def test_explicit_deals_for_every_hand_replay_the_seeded_match():
    deals = []

    def keep_deal(game, events):
        if events[0][0] == 0:  # a deal
            deals.append((game.hands[0], game.hands[1], bytes(game.stock[: game.stock_size])))

    game, record = play_match(Options(), 11, ("random", "tactics"), keep_deal)
    assert len(deals) == game.hand_no > 1
    body = []
    for line in record.lines():
        body.append(line)
        if line.startswith("# hand "):
            body.append("deal " + deal_text(deals[int(line[7:]) - 1]))
    text = (
        "game: allfives\nseed: 999\ndeal: "
        + deal_text(deals[0])
        + "\n---\n"
        + "\n".join(body)
        + "\n"
    )
    again, rewritten = replay(text)
    assert again.scores == game.scores and again.winner == game.winner
    assert replay(rewritten.text())[1].text() == rewritten.text()
    assert rewritten.text().count("\ndeal ") == game.hand_no - 1
