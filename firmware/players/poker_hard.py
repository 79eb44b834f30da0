"""Domino Poker's hard level: judge every candidate on sampled deals of the unseen tiles.

A *sample* deals the tiles this seat cannot see to the other three hands, each
getting as many as it holds and only tiles it could hold: not a number it has
shown it lacks (by not following it), no trump after failing to play one, and no
trump stronger than one it declined to beat. On a sample each candidate is
played out to the end of the hand with every seat playing the medium level's way
(seats yet to bid bid as the medium level would on their sampled hand), and the
candidate scores the points this seat makes in the hand.

Candidates are the legal plays, or in the auction the bids within two of the
medium level's. They race by successive halving: in each of ceil(log2 n) rounds
every candidate still in the race is played out on the same new samples (the
round's equal share of the budget, at least one sample), then the better half of
them by their totals over all their samples go on, until one is left. Anytime: a
`Thinker` plays a share of a play-out per `step()`, at most `PLAYS` tiles of it (a
play-out may be resumed after any tile), and `action` is the best so far. The
budget is in play-outs of a whole hand: a decision later in the hand, whose
play-outs are shorter, plays out as many more as fit in about the same time.
"""

from core.poker import BID, BIDDING, hand_points, NO_BID, SEATS, TRICKS
from core.tiles import count, spread
from micropython import const

from players import at_once
from players.poker_medium import bid_for, play_on

BUDGET = const(80)  # play-outs of a whole hand per decision: p90 under 1 s on the device
# (docs/players.md)
PLAYS = const(21)  # tiles played out per step at most: three quarters of a hand, about
# 6 ms on the device, so that a frame's steps fill its time (ui/thinking.py takes 8 at most)
_OVERHEAD = const(8)  # what a play-out costs beyond its tiles, in tiles (on the device)
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

    def __init__(self, budget=BUDGET, plays=PLAYS):
        self.budget = budget
        self.plays = plays  # tiles played out per step at most
        self.moves = bytearray(_MAX_MOVES)
        self.totals = [0] * _MAX_MOVES
        self.n = 0
        self.next = 0
        self.left = 0
        self.action = -1
        self.sample = [0, 0, 0, 0]
        self.sample_bids = bytearray(SEATS)  # what each seat bids on the sample
        self.share = 0  # play-outs a round of the race (made here: a first decision that
        # added it, the view and the rng grew the instance's dict, 96 bytes of heap)
        # The play-out under way: hands, bids and tricks in _hands, _bids, _taken,
        # the rest as poker_medium.play_on keeps it.
        self.playing = False
        self.state = [0, 0, 0, 0, 0, 0, 0, -1]

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
        self.playing = False
        # Successive halving: ceil(log2 n) rounds, each with an equal share of the
        # budget spread evenly over the candidates still in the race; after each,
        # the better half (rounded up) go on, their totals kept.
        rounds = 0
        while 1 << rounds < n:
            rounds += 1
        # The budget is in play-outs of a whole hand: later in the hand, as many
        # more as a play-out is shorter (a decision takes about the same time).
        left = 28 if view.state == BIDDING else 28 - count(view.played)
        budget = self.budget * (28 + _OVERHEAD) // (left + _OVERHEAD)
        self.share = budget // max(1, rounds)
        self.left = 0  # samples still to judge the candidates on in this round
        if n > 1:
            self.left = max(1, self.share // n)
            self._rank_seats()
        stats[0] += 1

    def step(self):
        """A share of a play-out; True when the decision is made (`action` is then
        final)."""
        if self.n <= 1:
            return True
        i = self.next
        if not self.playing:
            if i == 0:
                self._sample()
            self._begin(self.moves[i])
        play_on(_hands, _bids, _taken, self.state, self.plays)
        if self.state[6] < TRICKS:
            return False
        self.playing = False
        self.totals[i] += hand_points(_bids[self.view.seat], _taken[self.view.seat])
        stats[1] += 1
        if i + 1 < self.n:
            self.next = i + 1
            return False
        self.next = 0
        self.left -= 1
        self._rank()
        if self.left <= 0:  # the round is over: halve the race
            self.n = (self.n + 1) // 2
            self.left = max(1, self.share // self.n)
        return self.n <= 1

    def _rank(self):
        """Order the candidates in the race by their totals, the best first (a stable
        insertion sort: ties keep their order), and take the best as the action."""
        moves = self.moves
        totals = self.totals
        for i in range(1, self.n):
            m = moves[i]
            v = totals[i]
            j = i
            while j and totals[j - 1] < v:
                moves[j] = moves[j - 1]
                totals[j] = totals[j - 1]
                j -= 1
            moves[j] = m
            totals[j] = v
        self.action = moves[0]

    def _rank_seats(self):
        """The other seats by how few tiles they could hold beyond their hand size
        (an insertion sort into preallocated buffers), once a decision."""
        view = self.view
        others = 0
        for s in range(SEATS):
            if s == view.seat:
                continue
            _allowed[s] = view.could_hold(s)
            _slack[s] = count(_allowed[s]) - view.sizes[s]
            j = others
            while j and _slack[_seats[j - 1]] > _slack[s]:
                _seats[j] = _seats[j - 1]
                j -= 1
            _seats[j] = s
            others += 1

    def _sample(self):
        """Deal the unseen tiles to the other seats, the most constrained first."""
        view = self.view
        me = view.seat
        k = spread(view.unseen, _order)
        self.rng.shuffle(_order, k)
        sample = self.sample
        sample[me] = view.hand
        taken = 0  # tiles of _order[:taken] are dealt
        for i in range(SEATS - 1):
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
        # Seats yet to bid bid as the medium level would on their sampled hand.
        for s in range(SEATS):
            b = view.bids[s]
            self.sample_bids[s] = bid_for(sample[s]) if b == NO_BID and s != me else b

    def _begin(self, action):
        """Set up the play-out of `action` on the current sample."""
        view = self.view
        me = view.seat
        state = self.state
        for s in range(SEATS):
            _hands[s] = self.sample[s]
            _bids[s] = self.sample_bids[s]
            _taken[s] = view.taken[s]
        state[0] = me
        if view.state == BIDDING:
            _bids[me] = action - BID
            state[0] = (view.dealer + 1) % SEATS
            state[1] = state[3] = state[7] = -1
            state[2] = state[4] = state[5] = 0
        else:
            state[1] = view.led
            state[2] = view.top
            state[3] = view.best
            state[4] = len(view.trick)
            state[5] = view.played
            state[7] = action
        state[6] = view.taken[0] + view.taken[1] + view.taken[2] + view.taken[3]
        self.playing = True


# The whole decision at once (autoplay, arena, tests).
choose = at_once(Thinker)
