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
shed, and a winning bonus for reaching the match target (by a play's count or
at a hand's end: a domino's pips, a blocked hand's difference). The move with the
best total over the samples is played; every move sees the same samples, so the
luck of a deal does not blur the comparison. A play that mirrors another (the
lead turned round, or a play on E while no double is down and both ends show
one number) is worth the same, so it is not searched.

Drawing is a candidate too when the rules allow it while holding a playable
tile (draw=optional): it is judged as the best of our plays after the sampled
draw, one ply deeper.

Anytime and bounded: the search is an explicit stack (one level per ply), so it
stops after any *node* (a level entered, or one tile tried on one end) and
resumes at the next `step()`. A step does at most `STEP` nodes, whatever the
hand; a decision at most `BUDGET` nodes, counted the same on every Python, and
a sample that the budget cuts short is left out of the totals. Alpha-beta cuts
below the opponent's reply give the same values as the full search with fewer
nodes. Values are integers (1/8 points), so a seed gives the same decision on
every board.
"""

from core.actions import DRAW
from core.table import E, LEAD_FLIP, Table, W
from core.tiles import HIGH, LOW, NUMBER, pips, round5, spread
from micropython import const

from players import at_once
from players.evaluate import count_after, points

BUDGET = const(640)  # nodes per decision (device time: docs/players.md)
STEP = const(26)  # nodes per step: one frame's share of search on the device
SAMPLES = const(24)  # samples per decision at most
DEPTH = const(2)  # plies searched after our move
SAMPLE_WORK = const(4)  # a sample's dealing, in nodes
WIN = const(800)  # reaching the match target: 100 points, in 1/8 points
SHED = const(2)  # value of a pip out of a hand, in 1/8 points
_INF = const(1 << 20)
# Candidate moves at most: a lead from 21 tiles, each either way round (42);
# later, 4 ends with at most 7 tiles showing each end's number, and a draw.
_MAX_MOVES = const(42)
_LEVELS = const(DEPTH + 2)  # levels 1 .. DEPTH + 1 (a draw searches one deeper)

# Work done since start-up, for the arena and the bench: decisions, nodes.
stats = [0, 0]

_order = bytearray(28)  # the sample: opponent hand first, then the stock order
_tables = [Table() for _ in range(DEPTH + 1)]  # one scratch table per ply
_need = [0, 0]  # points our side (0) and the opponent (1) still need to win

# The search's stack, one entry per level (indexed by the plies left): the table
# the side to move plays on, its hand and the other's, the stock drawn so far,
# whose need it has, the tiles it has still to try, the tile being tried and
# its next end, the best value so far, the alpha-beta window, the gain of the
# play whose answer is being searched, and whether the level passed.
_table = [_tables[0]] * _LEVELS  # set as each level is entered
_a = [0] * _LEVELS
_b = [0] * _LEVELS
_drawn = bytearray(_LEVELS)
_side = bytearray(_LEVELS)
_fits = [0] * _LEVELS
_tile = [0] * _LEVELS
_end = bytearray(_LEVELS)
_best = [0] * _LEVELS
_alpha = [0] * _LEVELS
_beta = [0] * _LEVELS
_gain = [0] * _LEVELS
_passed = bytearray(_LEVELS)

# What the search does next.
_SAMPLE = const(0)  # deal the next sample (or finish)
_MOVE = const(1)  # start searching the current move on the sample
_TRY = const(2)  # try the next tile and end at the current level
_RETURN = const(3)  # hand the current level's value to its parent


class Thinker:
    """One decision at a time: `start(view, rng)`, then `step()` until it returns True."""

    def __init__(self, budget=BUDGET, step=STEP, samples=SAMPLES):
        self.budget = budget
        self.most = samples
        self.chunk = max(step, SAMPLE_WORK)  # a step can always deal a sample
        self.moves = bytearray(_MAX_MOVES)
        self.totals = [0] * _MAX_MOVES
        self.values = [0] * _MAX_MOVES  # the current sample's values, until it completes
        self.n = 0
        self.action = -1
        self.done = True

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        n = 0
        table = view.table
        # A line without a double is the same seen from either end: when its ends
        # show one number (or at the lead), a play on E (or the lead turned round)
        # is a play on W (the lead) mirrored, worth the same, so it is left out.
        mirrored = -1
        if not table.n:
            mirrored = LEAD_FLIP
        elif table.spinner < 0 and table.value[W] == table.value[E]:
            mirrored = E
        for a in view.legal:
            # Drawing is weighed only against plays, and never at the lead.
            if a & 7 == mirrored and a < DRAW:
                continue
            if a < DRAW or (a == DRAW and n and table.n):
                self.moves[n] = a
                self.totals[n] = 0
                n += 1
        self.n = n
        self.action = self.moves[0] if n else view.legal[0]
        self.spurned = _spurned(view) if n > 1 else 0
        self.left = self.budget  # nodes left for this decision
        self.samples = 0
        self.move = 0  # the move being searched on the current sample
        self.phase = _SAMPLE
        self.level = 0
        self.value = 0
        self.done = n <= 1  # a single choice needs no thought
        stats[0] += 1

    def step(self):
        """At most `chunk` nodes of search; True when the decision is made (`action`
        is then final)."""
        if not self.done:
            used = self._search(min(self.chunk, self.left))
            self.left -= used
            stats[1] += used
            if self.left <= 0 and not self.done:
                # The budget is spent: a sample cut short is left out, unless
                # it is the first (then the moves it has judged are compared).
                self.done = True
                if not self.samples:
                    self._take_stock(self.move)
        return self.done

    def _search(self, work):
        """Search for up to `work` nodes from where the last step stopped; returns
        the nodes used."""
        used = 0
        phase = self.phase
        d = self.level
        value = self.value
        while used < work:
            if phase == _TRY:
                table = _table[d]
                k = table.open_ends()
                tile = _tile[d]
                end = _end[d]
                while True:  # the next end the tile fits, else the next tile
                    if end < k:
                        v = table.value[end]
                        if LOW[tile] == v or HIGH[tile] == v:
                            break
                        end += 1
                    elif _fits[d]:
                        fits = _fits[d]
                        tile = 0
                        while not fits >> tile & 1:
                            tile += 1
                        _fits[d] = fits & ~(1 << tile)
                        _tile[d] = tile
                        end = 0
                    else:
                        break
                if end >= k:  # every play tried
                    value = _best[d]
                    phase = _RETURN
                    continue
                _end[d] = end + 1
                used += 1
                side = _side[d]
                gain = points(count_after(table, tile, end))
                if gain >= _need[side]:
                    value = gain * 8 + WIN
                    phase = _RETURN
                    continue
                b = _b[d]
                left = _a[d] & ~(1 << tile)
                if not left:
                    v = _out(gain + round5(pips(b)), side)
                elif d > 1:
                    g = gain * 8
                    _gain[d] = g
                    nxt = _tables[d - 1]
                    nxt.copy_from(table)
                    nxt.place(tile, end)
                    e = self._enter(
                        d - 1, nxt, b, left, _drawn[d], 1 - side, g - _beta[d], g - _alpha[d]
                    )
                    if e > 0:
                        d = e
                    else:
                        d = -e
                        value = self.value
                        phase = _RETURN
                    continue
                else:
                    v = gain * 8 + _shed(left, b)
                if _better(d, v):
                    value = _best[d]
                    phase = _RETURN
            elif phase == _RETURN:
                d += 1
                if d > self.top:  # the move's value on this sample
                    self.values[self.move] = self.root + (value if self.top > DEPTH else -value)
                    self.move += 1
                    if self.move < self.n:
                        phase = _MOVE
                    else:
                        self._take_stock(self.n)
                        phase = _SAMPLE
                elif _passed[d]:
                    value = -value
                else:
                    phase = _TRY
                    if _better(d, _gain[d] - value):
                        value = _best[d]
                        phase = _RETURN
            elif phase == _MOVE:
                used += 1
                e = self._begin(self.moves[self.move])
                if e > 0:
                    d = e
                    phase = _TRY
                else:
                    d = -e
                    value = self.value
                    phase = _RETURN
            elif self.samples >= self.most or self.left - used < SAMPLE_WORK:
                self.done = True
                break
            elif used + SAMPLE_WORK > work:
                break  # deal at the next step
            else:
                used += SAMPLE_WORK
                self._sample()
                self.move = 0
                phase = _MOVE
        self.phase = phase
        self.level = d
        self.value = value
        return used

    def _take_stock(self, n):
        """Add the sample's values of the first `n` moves; the best of them so far
        is the action."""
        self.samples += 1
        best = 0
        for j in range(n):
            self.totals[j] += self.values[j]
            if self.totals[j] > self.totals[best]:
                best = j
        if n:
            self.action = self.moves[best]

    def _begin(self, action):
        """Set up the search of `action` on the current sample: returns the level to
        search, or minus the top level when the value is known at once."""
        view = self.view
        me = view.seat
        size = view.hand_sizes[1 - me]
        self.stock_end = size + view.stock  # sampled tiles past this are kept: never drawn
        opp = 0
        for j in range(size):
            opp |= 1 << _order[j]
        target = view.options.target
        _need[0] = target - view.scores[me]
        _need[1] = target - view.scores[1 - me]
        self.value = 0
        if action == DRAW:  # our best play after the draw, one ply deeper
            self.top = DEPTH + 1
            self.root = 0
            mine = view.hand | 1 << _order[size]
            return self._enter(DEPTH + 1, view.table, mine, opp, size + 1, 0, -_INF, _INF)
        self.top = DEPTH  # the move's value: what it gains, less the opponent's answer
        t = action >> 3
        table = _tables[DEPTH]
        table.copy_from(view.table)
        table.place(t, action & 7)
        mine = view.hand & ~(1 << t)
        gained = points(table.count())
        self.root = gained * 8
        if gained >= _need[0]:
            self.root += WIN
            return -DEPTH
        if not mine:
            self.root = _out(gained + round5(pips(opp)), 0)
            return -DEPTH
        _need[0] -= gained
        return self._enter(DEPTH, table, opp, mine, size, 1, -_INF, _INF)

    def _enter(self, d, table, a, b, drawn, side, alpha, beta):
        """Enter level `d` with the window (alpha, beta): `a` to move on `table`,
        drawing while it cannot play, passing when the stock is out. Returns the
        level to search (lower after passes), or minus the level whose value is
        known (in `self.value`)."""
        stock_end = self.stock_end
        while True:
            fits = a & table.open_tiles
            while not fits and drawn < stock_end:
                a |= 1 << _order[drawn]
                drawn += 1
                fits = a & table.open_tiles
            if fits:
                _passed[d] = 0
                _table[d] = table
                _a[d] = a
                _b[d] = b
                _drawn[d] = drawn
                _side[d] = side
                _fits[d] = fits
                _tile[d] = 0
                _end[d] = 4  # past every end: the first tile is taken from `fits`
                _best[d] = -_INF
                _alpha[d] = alpha
                _beta[d] = beta
                return d
            if not b & table.open_tiles:  # blocked: the lighter hand scores the difference
                diff = round5(pips(b)) - round5(pips(a))
                self.value = _out(diff, side) if diff > 0 else -_out(-diff, 1 - side)
                return -d
            if d == 1:  # the horizon
                self.value = _shed(a, b)
                return -d
            _passed[d] = 1  # it cannot play: the other side moves on the same table
            a, b = b, a
            side = 1 - side
            alpha, beta = -beta, -alpha
            d -= 1

    def _sample(self):
        """Shuffle the unseen tiles, then gather a consistent opponent hand at the front."""
        view = self.view
        opp = view.opponent
        unseen = view.unseen
        k = spread(unseen, _order)
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


def _spurned(view):
    """Unseen tiles that would have scored more than the opponent's last play did:
    a player who scores when it can is unlikely to hold them."""
    opp = view.opponent
    last = -1
    log = view.log  # action << 2 | seat
    for i in range(len(log)):
        if log[i] & 3 == opp and log[i] >> 2 < DRAW:
            last = i
    table = _tables[0]
    table.reset()
    for i in range(last):
        a = log[i] >> 2
        if a < DRAW:
            table.place(a >> 3, a & 7)
    if last < 0 or not table.n:
        return 0
    a = log[last] >> 2
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


def _better(d, v):
    """Take `v` as level `d`'s best if it is; True when the level is cut off."""
    if v > _best[d]:
        _best[d] = v
        if v > _alpha[d]:
            _alpha[d] = v
    return _best[d] >= _beta[d]


def _out(score, side):
    """The value of a hand's end at which `side` scores `score` (a domino's count
    and the pips, or a block's difference): with the winning bonus if that reaches
    the target."""
    return score * 8 + WIN if score >= _need[side] else score * 8


def _shed(a, b):
    """The leaf's small preference for the lighter hand, for `a`."""
    return (pips(b) - pips(a)) * SHED


# The whole decision at once (autoplay, arena, tests).
choose = at_once(Thinker)
