"""The sampling solver of the draw-and-block games, the arena's yardstick.

Modelled on a published domino AI: before the `solve_from`-th tile is on the line
it plays the heaviest tile; from then on it deals the tiles it cannot see
`samples` times, consistent with its view (players.block_deal), solves each deal
exactly (players.block_solve) and plays the move that was best on the most deals
(ties to the first legal one). Every move is solved on every deal; a move that
ties the best so far is counted as best too.

Anytime: a `Thinker` does at most `step_nodes` nodes of search per `step()`, the
next step going on with the same search where it stopped; with a `budget` (nodes
per decision, 0 for none) it stops when that is spent and plays by the deals
solved so far (the heaviest tile if none). A thinker's budget and table are the
device's, BUDGET and players.block_solve's SLOTS entries; `choose` (the arena)
thinks with ARENA_BUDGET and TABLE_MAX entries (some 1.4 MB). Where a decision
is made at once (`choose`: the arena, autoplay, the tests) the steps are of
CHOOSE_STEP nodes: no frame waits, and the move is the same whatever the step.
"""

from core.actions import PAIR
from core.tiles import weight
from micropython import const

from players import at_once
from players import block_solve as solve
from players.block_deal import (
    deal,
    doubts,
    ends,
    hands,
    KOZEL,
    lead_tile,
    play,
    played_tile,
    value_by,
)

SAMPLES = const(30)
SOLVE_FROM = const(9)
STEP_NODES = const(8)  # nodes per step: 4-7 ms on the virtual Pico, so a frame fits several
BUDGET = const(1200)  # nodes per decision on the device (2,000 gave p90 1,409 ms)
ARENA_BUDGET = const(100000)  # nodes per decision in the arena (a second or so here)
TABLE_MAX = const(65521)  # transposition entries in the arena (block_solve takes 65,536 at most)
CHOOSE_STEP = const(1024)  # nodes per step of a decision made at once (see above)
_MAX_MOVES = const(16)

stats = [0, 0]  # decisions, search nodes since start-up (arena, bench)


def heaviest(legal):
    """The first legal play of the heaviest tile (a two-double play weighs both)."""
    best = legal[0]
    best_weight = -1
    for a in legal:
        if a >= PAIR:
            w = 2 * ((a - PAIR >> 3) + (a - PAIR & 7))
        elif a >> 3 < 28:
            w = weight(a >> 3)
        else:
            w = -1  # a draw or a pass
        if w > best_weight:
            best = a
            best_weight = w
    return best


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns True."""

    def __init__(
        self,
        samples=SAMPLES,
        solve_from=SOLVE_FROM,
        budget=BUDGET,
        step_nodes=STEP_NODES,
        table_max=solve.SLOTS,
        points=False,
        doubt=False,
        win=False,
        by_match=False,
    ):
        self.samples = samples
        self.solve_from = solve_from
        self.budget = budget
        self.step_nodes = step_nodes
        self.table_max = table_max
        self.points = points  # value a duel's hands by the points they score
        self.doubt = [0, 0, 0, 0] if doubt else None  # deal by players.block_deal.doubts
        self.win = win  # value a one-hand match's hand as won or lost
        self.by_match = by_match  # value a Kozel hand as its match writes it (block_deal.value_by)
        self.moves = [0] * _MAX_MOVES
        self.values = [0] * _MAX_MOVES
        self.votes = [0] * _MAX_MOVES
        self.n = 0
        self.searching = False
        self.action = -1
        self.done = True

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        legal = view.legal
        self.action = heaviest(legal)
        stats[0] += 1
        self.done = len(legal) < 2 or view.table.n < self.solve_from - 1
        if self.done:
            return
        n = min(len(legal), _MAX_MOVES)
        for i in range(n):
            self.moves[i] = legal[i]
            self.votes[i] = 0
        self.n = n
        if self.doubt is not None:
            doubts(view, self.doubt)
        self.searching = False  # a move's search under way (players.block_solve.run)
        self.sample = 0
        self.dealt = False  # the current sample's deal made
        self.move = 0  # the move being solved on the current deal
        self.left = self.budget
        self.best = -solve.WIN

    def step(self):
        """A sample's deal, or at most `step_nodes` nodes of search; True when
        the decision is made."""
        if self.done:
            return True
        view = self.view
        if self.move == 0 and not self.dealt:
            self.dealt = True  # until every move is solved on it, however many steps that takes
            self.stock_at = deal(view, self.rng, self.doubt)
            by = value_by(view, self.points, self.win, self.by_match)
            solve.setup(
                view.players,
                view.pairs,
                view.seat,
                self.stock_at + view.stock,
                self.table_max,
                self.points,
                view.leader if self.win and view.options.target == 0 else -1,
                view if by == KOZEL else None,
            )
            return False  # the deal is a step of its own (players.block_hard's Sampler.step)
        solve.nodes = 0
        solve.limit = self.step_nodes
        if self.budget and self.left < solve.limit:
            solve.limit = self.left
        while self.move < self.n:
            if self.searching:
                if not solve.run():
                    break  # the search goes on where it stopped at the next step
                v = solve.result
                self.searching = False
            else:
                v = self._solve(self.moves[self.move])
                if self.searching:
                    continue
            self.values[self.move] = v
            if v > self.best:
                self.best = v
            self.move += 1
        stats[1] += solve.nodes
        self.left -= solve.nodes
        if self.move == self.n:
            self._count()
        if self.sample >= self.samples or (self.budget and self.left <= 0):
            self.done = True
        return self.done

    def _count(self):
        """The deal is solved: a vote for every move that was best on it."""
        best = 0
        for i in range(self.n):
            if self.values[i] == self.best:
                self.votes[i] += 1
            if self.votes[i] > self.votes[best]:
                best = i
        self.action = self.moves[best]
        self.sample += 1
        self.dealt = False
        self.move = 0
        self.best = -solve.WIN

    def _solve(self, action):
        """The value of `action` on the current deal when the hand ends with it;
        else its search is set up (`searching`), to be exact when not below the
        best so far (less one, so that ties are seen)."""
        view = self.view
        hands(view, solve.hands)
        solve.lead = lead_tile(view, action)
        if not play(view, solve.hands, action):
            return solve.value(view.seat, played_tile(action))
        me = view.seat
        after = me + 1 if me + 1 < view.players else 0
        solve.start(after, ends[0], ends[1], self.stock_at, 0, self.best - 1, solve.WIN)
        self.searching = True
        return 0


# The whole decision at once (autoplay, arena, tests).
choose = at_once(Thinker, budget=ARENA_BUDGET, step_nodes=CHOOSE_STEP, table_max=TABLE_MAX)
