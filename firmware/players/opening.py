"""What opening a Spectacular Bid hand is worth to a seat, estimated by playouts.

At the auction the seat knows its own seven tiles; the other 21 are dealt at
random into the opponent's hand and the stock order, and the hand is played out
twice on that deal, once led by us and once by the opponent. Both sides play a
quick greedy game (the play that moves the most points, ties to the heavier
tile; a side that cannot play draws, and plays a playable drawn tile at once),
and every transfer is capped by the payer's balance, so a lead that can take the
opponent's last points is worth their whole balance. The average difference,
over the samples, of our balance at the end of the hand is the *estimate*.
Integer points throughout.

The estimate is then calibrated against what leading is really worth when the
expert plays the tiles. `python tools/arenas/bid_arena.py --calibrate --matches 2000`
plays the real deal of 2,000 seeded auctions at 150-150 out both ways: leading
moves 5.9 points (se 0.8) in the hand, and the leader goes out first 55 % of
the time against 39 % when following, so it is also more often the jockey, who
leads the next hand for nothing against a decliner; counted in, leading is
worth 7.0 points. 5,000 more deals on other seeds gave 6.8 in the hand and 8.3
in all: 8 it is. The estimate averages 6, and the real worth rises only a
quarter of a point (0.24) per point of it, where the greedy playout of the real
deal rises about half a point: the expert plays the tiles better than that, and
32 samples are noisy. So the value is 8 plus a quarter of the estimate's excess
over 6, more than the least bid of 15 only for an estimate of 38 or more. That
hardly ever happens, and rightly: the 84 of those 5,000 deals with an estimate
of 25 or more were worth 13.5 on average.
"""

from core.table import LEAD, Table
from core.tiles import bit, HIGH, LOW, pips, round5
from micropython import const

from players.evaluate import count_after, points

SAMPLES = const(32)
WORTH = const(8)  # what leading is worth on average, the jockey's next lead included
AVERAGE = const(6)  # the average estimate
SHRINK = const(4)  # the real worth rises a quarter as fast as the estimate

_order = bytearray(28)  # the sample: opponent hand first, then the stock order
_table = Table()
_hands = [0, 0]
_balances = [0, 0]


def value(view, rng):
    """Points the seat can expect to gain by leading this hand rather than letting
    the opponent lead, its chance of leading the next one included."""
    return WORTH + (estimate(view, rng) - AVERAGE) // SHRINK


def estimate(view, rng, samples=SAMPLES):
    """The balance the seat gains in the hand by leading it rather than following,
    averaged over greedy playouts of sampled deals (negative when leading is a
    handicap)."""
    k = 0
    t = 0
    unseen = view.unseen
    while unseen >> t:
        if unseen >> t & 1:
            _order[k] = t
            k += 1
        t += 1
    size = view.hand_sizes[view.opponent]
    me = view.scores[view.seat]
    them = view.scores[view.opponent]
    total = 0
    for _ in range(samples):
        rng.shuffle(_order, k)
        opp = 0
        for j in range(size):
            opp |= bit(_order[j])
        total += _playout(view.hand, opp, me, them, 0, size, k)
        total -= _playout(view.hand, opp, me, them, 1, size, k)
    return total // samples


def _playout(mine, opp, me, them, leader, drawn, stock_end):
    """Our balance change over the hand played out greedily, side 0 being us."""
    _hands[0] = mine
    _hands[1] = opp
    _balances[0] = me
    _balances[1] = them
    table = _table
    table.reset()
    side = leader
    while True:
        hand = _hands[side]
        fits = hand & table.playable()
        while not fits and drawn < stock_end:
            t = _order[drawn]
            drawn += 1
            hand |= bit(t)
            fits = bit(t) & table.playable()  # a drawn tile is played at once
        _hands[side] = hand
        if not fits:
            if drawn >= stock_end and not _hands[1 - side] & table.playable():
                _blocked()
                break
            side = 1 - side
            continue
        t, where, gained = _greedy(table, fits)
        table.place(t, where)
        _hands[side] = hand & ~bit(t)
        if gained and _transfer(side, gained):
            break
        if not _hands[side]:
            break  # a domino: nothing more is transferred
        side = 1 - side
    return _balances[0] - me


def _greedy(table, fits):
    """The play among `fits` that scores most, ties to the heavier tile."""
    best_t = best_where = best_points = best_weight = -1
    t = 0
    while fits >> t:
        if fits >> t & 1:
            weight = LOW[t] + HIGH[t]
            for where in range(table.open_ends() or 1):
                if table.n == 0:
                    where = LEAD
                    gained = points(weight)  # a lone tile counts both halves
                elif table.fits(t, where):
                    gained = points(count_after(table, t, where))
                else:
                    continue
                if gained > best_points or (gained == best_points and weight > best_weight):
                    best_t, best_where, best_points, best_weight = t, where, gained, weight
        t += 1
    return best_t, best_where, best_points


def _blocked():
    a = pips(_hands[0])
    b = pips(_hands[1])
    if a < b:
        _transfer(0, round5(b))
    elif b < a:
        _transfer(1, round5(a))


def _transfer(side, amount):
    """Move points to `side`, capped; True when the payer is left with nothing."""
    payer = 1 - side
    paid = min(amount, _balances[payer])
    _balances[side] += paid
    _balances[payer] -= paid
    return not _balances[payer]
