"""The professional of Domino 1x1 (RULES.md 3a rates it 1600): the hard level's
judgement a ply deeper, with more play-outs and the endgame solved.

Until the stock is spent and the two hands hold at most ENDGAME tiles, it judges
every move as players.block_hard does on sampled deals, but against each of the
opponent's replies (what it would draw, then every tile it could play), every
reply played out greedily and the move valued by the reply worst for it
(players.block_hard's `reply`), PLAYOUTS play-outs per decision (hard has 96),
each hand's end valued by the points it scores in a duel (the lower count wins
the other's: players.block_deal.duel). From then on it deals
the hidden tiles (the opponent's hand and the two locked in the stock) SAMPLES
times, solves each deal exactly for the same points (players.block_solver, at
most BUDGET nodes) and plays the move best on the most deals.

Anytime like the other levels: a `Thinker` (start, step, action) whose steps are
one play-out or at most 8 nodes of search. It deals with hard's doubts
(players.block_deal.doubts): without them it was no stronger than hard once hard
had them (docs/players.md).
"""

from micropython import const

from players import at_once, block_hard, block_solver

PLAYOUTS = const(144)  # play-outs per decision before the endgame
ENDGAME = const(10)  # tiles in both hands from which, the stock spent, it solves
SAMPLES = const(20)  # deals solved per endgame decision
BUDGET = const(1200)  # search nodes per endgame decision (the solver's device budget)


class Thinker(block_hard.Thinker):
    """players.block_hard's thinker with the professional's numbers, the duel's
    points and every move judged against the opponent's replies."""

    def __init__(self, step_nodes=block_solver.STEP_NODES):
        block_hard.Thinker.__init__(
            self,
            PLAYOUTS,
            True,
            ENDGAME,
            SAMPLES,
            BUDGET,
            doubt=True,
            reply=block_hard.ALWAYS,
            step_nodes=step_nodes,
        )


# The whole decision at once (autoplay, arena, server).
choose = at_once(Thinker, step_nodes=block_solver.CHOOSE_STEP)
