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
from core.tiles import bit, HIGH, LOW, pips, round5, spread
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
    return worth(estimate(view, rng))


def worth(estimated):
    """value() of an estimate."""
    return WORTH + (estimated - AVERAGE) // SHRINK


def estimate(view, rng, samples=SAMPLES):
    """The balance the seat gains in the hand by leading it rather than following,
    averaged over greedy playouts of sampled deals (negative when leading is a
    handicap)."""
    _estimator.start(view, rng, samples)
    while not _estimator.step(1000):
        pass
    return _estimator.estimate


class Estimator:
    """estimate() a bounded piece at a time, for a frame loop: start(), then
    step(turns) (at most that many turns of the playouts) until it returns True;
    `estimate` is then the estimate. The same samples in the same order, so the
    same figure as estimate()."""

    def __init__(self):
        self.estimate = 0

    def start(self, view, rng, samples=SAMPLES):
        k = spread(view.unseen, _order)
        self.k = k
        self.rng = rng
        self.hand = view.hand
        self.size = view.hand_sizes[view.opponent]
        self.me = view.scores[view.seat]
        self.them = view.scores[view.opponent]
        self.samples = self.left = samples
        self.total = 0
        self.opp = 0
        self.leader = 1  # the sample's second playout is done: the next one starts
        self.playing = False
        self.side = self.drawn = 0

    def step(self, turns):
        while turns > 0:
            if not self.playing:
                if self.leader == 1:
                    if not self.left:
                        self.estimate = self.total // self.samples
                        return True
                    self.left -= 1
                    self._deal()
                    self.leader = 0
                else:
                    self.leader = 1
                _hands[0] = self.hand
                _hands[1] = self.opp
                _balances[0] = self.me
                _balances[1] = self.them
                _table.reset()
                self.side = self.leader
                self.drawn = self.size
                self.playing = True
            turns = self._turns(turns)
            if not self.playing:  # one playout done: our balance's change counts
                change = _balances[0] - self.me
                self.total += -change if self.leader else change
        return False

    def _deal(self):
        self.rng.shuffle(_order, self.k)
        opp = 0
        for j in range(self.size):
            opp |= bit(_order[j])
        self.opp = opp

    def _turns(self, turns):
        """Up to `turns` turns of the greedy playout under way, side 0 being us (a
        turn: a play, or a pass after drawing the stock out); returns the turns
        left, `playing` False once the hand is over."""
        table = _table
        side = self.side
        drawn = self.drawn
        stock_end = self.k
        while turns and self.playing:
            turns -= 1
            hand = _hands[side]
            fits = hand & table.open_tiles
            while not fits and drawn < stock_end:
                t = _order[drawn]
                drawn += 1
                hand |= bit(t)
                fits = bit(t) & table.open_tiles  # a drawn tile is played at once
            _hands[side] = hand
            if not fits:
                if drawn >= stock_end and not _hands[1 - side] & table.open_tiles:
                    _blocked()
                    self.playing = False
                side = 1 - side
                continue
            t, where, gained = _greedy(table, fits)
            table.place(t, where)
            _hands[side] = hand & ~bit(t)
            if (gained and _transfer(side, gained)) or not _hands[side]:
                self.playing = False  # the payer is empty, or a domino
            side = 1 - side
        self.side = side
        self.drawn = drawn
        return turns


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


_estimator = Estimator()
