"""The professional of Domino 1x1 (RULES.md 3a rates it 1600): the hard level's
judgement with more samples and the endgame solved.

Until the stock is spent and the two hands hold at most ENDGAME tiles, it judges
every move as players.block_hard does, on EVALUATIONS play-outs per decision
(hard has 96), each hand's end valued by the points it scores in a duel (the
lower count wins the other's: players.block_deal.duel), and a lead one way round
only (the other way round is the same hand). From then on it deals
the hidden tiles (the opponent's hand and the two locked in the stock) SAMPLES
times, solves each deal exactly for the same points (players.block_solver, at
most BUDGET nodes) and plays the move best on the most deals.

Anytime like the other levels: a `Thinker` (start, step, action) whose steps are
one play-out or at most 64 nodes of search.
"""

from micropython import const

from players import block_hard, block_solver, think

EVALUATIONS = const(144)  # play-outs per decision before the endgame
ENDGAME = const(10)  # tiles in both hands from which, the stock spent, it solves
SAMPLES = const(20)  # deals solved per endgame decision
BUDGET = const(1200)  # search nodes per endgame decision (the solver's device budget)


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns True."""

    def __init__(self):
        self.sampler = block_hard.Thinker(EVALUATIONS, points=True, one_lead=True)
        self.solver = block_solver.Thinker(
            samples=SAMPLES, solve_from=0, budget=BUDGET, points=True
        )
        self.now: block_hard.Thinker | block_solver.Thinker = self.sampler
        self.action = -1

    def start(self, view, rng):
        endgame = view.stock == 0 and sum(view.hand_sizes) <= ENDGAME
        self.now = self.solver if endgame else self.sampler
        self.now.start(view, rng)
        self.action = self.now.action

    def step(self):
        """One play-out or a bounded piece of search; True when the decision is made."""
        done = self.now.step()
        self.action = self.now.action
        return done


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, server)."""
    return think(_thinker, view, rng)


_thinker = Thinker()
