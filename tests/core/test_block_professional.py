"""Domino 1x1's professional: legal and deterministic decisions, the endgame
solved within its budget, each step bounded, and its place among the levels."""

from core import elo
from core.actions import PAIR
from core.rng import Rng
from core.table import E, LEAD
from players import block_hard, block_professional, block_solve, DUEL_NAMES, thinker
from test_block_solver import _views


def _late(view):
    return view.stock == 0 and sum(view.hand_sizes) <= block_professional.ENDGAME


def test_the_professional_is_the_duels_fourth_level_rated_1600():
    assert DUEL_NAMES[-1] == "professional" and DUEL_NAMES[:3] == ("easy", "medium", "hard")
    assert elo.LEVELS["professional"] == 1600 > elo.LEVELS["hard"]


def test_it_decides_legally_and_the_same_on_the_same_seed():
    views = _views("1x1", "", ["hard", "medium"], 3)
    first = thinker("professional", "block")
    again = thinker("professional", "block")
    endgames = 0
    for view in views:
        for t in (first, again):
            t.start(view, Rng(9))
            while not t.step():
                pass
        assert first.action in view.legal
        assert first.action == again.action
        endgames += _late(view) and len(view.legal) > 1
    assert endgames > 0


def test_each_step_is_one_playout_or_a_bounded_search():
    views = _views("1x1", "", ["medium", "hard"], 8)
    t = block_professional.Thinker()
    sampled = solved = leads = one_end = 0
    for view in views:
        if len(view.legal) < 2:
            continue
        t.start(view, Rng(4))
        late = _late(view)
        nodes = 0
        while True:
            before = block_hard.stats[1]
            done = t.step()
            if late:
                assert block_solve.nodes <= 64
                nodes += block_solve.nodes
            else:
                assert block_hard.stats[1] - before <= 1
            if done:
                break
        if late:
            solved += 1
            assert nodes <= block_professional.BUDGET
        else:
            sampled += 1
            judged = [t.sampler.moves[i] for i in range(t.sampler.n)]
            if view.table.n == 0:  # a lead is judged once a tile, not both ways round
                assert sorted(judged) == sorted({a >> 3 << 3 | LEAD for a in view.legal})
                leads += 1
            elif view.table.value[0] == view.table.value[1]:  # on W only: E is the same
                assert judged == [a for a in view.legal if a >= PAIR or a & 7 != E]
                one_end += 1
            else:
                assert judged == list(view.legal)
        assert t.action in view.legal
    assert sampled > 10 and solved > 0 and leads > 0 and one_end > 0
