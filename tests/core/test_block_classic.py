"""Classic (RULES.md 3b), worked examples."""

from blockcheck import do, hand, kinds, lay, of_kind, position, refused
from check import tile
from core.actions import pair
from core.allfives import MATCH_OVER
from core.line import LineGame

SIXES = "[6|6], [2|6] W, [1|2] W, [1|6] W, [3|6] E, [3|4] E, [4|6] E, [0|6] E, [0|5] E"


def test_two_players_hold_seven_three_or_four_hold_five():
    for players, size, stock in ((2, 7, 14), (3, 5, 13), (4, 5, 8)):
        game = LineGame("classic", None, 9)
        game.options.players = players
        game = LineGame("classic", game.options, 9)
        game.start_hand()
        assert [bin(h).count("1") for h in game.hands] == [size] * players
        assert game.drawable() == stock


def test_double_blank_leads_else_the_lowest_double_else_the_lightest_tile():
    game = position("classic", "players=3", ["[5|5] [1|2]", "[6|6] [0|0]", "[2|2] [3|4]"])
    assert game.turn == 1 and game.forced_lead == tile("[0|0]")
    game = position("classic", "players=3", ["[5|5] [1|2]", "[6|6] [0|1]", "[2|2] [3|4]"])
    assert game.turn == 2 and game.forced_lead == tile("[2|2]")
    # With no double in any hand (the stock's [1|1] does not count): the lightest.
    game = position("classic", "", ["[0|2] [4|5]", "[1|3] [0|1]"], "[1|1]")
    assert game.turn == 1 and game.forced_lead == tile("[0|1]")


def test_doubling_up_plays_two_doubles_one_on_each_end():
    game = position("classic", "", ["[2|2] [5|5] [3|4]", "[0|1] [2|6]"], line="[2|5]")
    assert pair(2, 5) in game.legal()
    refused(game, "play [5|5] W [2|2] E", "[5|5] does not match the W end, which shows 2")
    events = do(game, "play [2|2] W [5|5] E")
    assert kinds(events) == ["played", "played"] and game.turn == 1
    assert game.hands[0] == hand("[3|4]") and game.table.n == 3
    assert game.log[-1] == pair(2, 5) << 2 | 0  # seat 0's two doubles


def test_one_double_never_lies_on_both_ends():
    # Both ends show 4 and [4|4] is held: it is played on one end, never on both.
    game = position("classic", "", ["[4|4] [1|2]", "[0|1] [2|6]"], line="[4|5], [5|6] E, [4|6] E")
    assert pair(4, 4) not in game.legal()
    refused(game, "play [4|4] W [4|4] E", "[4|4] is one tile: it cannot lie on both ends")
    assert game.check(pair(0, 7)) == "unknown action"  # past the last double


def test_doubling_up_never_leads_and_may_be_the_last_two_tiles():
    game = position("classic", "", ["[0|0] [5|5]", "[0|1] [6|6]"])
    refused(game, "play [0|0] W [5|5] E", "two doubles can never lead a hand")
    game = position("classic", "", ["[2|2] [5|5]", "[0|1] [6|6]"], line="[2|5]")
    events = do(game, "play [2|2] W [5|5] E")
    assert "domino" in kinds(events) and game.scores == [13, 0]


def test_other_games_play_one_tile_at_a_time():
    game = position("international", "", ["[2|2] [5|5] [3|4]", "[0|1]"], line="[2|5]")
    assert pair(2, 5) not in game.legal()
    refused(game, "play [2|2] W [5|5] E", "one tile at a time")


def test_a_closed_line_ends_the_hand_and_the_next_player_takes_the_stock():
    # [5|6] closes the line on sixes, all seven down. Seat 2 takes the stock,
    # [0|0] and [4|4]: 6 + 8 = 14 against seat 1's [3|3], 6: seat 1 scores 8.
    game = position("classic", "", ["[5|6] [3|3]", "[2|2] [1|1]"], "[0|0] [4|4]", line=SIXES)
    events = do(game, "play [5|6] E")
    assert kinds(events) == ["played", "took_stock", "fish", "scored", "hand_over"]
    assert of_kind(events, "took_stock")[0][1:3] == (1, 2)
    assert game.hands[1] == hand("[2|2] [1|1] [0|0] [4|4]") and game.drawable() == 0
    assert game.scores == [8, 0]


def test_a_domino_scores_every_other_hands_count():
    game = position(
        "classic", "players=3", ["[2|6]", "[3|5] [0|0]", "[1|1] [4|4]"], line="[1|6]"
    )
    do(game, "play [2|6] E")
    assert game.scores == [8 + 0 + 2 + 8, 0, 0]


def test_a_fish_scores_the_differences_and_eggs_carry_to_the_next_decided_hand():
    # Ends 0 and 5, nothing fits: counts 3, 8 and 10; seat 1 scores 5 + 7.
    game = position(
        "classic", "players=3", ["[0|4] [1|2]", "[2|6]", "[4|6]"], line="[4|5]"
    )
    do(game, "play [0|4] W")
    assert game.scores == [12, 0, 0]
    # Equal lowest counts (4 and 4): eggs, nobody scores; 4 + 4 + 10 carries ...
    game = position(
        "classic", "players=3", ["[0|4] [2|2]", "[1|3]", "[4|6]"], line="[4|5]"
    )
    events = do(game, "play [0|4] W")
    assert of_kind(events, "fish")[0][1] == -1 and of_kind(events, "eggs")[0][2] == 18
    assert game.scores == [0, 0, 0]
    # ... to the winner of the next decided hand, on top of its points.
    lay(game, ["[2|6]", "[3|3]", "[1|1]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.scores == [8 + 18, 0, 0] and game.carry == 0


def test_the_first_to_reach_125_wins_the_match():
    game = position("classic", "", ["[2|6]", "[3|5]"], line="[1|6]")
    game.scores[0] = 117
    do(game, "play [2|6] E")
    assert game.state == MATCH_OVER and game.winners == 1 and game.scores == [125, 0]
