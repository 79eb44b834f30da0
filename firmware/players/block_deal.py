"""Deals of the tiles a seat of a draw-and-block game cannot see, consistent with
its view: every other hand's size, the stock's size, and the numbers each seat
has shown it lacks by passing or drawing (`view.lacks`), save for the tiles it
drew since (`view.free`). The hard level plays its moves out on such deals
(`play`, then `play_out`); the solver solves them.

`play_out` is the players' play-out of a hand: hands as masks, the line as its
two end numbers, the stock as tiles in drawing order, and no engine (no events,
log or line arrays). It trusts the actions it makes itself, so it checks
nothing; tests/core/test_block_playout.py plays seeded hands through it and
through core.line's engine with the same random choices and finds the same
hands at the end.
"""

from core.actions import DRAW, PAIR
from core.blockrules import hand_count
from core.table import LEAD, LEAD_FLIP
from core.tiles import BIT_TILE, count, DOUBLES, HIGH, LOW, NUMBER, spread
from micropython import const

_ATTEMPTS = const(8)  # shuffles tried before what a seat lacks is relaxed
_TRUST = const(3)  # in 4 deals, a seat's doubts are kept out of its hand when they can be
_FINISH = const(0x8000001)  # [0|0] and [6|6], Kozel's two-double finish
NO_PAIRS = const(0)  # `play_out`'s `pairs`: never two doubles together (1x1, International)
ANY_PAIR = const(1)  # two doubles whenever both ends' doubles are held (Classic)
FINISH_PAIR = const(2)  # only [0|0] and [6|6] as a hand's last two, on 0 and 6 (Kozels)

# Every tile, heaviest first (ties to the larger half): the greedy play-out's
# order, and the solver's move order.
HEAVY = bytes(sorted(range(28), key=lambda t: (-(LOW[t] + HIGH[t]), -HIGH[t])))
RANK = bytearray(28)  # each tile's place in HEAVY
for _i in range(28):
    RANK[HEAVY[_i]] = _i
del _i
_choices = bytearray(16)  # a random play-out's choices: tile * 2 + end (0 W, 1 E)
_totals = [0, 0, 0, 0]  # side_value's counts by side

# The deal: the other hands (seat s's from at[s]), then the stock in drawing order.
order = bytearray(28)
at = bytearray(4)
_may_hold = [0, 0, 0, 0]
ends = bytearray(2)  # the line's W and E numbers after play()
last = bytearray(1)  # play_out's going out: the tile played last (PAIR_LAST for two doubles)
PAIR_LAST = const(28)
# How a hand's end is valued (value_by):
COUNTS = const(0)  # the lowest opposing side's count less its own side's
POINTS = const(1)  # a duel's points
WON = const(2)  # won or lost first, then the counts (a match of one hand)
KOZEL = const(3)  # what Kozel's match writes
GOAT = const(400)  # kozel_value's match lost or won, above any hand's counts
_BOUND = const(999)  # kozel_value's bound, within the solver's (players.block_solve.WIN)


def deal(view, rng, doubt=None):
    """Shuffle the unseen tiles into `order`, then gather every other seat's hand,
    the most constrained first, from the tiles it may hold (first those that no
    seat after it may hold, when there is no stock to take them); a shuffle that
    leaves a seat short is made again (a few times, then what a seat lacks is
    relaxed). With `doubt` (by seat, as `doubts` finds them) a seat's hand takes
    its doubted tiles, in _TRUST deals of 4, only when the others do not fill it.
    Returns where the stock begins."""
    for attempt in range(_ATTEMPTS):
        taken = _deal(view, rng, attempt + 1 == _ATTEMPTS, doubt)
        if taken >= 0:
            return taken
    return taken


def doubts(view, out):
    """Into `out` (by seat), the unseen tiles each other seat likely lacks: those
    that fitted the line, and outweighed the tile it played, when it played since
    its last draw (a seat that plays its heaviest tile would have played them)."""
    for s in range(view.players):
        out[s] = 0
    w = e = 0
    for entry in view.log:
        seat = entry & 3
        action = entry >> 2
        if action == DRAW:
            out[seat] = 0  # what it drew may be any of them
        if action >= DRAW:  # a draw, a pass or two doubles, which leave the ends as they were
            continue
        t = action >> 3
        where = action & 7
        low = LOW[t]
        high = HIGH[t]
        if where >= LEAD:
            w = high if where == LEAD_FLIP else low
            e = low if where == LEAD_FLIP else high
            continue
        if seat != view.seat:
            m = view.unseen & (NUMBER[w] | NUMBER[e])
            while m:
                b = m & -m
                m ^= b
                u = BIT_TILE[b % 37]
                if LOW[u] + HIGH[u] > low + high:
                    out[seat] |= b
        if where == 0:
            w = high if low == w else low
        else:
            e = high if low == e else low


def _deal(view, rng, relax, doubt):
    unseen = view.unseen
    k = spread(unseen, order)
    rng.shuffle(order, k)
    for s in range(view.players):
        may_hold = unseen
        for n in range(7):
            if view.lacks[s] >> n & 1:
                may_hold &= ~NUMBER[n]
        _may_hold[s] = may_hold
    stock = k
    for s in range(view.players):
        if s != view.seat:
            stock -= view.hand_sizes[s]
    taken = 0
    done = 1 << view.seat
    for _ in range(view.players - 1):
        s = _tightest(view, done)
        done |= 1 << s
        size = view.hand_sizes[s]
        end = taken + size
        got = taken
        if not stock:
            # With no stock, the tiles no seat after it may hold are this seat's
            # for certain: taken first, or the others can leave them over (a
            # seat that may hold every tile, gathered first, can take all those
            # of the seat after it that lacks a number).
            later = 0
            for o in range(view.players):
                if not done >> o & 1:
                    later |= unseen if view.free[o] else _may_hold[o]
            got = _gather(_may_hold[s] & ~later, 0, end, k, got)
        if doubt is not None and doubt[s] and rng.below(4) < _TRUST:
            got = _gather(_may_hold[s] & ~doubt[s], 0, end, k, got)
        got = _gather(_may_hold[s], view.free[s], end, k, got)
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


def pairs_rule(rules):
    """`play_out`'s `pairs` for a game's rules (core.blockrules)."""
    if not rules.pairs:
        return NO_PAIRS
    return ANY_PAIR if rules.closes else FINISH_PAIR


def play_out(
    hands, players, seat, w, e, stock, drawn, stock_end, rng, pairs=NO_PAIRS, lead=-1, block=False
):
    """Play the hand of `hands` (masks by seat, changed in place) to its end from
    `seat` to move on the line's ends `w` and `e`, the stock being
    `stock[drawn:stock_end]` (the tiles that may be drawn, in drawing order).
    Every seat that can play must; one that cannot draws one tile at a time,
    then passes; the hand ends when a hand is empty or nobody can play or draw.
    Returns the seat that went out (its last tile in `last`), or -1 for a
    blocked hand.

    With `rng` (core.rng's generator) every choice is random among the legal
    plays, listed in the engine's order (core.line's `legal`: tile by tile, W
    before E, the two-double play of `pairs` last), one `rng.below(k)` per
    choice of k > 1 plays; without it every seat plays its heaviest tile (HEAVY)
    on the first end it fits and never two doubles at once, or with `block` the
    heaviest tile that leaves the next seat's hand nothing to play, on the end
    that does so, when one does. `w` < 0 is an empty
    line: `seat` leads the tile `lead` (when -1: any at random, or without `rng`
    the heaviest), low half to W first (either way round at random with `rng`).
    Classic's closed line needs no rule here: nobody can play on it, so the
    seat after draws the whole stock and the hand is blocked, as the engine's
    rule ends it (a lead of [6|6] in Yard Kozel, which lays doubles out, is the
    engine's to make)."""
    hand = hands[seat]
    if w < 0:
        m = hand & (1 << lead) if lead >= 0 else hand
        if rng is None:
            for t in HEAVY:
                if m >> t & 1:
                    break
            c = t * 2
        else:
            k = 0
            while m:
                b = m & -m
                m ^= b
                t = BIT_TILE[b % 37]
                _choices[k] = t * 2
                k += 1
                if LOW[t] != HIGH[t]:
                    _choices[k] = t * 2 + 1
                    k += 1
            c = _choices[rng.below(k)] if k > 1 else _choices[0]
            t = c >> 1
        hand &= ~(1 << t)
        hands[seat] = hand
        w = HIGH[t] if c & 1 else LOW[t]
        e = LOW[t] if c & 1 else HIGH[t]
        if not hand:
            last[0] = t
            return seat
        seat = seat + 1 if seat + 1 < players else 0
    stuck = 0
    while stuck < players:
        hand = hands[seat]
        numbers = NUMBER[w] | NUMBER[e]
        fits = hand & numbers
        while not fits and drawn < stock_end:
            hand |= 1 << stock[drawn]
            drawn += 1
            fits = hand & numbers
        if not fits:
            stuck += 1
        elif rng is None:
            east = False  # laid on E, where the tile fits both ends
            if block:
                # The heaviest tile that leaves the next seat nothing to play on
                # the ends it makes (that seat may still draw), else the
                # heaviest. Laid on W, E stays: only a seat lacking E's number
                # is blocked so.
                nxt = hands[seat + 1 if seat + 1 < players else 0]
                on_w = 0 if nxt & NUMBER[e] else NUMBER[w]  # the tiles laid on W that may block
                on_e = 0 if nxt & NUMBER[w] else NUMBER[e]
                t = -1
                heavy = -1
                top = 28  # the rank in HEAVY of the heaviest blocking tile so far
                most = 28  # of the heaviest tile
                m = fits
                while m:
                    b = m & -m
                    m ^= b
                    c = BIT_TILE[b % 37]
                    r = RANK[c]
                    if r < most:
                        most = r
                        heavy = c
                    if r < top:
                        if b & on_w and not nxt & NUMBER[LOW[c] + HIGH[c] - w]:
                            t = c
                            top = r
                            east = False
                        elif b & on_e and not nxt & NUMBER[LOW[c] + HIGH[c] - e]:
                            t = c
                            top = r
                            east = True
                if t < 0:
                    t = heavy
            else:
                for t in HEAVY:
                    if fits >> t & 1:
                        break
            hand &= ~(1 << t)
            low = LOW[t]
            if not east and (low == w or HIGH[t] == w):
                w = HIGH[t] if low == w else low
            else:
                e = HIGH[t] if low == e else low
            stuck = 0
        else:
            on_w = hand & NUMBER[w]
            on_e = hand & NUMBER[e]
            k = 0
            m = fits
            while m:
                b = m & -m
                m ^= b
                t = BIT_TILE[b % 37] * 2
                if on_w & b:
                    _choices[k] = t
                    k += 1
                if on_e & b:
                    _choices[k] = t + 1
                    k += 1
            if (
                pairs
                and w != e
                and hand >> DOUBLES[w] & 1
                and hand >> DOUBLES[e] & 1
                and (pairs == ANY_PAIR or hand == _FINISH)
            ):
                c = rng.below(k + 1)
                if c == k:
                    hand &= ~(1 << DOUBLES[w] | 1 << DOUBLES[e])
                    t = PAIR_LAST
                    c = -1
                else:
                    c = _choices[c]
            else:
                c = _choices[rng.below(k)] if k > 1 else _choices[0]
            if c >= 0:
                t = c >> 1
                hand &= ~(1 << t)
                low = LOW[t]
                if c & 1:
                    e = HIGH[t] if low == e else low
                else:
                    w = HIGH[t] if low == w else low
            stuck = 0
        hands[seat] = hand
        if not hand:
            last[0] = t
            return seat
        seat = seat + 1 if seat + 1 < players else 0
    return -1


def side_value(hands, players, pairs, seat):
    """What the hand's end leaves for `seat`'s side: the lowest count among the
    other sides less its own side's count (the hard level's and the solver's
    measure; a lone [0|0] counts 25 and a lone [6|6] 50)."""
    totals = _totals
    totals[0] = totals[1] = totals[2] = totals[3] = 0
    for s in range(players):
        totals[s & 1 if pairs else s] += hand_count(hands[s])
    mine = seat & 1 if pairs else seat
    best = 1000
    for side in range(2 if pairs else players):
        if side != mine and totals[side] < best:
            best = totals[side]
    return best - totals[mine]


def hand_won(hands, players, pairs, seat, out, leader):
    """1 when `seat`'s side wins the hand, else -1, by International's rule (RULES.md
    3e): the seat that went out (`out`, -1 for a blocked hand) or else the lowest
    count, ties to the first from `leader` in seat order."""
    if out < 0:
        out = s = leader
        low = hand_count(hands[s])
        for _ in range(players - 1):
            s = s + 1 if s + 1 < players else 0
            c = hand_count(hands[s])
            if c < low:
                out = s
                low = c
    if out == seat or pairs and (out ^ seat) & 1 == 0:
        return 1
    return -1


def duel(mine, theirs):
    """A Domino 1x1 hand's points for the seat whose hand counts `mine` (RULES.md
    3a): the lower count wins the other's (an empty hand counts 0), equal counts
    nobody."""
    if mine < theirs:
        return theirs
    return -mine if mine > theirs else 0


def played_tile(action):
    """The tile `action` plays, as play_out's `last` (PAIR_LAST for two doubles)."""
    return action >> 3 if action < PAIR else PAIR_LAST


def lead_tile(view, action):
    """The hand's first tile once `action` is made (kozel_value's `lead`)."""
    return view.table.played[0] if view.table.n else action >> 3


def kozel_value(hands, view, out, lead, final):
    """Kozel's hand (RULES.md 3c) for `view.seat`'s side, as the match writes it:
    what the other sides write less what its own side writes (a side or, alone, a
    seat), GOAT more or less for a side this hand makes the goat. `out` is the seat
    that went out with `final` (PAIR_LAST: [0|0] and [6|6] together, the general
    goat), -1 for a blocked hand; `lead` the hand's first tile. The losers of a
    decided hand write their count with the bonuses ([0|0] led or played last 25,
    [6|6] 50) and the counts carried, once one hand has given them the threshold;
    eggs write nothing."""
    n = view.players
    pairs = view.pairs
    sides = 2 if pairs else n
    totals = _totals
    totals[0] = totals[1] = totals[2] = totals[3] = 0
    for s in range(n):
        totals[s & 1 if pairs else s] += hand_count(hands[s])
    mine = view.seat & 1 if pairs else view.seat
    bonus = view.carry + (25 if lead == 0 else 50 if lead == 27 else 0)
    if out >= 0:
        won = out & 1 if pairs else out
        if final == PAIR_LAST:
            return GOAT if won == mine else -GOAT
        bonus += 25 if final == 0 else 50 if final == 27 else 0
    else:
        won = 0
        for side in range(1, sides):
            if totals[side] < totals[won]:
                won = side
        for side in range(sides):
            if side != won and totals[side] == totals[won]:
                return 0  # eggs: nobody writes
    threshold = 25 if pairs else 13
    v = 0
    for side in range(sides):
        if side == won:
            continue
        due = bonus + totals[side]
        if not view.writing >> side & 1 and due < threshold:
            continue  # side's seat: seat `side` is on it, alone or in pairs
        if view.scores[side] + due >= view.options.target:
            due += GOAT
        v += -due if side == mine else due
    return v if -_BOUND < v < _BOUND else _BOUND if v > 0 else -_BOUND


def value_by(view, points, win, by_match):
    """How a hand's end is valued in a decision (COUNTS, POINTS, WON or KOZEL):
    with `by_match` a Kozel hand as its match writes it (kozel_value); with `win`
    a one-hand match's as won or lost (hand_won); with `points` a duel's by its
    points (duel); else by the counts (side_value)."""
    if by_match and view.game == "kozel":
        return KOZEL
    if win and view.options.target == 0:
        return WON
    return POINTS if points else COUNTS
