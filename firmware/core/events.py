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
TRICK = const(14)

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
    "trick",
)


def text(event):
    """A stable one-line form, used to compare event streams across interpreters."""
    return "%s %d %d %d" % (NAMES[event[0]], event[1], event[2], event[3])
