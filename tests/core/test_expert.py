"""The expert level: legal, deterministic, anytime within its budget, and it takes its points."""

from check import DEAL, game_with, mask, tile
from core.actions import DRAW
from core.allfives import AllFives, HAND_OVER, MATCH_OVER, Options
from core.rng import Rng
from core.tiles import HIGH, LOW
from core.view import View
from players import expert, thinker
from players.evaluate import after, count_after


def think(game, budget=24, seed=1):
    """Run a small expert's decision step by step; return (action, steps)."""
    t = expert.Thinker(budget)
    view = View(game, game.turn)
    t.start(view, Rng(seed))
    steps = 0
    while not t.step():
        steps += 1
        assert t.action in view.legal  # anytime: always a legal move at hand
    return t.action, steps + 1


def play(options, seed, budget=24):
    """A match of a small expert (seat 1) against itself; returns the game."""
    game = AllFives(Options.parse(options), seed)
    while game.state != MATCH_OVER:
        if game.state == HAND_OVER:
            game.start_hand()
        else:
            game.apply(think(game, budget, seed + len(game.log))[0])
    return game


def test_expert_plays_whole_matches_legally_under_every_option():
    for seed, options in enumerate(("", "draw=stuck keep=2", "lead=double target=61")):
        game = play(options, seed)  # apply() raises Illegal on any illegal move
        assert game.scores[game.winner] >= game.options.target


def test_expert_is_deterministic():
    a = play("", 3)
    b = play("", 3)
    assert a.scores == b.scores and a.table.played == b.table.played and a.log == b.log


def test_expert_takes_an_obvious_big_score():
    game = game_with(DEAL, "draw=stuck")
    game.apply(tile("[5|5]") * 8 + 4)  # the spinner alone counts 10
    game.hands[1] = mask("[0|5]", "[1|5]", "[2|5]", "[3|5]")
    # Only [0|5] keeps the count at 10 (the spinner's bare side still counts 10).
    action, _ = think(game, budget=40)
    assert action >> 3 == tile("[0|5]")
    game.apply(action)
    assert game.scores == [10, 10]


def test_expert_keeps_to_its_budget_in_small_steps():
    game = game_with(DEAL)
    view = View(game, game.turn)
    plays = len([a for a in view.legal if a < DRAW])
    before = expert.stats[1]
    action, steps = think(game, budget=30)
    assert plays == 12 and steps == 24  # two whole samples of the 12 leads
    assert expert.stats[1] - before == steps
    assert action in view.legal


def test_a_single_legal_move_needs_no_thought():
    game = game_with(DEAL, "draw=stuck")
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.hands[1] = mask("[2|6]", "[1|1]")
    before = expert.stats[1]
    action, steps = think(game)
    assert action == tile("[2|6]") * 8 + 0
    assert steps == 1 and expert.stats[1] == before


def test_samples_respect_what_the_opponent_has_shown_it_lacks():
    game = game_with(DEAL)
    game.apply(tile("[2|3]") * 8 + 4)  # W 2, E 3
    game.lacks[1] = 1 << 2 | 1 << 3  # as if seat 2 had passed on 2 and 3
    game.free[1] = 0
    game.hands[1] = mask("[0|0]", "[1|1]", "[4|4]", "[5|5]", "[6|6]", "[0|1]")
    game.turn = 0
    t = expert.Thinker(60)
    t.start(View(game, 0), Rng(9))
    for _ in range(20):
        t._sample()
        for j in range(6):
            x = expert._order[j]
            assert LOW[x] not in (2, 3) and HIGH[x] not in (2, 3)


def test_count_after_agrees_with_placing_the_tile():
    checked = 0
    for seed in range(12):
        game = AllFives(Options(), seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            legal = game.legal()
            for a in legal:
                if a < DRAW and game.table.n:
                    assert count_after(game.table, a >> 3, a & 7) == after(game.table, a).count()
                    checked += 1
            game.apply(legal[Rng(seed + len(game.log)).below(len(legal))])
    assert checked > 1000


def test_every_player_has_a_thinker():
    game = game_with(DEAL)
    view = View(game, game.turn)
    for name in ("random", "tactics", "defensive", "expert"):
        t = thinker(name)
        t.start(view, Rng(2))
        while not t.step():
            pass
        assert t.action in view.legal


def test_samples_avoid_tiles_the_opponent_would_have_scored_with():
    game = game_with(DEAL)
    game.apply(tile("[1|4]") * 8 + 4)  # W 1, E 4: count 5
    game.apply(tile("[0|1]") * 8 + 0)  # seat 2 makes 0 + 4 = 4, scoring nothing...
    # ...while [1|6] on W (6 + 4 = 10) would have scored: it is unlikely to hold it.
    view = View(game, 0)
    assert expert._spurned(view) == mask("[1|6]")
    t = expert.Thinker(60)
    t.start(view, Rng(4))
    for _ in range(20):
        t._sample()
        for j in range(6):
            assert expert._order[j] != tile("[1|6]")
