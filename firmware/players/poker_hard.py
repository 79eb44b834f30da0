"""Domino Poker's hard level: judge every candidate on sampled deals of the unseen tiles.

A *sample* deals the tiles this seat cannot see to the other three hands, each
getting as many as it holds and only tiles it could hold: not a number it has
shown it lacks (by not following it), no trump after failing to play one, and no
trump stronger than one it declined to beat. On a sample each candidate is
played out to the end of the hand with every seat playing the medium level's way
(seats yet to bid bid as the medium level would on their sampled hand), and the
candidate scores the points this seat makes in the hand. The candidate with the
best total over the samples is chosen; every candidate sees the same samples.

Candidates are the legal plays, or in the auction the bids within two of the
medium level's. Anytime: a `Thinker` plays out one candidate on one sample per
`step()`, and `action` is the best so far. The budget is a number of play-outs
per decision.
"""

from core.poker import (
    BID,
    BIDDING,
    hand_points,
    led_by,
    NO_BID,
    power,
    SEATS,
    TRICKS,
)
from core.tiles import ALL, count, spread
from micropython import const

from players.poker_medium import bid_for, pick

BUDGET = const(96)  # play-outs per decision on the device (see README: cost)
_SPREAD = const(2)  # bids judged either side of the medium level's
_MAX_MOVES = const(14)  # a lead of 7 tiles, each with either of two calls

stats = [0, 0]  # decisions, play-outs since start-up (for the arena and the bench)

_order = bytearray(28)
_hands = [0, 0, 0, 0]  # the sampled deal (this seat's own hand included)
_bids = bytearray(SEATS)
_taken = bytearray(SEATS)
_allowed = [0, 0, 0, 0]  # per seat, the unseen tiles it could hold
_slack = [0, 0, 0, 0]  # how many more than it holds
_seats = bytearray(SEATS)  # the other seats, the most constrained first


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
        self.sample = [0, 0, 0, 0]

    def start(self, view, rng):
        self.view = view
        self.rng = rng
        n = 0
        if view.state == BIDDING:
            guess = bid_for(view.hand)
            for b in range(max(0, guess - _SPREAD), min(TRICKS, guess + _SPREAD) + 1):
                self.moves[n] = BID + b
                n += 1
            self.action = BID + guess
        else:
            for a in view.legal:
                self.moves[n] = a
                n += 1
            self.action = self.moves[0]
        for i in range(n):
            self.totals[i] = 0
        self.n = n
        self.next = 0
        self.left = max(1, self.budget // n) * n if n > 1 else 0
        stats[0] += 1

    def step(self):
        """One play-out; True when the decision is made (`action` is then final)."""
        if self.left <= 0:
            return True
        i = self.next
        if i == 0:
            self._sample()
        self.totals[i] += self._play_out(self.moves[i])
        self.left -= 1
        stats[1] += 1
        self.next = i + 1 if i + 1 < self.n else 0
        if self.next == 0:
            best = 0
            for j in range(1, self.n):
                if self.totals[j] > self.totals[best]:
                    best = j
            self.action = self.moves[best]
        return self.left <= 0

    def _sample(self):
        """Deal the unseen tiles to the other seats, the most constrained first."""
        view = self.view
        me = view.seat
        k = spread(view.unseen, _order)
        self.rng.shuffle(_order, k)
        # The other seats by how few tiles they could hold beyond their hand size
        # (an insertion sort into preallocated buffers: no heap per sample).
        others = 0
        for s in range(SEATS):
            if s == me:
                continue
            _allowed[s] = view.could_hold(s)
            _slack[s] = count(_allowed[s]) - view.sizes[s]
            j = others
            while j and _slack[_seats[j - 1]] > _slack[s]:
                _seats[j] = _seats[j - 1]
                j -= 1
            _seats[j] = s
            others += 1
        sample = self.sample
        sample[me] = view.hand
        taken = 0  # tiles of _order[:taken] are dealt
        for i in range(others):
            s = _seats[i]
            want = view.sizes[s]
            m = 0
            got = 0
            for j in range(taken, k):
                if got == want:
                    break
                t = _order[j]
                if _allowed[s] >> t & 1:
                    _order[j] = _order[taken]
                    _order[taken] = t
                    taken += 1
                    m |= 1 << t
                    got += 1
            for _ in range(got, want):  # what it showed cannot all hold: relax
                m |= 1 << _order[taken]
                taken += 1
            sample[s] = m

    def _play_out(self, action):
        """This seat's points in the hand after `action` on the current sample."""
        view = self.view
        me = view.seat
        for s in range(SEATS):
            _hands[s] = self.sample[s]
            _bids[s] = view.bids[s]
            _taken[s] = view.taken[s]
        turn = me
        if view.state == BIDDING:
            _bids[me] = action - BID
            for s in range(SEATS):
                if _bids[s] == NO_BID:
                    _bids[s] = bid_for(_hands[s])
            turn = (view.dealer + 1) % SEATS
            led = -1
            top = n = played = 0
            best = -1
        else:
            led = view.led
            top = view.top
            best = view.best
            n = len(view.trick)
            played = view.played
        done = view.taken[0] + view.taken[1] + view.taken[2] + view.taken[3]
        first = action if view.state != BIDDING else -1
        while done < TRICKS:
            hand = _hands[turn]
            if first >= 0:
                a = first
                first = -1
            else:
                need = _bids[turn] - _taken[turn]
                a = pick(hand, led, top, n, need, ALL & ~hand & ~played)
            t = a >> 3
            _hands[turn] = hand & ~(1 << t)
            played |= 1 << t
            if led < 0:
                led = led_by(t, a & 7)
            p = power(t, led)
            if p > top:
                top = p
                best = turn
            n += 1
            turn = (turn + 1) % SEATS
            if n == SEATS:
                _taken[best] += 1
                done += 1
                turn = best
                led = best = -1
                top = n = 0
        return hand_points(_bids[me], _taken[me])


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, tests)."""
    _thinker.start(view, rng)
    while not _thinker.step():
        pass
    return _thinker.action


_thinker = Thinker()
