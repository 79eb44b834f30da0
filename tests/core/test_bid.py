"""Spectacular Bid (docs/rules.md section 2), with worked examples of every rule and the clock."""

from check import mask, raises, tile
from core import events as ev
from core.actions import ACCEPT, bid, DECLINE, DRAW, PASS, TIMEOUT
from core.allfives import HAND_OVER, Illegal, MATCH_OVER, PLAYING
from core.bid import AUCTION, Bid
from core.record import seconds
from core.replay import parse_action, parse_seconds, read_deal, RecordError, replay
from core.rng import derive
from core.table import E, W
from core.view import BidView
from players import bidder
from players.autoplay import play_bid_match

# Seat 2 holds [6|6], the highest double, and must lead it; seat 1 holds [3|6].
DEAL = (
    "[0|1] [0|2] [1|3] [2|4] [3|5] [3|6] [5|5] / "
    "[6|6] [1|6] [2|6] [0|5] [3|4] [1|1] [2|3] / "
    "stock [0|0] [0|3] [0|4] [0|6] [1|2] [1|4] [1|5] [2|2] [2|5] [3|3] [4|6] [4|4] [4|5] [5|6]"
)
# No double in either hand: the heaviest tile, [5|6] (11), must lead.
NO_DOUBLES = (
    "[0|1] [0|2] [1|3] [2|4] [3|5] [3|6] [4|6] / "
    "[5|6] [1|6] [2|6] [0|5] [3|4] [1|4] [2|3] / "
    "stock [0|0] [0|3] [0|4] [0|6] [1|2] [1|1] [1|5] [2|2] [2|5] [3|3] [5|5] [4|4] [4|5] [6|6]"
)
S = 1000  # milliseconds in a second


def dealt(deal=DEAL, jockey=-1, scores=(150, 150)):
    """A match at the start of a hand dealt as written; with a jockey, the auction."""
    game = Bid()
    game.jockey = jockey
    game.scores = list(scores)
    game.start_hand(read_deal(deal))
    return game


def do(game, text, took=0):
    return game.apply(parse_action(game, text.split()), took)


def kinds(events):
    return [ev.NAMES[e[0]] for e in events]


def state(game):
    """Everything an illegal attempt must leave unchanged."""
    t = game.table
    return (
        tuple(game.hands),
        tuple(game.scores),
        game.drawn,
        game.turn,
        game.state,
        bytes(t.played),
        t.n,
        game.must_play,
        game.high_bid,
        game.bidder,
        tuple(game.clock.bank),
        game.clock.spent,
        len(game.log),
    )


def refused(game, text, reason, took=0):
    before = state(game)
    error = raises(Illegal, do, game, text, took)
    assert str(error) == reason, str(error)
    assert state(game) == before


# --- balances, the opening, transfers ----------------------------------------


def test_balances_start_at_150_and_the_seeded_deal_gives_seven_each():
    game = Bid(seed=9)
    assert game.scores == [150, 150]
    game.start_hand()
    assert [bin(h).count("1") for h in game.hands] == [7, 7] and game.drawable() == 14


def test_the_highest_double_must_lead_the_first_hand():
    game = dealt()
    assert game.state == PLAYING and game.turn == 1 and game.forced_lead == tile("[6|6]")
    refused(game, "play [1|6]", "[6|6] must lead this hand")
    events = do(game, "play [6|6]")
    assert kinds(events) == ["played"] and game.table.count() == 12


def test_with_no_double_the_heaviest_tile_leads():
    game = dealt(NO_DOUBLES)
    assert game.turn == 1 and game.forced_lead == tile("[5|6]")  # 11 beats [4|6]'s 10


def test_a_count_of_fifteen_moves_fifteen_points():
    game = dealt()
    do(game, "play [6|6]")
    events = do(game, "play [3|6] W")  # 3 + the spinner's 12
    assert kinds(events) == ["played", "scored", "transfer"]
    assert events[2] == (ev.TRANSFER, 0, 15, 15)
    assert game.scores == [165, 135] and sum(game.scores) == 300


def test_a_transfer_is_capped_by_the_payer_and_emptying_it_wins_at_once():
    game = dealt(scores=(290, 10))
    do(game, "play [6|6]")
    events = do(game, "play [3|6] W")
    assert events[2] == (ev.TRANSFER, 0, 10, 15)  # 15 due, 10 paid
    assert kinds(events)[-1] == "match_over"
    assert game.scores == [300, 0] and game.state == MATCH_OVER and game.winner == 0


# --- drawing and passing -------------------------------------------------------


def test_a_player_who_can_play_may_not_draw():
    game = dealt()
    do(game, "play [6|6]")
    refused(game, "draw", "you can play, and you may draw only when stuck")


def test_a_stuck_player_draws_until_a_playable_tile_and_must_play_it_at_once():
    game = dealt()
    do(game, "play [6|6]")
    game.hands[0] = mask("[0|1]", "[0|2]")  # nothing shows a 6
    refused(game, "pass", "you cannot play: draw from the stock")
    assert game.legal() == [DRAW]
    for _ in range(3):  # [0|0], [0|3], [0|4] do not fit: draw on
        do(game, "draw")
        assert game.turn == 0 and game.must_play == -1
    events = do(game, "draw")
    assert events == [(ev.DREW, 0, tile("[0|6]"), 0)] and game.must_play == tile("[0|6]")
    drawn = tile("[0|6]")
    assert game.legal() == [drawn * 8 + W, drawn * 8 + E]  # on an end of its choice
    refused(game, "draw", "you can play, and you may draw only when stuck")
    refused(game, "play [0|1] W", "you drew [0|6]: it must be played now")
    refused(game, "pass", "you can play [0|6], so you may not pass")
    do(game, "play [0|6] E")
    assert game.turn == 1 and game.must_play == -1


def test_pass_only_when_a_player_can_neither_play_nor_draw():
    game = dealt()
    do(game, "play [6|6]")
    game.hands[0] = mask("[0|1]", "[0|2]")
    game.drawn = game.stock_size  # the stock is empty; seat 2 can still play
    assert game.legal() == [PASS]
    events = do(game, "pass")
    assert kinds(events) == ["passed"] and game.turn == 1 and game.state == PLAYING


# --- the end of a hand ---------------------------------------------------------


def test_a_domino_transfers_nothing_for_the_tiles_left_and_makes_the_jockey():
    game = dealt()
    do(game, "play [6|6]")
    game.hands[0] = mask("[3|6]")
    events = do(game, "play [3|6] W")
    assert kinds(events) == ["played", "scored", "transfer", "domino", "hand_over"]
    assert events[3] == (ev.DOMINO, 0, 0, 0) and events[4] == (ev.HAND_OVER, 0, 0, 0)
    assert game.scores == [165, 135]  # the count only: seat 2's six tiles pay nothing
    assert game.jockey == 0 and game.state == HAND_OVER
    events = game.start_hand()
    assert game.state == AUCTION and game.turn == 1  # the jockey's opponent speaks first
    assert events == [(ev.DEAL, 1, 2, -1)]


def blocked(hand0, hand1, scores=(150, 150)):
    """Seat 1 to move after [6|6] is led, both hands stuck and the stock empty."""
    game = dealt(scores=scores)
    do(game, "play [6|6]")
    game.hands[0] = mask(*hand0)
    game.hands[1] = mask(*hand1)
    game.drawn = game.stock_size
    return do(game, "pass"), game


def test_a_blocked_hand_gives_the_lower_total_the_other_total_rounded():
    events, game = blocked(["[0|1]", "[0|2]"], ["[1|3]", "[2|4]", "[3|5]"])  # 3 against 18
    assert kinds(events) == ["passed", "blocked", "transfer", "hand_over"]
    assert events[1] == (ev.BLOCKED, 0, 20, 0)  # 18 rounds to 20; its own 3 is not taken off
    assert game.scores == [170, 130] and game.jockey == -1
    assert events[3] == (ev.HAND_OVER, -1, 0, 0)
    game.start_hand()
    assert game.state == PLAYING and game.forced_lead >= 0  # the highest double again


def test_blocked_totals_are_compared_before_rounding():
    events, game = blocked(["[1|4]", "[2|4]"], ["[3|4]", "[0|5]"])  # 11 against 12
    assert events[1] == (ev.BLOCKED, 0, 10, 0) and game.scores == [160, 140]


def test_equal_blocked_totals_transfer_nothing():
    events, game = blocked(["[0|1]", "[0|2]"], ["[1|2]"])
    assert kinds(events) == ["passed", "blocked", "hand_over"]
    assert events[1] == (ev.BLOCKED, -1, 0, 0) and game.scores == [150, 150]


def test_a_blocked_transfer_is_capped_and_can_end_the_match():
    events, game = blocked(["[0|1]"], ["[3|5]", "[2|4]"], scores=(285, 15))
    assert events[2] == (ev.TRANSFER, 0, 15, 15) and game.state == MATCH_OVER


# --- the auction -----------------------------------------------------------------


def test_the_first_call_may_decline_and_the_jockey_then_opens_any_tile_for_free():
    game = dealt(jockey=0)
    assert game.turn == 1 and game.legal()[:3] == [DECLINE, bid(15), bid(20)]
    refused(game, "accept", "there is no bid to accept: bid at least 15 or decline")
    refused(game, "play [6|6]", "the opening is being auctioned: bid, accept or decline")
    events = do(game, "decline")
    assert events == [(ev.DECLINED, 1, 0, 0)]
    assert game.state == PLAYING and game.turn == 0 and game.forced_lead == -1
    assert len(game.legal()) == 13  # any tile of seven, either way round, [5|5] once
    assert game.scores == [150, 150]


def test_bids_are_multiples_of_five_from_fifteen_and_raises_at_least_five():
    game = dealt(jockey=0)
    refused(game, "bid 10", "a bid must be at least 15")
    assert "multiple of 5" in str(raises(ValueError, parse_action, game, ["bid", "17"]))
    do(game, "bid 15")
    assert game.turn == 0 and game.high_bid == 15 and game.bidder == 1
    refused(game, "decline", "a bid of 15 stands: accept it or raise")
    refused(game, "bid 15", "a raise must be at least 20 (15 stands)")
    events = do(game, "bid 25")
    assert events == [(ev.BID, 0, 25, 0)] and game.turn == 1


def test_an_accepted_bid_is_paid_to_the_other_player_and_its_bidder_opens():
    game = dealt(jockey=0)
    do(game, "bid 30")
    events = do(game, "accept")
    assert events == [(ev.ACCEPTED, 0, 30, 30), (ev.TRANSFER, 0, 30, 30)]
    assert game.scores == [180, 120]
    assert game.state == PLAYING and game.turn == 1 and game.forced_lead == -1


def test_the_jockeys_accepted_bid_costs_fifteen_less():
    game = dealt(jockey=0)
    do(game, "bid 15")
    do(game, "bid 20")  # the jockey raises
    events = do(game, "accept")
    assert events == [(ev.ACCEPTED, 1, 20, 5), (ev.TRANSFER, 1, 5, 5)]
    assert game.scores == [145, 155] and game.turn == 0


def test_the_jockey_may_bid_up_to_its_balance_plus_the_discount():
    game = dealt(jockey=0, scores=(10, 290))
    do(game, "bid 15")
    assert game.legal() == [ACCEPT, bid(20), bid(25)]
    refused(game, "bid 30", "you cannot pay 30: bid at most 25")
    do(game, "bid 25")
    events = do(game, "accept")  # 25 less 15 takes the jockey's whole 10: it loses
    assert kinds(events) == ["accepted", "transfer", "match_over"]
    assert game.scores == [0, 300] and game.winner == 1 and game.state == MATCH_OVER


def test_a_bid_of_a_whole_balance_is_allowed_and_if_accepted_loses_before_the_opening():
    game = dealt(jockey=0, scores=(280, 20))
    assert game.legal() == [DECLINE, bid(15), bid(20)]
    do(game, "bid 20")
    events = do(game, "accept")
    assert kinds(events) == ["accepted", "transfer", "match_over"]
    assert game.scores == [300, 0] and game.winner == 0 and game.table.n == 0


def test_a_player_who_cannot_afford_the_minimum_bid_must_decline():
    game = dealt(jockey=0, scores=(290, 10))
    assert game.legal() == [DECLINE]
    refused(game, "bid 15", "you cannot pay 15: decline")


def test_a_player_who_cannot_afford_the_minimum_raise_must_accept():
    game = dealt(jockey=0, scores=(5, 295))
    do(game, "bid 20")  # the jockey could pay 5 + 15 = 20, not 25
    assert game.legal() == [ACCEPT]
    refused(game, "bid 25", "you cannot pay 25: accept")
    game = dealt(jockey=0, scores=(280, 20))
    do(game, "bid 15")
    do(game, "bid 20")
    assert game.legal() == [ACCEPT]  # seat 2 has 20 and no discount


# --- the bid player's calls (players.bidder.call, given what leading is worth) ---


def test_the_bid_player_buys_the_opening_at_fifteen_only_when_leading_is_worth_more():
    view = BidView(dealt(jockey=1), 0)  # the jockey's opponent speaks first
    assert bidder.call(view, 15) == DECLINE
    assert bidder.call(view, 16) == bid(15)


def test_the_bid_player_raises_by_the_least_while_leading_is_worth_more_than_accepting():
    game = dealt(jockey=0)
    do(game, "bid 15")
    view = BidView(game, 0)  # the jockey: a raise to 20 costs it 5, accepting brings 15
    assert bidder.call(view, 20) == ACCEPT
    assert bidder.call(view, 21) == bid(20)


def test_the_bid_player_never_bids_what_it_cannot_pay_nor_its_whole_balance():
    assert bidder.call(BidView(dealt(jockey=1, scores=(10, 290)), 0), 200) == DECLINE
    view = BidView(dealt(jockey=1, scores=(15, 285)), 0)
    assert bid(15) in view.legal and bidder.call(view, 200) == DECLINE
    game = dealt(jockey=0, scores=(5, 295))
    do(game, "bid 15")
    view = BidView(game, 0)  # the jockey may raise to 20, paying all its 5
    assert bid(20) in view.legal and bidder.call(view, 200) == ACCEPT
    game = dealt(jockey=0, scores=(4, 296))
    do(game, "bid 15")
    assert bidder.call(BidView(game, 0), 200) == ACCEPT  # 20 would cost 5 of its 4


def test_the_bid_player_accepts_a_bid_that_empties_the_opponent_however_dear_the_lead():
    game = dealt(jockey=0, scores=(280, 20))
    do(game, "bid 20")  # seat 2's whole balance
    assert bidder.call(BidView(game, 0), 1000) == ACCEPT
    game = dealt(jockey=1, scores=(290, 10))
    do(game, "bid 15")
    do(game, "bid 25")  # the jockey's 25 costs it 10, all it has
    assert bidder.call(BidView(game, 0), 1000) == ACCEPT


# --- the match clock -------------------------------------------------------------


def test_a_decision_within_the_delay_costs_nothing():
    game = dealt()
    do(game, "play [6|6]", 9900)
    assert game.clock.bank == [120 * S, 120 * S]


def test_a_decision_of_thirteen_seconds_costs_three_and_unused_delay_is_lost():
    game = dealt()
    do(game, "play [6|6]", 13 * S)
    assert game.clock.bank == [120 * S, 117 * S]
    do(game, "play [3|6] W", 2 * S)  # eight seconds of delay left unused...
    do(game, "play [1|6] E", 12 * S)  # ...do not help the next decision
    assert game.clock.bank == [120 * S, 115 * S]


def test_a_turns_draws_and_its_play_are_one_decision():
    game = dealt()
    do(game, "play [6|6]")
    game.hands[0] = mask("[0|1]", "[0|2]")
    for took in (4, 3, 2, 2):
        do(game, "draw", took * S)  # the fourth draw brings [0|6]
    assert game.clock.bank == [120 * S, 120 * S] and game.clock.spent == 11 * S
    do(game, "play [0|6] W", 3 * S)
    assert game.clock.bank == [116 * S, 120 * S] and game.clock.spent == 0


def test_every_auction_call_is_a_decision_of_its_own():
    game = dealt(jockey=0)
    do(game, "bid 15", 12 * S)
    do(game, "bid 20", 11 * S)
    do(game, "accept", 10 * S)
    assert game.clock.bank == [119 * S, 118 * S]


def test_running_out_at_the_last_moment_loses_and_the_late_action_is_not_made():
    game = dealt()
    game.clock.bank[1] = 5 * S
    events = do(game, "play [6|6]", 15 * S)  # delay + bank: too late
    assert events == [(ev.TIMED_OUT, 1, 15 * S, 0), (ev.MATCH_OVER, 0, 0, 0)]
    assert game.state == MATCH_OVER and game.winner == 0
    assert game.table.n == 0 and game.hands[1] >> tile("[6|6]") & 1
    refused(game, "play [6|6]", "the match is over")


def test_a_millisecond_before_the_end_is_in_time_and_leaves_a_millisecond():
    game = dealt()
    game.clock.bank[1] = 5 * S
    do(game, "play [6|6]", 15 * S - 1)
    assert game.state == PLAYING and game.clock.bank[1] == 1


def test_time_spent_drawing_counts_towards_running_out():
    game = dealt()
    do(game, "play [6|6]")
    game.hands[0] = mask("[0|1]", "[0|2]")
    game.clock.bank[0] = 5 * S
    do(game, "draw", 8 * S)
    events = do(game, "draw", 7 * S)  # 8 + 7 = the delay and the whole bank
    assert kinds(events) == ["timed_out", "match_over"] and game.drawn == 1


def test_a_late_attempt_loses_even_if_it_was_illegal():
    game = dealt(jockey=0)
    game.clock.bank[1] = 0
    events = do(game, "accept", 10 * S)
    assert kinds(events) == ["timed_out", "match_over"] and game.winner == 0


def test_illegal_attempts_in_time_change_nothing_and_timeout_needs_the_time_gone():
    game = dealt()
    refused(game, "play [1|6]", "[6|6] must lead this hand", 50 * S)
    refused(game, "timeout", "your time has not run out", 50 * S)
    refused(game, "bid 15", "there is no auction now: play, draw or pass")
    events = game.apply(TIMEOUT, 130 * S)
    assert kinds(events) == ["timed_out", "match_over"] and game.winner == 0


# --- records -----------------------------------------------------------------------


def test_times_are_written_in_seconds_and_read_back_exactly():
    assert [seconds(ms) for ms in (8200, 12000, 83, 0, 129999)] == [
        "8.2s",
        "12s",
        "0.083s",
        "0s",
        "129.999s",
    ]
    assert [parse_seconds(w) for w in ("+8.2s", "+12s", "+0.083s", "+13.05s")] == [
        8200,
        12000,
        83,
        13050,
    ]
    for bad in ("8.2s", "+8.2", "+8.2345s", "+x.1s", "+1.-2s"):
        raises(ValueError, parse_seconds, bad)


BID_RECORD = (
    "game: bid\n"
    "players: Ann, handheld:bid\n"
    "deal: " + DEAL + "\n"
    "---\n"
    "2 play [6|6] +13s\n"
    "1 play [3|6] W +4.5s  # 15: a transfer\n"
    "2 play [1|6] E +2s\n"
)


def test_a_bid_record_replays_the_clocks_and_writes_back_the_same_text():
    game, out = replay(BID_RECORD)
    assert game.scores == [165, 135] and game.clock.bank == [120 * S, 117 * S]
    text = out.text()
    assert text.startswith("game: bid\nseed: 1\nplayers: Ann, handheld:bid\ndeal: ")
    assert text.endswith("2 play [6|6] +13s\n1 play [3|6] W +4.5s\n2 play [1|6] E +2s\n")
    assert replay(text)[1].text() == text


def test_bad_bid_record_lines_name_the_line_and_the_reason():
    cases = (
        ("2 play [6|6]\n", "a time is written +8.2s, not [6|6]"),
        ("2 play [6|6] 13s\n", "a time is written +8.2s, not 13s"),
        ("2 bid 15 +1s\n", "there is no auction now: play, draw or pass"),
        ("2 play [6|6] +1s\n1 bid 17 +1s\n", "'bid' takes a multiple of 5: bid 20"),
        ("2 play [6|6] +1s\n1 accept now +1s\n", "'accept' takes nothing after it"),
        ("2 timeout +129.9s\n", "your time has not run out"),
    )
    head = BID_RECORD[: BID_RECORD.index("---") + 4]
    for body, reason in cases:
        error = raises(RecordError, replay, head + body)
        assert error.reason == reason, error.reason
    error = raises(RecordError, replay, "game: bid\noptions: target=100\nseed: 1\n---\n")
    assert error.reason == "Spectacular Bid has no options"


def wild(view, rng):
    """Any legal action, bids included, at random."""
    return view.legal[rng.below(len(view.legal))]


def thinking(seed):
    """Seeded decision times: mostly quick, one in twelve 25 s (so clocks run out)."""

    def times(n):
        rng = derive(seed, n)
        return 25 * S if rng.below(12) == 0 else rng.below(4000)

    return times


def test_seeded_matches_with_auctions_and_timeouts_round_trip():
    seen = ""
    for seed in range(8):
        game, record = play_bid_match(seed, [wild, wild], ["A", "B"], thinking(seed))
        text = record.text()
        again, rewritten = replay(text)
        assert rewritten.text() == text
        assert again.scores == game.scores and again.clock.bank == game.clock.bank
        seen += text
    for word in (" bid ", " accept ", " decline ", " timeout ", " draw ", " pass "):
        assert word in seen, word


def test_the_bid_players_thinker_decides_as_its_choose_does():
    from players import get, thinker

    choose = get("bid")
    steps = thinker("bid")
    game = Bid(seed=3)
    game.jockey = 1  # the first hand is auctioned, so calls are thought too
    calls = 0
    while game.hand_no < 2 or game.state != HAND_OVER:
        if game.state == HAND_OVER:
            game.start_hand()
            continue
        view = BidView(game, game.turn)
        steps.start(view, derive(3, game.hand_no))
        while not steps.step():
            pass
        assert steps.action == choose(view, derive(3, game.hand_no))
        calls += game.state == AUCTION
        game.apply(steps.action)
    assert calls >= 1
