"""Actions as small ints (each fits in a byte, so a list of them fits a bytearray).

A play is tile * 8 + placement (an end W, E, N, S, or LEAD / LEAD_FLIP for the
first tile of a hand); DRAW and PASS are codes above every play.

Spectacular Bid adds ACCEPT, DECLINE, TIMEOUT (the clock ran out: the late action
is not made) and bids: bid N is BID + N // 5 (N a multiple of 5). Bids are the only
actions above a byte; a bid record keeps its actions in 16 bits.

The draw-and-block family (core.line) adds the two-double play (Classic's doubling
up, Kozel's [0|0] and [6|6] finish): PAIR + w * 8 + e plays the double [w|w] on W
and [e|e] on E in one action; its records also keep their actions in 16 bits.
"""

from micropython import const

from core.table import END_NAMES, LEAD, LEAD_FLIP
from core.tiles import HIGH, LOW, name

DRAW = const(240)
PASS = const(241)
ACCEPT = const(242)
DECLINE = const(243)
TIMEOUT = const(244)
BID = const(256)
PAIR = const(1024)

RAISE = const(5)  # Spectacular Bid: the smallest raise; every bid is a multiple of it
DISCOUNT = const(15)  # the jockey pays this much less when its own bid is accepted


def bid(amount):
    return BID + amount // RAISE


def price(amount, jockey):
    """What a bidder pays when its bid of `amount` is accepted (the jockey less 15)."""
    return max(0, amount - DISCOUNT) if jockey else amount


def is_bid(action):
    return action > BID


def amount_of(action):
    """The points of a bid action."""
    return (action - BID) * RAISE


def pair(w, e):
    """Play the double [w|w] on W and [e|e] on E together."""
    return PAIR + w * 8 + e


def is_pair(action):
    return PAIR <= action < PAIR + 56


def play(tile, where):
    return tile * 8 + where


def is_play(action):
    return action < DRAW


def tile_of(action):
    return action >> 3


def where_of(action):
    return action & 7


def describe(action):
    """The action as written in a record after the seat: "play [1|4] W", "draw", "pass"."""
    if action == DRAW:
        return "draw"
    if action == PASS:
        return "pass"
    if is_pair(action):
        w = (action - PAIR) >> 3
        e = (action - PAIR) & 7
        return "play [%d|%d] W [%d|%d] E" % (w, w, e, e)
    if action >= ACCEPT:
        return _AUCTION_WORDS[action - ACCEPT] if action < BID else "bid %d" % amount_of(action)
    t = action >> 3
    where = action & 7
    if where == LEAD:
        return "play " + name(t, LOW[t])
    if where == LEAD_FLIP:
        return "play " + name(t, HIGH[t])
    return "play " + name(t) + " " + END_NAMES[where]


_AUCTION_WORDS = ("accept", "decline", "timeout")
