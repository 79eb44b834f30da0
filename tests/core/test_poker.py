"""Domino Poker (RULES.md section 4): ranks, follow rules, refusals, scores, dealers, the match."""

from check import mask, raises, tile
from core import events as ev
from core.poker import (
    BID,
    BIDDING,
    first_best,
    HAND_OVER,
    hand_points,
    Illegal,
    MATCH_OVER,
    NO_CALL,
    Options,
    PLAYING,
    Poker,
    power,
    SUIT,
    TRUMP,
    TRUMP_ORDER,
    TRUMPS,
)
from core.tiles import ALL, count, name

TRUMP_NAMES = ("[0|0]", "[1|1]", "[1|6]", "[1|5]", "[1|4]", "[1|3]", "[1|2]", "[0|1]")


def deal_with(*known):
    """A deal whose seat s holds the tiles named in known[s] (a string), each hand
    filled up to 7 with the lowest tiles nobody was given."""
    hands = []
    used = 0
    for text in known:
        m = 0
        for word in text.split():
            m |= 1 << tile(word)
        hands.append(m)
        used |= m
    while len(hands) < 4:
        hands.append(0)
    free = ALL & ~used
    for s in range(4):
        while count(hands[s]) < 7:
            t = 0
            while not free >> t & 1:
                t += 1
            free &= ~(1 << t)
            hands[s] |= 1 << t
    return tuple(hands)


def playing(*known, bids=(1, 1, 1, 1)):
    """The first hand, its bids made, seat 1 to lead, and seat s holding exactly the
    tiles named in known[s] (the seats not named hold what deal_with gives them)."""
    game = Poker()
    game.start_hand(deal_with(*known))
    for b in bids:
        game.apply(BID + b)
    for s, text in enumerate(known):
        game.hands[s] = mask(*text.split())
    return game


def play(t, called=NO_CALL):
    return tile(t) * 8 + called


def state(game):
    """Everything a refused action must leave unchanged."""
    return (
        tuple(game.hands),
        tuple(game.scores),
        bytes(game.bids),
        bytes(game.taken),
        bytes(game.trick),
        game.trick_n,
        game.turn,
        game.state,
        game.led,
        game.top,
        game.best,
        game.played,
        bytes(game.lacks),
        bytes(game.cap),
    )


def refused(game, action, reason):
    before = state(game)
    error = raises(Illegal, game.apply, action)
    assert str(error) == reason, str(error)
    assert state(game) == before


def legal_tiles(game):
    """The tiles the seat to move may play (whatever the call)."""
    return sorted(set(name(a >> 3) for a in game.legal()))


# --- trumps and aces -----------------------------------------------------------


def test_the_eight_trumps_rank_from_double_blank_down_to_one_blank():
    assert [name(t) for t in TRUMP_ORDER] == list(TRUMP_NAMES)
    powers = [power(tile(n), TRUMP) for n in TRUMP_NAMES]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 8
    for n in range(7):  # a trump beats any tile of any number, and is not one
        assert not SUIT[n] & TRUMPS
        for t in TRUMP_NAMES:
            assert power(tile(t), n) > max(power(u, n) for u in range(28) if not TRUMPS >> u & 1)
    assert count(TRUMPS) == 8


def test_each_number_ranks_its_ace_then_by_the_other_half():
    order = {
        0: "[0|6] [0|5] [0|4] [0|3] [0|2]",  # [0|0] and [0|1] are trumps
        2: "[2|2] [2|6] [2|5] [2|4] [2|3] [0|2]",
        6: "[6|6] [5|6] [4|6] [3|6] [2|6] [0|6]",  # [1|6] is a trump, not a six
    }
    for n, text in order.items():
        tiles = [tile(w) for w in text.split()]
        assert sum(1 << t for t in tiles) == SUIT[n]
        powers = [power(t, n) for t in tiles]
        assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(tiles)
    assert SUIT[1] == 0  # every 1 is a trump: nobody can lead a 1
    assert power(tile("[0|6]"), 3) == 0  # not of the led number: it cannot take


# --- bids ----------------------------------------------------------------------


def test_seat_four_deals_first_and_bids_go_round_from_its_left():
    game = Poker(seed=4)
    events = game.start_hand()
    assert events == [(ev.DEAL, 0, 1, 3)] and game.state == BIDDING and game.dealer == 3
    assert game.legal() == [BID + n for n in range(8)]
    refused(game, play("[0|0]"), "bid first: how many tricks you will take, 0 to 7")
    for seat, b in ((0, 7), (1, 0), (2, 7), (3, 7)):  # they may add up to anything
        assert game.turn == seat
        assert game.apply(BID + b) == [(ev.BID, seat, b, 0)]
    assert game.state == PLAYING and game.turn == 0 and list(game.bids) == [7, 0, 7, 7]
    refused(game, BID + 1, "the bids are made: play a tile")


def test_unknown_actions_are_refused():
    game = playing("[2|5]")
    for action in (-1, BID + 8, 999):
        refused(game, action, "unknown action")


# --- leads and called numbers --------------------------------------------------


def test_a_two_number_tile_is_led_with_a_called_number_from_its_halves():
    game = playing("[2|5] [0|6] [1|4] [3|3]", "[0|2] [2|3]")
    assert game.legal().count(play("[2|5]", 2)) == 1 and play("[2|5]", 5) in game.legal()
    assert play("[2|5]") not in game.legal()
    refused(game, play("[2|5]"), "call the number you lead")
    refused(game, play("[2|5]", 3), "[2|5] can be led only as 2 or 5")
    refused(game, play("[0|6]", 1), "[0|6] can be led only as 0 or 6")
    refused(game, play("[1|4]", 4), "a trump is never led with a called number")
    refused(game, play("[3|3]", 3), "a double leads its own number: call nothing")
    refused(game, play("[4|4]"), "you do not hold [4|4]")
    game.apply(play("[3|3]"))
    assert game.led == 3
    refused(game, play("[0|2]", 0), "only the leader calls a number")


def test_zero_six_led_as_zero_is_the_ace_of_zeros():
    game = playing("[0|6]", "[0|5] [6|6]", "[0|2] [5|6]", "[2|2] [3|3]")
    game.apply(play("[0|6]", 0))
    assert legal_tiles(game) == ["[0|5]"]  # a zero must follow; the sixes need not
    game.apply(play("[0|5]"))
    assert legal_tiles(game) == ["[0|2]"]
    game.apply(play("[0|2]"))
    events = game.apply(play("[2|2]"))  # no zero, no trump: any tile
    assert events[-1] == (ev.TRICK, 0, 1, 1) and game.turn == 0


def test_zero_six_led_as_six_is_the_weakest_six():
    game = playing("[0|6]", "[0|5] [6|6]", "[0|2] [2|6]", "[2|2] [3|3]")
    game.apply(play("[0|6]", 6))
    assert legal_tiles(game) == ["[6|6]"]
    game.apply(play("[6|6]"))
    assert legal_tiles(game) == ["[2|6]"]
    game.apply(play("[2|6]"))
    events = game.apply(play("[3|3]"))
    assert events[-1] == (ev.TRICK, 1, 1, 1) and game.turn == 1  # [6|6] takes and leads


# --- following -----------------------------------------------------------------


def test_every_trump_led_asks_for_a_stronger_trump_when_one_is_held():
    # Every trump led against every pair of other trumps held by the next seat.
    for i in range(8):
        for j in range(8):
            for k in range(j + 1, 8):
                if i in (j, k):
                    continue
                led, a, b = TRUMP_NAMES[i], TRUMP_NAMES[j], TRUMP_NAMES[k]
                game = playing(led, a + " " + b + " [2|5] [6|6]")
                game.apply(play(led))
                stronger = [t for t in (a, b) if TRUMP_NAMES.index(t) < i]
                assert legal_tiles(game) == sorted(stronger or [a, b]), (led, a, b)
                if stronger and len(stronger) == 1:
                    weaker = b if stronger == [a] else a
                    refused(game, play(weaker), "a trump was led: beat %s if you can" % led)
                refused(game, play("[2|5]"), "a trump was led: play a trump")


def test_a_trump_lead_with_no_trump_in_hand_allows_any_tile():
    game = playing("[1|3]")
    game.hands[1] = mask("[2|5]", "[6|6]", "[0|3]")
    game.apply(play("[1|3]"))
    assert legal_tiles(game) == ["[0|3]", "[2|5]", "[6|6]"]
    game.apply(play("[0|3]"))
    assert game.lacks[1] == 1 << TRUMP


def test_the_trump_to_beat_is_the_strongest_already_in_the_trick():
    game = playing("[1|3]", "[1|6]", "[1|5] [1|1]", "[1|2] [0|0]")
    game.apply(play("[1|3]"))
    game.apply(play("[1|6]"))
    assert legal_tiles(game) == ["[1|1]"]  # [1|5] beats the lead, not [1|6]
    refused(game, play("[1|5]"), "a trump was led: beat [1|6] if you can")
    game.apply(play("[1|1]"))
    assert legal_tiles(game) == ["[0|0]"]
    events = game.apply(play("[0|0]"))
    assert events[-1] == (ev.TRICK, 3, 1, 1) and game.turn == 3
    assert game.cap[2] == 23 and game.cap[0] == 23  # nobody declined to beat


def test_declining_to_beat_is_impossible_so_a_weaker_trump_shows_none_stronger():
    game = playing("[1|1]", "[1|2] [3|4]", "[0|2]", "[0|0] [1|6]")
    game.apply(play("[1|1]"))
    game.apply(play("[1|2]"))  # it had no trump stronger than [1|1]
    assert game.cap[1] == power(tile("[1|1]"), TRUMP)
    game.apply(play("[0|2]"))  # no trump at all
    assert game.lacks[2] >> TRUMP & 1


def test_a_number_led_must_be_followed_by_that_number_not_by_its_trump():
    game = playing("[4|5]", "[4|4] [1|4] [2|3]", "[1|6] [1|3] [3|6]", "[0|2] [0|4]")
    game.apply(play("[4|5]", 4))
    assert legal_tiles(game) == ["[4|4]"]  # [1|4] is a trump, not a four
    refused(game, play("[1|4]"), "a 4 was led: play a 4")
    refused(game, play("[2|3]"), "a 4 was led: play a 4")
    game.apply(play("[4|4]"))
    assert not game.hands[2] & SUIT[4]
    refused(game, play("[3|6]"), "you have no 4: play a trump")
    assert legal_tiles(game) == ["[1|3]", "[1|6]"]  # any trump
    game.apply(play("[1|6]"))
    assert game.lacks[2] == 1 << 4
    assert legal_tiles(game) == ["[0|4]"]


def test_after_a_number_lead_a_trump_need_not_beat_an_earlier_trump():
    game = playing("[5|5]")
    game.hands[1] = mask("[1|4]", "[0|3]")
    game.hands[2] = mask("[1|6]", "[1|2]", "[2|3]")
    game.hands[3] = mask("[2|5]", "[0|0]")
    game.apply(play("[5|5]"))
    game.apply(play("[1|4]"))
    assert legal_tiles(game) == ["[1|2]", "[1|6]"]  # [1|2] may go under [1|4]
    game.apply(play("[1|2]"))
    assert legal_tiles(game) == ["[2|5]"]  # a five in hand: no trump
    refused(game, play("[0|0]"), "a 5 was led: play a 5")
    events = game.apply(play("[2|5]"))
    assert events[-1] == (ev.TRICK, 1, 1, 1)  # the strongest trump takes


def test_nothing_to_follow_and_no_trump_allows_any_tile_and_cannot_take():
    game = playing("[3|5]")
    game.hands[1] = mask("[0|2]", "[2|2]", "[0|4]")
    game.apply(play("[3|5]", 5))
    assert legal_tiles(game) == ["[0|2]", "[0|4]", "[2|2]"]
    game.apply(play("[2|2]"))
    assert game.top == power(tile("[3|5]"), 5) and game.best == 0
    assert game.lacks[1] == 1 << 5 | 1 << TRUMP


# --- tricks and the hand -------------------------------------------------------


def test_seven_tricks_score_every_seat_and_the_hand_winner_deals_next():
    game = Poker(seed=21)
    game.start_hand()
    for b in (2, 0, 7, 1):
        game.apply(BID + b)
    tricks = 0
    while game.state == PLAYING:
        events = game.apply(game.legal()[-1])
        for e in events:
            if e[0] == ev.TRICK:
                tricks += 1
                assert e[2] == tricks and game.turn == e[1] == game.leader
    assert tricks == 7 and sum(game.taken) == 7 and game.state == HAND_OVER
    scored = [e for e in events if e[0] == ev.SCORED]
    assert [e[1] for e in scored] == [0, 1, 2, 3]
    for e in scored:
        assert e[2] == hand_points(game.bids[e[1]], game.taken[e[1]]) == game.scores[e[1]]
        assert e[3] == game.taken[e[1]]
    winner = events[-1][1]
    keys = [(game.scores[s], game.bids[s], game.taken[s]) for s in range(4)]
    assert events[-1] == (ev.HAND_OVER, winner, 1, 0) and keys[winner] == max(keys)
    game.start_hand()
    assert game.dealer == winner and game.turn == (winner + 1) % 4


def test_scores_exact_over_under_and_the_bid_of_seven():
    assert hand_points(0, 0) == 0
    assert hand_points(3, 3) == 45
    assert hand_points(7, 7) == 105 + 50
    assert hand_points(7, 6) == -50 and hand_points(7, 0) == -50
    assert hand_points(2, 5) == 25 and hand_points(0, 1) == 5  # 5 per trick taken
    assert hand_points(4, 1) == -15 and hand_points(1, 0) == -5  # 5 per trick missing


def test_the_hand_winner_ties_go_to_the_bid_then_tricks_then_the_dealers_left():
    assert first_best([(10, 2, 2), (10, 3, 3), (5, 0, 0), (10, 3, 1)], 3) == 1
    assert first_best([(0, 1, 0), (0, 1, 1), (0, 0, 0), (0, 1, 1)], 0) == 1
    assert first_best([(0, 1, 1), (0, 1, 1), (0, 0, 0), (0, 1, 1)], 0) == 1
    assert first_best([(0, 1, 1), (0, 1, 1), (0, 0, 0), (0, 1, 1)], 1) == 3
    assert first_best([(0, 1, 1), (0, 1, 1), (0, 0, 0), (0, 1, 1)], 3) == 0


def test_the_match_ends_after_its_hands_and_ranks_by_total_bids_tricks_then_seat():
    for hands in (5, 7, 10):
        game = Poker(Options.parse("hands=%d" % hands), seed=hands)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
            else:
                events = game.apply(game.legal()[0])
        assert game.hand_no == hands and events[-1] == (ev.MATCH_OVER, game.winner, 0, 0)
        assert game.standings()[0] == game.winner
        refused(game, BID, "the match is over")
        raises(Illegal, game.start_hand)
    game.scores = [50, 50, 50, 10]
    game.bid_sums = [9, 12, 12, 20]
    game.trick_sums = [8, 7, 9, 20]
    game.dealer = 0
    assert game.standings() == [2, 1, 0, 3]
    assert [game.decided_by(2, 1), game.decided_by(1, 0), game.decided_by(0, 3)] == [2, 1, 0]
    game.trick_sums = [8, 9, 9, 20]
    assert game.standings() == [1, 2, 0, 3]  # all equal: the earliest from the dealer's left
    assert game.decided_by(1, 2) == 3
    game.dealer = 1
    assert game.standings() == [2, 1, 0, 3]


def test_the_options_are_the_match_length():
    assert Options().text() == "hands=5" and Options.parse("hands=10").hands == 10
    for bad in ("hands=6", "hands=", "target=100"):
        raises(ValueError, Options.parse, bad)


def test_a_late_action_is_marked_before_its_events():
    game = Poker(seed=2)
    game.start_hand()
    assert game.apply(BID + 2, True) == [(ev.TIMED_OUT, 0, 0, 0), (ev.BID, 0, 2, 0)]


def test_a_seeded_deal_gives_seven_tiles_each_and_every_tile_once():
    for seed in range(20):
        game = Poker(seed=seed)
        game.start_hand()
        assert [count(h) for h in game.hands] == [7, 7, 7, 7]
        assert game.hands[0] | game.hands[1] | game.hands[2] | game.hands[3] == ALL
        assert game.state == BIDDING and game.turn == 0
