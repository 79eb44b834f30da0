"""The expert level: judge every move on sampled deals of the hidden tiles.

A *sample* deals the tiles this seat cannot see into an opponent hand and a
stock order consistent with its view: the opponent's hand size, the stock size,
and the numbers the opponent has shown it lacks (save for the tiles it has drawn
since). Tiles that would have scored more than the opponent's last play did are
left out of its hand when the sample allows: players score when they can. On
each sample every candidate move is searched with both hands open,
three plies deep: our move, the opponent's best reply, our best answer (a side
that cannot play draws from the sampled stock). The leaves count the points
scored on the way, the pips left in a hand that goes out, a small bonus per pip
shed, and a winning bonus for reaching the match target. The move with the best
total over the samples is played; every move sees the same samples, so the
luck of a deal does not blur the comparison.

Drawing is a candidate too when the rules allow it while holding a playable
tile (draw=optional): it is judged as the best of our plays after the sampled
draw, one ply deeper.

Anytime: a `Thinker` judges one move on one sample per `step()` (an
*evaluation*), so the frame loop can draw between steps, and `action` is the
best move so far. The budget is a number of evaluations per decision. Values
are integers (1/8 points), so a seed gives the same decision on every board.
"""

from core.actions import DRAW
from core.table import Table
from core.tiles import HIGH, LOW, NUMBER, pips, round5
from micropython import const

from players.evaluate import count_after, points

BUDGET = const(60)  # evaluations per decision on the device
DEPTH = const(2)  # plies searched after our move
_WIN = const(800)  # reaching the match target: 100 points, in 1/8 points
_SHED = const(2)  # value of a pip out of a hand, in 1/8 points
# Candidate moves at most: a lead from 21 tiles, each either way round (42);
# later, 4 ends with at most 7 tiles showing each end's number, and a draw.
_MAX_MOVES = const(42)

# Work done since start-up, for the arena and the bench: decisions, evaluations.
stats = [0, 0]

_order = bytearray(28)  # the sample: opponent hand first, then the stock order
_tables = [Table() for _ in range(DEPTH + 1)]  # one scratch table per ply
_need = [0, 0]  # points our side (0) and the opponent (1) still need to win


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns True."""

    def __init__(self, budget=BUDGET):
        self.budget = budget
        self.moves = bytearray(_MAX_MOVES)
        self.totals = [0] * _MAX_MOVES
        self.n = 0
        self.next = 0
        self.left = 0
        self.action = -1

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        n = 0
        for a in view.legal:
            # Drawing is weighed only against plays, and never at the lead.
            if a < DRAW or (a == DRAW and n and view.table.n):
                self.moves[n] = a
                self.totals[n] = 0
                n += 1
        self.n = n
        self.action = self.moves[0] if n else view.legal[0]
        self.next = 0
        self.spurned = _spurned(view) if n > 1 else 0
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
            self._sample()
        self.totals[i] += self._evaluate(self.moves[i])
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

    def _sample(self):
        """Shuffle the unseen tiles, then gather a consistent opponent hand at the front."""
        view = self.view
        opp = view.opponent
        unseen = view.unseen
        k = 0
        t = 0
        while unseen >> t:
            if unseen >> t & 1:
                _order[k] = t
                k += 1
            t += 1
        self.rng.shuffle(_order, k)
        may_hold = unseen
        for n in range(7):
            if view.lacks[opp] >> n & 1:
                may_hold &= ~NUMBER[n]
        others = view.free[opp]  # tiles it drew since showing what it lacks
        size = view.hand_sizes[opp]
        taken = _gather(may_hold & ~self.spurned, others, size, k, 0)
        if taken < size:  # it may have let a better score go after all
            taken = _gather(may_hold, others, size, k, taken)
        if taken < size:  # the public knowledge overstated what it lacks: relax it
            _gather(unseen, size, size, k, taken)

    def _evaluate(self, action):
        """The value of `action` on the current sample, for this seat, in 1/8 points."""
        view = self.view
        me = view.seat
        size = view.hand_sizes[1 - me]
        stock_end = size + view.stock  # sampled tiles past this are kept: never drawn
        opp = 0
        for j in range(size):
            opp |= 1 << _order[j]
        target = view.options.target
        _need[0] = target - view.scores[me]
        _need[1] = target - view.scores[1 - me]
        if action == DRAW:
            mine = view.hand | 1 << _order[size]
            return _negamax(view.table, mine, opp, size + 1, stock_end, DEPTH + 1, 0)
        t = action >> 3
        table = _tables[DEPTH]
        table.copy_from(view.table)
        table.place(t, action & 7)
        mine = view.hand & ~(1 << t)
        gained = points(table.count())
        if gained >= _need[0]:
            return gained * 8 + _WIN
        _need[0] -= gained
        if not mine:
            return (gained + round5(pips(opp))) * 8
        return gained * 8 - _negamax(table, opp, mine, size, stock_end, DEPTH, 1)


def _spurned(view):
    """Unseen tiles that would have scored more than the opponent's last play did:
    a player who scores when it can is unlikely to hold them."""
    opp = view.opponent
    last = -1
    for i in range(len(view.log)):
        if view.log[i][0] == opp and view.log[i][1] < DRAW:
            last = i
    table = _tables[0]
    table.reset()
    for i in range(last):
        a = view.log[i][1]
        if a < DRAW:
            table.place(a >> 3, a & 7)
    if last < 0 or not table.n:
        return 0
    a = view.log[last][1]
    scored = points(count_after(table, a >> 3, a & 7))
    spurned = 0
    k = table.open_ends()
    fits = view.unseen & table.playable()
    t = 0
    while fits >> t:
        if fits >> t & 1:
            for end in range(k):
                if table.fits(t, end) and points(count_after(table, t, end)) > scored:
                    spurned |= 1 << t
        t += 1
    return spurned


def _gather(allowed, others, size, k, taken):
    """Move tiles of `_order[taken:k]` to the front until `size` are there: tiles in
    `allowed`, and at most `others` tiles outside it. Returns how many are there."""
    for j in range(taken, k):
        if taken == size:
            break
        t = _order[j]
        if allowed >> t & 1 or others:
            if not allowed >> t & 1:
                others -= 1
            _order[j] = _order[taken]
            _order[taken] = t
            taken += 1
    return taken


def _negamax(table, a, b, drawn, stock_end, depth, side):
    """What hand `a`, to move on `table`, can make over `depth` plies, less what `b`
    makes, in 1/8 points; `side` says whose need (0 ours, 1 the opponent's) `a` has."""
    fits = a & table.playable()
    while not fits and drawn < stock_end:
        t = _order[drawn]
        drawn += 1
        a |= 1 << t
        fits = a & table.playable()
    if not fits:
        if depth == 1 or not b & table.playable():  # the horizon, or a blocked hand
            return _shed(a, b)
        return -_negamax(table, b, a, drawn, stock_end, depth - 1, 1 - side)
    k = table.open_ends()
    value = table.value
    best = -(1 << 20)
    t = 0
    while fits >> t:
        if fits >> t & 1:
            low = LOW[t]
            high = HIGH[t]
            left = a & ~(1 << t)
            for end in range(k):
                v = value[end]
                if low == v or high == v:
                    gain = points(count_after(table, t, end))
                    if gain >= _need[side]:
                        return gain * 8 + _WIN
                    if not left:
                        gain = (gain + round5(pips(b))) * 8
                    elif depth > 1:
                        nxt = _tables[depth - 1]
                        nxt.copy_from(table)
                        nxt.place(t, end)
                        gain = gain * 8 - _negamax(
                            nxt, b, left, drawn, stock_end, depth - 1, 1 - side
                        )
                    else:
                        gain = gain * 8 + _shed(left, b)
                    if gain > best:
                        best = gain
        t += 1
    return best


def _shed(a, b):
    """The leaf's small preference for the lighter hand, for `a`."""
    return (pips(b) - pips(a)) * _SHED


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, tests)."""
    _thinker.start(view, rng)
    while not _thinker.step():
        pass
    return _thinker.action


_thinker = Thinker()
