"""Domino 1x1 (RULES.md 3a) and its Elo ratings, worked examples."""

from blockcheck import do, kinds, lay, of_kind, position, refused
from check import tile
from core.actions import PASS
from core.allfives import HAND_OVER, MATCH_OVER
from core.elo import after_match, expected, LEVELS, rated, START
from core.line import LineGame
from core.table import E, W


def test_seven_each_and_the_last_two_of_the_stock_are_locked():
    game = LineGame("1x1", seed=3)
    game.start_hand()
    assert [bin(h).count("1") for h in game.hands] == [7, 7]
    assert game.stock_size == 14 and game.drawable() == 12
    game = position("1x1", "", ["[1|3] [0|0]", "[5|5] [2|5]"], "[4|4] [1|1] [3|3]", "[2|6]")
    do(game, "draw")
    assert game.drawable() == 0 and game.legal() == [PASS]
    refused(game, "draw", "the last 2 tiles of the stock are locked")
    do(game, "pass")
    assert game.turn == 1 and bytes(game.stock[game.drawn : game.stock_size]) == bytes(
        [tile("[1|1]"), tile("[3|3]")]
    )


def test_the_first_hand_is_led_by_the_highest_double_else_the_lightest_tile():
    game = position("1x1", "", ["[5|5] [0|1]", "[4|4] [6|6]"])
    assert game.turn == 1 and game.forced_lead == tile("[6|6]")
    refused(game, "play [4|4]", "[6|6] must lead this hand")
    game = position("1x1", "", ["[1|2] [4|6]", "[0|3] [5|6]"])
    assert game.turn == 1 and game.forced_lead == tile("[0|3]")


def test_later_hands_the_winner_leads_any_tile_after_a_drawn_hand_the_other_player():
    game = position("1x1", "", ["[2|6] [3|3]", "[6|6]"], line="[1|6]", turn=1)
    do(game, "play [6|6] E")  # seat 2 goes out
    assert game.state == HAND_OVER and game.next_leader == 1
    lay(game, ["[0|1] [2|2]", "[3|4] [4|5]"])
    assert game.turn == 1 and game.forced_lead == -1
    do(game, "play [5|4]")  # any tile, either way round: its first half on W
    assert (game.table.value[W], game.table.value[E]) == (5, 4)
    # A drawn hand (8 against 8) led by seat 2: seat 1, who did not lead it,
    # leads the next.
    game = position("1x1", "", ["[0|5] [4|4]", "[2|6]"], "[6|6] [1|1]", line="[3|5]")
    game.leader = 1
    do(game, "play [0|5] E")
    assert game.state == HAND_OVER and game.next_leader == 0


def test_a_domino_scores_the_losers_count():
    game = position("1x1", "", ["[2|6]", "[3|5] [0|6] [0|0]"], line="[1|6]")
    events = do(game, "play [6|2] E")
    assert kinds(events) == ["played", "domino", "scored", "hand_over"]
    assert game.scores == [14, 0] and of_kind(events, "scored")[0][2] == 14


def test_a_fish_goes_to_the_lower_count_and_a_tie_fills_the_pool():
    # Ends 0 and 5 after [0|4]; nothing fits and the stock is locked: a fish.
    # Seat 1 holds [1|2] (3), seat 2 [3|4] (7): seat 1 scores 7.
    game = position("1x1", "", ["[0|4] [1|2]", "[3|4]"], "[6|6] [2|2]", line="[4|5]")
    events = do(game, "play [0|4] W")
    assert of_kind(events, "fish")[0][1] == 0 and game.scores == [7, 0]
    # Equal counts, [2|2] against [1|3]: a drawn hand; one hand's count, 4,
    # goes into the pool ...
    game = position("1x1", "", ["[0|4] [2|2]", "[1|3]"], "[6|6] [3|3]", line="[4|5]")
    events = do(game, "play [0|4] W")
    assert of_kind(events, "fish")[0][1] == -1 and of_kind(events, "pool")[0][2] == 4
    assert game.scores == [0, 0]
    # ... and the winner of the next decided hand takes its points and the pool.
    lay(game, ["[2|6] [4|4]", "[5|6]"], line="[5|5]", turn=1)
    events = do(game, "play [5|6] E")
    assert of_kind(events, "pool")[0][1:3] == (1, 4)
    assert game.scores == [0, 16 + 4] and game.carry == 0


def test_the_match_ends_the_moment_a_player_reaches_101():
    game = position("1x1", "", ["[2|6] [0|1]", "[6|6] [0|5]"], line="[1|6]", turn=0)
    game.scores[0] = 95
    do(game, "play [2|6] E")  # not out: nothing scores yet
    assert game.scores == [95, 0]
    game = position("1x1", "", ["[2|6]", "[3|3]"], line="[1|6]")
    game.scores[0] = 95
    events = do(game, "play [2|6] E")
    assert game.state == MATCH_OVER and game.winner == 0 and game.scores[0] == 101
    assert kinds(events)[-1] == "match_over"
    refused(game, "draw", "the match is over")


def test_elo_moves_by_32_times_result_less_expected_and_stays_unrounded():
    assert START == 1200 and expected(1200, 1200) == 0.5
    assert rated(1200, 1200, 1) == 1216
    up = rated(1200, 1000, 1)
    assert abs(up - (1200 + 32 * (1 - 1 / (1 + 10 ** (-0.5))))) < 1e-3
    assert up != round(up)  # 1207.69...: stored as it is
    a, b = after_match(1250.5, 1190.25, False)
    assert a < 1250.5 and b > 1190.25 and abs((a - 1250.5) + (b - 1190.25)) < 1e-3
    assert LEVELS == {"easy": 1000, "medium": 1200, "hard": 1400, "professional": 1600}
