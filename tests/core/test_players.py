"""Handheld players: legal, deterministic, and playing the way each level promises."""

from check import DEAL, game_with, mask, tile
from core.allfives import AllFives, Options, PLAYING
from core.rng import Rng
from core.view import View
from players import at_once, get, NAMES
from players.autoplay import play_match


def choice(name, game):
    return get(name)(View(game, game.turn), Rng(1))


def test_every_player_makes_only_legal_moves_and_finishes_matches():
    for name in NAMES:
        for seed in range(4):
            game, _ = play_match(Options.parse("draw=stuck"), seed, (name, "random"))
            assert game.winner in (0, 1)
            assert game.scores[game.winner] >= 100


def test_players_are_deterministic():
    for name in NAMES:
        a, _ = play_match(Options(), 5, (name, name))
        b, _ = play_match(Options(), 5, (name, name))
        assert a.scores == b.scores and a.table.played == b.table.played


def test_unknown_player_is_refused():
    try:
        get("grandmaster")
    except ValueError as e:
        assert "random, tactics, defensive" in str(e)
    else:
        raise AssertionError("no error")


def test_a_searching_players_choose_makes_one_thinker_at_its_first_call():
    made = []

    class Counted:
        """A thinker that plays the first legal move, counting how many are made."""

        def __init__(self, **keywords):
            made.append(keywords)
            self.action = -1

        def start(self, view, rng):
            self.action = view.legal[0]

        def step(self):
            return True

    choose = at_once(Counted, budget=3)
    assert made == []  # nothing held until a decision is made at once
    view = View(game_with(DEAL), 0)
    assert choose(view, Rng(1)) == view.legal[0]
    assert choose(view, Rng(2)) == view.legal[0]
    assert made == [{"budget": 3}]


def test_tactics_scores_when_it_can():
    game = game_with(DEAL)
    # Seat 1 leads: [5|5] or [4|6] score 10, [1|4] and [2|3] only 5.
    action = choice("tactics", game)
    game.apply(action)
    assert game.scores == [10, 0]


def test_tactics_blocks_a_number_the_opponent_cannot_hold():
    game = game_with(DEAL)
    game.apply(tile("[3|6]") * 8 + 4)  # W 3, E 6
    game.hands[1] = mask("[1|3]", "[5|6]", "[0|5]", "[1|5]", "[2|5]", "[3|5]", "[4|5]", "[5|5]")
    # Nothing scores. [1|3] on W leaves the lowest count (1 + 6), but [5|6] on E
    # (3 + 5) shows a 5, and every other 5 is in seat 2's hand: a block.
    assert choice("tactics", game) == tile("[5|6]") * 8 + 1


def test_tactics_leaves_the_lowest_count_otherwise():
    game = game_with(DEAL)
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.hands[1] = mask("[2|6]", "[3|4]", "[1|1]")
    # [2|6] on W: 6 + 3 = 9; [3|4] on E: 2 + 4 = 6 -> the lower count
    assert choice("tactics", game) == tile("[3|4]") * 8 + 1


def test_defensive_refuses_to_set_up_a_reply():
    game = game_with(DEAL)
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.hands[1] = mask("[2|6]", "[3|4]", "[6|6]")
    # [3|4] on E leaves 2 + 4 = 6, where [1|2] makes 5 and [4|4] makes 10.
    # [2|6] on W leaves 6 + 3 = 9: no unseen tile scores on it ([6|6] is ours).
    assert choice("tactics", game) == tile("[3|4]") * 8 + 1
    assert choice("defensive", game) == tile("[2|6]") * 8 + 0


def test_random_level_varies_with_its_generator():
    game = AllFives(Options(), 8)
    game.start_hand()
    seen = set()
    for seed in range(20):
        seen.add(get("random")(View(game, game.turn), Rng(seed)))
    assert len(seen) > 3 and game.state == PLAYING
