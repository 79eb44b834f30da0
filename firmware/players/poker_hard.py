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
budget is a number of play-outs per decision.
"""

from core.poker import (
    BID,
    BIDDING,
    hand_points,
    led_by,
    NO_BID,
    SEATS,
    TRICKS,
)
from core.tiles import ALL, BIT_TILE, count, spread
from micropython import const

from players.poker_medium import bid_for, pick, POWER

BUDGET = const(52)  # play-outs per decision: p90 under 1 s on the device (docs/players.md)
PLAYS = const(7)  # tiles played out per step at most: a quarter of a hand, 5-6 ms on the
# device, so that a frame takes as many steps as fit in its time (ui/thinking.py)
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
# What a lead leads (TRUMP or a number), by the action (tile * 8 + call).
_LED = bytes(led_by(a >> 3, a & 7) if a >> 3 < 28 else 0 for a in range(BID))


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
        # The play-out under way (hands, bids and tricks in _hands, _bids, _taken):
        # whose turn, the trick's lead, its strongest tile's power and player, how
        # many tiles it has, the tiles played in the hand, tricks done, and the
        # candidate still to play first (-1 once played).
        self.playing = False
        self.turn = self.led = self.top = self.best = 0
        self.in_trick = self.played = self.done = 0
        self.first = -1

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
        self.share = self.budget // max(1, rounds)
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
        if not self._play(self.plays):
            return False
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

    def _begin(self, action):
        """Set up the play-out of `action` on the current sample."""
        view = self.view
        me = view.seat
        for s in range(SEATS):
            _hands[s] = self.sample[s]
            _bids[s] = view.bids[s]
            _taken[s] = view.taken[s]
        self.turn = me
        if view.state == BIDDING:
            _bids[me] = action - BID
            for s in range(SEATS):
                if _bids[s] == NO_BID:
                    _bids[s] = bid_for(_hands[s])
            self.turn = (view.dealer + 1) % SEATS
            self.led = self.best = -1
            self.top = self.in_trick = self.played = 0
            self.first = -1
        else:
            self.led = view.led
            self.top = view.top
            self.best = view.best
            self.in_trick = len(view.trick)
            self.played = view.played
            self.first = action
        self.done = view.taken[0] + view.taken[1] + view.taken[2] + view.taken[3]
        self.playing = True

    def _play(self, most):
        """Play on at most `most` tiles (every seat the medium level's way after the
        candidate); True once the hand is over (this seat's points are in _bids
        and _taken)."""
        # In locals while playing (one assignment each: packing four would
        # allocate a tuple on MicroPython).
        turn = self.turn
        led = self.led
        top = self.top
        best = self.best
        n = self.in_trick
        played = self.played
        done = self.done
        first = self.first
        hands = _hands
        bids = _bids
        taken = _taken
        powers = POWER
        choose = pick
        while done < TRICKS and most:
            most -= 1
            hand = hands[turn]
            if first >= 0:
                a = first
                first = -1
            elif led >= 0 and not hand & (hand - 1):  # the last tile follows
                a = BIT_TILE[hand % 37] * 8
            else:
                a = choose(hand, led, top, n, bids[turn] - taken[turn], ALL & ~hand & ~played)
            t = a >> 3
            hands[turn] = hand & ~(1 << t)
            played |= 1 << t
            if led < 0:
                led = _LED[a]
            p = powers[led * 28 + t]
            if p > top:
                top = p
                best = turn
            n += 1
            turn = (turn + 1) & 3
            if n == SEATS:
                taken[best] += 1
                done += 1
                turn = best
                led = best = -1
                top = n = 0
        self.turn = turn
        self.led = led
        self.top = top
        self.best = best
        self.in_trick = n
        self.played = played
        self.done = done
        self.first = first
        self.playing = done < TRICKS
        return not self.playing


def choose(view, rng):
    """Think the whole decision through at once (autoplay, arena, tests)."""
    _thinker.start(view, rng)
    while not _thinker.step():
        pass
    return _thinker.action


_thinker = Thinker()
