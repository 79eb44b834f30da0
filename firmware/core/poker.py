"""Domino Poker (RULES.md section 4): four players, bids and seven tricks a hand.

`Poker` holds the whole state of a match. `legal(out)` lists the actions of the
seat to move, `check(action)` explains why one is illegal, `apply(action)` makes
it and fills `events`; `apply_legal(action)` makes one taken from `legal()`
without checking it again (as core.drawgame's games do). Nothing here draws,
plays sound or reads a clock: the turn timer is core.pokertimer, and a late
action is only marked (`apply(a, late=True)`).

Actions are small ints (each fits in a byte): a bid of n tricks is BID + n, a
play is tile * 8 + the called number (0-6), or + NO_CALL for a follow, a trump
or a double lead. A tile's *power* in a trick says who takes it: 16-23 for the
trumps ([0|0] is 23), 8-15 for a tile of the led number (the double 15, then by
the other half), 0 for anything else. The module's functions over masks are what
the handheld players reuse.
"""

from micropython import const

from core import events as ev
from core.rng import Rng
from core.tiles import BIT_TILE, COUNT, HIGH, LOW, name, NUMBER

BIDDING = const(3)  # beside the shared PLAYING 0, HAND_OVER 1, MATCH_OVER 2
PLAYING = const(0)
HAND_OVER = const(1)
MATCH_OVER = const(2)

SEATS = const(4)
HAND_SIZE = const(7)
TRICKS = const(7)
HANDS = (5, 7, 10)  # the match lengths on offer; the first is the default

BID = const(224)  # bid n tricks: BID + n, 0 <= n <= 7
NO_CALL = const(7)  # the "called number" of a follow, a trump or a double lead
TRUMP = const(7)  # what a trump lead leads, beside the numbers 0-6
NO_BID = const(255)

# The trumps, strongest first: [0|0] [1|1] [1|6] [1|5] [1|4] [1|3] [1|2] [1|0].
TRUMP_ORDER = b"\x00\x07\x0c\x0b\x0a\x09\x08\x01"
TRUMPS = const(0x1F83)  # the same as a mask: tiles 0, 1, 7-12
# SUIT[n]: the tiles that belong to number n (trumps belong to no number).
SUIT = tuple(m & ~TRUMPS for m in NUMBER)


def _trump_powers():
    p = bytearray(COUNT)
    for i in range(8):
        p[TRUMP_ORDER[i]] = 23 - i
    return bytes(p)


TRUMP_POWER = _trump_powers()


class Illegal(Exception):
    """An action the rules refuse; the message is meant for the player."""


class Options:
    """The rules options: only the match length, `hands` (5, 7 or 10)."""

    def __init__(self, hands=5):
        self.hands = hands

    def text(self):
        return "hands=%d" % self.hands

    @staticmethod
    def parse(text):
        """Read "hands=7" (or nothing, for the default)."""
        o = Options()
        for word in text.split():
            key, _, value = word.partition("=")
            if key == "hands" and value in [str(n) for n in HANDS]:  # ASCII digits only
                o.hands = int(value)
            else:
                raise ValueError("unknown option %s (hands=5, 7 or 10)" % word)
        return o


# --- the rules over masks (the players use them too) ---------------------------


def is_trump(t):
    return TRUMPS >> t & 1


def led_by(t, called):
    """What a lead of tile t with that call leads: TRUMP or a number."""
    if TRUMPS >> t & 1:
        return TRUMP
    return LOW[t] if LOW[t] == HIGH[t] else called


def power(t, led):
    """How strong tile t is in a trick that `led` leads (see the module's notes)."""
    p = TRUMP_POWER[t]
    if p:
        return p
    if led == TRUMP or not SUIT[led] >> t & 1:
        return 0
    low = LOW[t]
    if low == HIGH[t]:
        return 15
    return 8 + (HIGH[t] if low == led else low)


def _trumps_above(p):
    m = 0
    for i in range(min(8, 23 - p)):
        m |= 1 << TRUMP_ORDER[i]
    return m


_ABOVE = tuple(_trumps_above(p) for p in range(24))


def trumps_above(p):
    """The trumps stronger than power p (0-23)."""
    return _ABOVE[p]


def follows(hand, led, top):
    """The tiles of `hand` that may be played to a trick that `led` leads (-1: the
    trick is empty), `top` being the power of the strongest tile played to it."""
    if led < 0:
        return hand
    trumps = hand & TRUMPS
    if led == TRUMP:
        if not trumps:
            return hand
        return trumps & _ABOVE[top] or trumps
    return hand & SUIT[led] or trumps or hand


def hand_points(bid, taken):
    """A hand's score for a seat that bid `bid` tricks and took `taken`."""
    if taken == bid:
        return 155 if bid == TRICKS else 15 * bid
    if taken > bid:
        return 5 * taken
    return -50 if bid == TRICKS else -5 * (bid - taken)


def first_best(keys, dealer):
    """The seat with the greatest key, ties to the earliest from the dealer's left."""
    best = -1
    for i in range(1, SEATS + 1):
        s = (dealer + i) % SEATS
        if best < 0 or keys[s] > keys[best]:
            best = s
    return best


class Poker:
    def __init__(self, options=None, seed=1):
        self.options = options or Options()
        self.seed = seed
        self.rng = Rng(seed)
        self.hands = [0, 0, 0, 0]
        self.scores = [0, 0, 0, 0]  # the match totals
        self.bid_sums = [0, 0, 0, 0]  # over the match (the first tie-break)
        self.trick_sums = [0, 0, 0, 0]  # over the match (the second)
        self.bids = bytearray(SEATS)  # this hand's, NO_BID until made
        self.taken = bytearray(SEATS)  # this hand's tricks
        self.trick = bytearray(SEATS)  # the tiles of the trick under way, in play order
        self.trick_n = 0
        self.played = 0  # every tile played this hand (public)
        # Public knowledge: per seat, the numbers it has shown it lacks (bit n) and
        # bit TRUMP for no trumps; and the power its trumps cannot exceed.
        self.lacks = bytearray(SEATS)
        self.cap = bytearray(SEATS)
        self.events = []
        self.hand_no = 0
        self.state = HAND_OVER
        self.dealer = SEATS - 1  # seat 4 deals the first hand
        self.next_dealer = SEATS - 1
        self.turn = 0
        self.leader = 0  # who led the trick under way
        self.led = -1  # what it leads (TRUMP or a number), -1 before the lead
        self.top = 0  # the power of the strongest tile in it
        self.best = -1  # who played that tile
        self.tricks_done = 0
        self.winner = -1

    # --- dealing ------------------------------------------------------------

    def start_hand(self, deal=None):
        """Deal the next hand: from the generator, or `deal` = the four hands' masks."""
        if self.state == MATCH_OVER:
            raise Illegal("the match is over")
        if self.state != HAND_OVER:
            raise Illegal("the hand is still being played")
        if deal is None:
            order = bytearray(range(COUNT))
            self.rng.shuffle(order)
            for s in range(SEATS):
                m = 0
                for i in range(s * HAND_SIZE, (s + 1) * HAND_SIZE):
                    m |= 1 << order[i]
                self.hands[s] = m
        else:
            for s in range(SEATS):
                self.hands[s] = deal[s]
        self.hand_no += 1
        self.dealer = self.next_dealer
        for s in range(SEATS):
            self.bids[s] = NO_BID
            self.taken[s] = 0
            self.lacks[s] = 0
            self.cap[s] = 23
        self.played = 0
        self.tricks_done = 0
        self.trick_n = 0
        self.led = -1
        self.top = 0
        self.best = -1
        self.turn = self.leader = (self.dealer + 1) % SEATS
        self.state = BIDDING
        self.events = [(ev.DEAL, self.turn, self.hand_no, self.dealer)]
        return self.events

    # --- what may be done ---------------------------------------------------

    def playable(self, seat):
        """The tiles of a seat's hand that may be played to the trick now."""
        return follows(self.hands[seat], self.led, self.top)

    def legal(self, out=None):
        """The legal actions of the seat to move, in a stable order (a list)."""
        if out is None:
            out = []
        else:
            del out[:]
        if self.state == BIDDING:
            for n in range(TRICKS + 1):
                out.append(BID + n)
        elif self.state == PLAYING:
            mask = self.playable(self.turn)
            # Every tile follows; a lead calls either half, save trumps and doubles.
            calls = 0 if self.led >= 0 else mask & ~TRUMPS
            while mask:
                b = mask & -mask
                mask ^= b
                t = BIT_TILE[b % 37]
                low = LOW[t]
                if calls & b and low != HIGH[t]:
                    out.append(t * 8 + low)
                    out.append(t * 8 + HIGH[t])
                else:
                    out.append(t * 8 + NO_CALL)
        return out

    def check(self, action):
        """None if the seat to move may make `action`, else the reason it may not."""
        if self.state == MATCH_OVER:
            return "the match is over"
        if self.state == HAND_OVER:
            return "the hand is over"
        if not 0 <= action < BID + TRICKS + 1:
            return "unknown action"  # (a damaged save can hold anything)
        if self.state == BIDDING:
            if action < BID:
                return "bid first: how many tricks you will take, 0 to 7"
            return None
        if action >= BID:
            return "the bids are made: play a tile"
        return self._check_play(action >> 3, action & 7)

    def _check_play(self, t, called):
        hand = self.hands[self.turn]
        if not hand >> t & 1:
            return "you do not hold " + name(t)
        if self.led < 0:
            return _check_call(t, called)
        if called != NO_CALL:
            return "only the leader calls a number"
        if self.playable(self.turn) >> t & 1:
            return None
        if self.led == TRUMP:
            if not TRUMPS >> t & 1:
                return "a trump was led: play a trump"
            return "a trump was led: beat %s if you can" % name(self.trick[self._best_index()])
        if hand & SUIT[self.led]:
            return "a %d was led: play a %d" % (self.led, self.led)
        return "you have no %d: play a trump" % self.led

    def _best_index(self):
        return (self.best - self.leader) % SEATS

    # --- doing it -----------------------------------------------------------

    def apply(self, action, late=False):
        """Make the action of the seat to move, or raise Illegal and change nothing.
        `late`: the handheld made it for a player whose time ran out."""
        reason = self.check(action)
        if reason is not None:
            raise Illegal(reason)
        return self.apply_legal(action, late)

    def apply_legal(self, action, late=False):
        """apply() for an action taken from legal(), without checking it again."""
        seat = self.turn
        self.events = [(ev.TIMED_OUT, seat, 0, 0)] if late else []
        if self.state == BIDDING:
            self._bid(seat, action - BID)
        else:
            self._play(seat, action >> 3, action & 7)
        return self.events

    def _bid(self, seat, n):
        self.bids[seat] = n
        self.bid_sums[seat] += n
        self.events.append((ev.BID, seat, n, 0))
        self.turn = (seat + 1) % SEATS
        if self.turn == self.leader:
            self.state = PLAYING

    def _play(self, seat, t, called):
        self._learn(seat, t)
        self.hands[seat] &= ~(1 << t)
        self.played |= 1 << t
        if self.led < 0:
            self.led = led_by(t, called)
        self.trick[self.trick_n] = t
        self.trick_n += 1
        p = power(t, self.led)
        if p > self.top:
            self.top = p
            self.best = seat
        self.events.append((ev.PLAYED, seat, t, called))
        self.turn = (seat + 1) % SEATS
        if self.trick_n == SEATS:
            self._take()

    def _learn(self, seat, t):
        # What the tile shows about the rest of the seat's hand.
        led = self.led
        if led < 0:
            return
        trump = TRUMPS >> t & 1
        if led == TRUMP:
            if not trump:
                self.lacks[seat] |= 1 << TRUMP
            elif TRUMP_POWER[t] < self.top and self.top < self.cap[seat]:
                self.cap[seat] = self.top  # it had nothing stronger to play
            return
        if not SUIT[led] >> t & 1:
            self.lacks[seat] |= 1 << led
            if not trump:
                self.lacks[seat] |= 1 << TRUMP

    def _take(self):
        taker = self.best
        self.taken[taker] += 1
        self.trick_sums[taker] += 1
        self.tricks_done += 1
        self.events.append((ev.TRICK, taker, self.tricks_done, self.taken[taker]))
        self.trick_n = 0
        self.led = -1
        self.top = 0
        self.best = -1
        self.turn = self.leader = taker
        if self.tricks_done == TRICKS:
            self._end_hand()

    def _end_hand(self):
        points = [0, 0, 0, 0]
        for s in range(SEATS):
            points[s] = hand_points(self.bids[s], self.taken[s])
            self.scores[s] += points[s]
            self.events.append((ev.SCORED, s, points[s], self.taken[s]))
        keys = [(points[s], self.bids[s], self.taken[s]) for s in range(SEATS)]
        self.next_dealer = first_best(keys, self.dealer)
        self.state = HAND_OVER
        self.events.append((ev.HAND_OVER, self.next_dealer, self.hand_no, 0))
        if self.hand_no >= self.options.hands:
            self.state = MATCH_OVER
            self.winner = self.standings()[0]
            self.events.append((ev.MATCH_OVER, self.winner, 0, 0))

    def standings(self):
        """The seats from first to last: the match totals, then the sums of bids, then
        the tricks taken, then the earliest seat from the last dealer's left."""
        keys = [(self.scores[s], self.bid_sums[s], self.trick_sums[s]) for s in range(SEATS)]
        order = []
        left = [True] * SEATS
        for _ in range(SEATS):
            best = -1
            for i in range(1, SEATS + 1):
                s = (self.dealer + i) % SEATS
                if left[s] and (best < 0 or keys[s] > keys[best]):
                    best = s
            left[best] = False
            order.append(best)
        return order

    def decided_by(self, a, b):
        """What put seat a ahead of seat b in the standings: 0 the totals, 1 the sums
        of bids, 2 the tricks taken, 3 the seat (nearer the last dealer's left)."""
        if self.scores[a] != self.scores[b]:
            return 0
        if self.bid_sums[a] != self.bid_sums[b]:
            return 1
        return 2 if self.trick_sums[a] != self.trick_sums[b] else 3


def _check_call(t, called):
    """Why the lead of tile t with that call is wrong, or None."""
    low = LOW[t]
    high = HIGH[t]
    if TRUMPS >> t & 1:
        if called != NO_CALL:
            return "a trump is never led with a called number"
        return None
    if low == high:
        if called != NO_CALL:
            return "a double leads its own number: call nothing"
        return None
    if called == NO_CALL:
        return "call the number you lead"
    if called != low and called != high:
        return "%s can be led only as %d or %d" % (name(t), low, high)
    return None
