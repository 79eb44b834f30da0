"""Kozel (RULES.md 3c), worked examples."""

from blockcheck import do, kinds, lay, of_kind, position, refused
from check import tile
from core.actions import DRAW, pair
from core.allfives import HAND_OVER, MATCH_OVER


def test_double_one_leads_else_the_lowest_double_but_blank_and_six():
    game = position("kozel", "players=3", ["[0|0] [3|3]", "[1|1] [2|2]", "[6|6]"])
    assert game.turn == 1 and game.forced_lead == tile("[1|1]")
    game = position("kozel", "players=3", ["[0|0] [3|3]", "[6|6] [4|4]", "[2|2]"])
    assert game.turn == 2 and game.forced_lead == tile("[2|2]")


def test_with_no_such_double_the_players_draw_in_turn_from_seat_one():
    game = position("kozel", "", ["[0|0] [1|2]", "[6|6] [3|4]"], "[0|1] [2|5] [3|3] [4|4]")
    assert game.drawing_lead and game.turn == 0 and game.legal() == [DRAW]
    refused(game, "play [1|2]", "nobody holds a double to lead: draw from the stock")
    do(game, "draw")
    assert game.turn == 1
    do(game, "draw")
    assert game.turn == 0
    events = do(game, "draw")  # [3|3]: seat 1 now holds a double, and leads it
    assert events[0][2] == tile("[3|3]") and not game.drawing_lead
    assert game.turn == 0 and game.forced_lead == tile("[3|3]")
    refused(game, "play [0|1]", "[3|3] must lead this hand")
    do(game, "play [3|3]")


def test_the_winner_leads_any_tile_next_hand():
    game = position("kozel", "", ["[5|5] [0|2]", "[2|6]"], line="[1|6]", turn=1)
    do(game, "play [6|2] E")
    lay(game, ["[1|1] [0|1]", "[0|0] [3|4]"])
    assert game.turn == 1 and game.forced_lead == -1
    do(game, "play [0|0]")  # [0|0] may lead a later hand


def test_after_a_fish_the_lower_partner_of_the_winning_side_leads():
    # Ends 0 and 5 after seat 4's [0|4]: nothing fits. Sides: 3 + 2 against
    # 17 + 6: seats 1 and 3 win, and seat 3, the lower, leads next.
    hands = ["[1|2]", "[6|6] [2|3]", "[1|1]", "[0|4] [3|3]"]
    game = position("kozel", "players=4 pairs=yes", hands, line="[4|5]", turn=3)
    do(game, "play [0|4] W")
    assert game.state == HAND_OVER and game.next_leader == 2


def test_a_fish_tie_inside_the_winning_side_goes_to_the_first_after_the_last_player():
    # Seats 1 and 3 both hold 4; seat 2 made the last play: seat 3 comes first.
    hands = ["[1|3]", "[0|4] [6|6]", "[2|2]", "[3|3] [2|3]"]
    game = position("kozel", "players=4 pairs=yes", hands, line="[4|5]", turn=1)
    do(game, "play [0|4] W")
    assert game.next_leader == 2


def test_at_a_domino_every_loser_writes_its_count_from_the_threshold_on():
    # Seat 1 goes out: seat 2 holds 14 and writes it; seat 3 holds 5, below 13.
    game = position("kozel", "players=3", ["[2|6]", "[5|6] [0|3]", "[1|4]"], line="[1|6]")
    events = do(game, "play [2|6] E")
    assert [e[1:] for e in of_kind(events, "scored")] == [(1, 14, 14), (2, 0, 5)]
    assert game.scores == [0, 14, 0]
    # Once a seat writes, every count is written.
    lay(game, ["[1|1] [2|2]", "[0|6]", "[0|2]"], line="[0|3]", turn=2)
    do(game, "play [0|2] W")
    assert game.scores == [0, 14 + 6, 0]
    lay(game, ["[1|1] [2|2]", "[0|5]", "[0|2]"], line="[0|3]", turn=2)
    do(game, "play [0|2] W")
    assert game.scores == [0, 14 + 6 + 5, 0]


def test_in_pairs_the_losing_side_writes_both_counts_from_25():
    hands = ["[2|6]", "[5|6] [0|3]", "[1|1]", "[1|4]"]
    game = position("kozel", "players=4 pairs=yes", hands, line="[1|6]")
    do(game, "play [2|6] E")
    assert game.scores == [0, 0, 0, 0]  # 14 + 5 = 19, below 25
    lay(game, ["[2|6]", "[5|6] [4|6]", "[1|1]", "[1|4]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.scores == [0, 26, 0, 26]


def test_bonuses_for_leading_and_going_out_with_blank_or_six_add_up():
    # Led with [6|6] (50), won going out with [0|0] (25): 3 + 75 for seat 2.
    game = position("kozel", "", ["[0|0]", "[1|2] [4|4]"], line="[6|6], [0|6] E")
    do(game, "play [0|0] E")
    assert game.scores == [0, 3 + 8 + 75]
    # Led with [0|0] (25), won going out with [6|6] (50).
    game = position("kozel", "", ["[6|6]", "[1|2]"], line="[0|0], [0|6] E")
    do(game, "play [6|6] E")
    assert game.scores == [0, 3 + 75]


def test_eggs_add_the_hands_counts_to_every_loser_of_the_next_decided_hand():
    game = position("kozel", "players=3", ["[0|4] [2|2]", "[1|3]", "[4|6]"], line="[4|5]")
    events = do(game, "play [0|4] W")
    assert of_kind(events, "eggs")[0][2] == 4 + 4 + 10 and game.next_leader == -1
    lay(game, ["[2|6]", "[0|3]", "[1|1]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.scores == [0, 3 + 18, 2 + 18]


def test_reaching_125_makes_the_goat_who_loses_and_several_can_cross_together():
    game = position("kozel", "players=3", ["[2|6]", "[5|6]", "[1|4]"], line="[1|6]")
    game.writing = 0b110
    game.scores[1] = 120
    events = do(game, "play [2|6] E")
    assert of_kind(events, "goat")[0][1] == 1 and game.state == MATCH_OVER
    assert game.winners == 0b101
    game = position("kozel", "players=3", ["[2|6]", "[5|6]", "[1|4]"], line="[1|6]")
    game.writing = 0b110
    game.scores[1] = game.scores[2] = 120
    do(game, "play [2|6] E")
    assert game.winners == 0b001


def test_going_out_with_blank_and_six_together_makes_general_goats():
    game = position("kozel", "players=3", ["[0|0] [6|6]", "[3|5]", "[1|4]"], line="[0|6]")
    assert pair(0, 6) in game.legal()
    events = do(game, "play [0|0] W [6|6] E")
    assert "general" in kinds(events) and game.state == MATCH_OVER and game.winners == 0b001
    game = position("kozel", "", ["[0|0] [6|6] [1|2]", "[3|5]"], line="[0|6]")
    assert pair(0, 6) not in game.legal()
    refused(
        game,
        "play [0|0] W [6|6] E",
        "only [0|0] and [6|6], your last two tiles, may be played together",
    )


def test_after_eggs_the_first_hand_rule_leads_again():
    game = position("kozel", "players=3", ["[0|4] [2|2]", "[1|3]", "[4|6]"], line="[4|5]")
    do(game, "play [0|4] W")  # 4, 4 and 10: eggs
    lay(game, ["[0|1] [3|3]", "[1|1] [2|3]", "[4|4]"])
    assert game.turn == 1 and game.forced_lead == tile("[1|1]")
