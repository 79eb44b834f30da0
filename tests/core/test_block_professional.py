"""Domino 1x1's professional: legal and deterministic decisions, the endgame
solved within its budget, each step bounded, and its place among the levels."""

from core import elo
from core.actions import PAIR
from core.rng import Rng
from core.table import E, LEAD
from players import block_hard, block_professional, block_solver, DUEL_NAMES, thinker
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


def test_each_step_is_a_deal_one_playout_or_a_bounded_search():
    # A sample's deal is a step of its own: ui.thinking fits steps to a frame by
    # the longest lately, and a deal with a play-out after it was twice the others.
    # (No pytest fixture: the portable tests run under MicroPython too.)
    deal = block_hard.deal
    dealt = [0]

    def counting(*args):
        dealt[0] += 1
        return deal(*args)

    block_hard.deal = block_solver.deal = counting
    try:
        _each_step_checked(dealt)
    finally:
        block_hard.deal = block_solver.deal = deal


def _each_step_checked(dealt):
    views = _views("1x1", "", ["medium", "hard"], 8)
    t = block_professional.Thinker()
    sampled = solved = leads = one_end = 0
    for view in views:
        if len(view.legal) < 2:
            continue
        t.start(view, Rng(4))
        late = _late(view)
        nodes = deals = 0
        while True:
            played, searched, before = block_hard.stats[1], block_solver.stats[1], dealt[0]
            done = t.step()
            played = block_hard.stats[1] - played
            searched = block_solver.stats[1] - searched
            deals += dealt[0] - before
            if late:
                assert played == 0 and searched <= 64
                assert dealt[0] == before or searched == 0
                nodes += searched
            else:
                assert searched == 0 and played + dealt[0] - before <= 1  # never both
            if done:
                break
        assert deals > 0 or not late and t.sampler.n < 2  # one move: nothing to judge
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
