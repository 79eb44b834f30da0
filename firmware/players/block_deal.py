"""Deals of the tiles a seat of a draw-and-block game cannot see, consistent with
its view: every other hand's size, the stock's size, and the numbers each seat
has shown it lacks by passing or drawing (`view.lacks`), save for the tiles it
drew since (`view.free`). The hard level plays its moves out on such deals; the
solver solves them.
"""

from core.actions import PAIR
from core.table import LEAD
from core.tiles import count, DOUBLES, HIGH, LOW, NUMBER, spread
from micropython import const

_ATTEMPTS = const(8)  # shuffles tried before what a seat lacks is relaxed

# The deal: the other hands (seat s's from at[s]), then the stock in drawing order.
order = bytearray(28)
at = bytearray(4)
_may_hold = [0, 0, 0, 0]
ends = bytearray(2)  # the line's W and E numbers after play()


def deal(view, rng):
    """Shuffle the unseen tiles into `order`, then gather every other seat's hand,
    the most constrained first, from the tiles it may hold; a shuffle that leaves a seat short
    is made again (a few times, then what a seat lacks is relaxed). Returns where
    the stock begins."""
    for attempt in range(_ATTEMPTS):
        taken = _deal(view, rng, attempt + 1 == _ATTEMPTS)
        if taken >= 0:
            return taken
    return taken


def _deal(view, rng, relax):
    unseen = view.unseen
    k = spread(unseen, order)
    rng.shuffle(order, k)
    for s in range(view.players):
        may_hold = unseen
        for n in range(7):
            if view.lacks[s] >> n & 1:
                may_hold &= ~NUMBER[n]
        _may_hold[s] = may_hold
    taken = 0
    done = 1 << view.seat
    for _ in range(view.players - 1):
        s = _tightest(view, done)
        done |= 1 << s
        size = view.hand_sizes[s]
        end = taken + size
        got = _gather(_may_hold[s], view.free[s], end, k, taken)
        if got < end:
            if not relax:
                return -1
            _gather(unseen, size, end, k, got)  # the knowledge overstated what it lacks
        at[s] = taken
        taken = end
    return taken


def _tightest(view, done):
    """The seat not yet dealt with the fewest tiles it may hold (for its size)."""
    best = -1
    room = 99
    for s in range(view.players):
        if not done >> s & 1:
            r = count(_may_hold[s]) + view.free[s] - view.hand_sizes[s]
            if r < room:
                best = s
                room = r
    return best


def hands(view, out):
    """The hands of the current deal, by seat, into `out` (this seat's own hand)."""
    for s in range(view.players):
        if s == view.seat:
            out[s] = view.hand
            continue
        hand = 0
        for j in range(at[s], at[s] + view.hand_sizes[s]):
            hand |= 1 << order[j]
        out[s] = hand


def _gather(allowed, others, end, k, taken):
    """Move tiles of `order[taken:k]` forward until position `end`: tiles in
    `allowed`, and at most `others` tiles outside it. Returns where it stopped."""
    for j in range(taken, k):
        if taken == end:
            break
        t = order[j]
        if allowed >> t & 1 or others:
            if not allowed >> t & 1:
                others -= 1
            order[j] = order[taken]
            order[taken] = t
            taken += 1
    return taken


def play(view, out, action):
    """Make `action` (a play from view.legal, one of several) in the dealt hands
    `out`: the seat's hand loses its tiles, and `ends` holds the line's W and E
    numbers after it. Returns the seat's hand left."""
    me = view.seat
    w = view.table.value[0]
    e = view.table.value[1]
    if action >= PAIR:
        out[me] &= ~(1 << DOUBLES[(action - PAIR) >> 3] | 1 << DOUBLES[(action - PAIR) & 7])
    else:  # with more than one choice, every action is a play
        t = action >> 3
        out[me] &= ~(1 << t)
        where = action & 7
        if where >= LEAD:
            w = LOW[t]
            e = HIGH[t]
        elif where == 0:
            w = HIGH[t] if LOW[t] == w else LOW[t]
        else:
            e = HIGH[t] if LOW[t] == e else LOW[t]
    ends[0] = w
    ends[1] = e
    return out[me]


def duel(mine, theirs):
    """A Domino 1x1 hand's points for the seat whose hand counts `mine` (RULES.md
    3a): the lower count wins the other's (an empty hand counts 0), equal counts
    nobody."""
    if mine < theirs:
        return theirs
    return -mine if mine > theirs else 0
