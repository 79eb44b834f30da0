"""An exact solver of one deal of a draw-and-block hand, every tile known.

The position: every seat's hand (`hands`), the line's two ends, the seat to move,
and the stock in drawing order (`players.block_deal.order`, from `drawn` to
`stock_end`). A seat that can play chooses a fitting tile and an end; one that
cannot draws until it can (or the stock is spent), then plays or passes. The hand
ends when a hand is empty or every seat has passed in turn. Its value, for the
side of the seat `side` names, is what the hand's end leaves: the lowest count
among the other sides less this side's count (players.block_hard's measure). This
side maximises it, every other side minimises it.

Alpha-beta, the heaviest tile first, a transposition table keyed on the hands'
masks. The work is bounded: `search` raises OutOfWork rather than visit more
than `limit` nodes in total (`nodes` counts them). What it has finished stays in the
table, so a search that is simply started again resumes where it stopped.
"""

from core.blockrules import hand_count
from core.tiles import HIGH, LOW, NUMBER
from micropython import const

from players.block_deal import duel, hand_won, HEAVY, kozel_value, order, side_value

_EXACT = const(0)
_LOWER = const(1)  # the value is at least the stored one
_UPPER = const(2)  # the value is at most the stored one
WIN = const(1000)  # above every value

hands = [0, 0, 0, 0]
table: dict = {}  # position: value * 4 + how exact it is
nodes = 0
limit = 0
_players = 2
_sides = 0b0101  # bit s: seat s plays on the side whose value is sought
_seat = 0  # a seat of that side
_pairs = False
_points = False  # a duel valued by its points (players.block_deal.duel)
_leader = -1  # with a seat, the hand valued 1 won or -1 lost (players.block_deal.hand_won)
_kozel = None  # with a view, Kozel's hand as its match writes it (players.block_deal.kozel_value)
lead = -1  # the hand's first tile, for Kozel's bonus (set by the caller per move)
_stock_end = 0
_table_max = 0  # entries kept before the table starts again


class OutOfWork(Exception):
    pass


def setup(players, pairs, side, stock_end, table_max, points=False, leader=-1, kozel=None):
    """A new deal: `players` seats (in pairs or not), valued for `side`'s side
    (with `points`, a duel by its points; with the hand's `leader`, won or lost;
    with `kozel`, the seat's view, as Kozel's match writes it), the stock ending at
    `stock_end` of the deal's order; the table is cleared, and cleared again
    whenever it reaches `table_max` entries."""
    global _players, _pairs, _sides, _seat, _stock_end, _table_max, _points, _leader, _kozel
    _kozel = kozel
    _table_max = table_max
    _points = points
    _leader = leader
    _players = players
    _pairs = pairs
    _sides = 5 << (side & 1) if pairs else 1 << side
    _seat = side
    _stock_end = stock_end
    table.clear()


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


def search(seat, w, e, drawn, stuck, alpha, beta):
    """The value of the position with `seat` to move on ends `w` and `e`, the
    stock drawn up to `drawn`, after `stuck` passes in a row; exact when inside
    (alpha, beta), else a bound on the side it fell. `hands` is left as it was
    (unless OutOfWork is raised: then set it up again)."""
    global nodes
    if nodes >= limit:
        raise OutOfWork()
    nodes += 1
    ends = (w * 7 + e if w < e else e * 7 + w) * 4 + seat
    key = (hands[0], hands[1], hands[2], hands[3], (ends * 4 + stuck) * 32 + drawn)
    hit = table.get(key)
    if hit is not None:
        v = hit >> 2
        flag = hit & 3
        if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
            return v
    start_alpha = alpha
    start_beta = beta
    kept = hands[seat]
    hand = kept
    numbers = NUMBER[w] | NUMBER[e]
    fits = hand & numbers
    while not fits and drawn < _stock_end:
        hand |= 1 << order[drawn]
        drawn += 1
        fits = hand & numbers
    hands[seat] = hand
    after = seat + 1 if seat + 1 < _players else 0
    maximise = _sides >> seat & 1
    if not fits:
        if stuck + 1 >= _players:
            best = value()
        else:
            best = search(after, w, e, drawn, stuck + 1, alpha, beta)
    else:
        best = -WIN if maximise else WIN
        for t in HEAVY:  # the heaviest first
            if not fits >> t & 1:
                continue
            hands[seat] = hand & ~(1 << t)
            low = LOW[t]
            high = HIGH[t]
            for end in range(2):
                if end == 0:
                    if low != w and high != w:
                        continue
                    nw = high if low == w else low
                    ne = e
                else:
                    if (low != e and high != e) or w == e:
                        continue  # no fit, or the same position as on W
                    nw = w
                    ne = high if low == e else low
                if hands[seat]:
                    v = search(after, nw, ne, drawn, 0, alpha, beta)
                else:
                    v = value(seat, t)
                if maximise:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    break
            if alpha >= beta:
                break
    hands[seat] = kept
    if len(table) >= _table_max:
        table.clear()
    flag = _UPPER if best <= start_alpha else _LOWER if best >= start_beta else _EXACT
    table[key] = best * 4 + flag
    return best
