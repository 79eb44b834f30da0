"""What the engines report after every action.

An event is a tuple (kind, seat, a, b) of small ints; seats count from 0. The UI
turns events into animations and sounds, the record writer into text. The
meaning of a and b per kind:

    DEAL       seat = leader, a = hand number (from 1), b = tile that must lead or -1
    PLAYED     a = tile, b = placement (table.W .. table.LEAD_FLIP)
    SCORED     a = points, b = the count that scored them
    DREW       a = tile (private to `seat`: show others only that a tile was drawn)
    PASSED     -
    DOMINO     a = points won from the other hand (0 or more)
    BLOCKED    seat = winner or -1 for a tie, a = points
    HAND_OVER  seat = who leads the next hand
    MATCH_OVER seat = winner

Spectacular Bid (core.bid) adds, and gives DEAL's seat as the seat that moves first
(the leader, or the first to speak in an auction); its DOMINO has a = 0:

    TRANSFER   seat = who receives, a = points moved, b = points due (more when capped)
    BID        a = the bid (a raise when a bid stood)
    ACCEPTED   seat = who accepts, a = the bid, b = what its bidder pays (after any discount)
    DECLINED   seat = who declines (the jockey opens for free)
    TIMED_OUT  seat = who ran out of time, a = milliseconds the late decision had taken
    HAND_OVER  seat = the jockey, or -1 after a blocked hand (the highest double leads)

The draw-and-block family (core.line) uses DEAL (seat = the seat to move first,
b = the tile that must lead or -1), PLAYED (b = W, E, LEAD or LEAD_FLIP; a
two-double play is two PLAYED events), DREW, PASSED, SCORED (a = points scored,
or written in Kozel, b = the count due before Kozel's writing threshold), DOMINO
(a = 0: the points follow as SCORED events), HAND_OVER (seat = who leads next, or -1 when the
game's first-hand rule picks the leader), MATCH_OVER (seat = the first winner,
-1 when nobody wins), and adds:

    FISH       seat = winner or -1 (a tie: eggs or a drawn hand)
    EGGS       a = the counts carried to the next decided hand (Classic, Kozel)
    POOL       seat = who takes the pool or -1 while it grows, a = its points (1x1)
    GOAT       seat = a seat going on the goat (a = 1) or off it (a = 0); in
               Kozel a seat reaching the target (the goat, a = 1)
    GENERAL    seat = who went out with [0|0] and [6|6] together
    OFFICER    seat = who went out with [0|0] (Yard Kozel)
    SNOT       seat = who lays the double a out of play (Yard Kozel)
    TOOK_STOCK seat = who takes the whole stock at a closed line, a = tiles taken

Domino Poker (core.poker) gives DEAL's a = the hand number, b = the dealer, seat =
the first to bid; BID a = tricks bid; PLAYED b = the called number (7: none); a
SCORED per seat at the end of a hand, a = points (may be negative), b = tricks
taken; HAND_OVER seat = the hand's winner, who deals next; TIMED_OUT (a = 0) comes
before the action the handheld made for a late player; and it adds:

    TRICK      seat = who takes the trick, a = tricks played this hand, b = the
               taker's tricks this hand
"""

from micropython import const

DEAL = const(0)
PLAYED = const(1)
SCORED = const(2)
DREW = const(3)
PASSED = const(4)
DOMINO = const(5)
BLOCKED = const(6)
HAND_OVER = const(7)
MATCH_OVER = const(8)
TRANSFER = const(9)
BID = const(10)
ACCEPTED = const(11)
DECLINED = const(12)
TIMED_OUT = const(13)
FISH = const(14)
EGGS = const(15)
POOL = const(16)
GOAT = const(17)
GENERAL = const(18)
OFFICER = const(19)
SNOT = const(20)
TOOK_STOCK = const(21)
TRICK = const(22)

NAMES = (
    "deal",
    "played",
    "scored",
    "drew",
    "passed",
    "domino",
    "blocked",
    "hand_over",
    "match_over",
    "transfer",
    "bid",
    "accepted",
    "declined",
    "timed_out",
    "fish",
    "eggs",
    "pool",
    "goat",
    "general",
    "officer",
    "snot",
    "took_stock",
    "trick",
)


def text(event):
    """A stable one-line form, used to compare event streams across interpreters."""
    return "%s %d %d %d" % (NAMES[event[0]], event[1], event[2], event[3])
