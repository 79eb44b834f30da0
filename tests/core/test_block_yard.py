"""Yard Kozel (RULES.md 3d), worked examples."""

from blockcheck import do, kinds, lay, of_kind, position
from check import tile
from core.allfives import HAND_OVER, MATCH_OVER
from core.blockrules import Options
from core.line import LineGame

PAIRS = "players=4 pairs=yes"


def test_the_winner_takes_six_six_before_the_deal_and_leads_it():
    for options, stock in ((PAIRS, 0), ("players=2", 14)):
        game = LineGame("yard", Options.parse("yard", options), 5)
        game.next_leader = 1  # as the winner of a previous hand leaves it
        game.start_hand()
        assert game.hands[1] >> 27 & 1 and game.turn == 1
        assert game.forced_lead == tile("[6|6]")
        assert [bin(h).count("1") for h in game.hands] == [7] * game.SEATS
        assert game.drawable() == stock


def test_after_a_fish_with_equal_counts_the_first_hand_rule_leads():
    game = position("yard", PAIRS, ["[0|4] [1|2]", "[1|1]", "[2|2]", "[2|3]"], line="[4|5]")
    events = do(game, "play [0|4] W")  # 3 + 4 against 2 + 5: equal
    assert of_kind(events, "fish")[0][1] == -1 and game.next_leader == -1 and game.goat == -1


def led_six_six(options, hands):
    """A Yard Kozel hand that seat 1 leads with [6|6], as a winner does."""
    game = LineGame("yard", Options.parse("yard", options))
    game.next_leader = 0
    return lay(game, hands)


def test_the_snot_lays_out_the_doubles_from_blank_while_leader_or_partner_holds_the_next():
    hands = ["[6|6] [0|0] [2|2] [4|5]", "[1|2]", "[1|1] [3|3] [5|5]", "[0|1]"]
    game = led_six_six(PAIRS, hands)
    events = do(game, "play [6|6]")
    snot = [(e[1], e[2]) for e in of_kind(events, "snot")]
    assert snot == [(0, 0), (2, tile("[1|1]")), (0, tile("[2|2]")), (2, tile("[3|3]"))]
    assert game.gone == (1 | 1 << 7 | 1 << 13 | 1 << 18) and game.turn == 1
    assert game.hands[2] == 1 << tile("[5|5]")  # [4|4] is missing: the snot stops


def test_a_player_emptied_by_the_snot_has_made_a_domino():
    game = led_six_six("players=2", ["[6|6] [0|0] [1|1]", "[2|3] [3|3]"])
    events = do(game, "play [6|6]")
    assert kinds(events)[:4] == ["played", "snot", "snot", "domino"]


def test_a_lost_hand_of_25_or_more_puts_the_side_on_the_goat():
    hands = ["[2|6]", "[5|6] [4|6]", "[1|1]", "[1|4]"]  # 20 + 5 for seats 2 and 4
    game = position("yard", PAIRS, hands, line="[1|6]")
    events = do(game, "play [2|6] E")
    assert of_kind(events, "goat")[0][1:3] == (1, 1) and game.goat == 1
    assert game.scores == [0, 1, 0, 1] and game.next_leader == 0
    hands = ["[2|6]", "[5|6] [0|6]", "[1|1]", "[1|4]"]  # 17 + 5: below 25
    game = position("yard", PAIRS, hands, line="[1|6]")
    do(game, "play [2|6] E")
    assert game.goat == -1 and game.scores == [0, 0, 0, 0]


def test_two_players_go_on_the_goat_from_13():
    game = position("yard", "players=2", ["[2|6]", "[5|6] [0|2]"], line="[1|6]")
    do(game, "play [2|6] E")
    assert game.goat == 1 and game.scores == [0, 1]


def test_a_side_on_the_goat_that_loses_again_by_any_count_loses_the_match():
    game = position("yard", "players=2", ["[2|6]", "[0|1]"], line="[1|6]")
    game.goat = 1
    events = do(game, "play [2|6] E")
    assert game.state == MATCH_OVER and game.winners == 0b01
    assert kinds(events)[-1] == "match_over"


def test_the_goat_side_winning_a_domino_lifts_it_and_the_losers_are_tested():
    game = position("yard", "players=2", ["[2|6]", "[5|6] [0|2]"], line="[1|6]")
    game.goat = 0
    events = do(game, "play [2|6] E")
    goats = [e[1:3] for e in of_kind(events, "goat")]
    assert goats == [(0, 0), (1, 1)] and game.goat == 1 and game.state == HAND_OVER
    game = position("yard", "players=2", ["[2|6]", "[0|2]"], line="[1|6]")
    game.goat = 0
    do(game, "play [2|6] E")
    assert game.goat == -1 and game.scores == [0, 0]


def test_a_fish_won_by_the_goat_side_moves_the_goat_at_once():
    # Ends 0 and 5: 3 against 4, whatever the size of the loser's count.
    game = position("yard", "players=2", ["[0|4] [1|2]", "[1|3]"], "", line="[4|5]")
    game.goat = 0
    events = do(game, "play [0|4] W")
    assert [e[1:3] for e in of_kind(events, "goat")] == [(0, 0), (1, 1)]
    assert game.goat == 1 and game.scores == [0, 1]


def test_going_out_with_blank_is_the_officers_goat_and_with_both_the_generals():
    game = position("yard", PAIRS, ["[0|0]", "[1|2]", "[3|4]", "[2|5]"], line="[0|6]")
    events = do(game, "play [0|0] W")
    assert "officer" in kinds(events) and game.winners == 0b0101
    hands = ["[0|0] [6|6]", "[1|2]", "[3|4]", "[2|5]"]
    game = position("yard", PAIRS, hands, line="[0|6]")
    events = do(game, "play [0|0] W [6|6] E")
    assert "general" in kinds(events) and game.winners == 0b0101
