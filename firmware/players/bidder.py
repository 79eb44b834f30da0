"""The handheld player of Spectacular Bid: the expert's tiles and a priced auction.

Tiles are played by the expert level (players.expert) through the seat's view: the
duel's view says the "target" is every point, so the expert's bonus for reaching
it falls on taking the opponent's last points, which is how it knows a transfer
is capped. In the auction it prices the opening with players.opening (what
leading is worth on sampled deals, given its hand and both balances) and then
acts like a careful bidder in an open auction: it declines, accepts or stops as
soon as the least call it could make would cost more than that worth, and never
calls more than the least. It never bids so much that paying would empty its own
balance, and it accepts any bid that would empty the opponent's.

Between equal players the opening is worth about 8 points, and hardly ever the
least bid of 15 (see players.opening), so it seldom buys the opening and sells
it for any bid.

`declining` is the same player with the auction left out: it declines when it
may and otherwise accepts (the baseline of tools/arenas/bid_arena.py).
"""

from core.actions import ACCEPT, bid, DECLINE
from core.bid import AUCTION, MIN_BID, price, RAISE
from micropython import const

from players import expert, opening

# Turns of the auction's playouts per step, a frame's worth of work on the device:
# a turn takes about 1.5 ms at 125 MHz (3 at worst), a call about 1,000 turns.
TURNS_PER_STEP = const(12)


class Thinker:
    """For the frame loop (see players.thinker): tiles by the expert's thinker in
    small steps, an auction call by the opening's playouts in steps of
    TURNS_PER_STEP turns."""

    def __init__(self):
        self.tiles = expert.Thinker()
        self.opening = opening.Estimator()
        self.playing = False
        self.action = -1

    def start(self, view, rng):
        self.view = view
        self.playing = view.state != AUCTION
        if self.playing:
            self.tiles.start(view, rng)
            self.action = self.tiles.action
        else:
            self.opening.start(view, rng)

    def step(self):
        if not self.playing:
            if not self.opening.step(TURNS_PER_STEP):
                return False
            self.action = call(self.view, opening.worth(self.opening.estimate))
            return True
        done = self.tiles.step()
        self.action = self.tiles.action
        return done


def choose(view, rng):
    if view.state != AUCTION:
        return expert.choose(view, rng)
    return call(view, opening.value(view, rng))


def declining(view, rng):
    if view.state != AUCTION:
        return expert.choose(view, rng)
    return DECLINE if DECLINE in view.legal else ACCEPT


def call(view, worth):
    """The auction call of a seat that values leading this hand at `worth` points."""
    me = view.seat
    opp = view.opponent
    if view.bidder == opp:
        offered = price(view.high_bid, opp == view.jockey)
        if offered >= view.scores[opp]:
            return ACCEPT  # paying would leave the opponent with nothing: it loses
        least = view.high_bid + RAISE
    else:
        offered = 0  # declining: the jockey leads for free
        least = MIN_BID
    cost = price(least, me == view.jockey)
    action = bid(least)
    if action in view.legal and cost < view.scores[me] and worth - cost > offered:
        return action
    return ACCEPT if view.bidder >= 0 else DECLINE
