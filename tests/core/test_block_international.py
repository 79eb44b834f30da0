"""International (RULES.md 3e), worked examples."""

from blockcheck import do, lay, of_kind, position
from check import tile
from core.allfives import HAND_OVER, MATCH_OVER
from core.line import LineGame


def test_seven_each_and_the_whole_stock_can_be_drawn():
    game = LineGame("international", None, 4)
    game.start_hand()
    assert [bin(h).count("1") for h in game.hands] == [7, 7] and game.drawable() == 14


def test_the_highest_double_leads_every_hand_else_the_heaviest_tile():
    game = position("international", "players=3", ["[3|3] [0|1]", "[1|2]", "[5|5] [6|0]"])
    assert game.turn == 2 and game.forced_lead == tile("[5|5]")
    game = position("international", "players=3", ["[2|3] [0|1]", "[5|6]", "[4|6]"])
    assert game.turn == 1 and game.forced_lead == tile("[5|6]")


def test_a_domino_scores_the_other_hands_counts():
    game = position(
        "international", "players=3 target=100", ["[2|6]", "[3|5]", "[1|4] [0|0]"], line="[1|6]"
    )
    do(game, "play [2|6] E")
    assert game.scores == [13, 0, 0]


def test_a_fish_goes_to_the_lowest_count_a_tie_to_the_first_from_the_leader():
    # Ends 0 and 5, nothing fits: seats 2 and 3 both hold 4, seat 1 holds 6.
    hands = ["[0|4] [2|4]", "[1|3]", "[2|2]"]
    game = position("international", "players=3 target=100", hands, line="[4|5]")
    game.leader = 2  # seat 3 led: of the tied, seat 3 comes first from it
    events = do(game, "play [0|4] W")
    assert of_kind(events, "fish")[0][1] == 2 and game.scores == [0, 0, 6 + 4]
    game = position("international", "players=3 target=100", hands, line="[4|5]")
    events = do(game, "play [0|4] W")  # seat 1 led: seat 2 comes first
    assert of_kind(events, "fish")[0][1] == 1 and game.scores == [0, 10, 0]


def test_in_pairs_the_fish_winners_side_scores_the_opponents_counts():
    hands = ["[0|4] [1|2]", "[1|1]", "[6|6]", "[2|3]"]
    game = position("international", "players=4 pairs=yes target=100", hands, line="[4|5]")
    do(game, "play [0|4] W")
    # Seat 2's 2 is the lowest: its side scores seat 1's 3 and seat 3's lone
    # [6|6], which counts 50.
    assert game.scores == [0, 53, 0, 53]


def test_the_match_is_one_hand_or_first_to_50_or_100():
    game = position("international", "", ["[2|6]", "[3|5]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.state == MATCH_OVER and game.winners == 1 and game.scores == [8, 0]
    game = position("international", "target=50", ["[2|6]", "[3|5]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.state == HAND_OVER
    game.scores[0] = 40
    lay(game, ["[2|6]", "[3|5]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.state == HAND_OVER and game.scores[0] == 48
    lay(game, ["[2|6]", "[3|5]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.state == MATCH_OVER and game.scores[0] == 56
