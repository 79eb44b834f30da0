"""The rules the draw-and-block games share (RULES.md section 3), worked examples."""

from blockcheck import do, hand, kinds, of_kind, position, refused
from check import raises, tile
from core.actions import describe, DRAW, pair, PASS
from core.blockreplay import action_of
from core.blockrules import hand_count, Options
from core.line import LineGame
from core.table import E, W


def test_play_passes_to_the_next_seat_and_after_the_last_comes_the_first():
    game = position(
        "classic", "players=3", ["[4|5] [1|1]", "[4|6] [2|2]", "[4|4] [3|3]"], line="[3|4]", turn=1
    )
    do(game, "play [4|6] E")
    assert game.turn == 2
    do(game, "play [3|3] W")
    assert game.turn == 0


def test_pairs_are_exactly_four_players_partners_opposite_sharing_a_score():
    assert "4 players" in str(raises(ValueError, Options.parse, "kozel", "players=3 pairs=yes"))
    assert Options.parse("kozel", "players=4 pairs=yes").pairs
    assert not Options.parse("kozel", "players=4").pairs
    # A game with one way of playing four says which way it is.
    for game, asked, reason in (
        ("classic", "yes", "classic with 4 players is not played in pairs"),
        ("yard", "no", "yard with 4 players is played in pairs"),
    ):
        e = raises(ValueError, Options.parse, game, "players=4 pairs=" + asked)
        assert str(e) == reason, str(e)
    # Seat 1 goes out; seats 2 and 4 are the other side: their counts, 7 and 12,
    # are scored; the partner's [4|4] is not. Both partners show the score.
    game = position(
        "international",
        "players=4 pairs=yes target=100",
        ["[5|6]", "[1|1] [2|3]", "[4|4]", "[0|0] [6|6]"],
        line="[2|5]",
        turn=0,
    )
    do(game, "play [5|6] E")
    assert game.scores == [19, 0, 19, 0]
    assert game.side_mask(0) == 0b0101 and game.side_mask(3) == 0b1010


def test_the_named_lead_must_be_that_tile():
    # International: the highest double leads, here [6|6], held by seat 2.
    game = position("international", "", ["[5|5] [1|2]", "[6|6] [2|3]"])
    assert game.turn == 1 and game.forced_lead == tile("[6|6]")
    refused(game, "play [2|3]", "[6|6] must lead this hand")
    do(game, "play [6|6]")


def test_lightest_tile_ties_to_the_smaller_lower_half_heaviest_to_the_larger_half():
    # No doubles: [0|3] and [1|2] both weigh 3; [0|3] is the lighter.
    game = position("classic", "", ["[1|2] [4|5]", "[0|3] [5|6]"])
    assert game.turn == 1 and game.forced_lead == tile("[0|3]")
    # [3|6] and [4|5] both weigh 9; [3|6] has the larger half.
    game = position("international", "", ["[4|5] [0|1]", "[3|6] [0|2]"])
    assert game.turn == 1 and game.forced_lead == tile("[3|6]")


def test_a_player_who_can_play_must_play():
    game = position("kozel", "", ["[0|4] [1|3]", "[5|5]"], "[2|6] [3|4]", line="[0|2]")
    refused(game, "draw", "you can play [0|4], so you must play")
    refused(game, "pass", "you can play [0|4], so you must play")
    refused(game, "play [3|5] W", "you do not hold [3|5]")
    refused(game, "play [1|3] W", "[1|3] does not match the ends 0 and 2")
    refused(game, "play [0|4] E", "[0|4] does not fit the E end, which shows 2")
    refused(game, "play [0|4] N", "the line has only the ends W and E")
    assert game.legal() == [tile("[0|4]") * 8 + W]


def test_a_stuck_player_draws_one_tile_at_a_time_until_it_can_play():
    game = position("kozel", "", ["[1|3] [0|0]", "[5|5]"], "[4|5] [1|1] [3|6] [0|5]", "[2|6]")
    assert game.legal() == [DRAW]
    refused(game, "pass", "you cannot play: draw from the stock")
    assert kinds(do(game, "draw")) == ["drew"] and game.turn == 0
    do(game, "draw")
    assert game.legal() == [DRAW]
    events = do(game, "draw")
    assert events[0][2] == tile("[3|6]") and game.turn == 0
    refused(game, "draw", "you can play [3|6], so you must play")
    assert game.legal() == [tile("[3|6]") * 8 + E]


def test_with_nothing_to_draw_a_stuck_player_passes():
    game = position("kozel", "", ["[1|3] [0|0]", "[5|6] [4|4]"], line="[2|6]")
    assert game.legal() == [PASS]
    refused(game, "draw", "the stock is empty")
    assert kinds(do(game, "pass")) == ["passed"] and game.turn == 1


def test_the_fish_comes_with_the_action_that_leaves_everyone_stuck():
    # [0|6] leaves the ends 5 and 0: neither [1|2] nor [3|4] fits, and there is
    # no stock. The hand ends with that play; no pass is made.
    game = position("international", "target=100", ["[0|6] [1|2]", "[3|4] [4|4]"], line="[5|6]")
    events = do(game, "play [0|6] E")
    assert kinds(events) == ["played", "fish", "scored", "hand_over"]
    assert of_kind(events, "fish")[0][1] == 0 and game.scores == [15, 0]  # 3 against 15
    assert len(game.log) == 1


def test_a_last_tile_is_a_domino_even_when_it_closes_the_line():
    sixes = "[6|6], [2|6] W, [1|2] W, [1|6] W, [3|6] E, [3|4] E, [4|6] E, [0|6] E, [0|5] E"
    game = position("classic", "", ["[5|6]", "[2|2] [1|1]"], "[0|0]", line=sixes)
    events = do(game, "play [5|6] E")
    assert game.table.closed()
    assert kinds(events) == ["played", "domino", "scored", "hand_over"]
    assert game.scores == [6, 0]


def test_a_lone_double_blank_counts_25_and_a_lone_double_six_50():
    assert hand_count(hand("[0|0]")) == 25
    assert hand_count(hand("[6|6]")) == 50
    assert hand_count(hand("[0|0] [6|6]")) == 12
    assert hand_count(hand("[0|1]")) == 1 and hand_count(0) == 0
    game = position("international", "target=100", ["[1|2] [3|4]", "[0|0]"], line="[1|5]")
    do(game, "play [1|2] W")
    # Stuck: ends 2 and 5, no stock. Seat 1 holds 7, seat 2 a lone [0|0]: 25.
    assert game.scores == [25, 0]


def test_records_write_a_two_double_play_as_one_action_with_both_ends():
    action = pair(2, 5)
    assert describe(action) == "play [2|2] W [5|5] E"
    game = LineGame("classic")
    assert action_of(game, ["play", "[5|5]", "E", "[2|2]", "W"]) == action
    assert action_of(game, ["play", "[2|2]", "W", "[5|5]", "E"]) == action
    words = ["play", "[2|3]", "W", "[5|5]", "E"]
    assert "doubles" in str(raises(ValueError, action_of, game, words))


def test_options_take_only_ascii_digits_and_the_words_each_game_allows():
    assert Options.parse("international", "target=50").target == 50
    assert Options.parse("international", "target=hand").target == 0
    assert Options.parse("international", "target=0").target == 0
    # Arabic-Indic digits are digits to str.isdigit on CPython, never in a record.
    for bad in ("players=\u0664", "target=\u0665\u0660", "target=050", "target=25", "players=04"):
        raises(ValueError, Options.parse, "international", bad)
