"""The All Fives match rules and options (docs/rules.md section 1), with worked examples."""

from check import DEAL, game_with, mask, raises, snapshot, tile
from core import events as ev
from core.actions import DRAW, PASS
from core.allfives import AllFives, HAND_OVER, Illegal, MATCH_OVER, opening_tile, Options, PLAYING
from core.replay import parse_action
from core.table import E, LEAD, W


def do(game, text):
    return game.apply(parse_action(game, text.split()))


def kinds(events):
    return [ev.NAMES[e[0]] for e in events]


def test_deal_from_the_seed_gives_seven_each_and_fourteen_in_stock():
    game = AllFives(seed=42)
    events = game.start_hand()
    assert kinds(events) == ["deal"]
    assert [bin(h).count("1") for h in game.hands] == [7, 7]
    assert game.drawable() == 14
    everything = game.hands[0] | game.hands[1]
    for t in game.stock[:14]:
        everything |= 1 << t
    assert everything == 0xFFFFFFF
    again = AllFives(seed=42)
    again.start_hand()
    assert again.hands == game.hands and again.stock == game.stock


def test_first_hand_is_led_by_player_one_with_any_tile():
    game = game_with(DEAL)
    assert game.turn == 0 and game.leader == 0
    leads = [a for a in game.legal() if a < DRAW]
    assert len(leads) == 7 * 2 - 2  # both orientations of every non-double
    assert DRAW in game.legal()  # the draw is optional, even at the lead


def test_scoring_a_lead_and_passing_the_turn():
    game = game_with(DEAL)
    events = do(game, "play [5|5]")
    assert kinds(events) == ["played", "scored"]
    assert events[1] == (ev.SCORED, 0, 10, 10)
    assert game.scores == [10, 0] and game.turn == 1  # the turn passes, even after a double


def test_count_of_fifteen_scores_fifteen():
    game = game_with(DEAL)
    game.hands[0] = mask("[5|5]", "[5|6]", "[1|5]", "[0|0]")
    game.hands[1] = mask("[4|5]", "[4|4]", "[2|3]", "[0|1]")
    do(game, "play [5|5]")  # a lone double: 10
    do(game, "play [4|5] W")  # 4 + 10 (the spinner counts while E is empty)
    assert game.table.count() == 14
    do(game, "draw")
    assert game.turn == 0  # drawing does not end the turn
    events = do(game, "play [5|6] E")  # 4 + 6: the spinner counts nothing now
    assert events[1] == (ev.SCORED, 0, 10, 10)
    do(game, "play [4|4] W")  # a double at the W end counts 8: 8 + 6
    assert game.table.count() == 14
    events = do(game, "play [1|5] N")  # 8 + 6 + 1
    assert events[1] == (ev.SCORED, 0, 15, 15)
    assert game.scores == [35, 0]


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    game = game_with(DEAL)
    do(game, "play [2|3]")
    do(game, "play [2|6] W")  # ends 6 and 3
    before = snapshot(game)
    for text, reason in (
        ("play [1|5] W", "you do not hold [1|5]"),
        ("play [2|3] E", "you do not hold [2|3]"),
        ("play [1|4] W", "[1|4] does not match the open ends 6 and 3"),
        ("play [4|6] E", "[4|6] does not fit the E end, which shows 3"),
    ):
        assert str(raises(Illegal, do, game, text)) == reason
        assert snapshot(game) == before
    for action, reason in (
        (PASS, "you can play [3|6], so you may not pass"),
        (tile("[3|6]") * 8 + LEAD, "the lead has been played: choose an end"),
        (tile("[3|6]") * 8 + 2, "there is no spinner yet: play on W or E"),
        (250, "unknown action"),
        (-3, "unknown action"),
        (28 * 8, "unknown action"),  # no tile 28 or 29, though the byte allows them
        (29 * 8 + 7, "unknown action"),
    ):
        assert game.check(action) == reason
        raises(Illegal, game.apply, action)
        assert snapshot(game) == before


def test_branches_open_only_when_both_sides_of_the_spinner_carry_a_tile():
    game = game_with(DEAL)
    do(game, "play [5|5]")
    do(game, "play [1|5] W")
    game.hands[0] |= mask("[5|6]")
    reason = "the S branch opens when both sides of the spinner carry a tile"
    assert game.check(tile("[5|6]") * 8 + 3) == reason
    do(game, "play [5|6] E")
    assert tile("[2|5]") * 8 + 2 in game.legal()  # seat 2's [2|5] now fits N


def test_lead_needs_no_end():
    game = game_with(DEAL)
    assert game.check(tile("[1|4]") * 8 + W) == "the first tile of a hand needs no end"


def test_draw_only_when_stuck_option():
    game = game_with(DEAL, "draw=stuck")
    assert DRAW not in game.legal()  # the leader can always play
    assert game.check(DRAW) == "you can play, and you may draw only when stuck"
    do(game, "play [5|5]")
    do(game, "play [2|5] W")  # ends 2 and 5
    game.hands[0] = mask("[0|0]", "[3|6]", "[1|4]")  # no 2 and no 5
    assert game.legal() == [DRAW]
    assert game.check(PASS) == "you cannot play: draw from the stock"
    do(game, "draw")  # [0|2] comes, and fits W
    assert game.lacks[0] == (1 << 2) | (1 << 5) and game.free[0] == 1
    assert game.legal() == [tile("[0|2]") * 8 + W]
    do(game, "play [0|2] W")
    assert game.free[0] == 0  # the tile that left was the one drawn


def test_what_a_hand_showed_is_forgotten_for_tiles_drawn_since():
    game = game_with(DEAL, "draw=stuck")
    do(game, "play [5|5]")
    do(game, "play [2|5] W")  # ends 2 and 5
    game.hands[0] = mask("[0|0]", "[3|6]", "[1|4]")
    game.lacks[0] = 1 << 0  # as if seat 1 had shown earlier that it lacks 0
    game.drawn = 1  # the next tiles are [0|3] and [0|4]: no 2, no 5
    do(game, "draw")  # stuck: lacks 0, 2 and 5; [0|3] comes
    assert game.lacks[0] == 0b100101 and game.free[0] == 1
    do(game, "draw")  # stuck again: but [0|3], drawn since, may hold a 0
    assert game.lacks[0] == 0b100100 and game.free[0] == 1


def test_optional_draw_allows_drawing_while_holding_a_playable_tile():
    game = game_with(DEAL)
    do(game, "play [5|5]")
    assert DRAW in game.legal()
    do(game, "draw")
    assert game.turn == 1 and bin(game.hands[1]).count("1") == 8
    assert game.lacks[1] == 0  # an optional draw reveals nothing


def test_stuck_player_with_empty_stock_passes():
    game = game_with(DEAL)
    game.drawn = game.stock_size  # the stock is empty
    do(game, "play [5|5]")
    do(game, "play [2|5] W")
    game.hands[0] = mask("[0|0]", "[3|6]", "[1|4]")
    assert game.legal() == [PASS]
    events = do(game, "pass")
    assert kinds(events) == ["passed"] and game.turn == 1
    assert game.lacks[0] == (1 << 2) | (1 << 5)


def test_keep_two_leaves_the_last_two_tiles_in_the_stock():
    game = game_with(DEAL, "keep=2")
    assert game.drawable() == 12
    game.drawn = 12
    assert game.drawable() == 0
    assert game.check(DRAW) == "the last 2 tiles of the stock cannot be drawn"


def test_domino_scores_the_other_hand_rounded():
    game = game_with(DEAL)
    game.hands[0] = mask("[1|4]")
    game.hands[1] = mask("[4|4]", "[2|2]")  # 12 pips: rounds to 10
    events = do(game, "play [1|4]")
    assert kinds(events) == ["played", "scored", "domino", "hand_over"]
    assert events[2] == (ev.DOMINO, 0, 10, 0)
    assert game.scores == [15, 0] and game.state == HAND_OVER
    assert events[3] == (ev.HAND_OVER, 1, 0, 0)  # the player after the last play leads


def test_domino_rounds_thirteen_up_to_fifteen():
    game = game_with(DEAL)
    game.hands[0] = mask("[1|2]")
    game.hands[1] = mask("[4|4]", "[2|3]")  # 13 pips
    events = do(game, "play [1|2]")
    assert events[1] == (ev.DOMINO, 0, 15, 0) and game.scores == [15, 0]


def test_blocked_hand_scores_the_difference_of_rounded_totals():
    game = game_with(DEAL)
    game.drawn = game.stock_size
    game.hands[0] = mask("[5|5]", "[6|6]")  # after the lead: 12 -> 10
    game.hands[1] = mask("[2|4]", "[3|4]")  # 13 -> 15
    events = do(game, "play [5|5]")
    assert kinds(events) == ["played", "scored", "blocked", "hand_over"]
    assert events[2] == (ev.BLOCKED, 0, 5, 0)
    assert game.scores == [15, 0]
    assert game.next_leader == 1


def test_blocked_hand_with_equal_totals_scores_nothing():
    game = game_with(DEAL)
    game.drawn = game.stock_size
    game.hands[0] = mask("[5|5]", "[6|6]")  # 12 -> 10
    game.hands[1] = mask("[2|4]", "[1|4]")  # 11 -> 10
    events = do(game, "play [5|5]")
    assert events[2] == (ev.BLOCKED, -1, 0, 0) and game.scores == [10, 0]


def test_blocked_counts_kept_tiles_as_empty():
    game = game_with(DEAL, "keep=2")
    game.drawn = 12
    game.hands[0] = mask("[5|5]", "[6|6]")
    game.hands[1] = mask("[2|4]", "[3|4]")
    assert kinds(do(game, "play [5|5]"))[2] == "blocked"


def test_reaching_the_target_wins_at_once_mid_hand():
    game = game_with(DEAL, "target=61")
    game.scores[0] = 55
    events = do(game, "play [5|5]")
    assert kinds(events) == ["played", "scored", "match_over"]
    assert game.state == MATCH_OVER and game.winner == 0
    assert game.check(DRAW) == "the match is over"
    raises(Illegal, game.start_hand)


def test_next_hand_is_led_by_the_player_after_the_last_play():
    game = game_with(DEAL)
    game.hands[0] = mask("[1|4]")
    do(game, "play [1|4]")
    game.start_hand()
    assert game.state == PLAYING and game.hand_no == 2 and game.turn == 1


def test_highest_double_option_forces_the_lead():
    game = game_with(DEAL, "lead=double")
    assert game.turn == 0 and game.forced_lead == tile("[5|5]")
    assert [a for a in game.legal() if a < DRAW] == [tile("[5|5]") * 8 + LEAD]
    assert game.check(tile("[1|4]") * 8 + LEAD) == "[5|5] must lead this hand"


def test_opening_tile_without_doubles_is_the_heaviest_larger_half_first():
    assert opening_tile([mask("[2|6]", "[3|5]"), mask("[0|1]")]) == tile("[2|6]")
    assert opening_tile([mask("[2|4]"), mask("[1|5]", "[0|3]")]) == tile("[1|5]")
    assert opening_tile([mask("[0|6]", "[2|4]"), mask("[1|5]")]) == tile("[0|6]")
    assert opening_tile([mask("[0|6]"), mask("[0|0]", "[5|6]")]) == tile("[0|0]")


def test_hand_over_refuses_actions_until_the_next_deal():
    game = game_with(DEAL)
    game.hands[0] = mask("[1|4]")
    do(game, "play [1|4]")
    assert game.check(DRAW) == "the hand is over"
    assert game.legal() == []


def test_options_text_round_trips_and_rejects_unknown_values():
    o = Options.parse("target=250 draw=stuck keep=2 lead=double")
    assert o.text() == "target=250 draw=stuck keep=2 lead=double"
    assert Options.parse(o.text()).text() == o.text()
    assert Options().text() == "target=100 draw=optional keep=0 lead=continue"
    for bad in ("target=99", "draw=never", "keep=1", "lead=x", "speed=3"):
        raises(ValueError, Options.parse, bad)


def test_ends_text_lists_every_open_end():
    game = game_with(DEAL)
    do(game, "play [5|5]")
    do(game, "play [1|5] W")
    assert game.ends_text() == "1 and 5"
    game.hands[0] |= mask("[4|5]")
    do(game, "play [4|5] E")
    assert game.ends_text() == "1, 4, 5 and 5"
    assert game.table.value[E] == 4
