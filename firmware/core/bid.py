"""Spectacular Bid (docs/rules.md section 2): the Fives duel with chips, an auction and a clock.

`Bid` is All Fives' engine (the same table, spinner, counting, legality checks and
public knowledge) with the differences of the duel:

- `scores` are balances: 150 each, 300 in all. A count, a blocked hand or an
  accepted bid *transfers* points from the other player, capped by what the payer
  has; a player left with 0 loses at once.
- Only a player who cannot play draws, and a playable tile so drawn must be played
  at once (`must_play`). Blocked hands end at once, as in All Fives.
- A domino transfers nothing for the tiles left; its player becomes the *jockey*
  and the next opening is auctioned (state AUCTION). Before the first hand and
  after a blocked hand the highest double (or heaviest tile) must lead.
- Every action comes with the milliseconds it took (`apply(action, took)`), which
  drive the match clock (core.matchclock). A turn's draws and its play or pass are
  one decision. An action that comes too late is not made: the mover loses on time.
"""

from micropython import const

from core import events as ev
from core.actions import (
    ACCEPT,
    amount_of,
    bid,
    DECLINE,
    DISCOUNT,
    DRAW,
    is_bid,
    price,
    RAISE,
    TIMEOUT,
)
from core.allfives import (
    AllFives,
    HAND_OVER,
    Illegal,
    MATCH_OVER,
    opening_tile,
    Options,
    PLAYING,
)
from core.matchclock import MatchClock
from core.tiles import bit, name, pips, round5

AUCTION = const(3)  # a state beside All Fives' PLAYING, HAND_OVER, MATCH_OVER

START = const(150)  # each player's balance at the start: 30 chips of 5
TOTAL = const(300)
MIN_BID = const(15)
def rules():
    """The fixed rules of the duel in All Fives' terms: draw only when stuck, the
    whole stock drawable, and a "target" of every point (for the players' use)."""
    options = Options()
    options.target = TOTAL
    options.draw_stuck = True
    return options


class Bid(AllFives):
    def __init__(self, seed=1):
        super().__init__(rules(), seed)
        self.scores = [START, START]
        self.clock = MatchClock()
        self.jockey = -1  # who went out last hand: the next opening is auctioned
        self.high_bid = 0  # the bid standing in the auction (0: none yet)
        self.bidder = -1  # who made it
        self.must_play = -1  # a playable tile just drawn, which must be played now

    # --- dealing ------------------------------------------------------------

    def start_hand(self, deal=None):
        """Deal the next hand (see AllFives.start_hand); then the opening is either
        forced (highest double) or auctioned, the jockey's opponent speaking first."""
        self._deal(deal)
        self.must_play = -1
        if self.jockey < 0:
            self.forced_lead = opening_tile(self.hands)
            self.leader = 0 if self.hands[0] >> self.forced_lead & 1 else 1
            self.turn = self.leader
            self.state = PLAYING
        else:
            self.high_bid = 0
            self.bidder = -1
            self.turn = 1 - self.jockey
            self.state = AUCTION
        self.events = [(ev.DEAL, self.turn, self.hand_no, self.forced_lead)]
        return self.events

    # --- what may be done ---------------------------------------------------

    def most(self, seat):
        """The highest bid `seat` can pay: its balance, plus the discount for the jockey."""
        return self.scores[seat] + (DISCOUNT if seat == self.jockey else 0)

    def least(self):
        """The lowest bid allowed now: the minimum, or the standing bid plus a raise."""
        return self.high_bid + RAISE if self.bidder >= 0 else MIN_BID

    def playable(self, seat):
        if self.must_play >= 0 and seat == self.turn:
            return self.hands[seat] & bit(self.must_play)
        return super().playable(seat)

    def legal(self, out=None):
        if self.state != AUCTION:
            return super().legal(out)
        if out is None:
            out = []
        else:
            del out[:]
        if self.bidder < 0:
            out.append(DECLINE)
        else:
            out.append(ACCEPT)
        amount = self.least()
        most = self.most(self.turn)
        while amount <= most:
            out.append(bid(amount))
            amount += RAISE
        return out

    def check(self, action):
        if self.state == AUCTION:
            return self._check_call(action)
        if action == TIMEOUT:
            return "your time has not run out" if self.state == PLAYING else super().check(action)
        if self.state == PLAYING and (action in (ACCEPT, DECLINE) or is_bid(action)):
            return "there is no auction now: play, draw or pass"
        return super().check(action)

    def _check_call(self, action):
        seat = self.turn
        if action == DECLINE:
            if self.bidder >= 0:
                return "a bid of %d stands: accept it or raise" % self.high_bid
            return None
        if action == ACCEPT:
            if self.bidder < 0:
                return "there is no bid to accept: bid at least %d or decline" % MIN_BID
            return None
        if action == TIMEOUT:
            return "your time has not run out"
        if not is_bid(action):
            return "the opening is being auctioned: bid, accept or decline"
        amount = amount_of(action)
        if amount < self.least():
            if self.bidder < 0:
                return "a bid must be at least %d" % MIN_BID
            return "a raise must be at least %d (%d stands)" % (self.least(), self.high_bid)
        most = self.most(seat)
        if amount > most:
            if most < self.least():
                return "you cannot pay %d: %s" % (
                    self.least(),
                    "accept" if self.bidder >= 0 else "decline",
                )
            return "you cannot pay %d: bid at most %d" % (amount, most)
        return None

    def _check_play(self, seat, t, where):
        if self.must_play >= 0 and t != self.must_play and self.hands[seat] >> t & 1:
            return "you drew %s: it must be played now" % name(self.must_play)
        return super()._check_play(seat, t, where)

    # --- doing it -----------------------------------------------------------

    def apply(self, action, took=0):
        """Make the action of the seat to move, `took` milliseconds after its previous
        action of this decision (or the decision's start). Raises Illegal and changes
        nothing if the action is illegal; if the decision has run out of time, the
        mover loses on time and the action is not made, legal or not."""
        if not self._late(took):
            reason = self.check(action)
            if reason is not None:
                raise Illegal(reason)
        return self.apply_legal(action, took)

    def apply_legal(self, action, took=0):
        """apply() for an action taken from legal(), without checking it again."""
        seat = self.turn
        if self._late(took):
            return self._time_out(seat, took)
        if self.state != AUCTION:
            super().apply_legal(action)
        else:
            self.events = []
            self._call(seat, action)
        self.clock.add(took)
        if action != DRAW or self.turn != seat or self.state != PLAYING:
            self.clock.settle(seat)
        return self.events

    def _late(self, took):
        """The decision under way has run out of time with this action."""
        if self.state != PLAYING and self.state != AUCTION:
            return False
        return took >= self.clock.left(self.turn)

    def _time_out(self, seat, took):
        self.clock.run_out(seat)
        self.events = [(ev.TIMED_OUT, seat, took, 0)]
        self._win(1 - seat)
        return self.events

    def _call(self, seat, action):
        if is_bid(action):
            self.high_bid = amount_of(action)
            self.bidder = seat
            self.events.append((ev.BID, seat, self.high_bid, 0))
            self.turn = 1 - seat
            return
        if action == DECLINE:
            self.events.append((ev.DECLINED, seat, 0, 0))
            self._open(self.jockey)
            return
        paid = price(self.high_bid, self.bidder == self.jockey)
        self.events.append((ev.ACCEPTED, seat, self.high_bid, paid))
        if paid and self._add(seat, paid):
            return  # the bidder paid its whole balance: it loses before the opening
        self._open(self.bidder)

    def _open(self, seat):
        self.leader = self.turn = seat
        self.state = PLAYING

    def _draw(self, seat):
        super()._draw(seat)
        t = self.stock[self.drawn - 1]
        if self.table.playable() >> t & 1:
            self.must_play = t

    def _play(self, seat, t, where):
        self.must_play = -1
        super()._play(seat, t, where)

    def _domino(self, seat):
        # Nothing is transferred for the tiles left; the seat becomes the jockey.
        self.events.append((ev.DOMINO, seat, 0, 0))
        self.jockey = seat
        self._end_hand(seat, 0)

    def _end_blocked(self):
        # The lower pip total receives the other total, rounded; equal totals nothing.
        a = pips(self.hands[0])
        b = pips(self.hands[1])
        winner = -1 if a == b else (0 if a < b else 1)
        points = round5(b if a < b else a) if winner >= 0 else 0
        self.events.append((ev.BLOCKED, winner, points, 0))
        self.jockey = -1
        self._end_hand(winner, points)

    def _end_hand(self, winner, points):
        if winner >= 0 and points and self._add(winner, points):
            return
        self.state = HAND_OVER
        self.events.append((ev.HAND_OVER, self.jockey, 0, 0))

    def _add(self, seat, points):
        """Transfer points to `seat`, capped by the payer's balance; True when that
        leaves the payer with nothing, which ends the match."""
        payer = 1 - seat
        paid = min(points, self.scores[payer])
        self.scores[seat] += paid
        self.scores[payer] -= paid
        self.events.append((ev.TRANSFER, seat, paid, points))
        if self.scores[payer]:
            return False
        self._win(seat)
        return True

    def _win(self, seat):
        self.state = MATCH_OVER
        self.winner = seat
        self.events.append((ev.MATCH_OVER, seat, 0, 0))
