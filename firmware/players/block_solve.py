"""An exact solver of one deal of a draw-and-block hand, every tile known.

The position: every seat's hand (`hands`), the line's two ends, the seat to move,
and the stock in drawing order (`players.block_deal.order`, from `drawn` to
`stock_end`). A seat that can play chooses a fitting tile and an end; one that
cannot draws until it can (or the stock is spent), then plays or passes. The hand
ends when a hand is empty or every seat has passed in turn. Its value, for the
side of the seat `side` names, is what the hand's end leaves: the lowest count
among the other sides less this side's count (players.block_hard's measure). This
side maximises it, every other side minimises it.

Alpha-beta, the heaviest tile first, with a transposition table. It allocates
nothing while it searches, so that a board's heap does not pay for it: the
search is iterative, on a stack of levels (one a ply: the ends, the stock drawn,
the passes, the window, the best so far, the next move, the seat's hand) kept in
arrays of its own, and the table is a fixed number of entries in parallel arrays
(the four hands' masks, a word of the ends, seat, passes, stock drawn and the
deal's generation, and the value), an entry's place a hash of its key, the new
entry replacing the old. Every stored number is below 2**30, a small int even on
a 32-bit port. A new deal clears nothing: its entries carry a new generation.
Both are allocated at import, for the hard level's endgame (SLOTS entries, DEPTH
levels: some 1.9 KB on a 32-bit board), and grow when a search needs more (the
arena's solver), never shrinking.

The work is bounded: `start` sets a search up and `run` goes on with it until it
is done (True, its value in `result`) or `nodes`, which counts the positions
visited, reaches `limit` (False; a later `run` with a higher limit resumes it
where it stopped).
"""

from array import array

from core.blockrules import hand_count
from core.tiles import count, HIGH, LOW, NUMBER
from micropython import const

from players.block_deal import duel, hand_won, HEAVY, kozel_value, order, side_value

_EXACT = const(0)
_LOWER = const(1)  # the value is at least the stored one
_UPPER = const(2)  # the value is at most the stored one
WIN = const(1000)  # above every value
SLOTS = const(31)  # table entries allocated at import (players.block_hard.TABLE)
DEPTH = const(32)  # levels allocated at import: 11 tiles among 4 seats (see start)
_MOST_SLOTS = const(65536)  # a level keeps its entry's place in 16 bits
_GENERATION = const(32768)  # a generation's step in a stored word (the word below it)
_LAST = const(32767 * 32768)  # the last generation: a stored word stays below 2**30
_PASS = const(255)  # a level's next move when its seat passes
_MOVES = const(56)  # the next move past the last (tile * 2 + end, in HEAVY's order)
# `run`'s steps on a level (the current one, `d`):
_ENTER = const(0)  # a new position: look it up, draw, pass or start on its moves
_FINISH = const(1)  # its value `v` found: restore its seat's hand and remember it
_POP = const(2)  # back to the level above with `v`
_APPLY = const(3)  # a move's value `v`: take it into the level's best and window
_MOVE = const(4)  # the next move: search it, or finish the level when none is left

hands = [0, 0, 0, 0]
nodes = 0
limit = 0
result = 0  # the value of the search `run` finished
_players = 2
_sides = 0b0101  # bit s: seat s plays on the side whose value is sought
_seat = 0  # a seat of that side
_pairs = False
_points = False  # a duel valued by its points (players.block_deal.duel)
_leader = -1  # with a seat, the hand valued 1 won or -1 lost (players.block_deal.hand_won)
_kozel = None  # with a view, Kozel's hand as its match writes it (players.block_deal.kozel_value)
lead = -1  # the hand's first tile, for Kozel's bonus (set by the caller per move)
_stock_end = 0
_size = SLOTS  # table entries in use
_generation = 0  # the current deal's, times _GENERATION (0 is nobody's)
_root = 0  # the seat to move at the search's first level
_depth = 0  # the level `run` enters next, 0 when no search is under way


def _new_table(slots):
    """The table's arrays, `slots` entries of no deal: the hands' masks, the
    word (generation, ends, seat, passes, drawn), value * 4 + how exact. Each
    made from a range rather than a bytes object as long (which would leave a
    hole that size in a board's heap), the words then cleared."""
    table = (
        array("i", range(slots)),
        array("i", range(slots)),
        array("i", range(slots)),
        array("i", range(slots)),
        array("i", range(slots)),
        array("h", range(-(slots >> 1), slots - (slots >> 1))),  # each number a short
    )
    word = table[4]
    for i in range(slots):
        word[i] = 0  # of no generation
    return table


def _new_stack(levels):
    """The stack's arrays, `levels` levels (the first holds the caller's window
    and the stock drawn), made as the table's are."""
    return (
        bytearray(levels),  # the line's W end
        bytearray(levels),  # and its E end
        bytearray(levels),  # the stock drawn once the seat to move has drawn
        bytearray(levels),  # passes in a row before it
        bytearray(levels),  # the next move, or _PASS
        array("i", range(levels)),  # the seat's hand once it has drawn
        array("h", range(levels)),  # alpha
        array("h", range(levels)),  # beta
        array("h", range(levels)),  # the best value so far
        array("H", range(levels)),  # its entry's place in the table
        array("H", range(levels)),  # its key, the generation left out
    )


_table = _new_table(SLOTS)
_stack = _new_stack(DEPTH + 1)


def setup(players, pairs, side, stock_end, table_max, points=False, leader=-1, kozel=None):
    """A new deal: `players` seats (in pairs or not), valued for `side`'s side
    (with `points`, a duel by its points; with the hand's `leader`, won or lost;
    with `kozel`, the seat's view, as Kozel's match writes it), the stock ending at
    `stock_end` of the deal's order; the table holds `table_max` entries (at
    most 65,536; an odd number spreads them best), none of them yet."""
    global _players, _pairs, _sides, _seat, _stock_end, _size, _points, _leader
    global _generation, _depth, _table, _kozel
    _kozel = kozel
    _size = min(table_max, _MOST_SLOTS)
    if _size > len(_table[0]):
        _table = _new_table(_size)
        _generation = 0
    _points = points
    _leader = leader
    _players = players
    _pairs = pairs
    _sides = 5 << (side & 1) if pairs else 1 << side
    _seat = side
    _stock_end = stock_end
    _depth = 0
    if _generation == _LAST:
        word = _table[4]
        for i in range(len(word)):
            word[i] = 0  # of no generation
        _generation = 0
    _generation += _GENERATION


def value(out=-1, final=-1):
    """The current hands' value for the side sought, `out` the seat that went out
    with the tile `final` (-1 for a blocked hand)."""
    if _kozel is not None:
        return kozel_value(hands, _kozel, out, lead, final)
    if _leader >= 0:
        return hand_won(hands, _players, _pairs, _seat, out, _leader)
    if _points:
        return duel(hand_count(hands[_seat]), hand_count(hands[1 - _seat]))
    return side_value(hands, _players, _pairs, _seat)


def start(seat, w, e, drawn, stuck, alpha, beta):
    """Set up the search of the position with `seat` to move on ends `w` and `e`,
    the stock drawn up to `drawn`, after `stuck` passes in a row, in the window
    (alpha, beta) (every hand holding a tile): `run` makes it."""
    global _root, _depth, _stack
    # A level a ply. Each seat's last tile ends the hand without a level, so
    # a path plays at most `plays` tiles with a level, and before each of them
    # and before its last level come at most players - 1 passes.
    tiles = count(hands[0]) + count(hands[1]) + count(hands[2]) + count(hands[3])
    plays = max(0, tiles + _stock_end - drawn - _players)
    if (plays + 1) * _players + 1 > len(_stack[0]):
        _stack = _new_stack((plays + 1) * _players + 1)
    lw, le, ltaken, lstuck, lnext, lhand, lalpha, lbeta, lbest, lslot, lkey = _stack
    lalpha[0] = lalpha[1] = alpha
    lbeta[0] = lbeta[1] = beta
    ltaken[0] = drawn
    lw[1] = w
    le[1] = e
    lstuck[1] = stuck
    _root = seat
    _depth = 1


def search(seat, w, e, drawn, stuck, alpha, beta):
    """`start`, then `run`: the value, exact when inside (alpha, beta), else a
    bound on the side it fell; None if `limit` stopped it first."""
    start(seat, w, e, drawn, stuck, alpha, beta)
    return result if run() else None


def run():
    """Go on with the search `start` set up: True when it is done (its value in
    `result`, `hands` as they were), False when `nodes` reached `limit` first."""
    global nodes, result, _depth
    d = _depth
    if not d:
        return True
    # Everything in locals: MicroPython finds them faster than globals.
    lw, le, ltaken, lstuck, lnext, lhand, lalpha, lbeta, lbest, lslot, lkey = _stack
    k0, k1, k2, k3, kword, kvalue = _table
    hs = hands
    n = nodes
    most = limit
    players = _players
    sides = _sides
    stock_end = _stock_end
    size = _size
    generation = _generation
    seat = (_root + d - 1) % players
    v = 0
    step = _ENTER
    while True:
        if step == _ENTER:
            # Level d's position: the ends, passes and window its parent left
            # there, the stock drawn as the parent left it, `hs` its hands,
            # `seat` to move.
            if n >= most:
                nodes = n
                _depth = d
                return False
            n += 1
            w = lw[d]
            e = le[d]
            drawn = ltaken[d - 1]
            stuck = lstuck[d]
            key = ((w * 7 + e if w < e else e * 7 + w) * 16 + seat * 4 + stuck) * 32 + drawn
            h0 = hs[0]
            h1 = hs[1]
            h2 = hs[2]
            h3 = hs[3]
            slot = (h0 ^ (h1 << 1) ^ (h2 << 2) ^ (h3 >> 1) ^ key * 9973) % size
            if (
                kword[slot] == generation + key
                and k0[slot] == h0
                and k1[slot] == h1
                and k2[slot] == h2
                and k3[slot] == h3
            ):
                v = kvalue[slot]
                flag = v & 3
                v >>= 2
                if (
                    flag == _EXACT
                    or (flag == _LOWER and v >= lbeta[d])
                    or (flag == _UPPER and v <= lalpha[d])
                ):
                    step = _POP
                    continue
            hand = hs[seat]
            numbers = NUMBER[w] | NUMBER[e]
            fits = hand & numbers
            while not fits and drawn < stock_end:
                hand |= 1 << order[drawn]
                drawn += 1
                fits = hand & numbers
            hs[seat] = hand
            lhand[d] = hand
            ltaken[d] = drawn
            lslot[d] = slot
            lkey[d] = key
            if fits:
                lbest[d] = -WIN if sides >> seat & 1 else WIN
                lnext[d] = 0
                step = _MOVE
                continue
            if stuck + 1 >= players:
                v = value()
                step = _FINISH
                continue
            lnext[d] = _PASS  # the next seat plays on the same line
            alpha = lalpha[d]
            beta = lbeta[d]
            d += 1
            lw[d] = w
            le[d] = e
            lstuck[d] = stuck + 1
            lalpha[d] = alpha
            lbeta[d] = beta
            seat = seat + 1 if seat + 1 < players else 0
            continue
        if step == _FINISH:
            # Give the seat its hand back as it was before it drew, and remember
            # the value found in the window the level was given.
            hand = lhand[d]
            for j in range(ltaken[d - 1], ltaken[d]):
                hand &= ~(1 << order[j])
            hs[seat] = hand
            slot = lslot[d]
            k0[slot] = hs[0]
            k1[slot] = hs[1]
            k2[slot] = hs[2]
            k3[slot] = hs[3]
            kword[slot] = generation + lkey[d]
            if v <= lalpha[d - 1]:
                kvalue[slot] = v * 4 + _UPPER
            elif v >= lbeta[d - 1]:
                kvalue[slot] = v * 4 + _LOWER
            else:
                kvalue[slot] = v * 4 + _EXACT
            step = _POP
        if step == _POP:
            if d == 1:
                result = v
                nodes = n
                _depth = 0
                return True
            d -= 1
            seat = seat - 1 if seat else players - 1
            if lnext[d] == _PASS:
                step = _FINISH  # a pass's value is its next seat's
                continue
            step = _APPLY
        if step == _APPLY:
            if sides >> seat & 1:
                if v > lbest[d]:
                    lbest[d] = v
                    if v > lalpha[d]:
                        lalpha[d] = v
            elif v < lbest[d]:
                lbest[d] = v
                if v < lbeta[d]:
                    lbeta[d] = v
            if lalpha[d] >= lbeta[d]:
                v = lbest[d]
                step = _FINISH
                continue
        # _MOVE: the level's next fitting tile on the next end it fits (one end
        # only when both ends show the same number: the same position).
        i = lnext[d]
        hand = lhand[d]
        w = lw[d]
        e = le[d]
        fits = hand & (NUMBER[w] | NUMBER[e])
        while i < _MOVES:
            t = HEAVY[i >> 1]
            if not fits >> t & 1:
                i = (i | 1) + 1
                continue
            low = LOW[t]
            high = HIGH[t]
            if i & 1:
                i += 1
                if (low == e or high == e) and w != e:
                    e = high if low == e else low
                    break
            else:
                i += 1
                if low == w or high == w:
                    w = high if low == w else low
                    break
        else:
            v = lbest[d]
            step = _FINISH
            continue
        lnext[d] = i
        hand &= ~(1 << t)
        hs[seat] = hand
        if not hand:
            v = value(seat, t)
            step = _APPLY
            continue
        alpha = lalpha[d]
        beta = lbeta[d]
        d += 1
        lw[d] = w
        le[d] = e
        lstuck[d] = 0
        lalpha[d] = alpha
        lbeta[d] = beta
        seat = seat + 1 if seat + 1 < players else 0
        step = _ENTER
