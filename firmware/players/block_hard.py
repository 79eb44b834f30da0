"""The hard level of the draw-and-block games: judge every move on sampled deals.

A *sample* deals the tiles this seat cannot see into the other hands and the
stock, consistent with its view: every hand's size, the stock's size, and the
numbers each seat has shown it lacks (save for the tiles it drew since; see
players.block_deal). On each sample, every candidate move is played and the hand
played out to its end by every seat greedily (the heaviest playable tile; a seat
that cannot play draws, then passes). The move's value is what the hand's end
leaves: the lowest count among the opponents' sides less its own side's count (a
lone [0|0] counting 25 and a lone [6|6] 50), so it plays for its side in pairs.
In a match of one hand (International's `target=hand`) a hand won counts _WON
more than that and a hand lost _WON less (players.block_deal.hand_won): the
side that wins the hand wins the match, whatever the counts. The move with the
best total over the samples is played; every move sees the same samples. The
play-outs are players.block_deal's `play_out`, greedy. The deals keep out of a
seat's hand, in 3 deals of 4 where they can, the tiles it passed over for a
lighter one (`doubt`: players.block_deal.doubts; the opponents that play their
heaviest tile seldom hold them).

The endgame is solved: once the stock is spent and all hands together hold at
most ENDGAME tiles, it deals the hidden tiles SAMPLES times, solves each deal
exactly (players.block_solver, at most NODES nodes a decision) and plays the
move best on the most deals (a one-hand match's hand valued only won or lost).
players.block_professional is this judgement with other numbers.

Anytime, like players.expert: a `Thinker` plays one move out on one sample per
`step()` (an *evaluation*), or searches at most 64 nodes in the endgame, and
`action` is the best move so far; the budget is a number of evaluations, or of
nodes, per decision. Integer values: the same decision on every board.
"""

from core.actions import PAIR
from core.blockrules import hand_count
from core.table import LEAD_FLIP
from micropython import const

from players import block_solver, think
from players.block_deal import (
    deal,
    doubts,
    duel,
    ends,
    hand_won,
    hands,
    order,
    play,
    play_out,
    side_value,
)

BUDGET = const(96)  # evaluations per decision on the device
ENDGAME = const(12)  # tiles in all hands from which, the stock spent, it solves
SAMPLES = const(20)  # deals solved per endgame decision
NODES = const(1200)  # search nodes per endgame decision (the solver's device budget)
# Transposition entries in the endgame: players.block_solve allocates as many at
# import (SLOTS), 22 bytes each; the device budget seldom fills them.
TABLE = const(31)
_WON = const(256)  # a hand won (or lost), above any difference of the counts
_MAX_MOVES = const(16)  # a lead from 7 tiles either way round, and a two-double play

stats = [0, 0]  # decisions, evaluations since start-up (arena, bench)

_hands = [0, 0, 0, 0]  # the playout's hands


class Sampler:
    """Judging by play-outs: `start(view, rng)`, then `step()` until it returns True."""

    def __init__(self, budget=BUDGET, points=False, one_lead=False, doubt=False, win=False):
        self.budget = budget
        self.win = win  # value a one-hand match's hand as won or lost first
        self.won = False  # this decision's hands so valued
        self.doubt = [0, 0, 0, 0] if doubt else None  # players.block_deal.doubts
        self.points = points  # value a duel's hands by the points they score
        self.one_lead = one_lead  # judge a lead one way round only (see start)
        self.moves = [0] * _MAX_MOVES
        self.totals = [0] * _MAX_MOVES
        self.n = 0
        self.next = 0
        self.left = 0
        self.action = -1

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        self.won = self.win and view.options.target == 0
        legal = view.legal
        n = 0
        for a in legal:
            # A lead either way round makes the same hand (W and E are only names).
            if n < _MAX_MOVES and not (self.one_lead and a < PAIR and a & 7 == LEAD_FLIP):
                self.moves[n] = a
                self.totals[n] = 0
                n += 1
        self.n = n
        self.action = legal[0]
        self.next = 0
        if self.doubt is not None:
            doubts(view, self.doubt)
        # Whole samples only, so that every move is judged on the same deals;
        # a single choice needs no thought.
        self.left = max(1, self.budget // n) * n if n > 1 else 0
        stats[0] += 1

    def step(self):
        """One evaluation; True when the decision is made (`action` is then final)."""
        if self.left <= 0:
            return True
        i = self.next
        if i == 0:
            self.stock_at = deal(self.view, self.rng, self.doubt)
        self.totals[i] += _evaluate(self.view, self.moves[i], self.stock_at, self.points, self.won)
        self.left -= 1
        stats[1] += 1
        self.next = i + 1 if i + 1 < self.n else 0
        if self.next == 0:  # a sample is complete: take stock
            best = 0
            for j in range(1, self.n):
                if self.totals[j] > self.totals[best]:
                    best = j
            self.action = self.moves[best]
        return self.left <= 0


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns
    True; a Sampler's decision until the stock is spent and the hands hold at
    most `endgame` tiles, then the solver's (`samples` deals, `nodes` at most)."""

    def __init__(
        self,
        budget=BUDGET,
        points=False,
        one_lead=False,
        endgame=ENDGAME,
        samples=SAMPLES,
        nodes=NODES,
        doubt=True,
        win=True,
    ):
        self.endgame = endgame
        self.sampler = Sampler(budget, points, one_lead, doubt, win)
        self.solver = block_solver.Thinker(
            samples=samples,
            solve_from=0,
            budget=nodes,
            table_max=TABLE,
            points=points,
            doubt=doubt,
            win=win,
        )
        self.now: Sampler | block_solver.Thinker = self.sampler
        self.action = -1

    def start(self, view, rng):
        late = view.stock == 0 and sum(view.hand_sizes) <= self.endgame
        self.now = self.solver if late else self.sampler
        self.now.start(view, rng)
        self.action = self.now.action

    def step(self):
        """One play-out or a bounded piece of search; True when the decision is made."""
        done = self.now.step()
        self.action = self.now.action
        return done


def _evaluate(view, action, stock_at, points, won):
    """The value of `action` on the current sample, for this seat's side (with
    `points`, the duel's points: players.block_deal.duel; with `won`, _WON for a
    hand won, less for one lost, then the counts as without)."""
    n = view.players
    me = view.seat
    hands(view, _hands)
    out = me
    if play(view, _hands, action):
        after = me + 1 if me + 1 < n else 0
        out = play_out(
            _hands, n, after, ends[0], ends[1], order, stock_at, stock_at + view.stock, None
        )
    if points:
        return duel(hand_count(_hands[me]), hand_count(_hands[1 - me]))
    v = side_value(_hands, n, view.pairs, me)
    if won:
        v += _WON * hand_won(_hands, n, view.pairs, me, out, view.leader)
    return v


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, tests)."""
    return think(_thinker, view, rng)


_thinker = Thinker()
