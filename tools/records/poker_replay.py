"""The JSON line of an action of a Domino Poker record (`game: poker`), for
tools/records/replay.py (make replay RECORD=...). Each line holds n (action number),
line (in the file), seat (from 1), action (the line as written), late (the
handheld acted for a late player), count (0: poker counts no pips), hand (its
number), bids (this hand's, null for a seat yet to bid), tricks (taken this
hand, per seat), scores (the match totals per seat), trick (the tiles of the
trick under way), event (the main event: match_over, hand_over, trick, played or
bid), events (all of them, in order), taker (the seat that took a trick with
this action, or null), points (each seat's score for the hand, when it ended),
standings (seats first to last, once the match is over) and next (the seat to
move, or null between hands and at the end). A malformed or illegal line stops
the replay as for every game (tools/records/replay.py).
"""

from core import events as ev
from core.poker import BIDDING, MATCH_OVER, NO_BID, PLAYING
from core.tiles import name

_PRIORITY = ("match_over", "hand_over", "trick", "played", "bid")


def action_json(n, number, line, game, events):
    names = [ev.NAMES[e[0]] for e in events]
    taker = None
    points = None
    for kind, seat, a, _b in events:
        if kind == ev.TRICK:
            taker = seat + 1
        elif kind == ev.SCORED:
            points = (points or []) + [a]
    return {
        "n": n,
        "line": number,
        "seat": int(line.split()[0]),
        "action": line,
        "late": "timed_out" in names,
        "count": 0,
        "hand": game.hand_no,
        "bids": [None if b == NO_BID else b for b in game.bids],
        "tricks": list(game.taken),
        "scores": list(game.scores),
        "trick": [name(t) for t in game.trick[: game.trick_n]],
        "event": next((p for p in _PRIORITY if p in names), names[-1]),
        "events": names,
        "taker": taker,
        "points": points,
        "standings": [s + 1 for s in game.standings()] if game.state == MATCH_OVER else None,
        "next": game.turn + 1 if game.state in (BIDDING, PLAYING) else None,
    }
