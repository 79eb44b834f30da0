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
one play-out or at most 64 nodes of search. It deals with hard's doubts
(players.block_deal.doubts): without them it was no stronger than hard once hard
had them (docs/players.md).
"""

from micropython import const

from players import block_hard, think

EVALUATIONS = const(144)  # play-outs per decision before the endgame
ENDGAME = const(10)  # tiles in both hands from which, the stock spent, it solves
SAMPLES = const(20)  # deals solved per endgame decision
BUDGET = const(1200)  # search nodes per endgame decision (the solver's device budget)


class Thinker(block_hard.Thinker):
    """players.block_hard's thinker with the professional's numbers and the duel's points."""

    def __init__(self):
        block_hard.Thinker.__init__(
            self, EVALUATIONS, True, True, ENDGAME, SAMPLES, BUDGET, doubt=True
        )


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, server)."""
    return think(_thinker, view, rng)


_thinker = Thinker()
