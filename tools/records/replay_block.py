"""The JSON line of an action of a draw-and-block record (tools/records/replay.py).

Keys as for All Fives: n, line, seat, action, count (always 0: these games score
no count), scored (points scored, or written in Kozel, by this action), scores
(per seat, partners showing their side's; Kozel: the written counts; Yard Kozel:
1 for each seat whose side is on the goat, else 0), stock (tiles that can still
be drawn), hands (tiles per seat), ends, event (the main event), events (all of
them in order: besides those of All Fives, fish, eggs, pool, goat, general,
officer, snot and took_stock), next (the seat to move, or null); and game.
"""

from core import events as ev
from core.allfives import PLAYING
from core.tiles import count

_PRIORITY = (
    "match_over",
    "general",
    "officer",
    "goat",
    "domino",
    "fish",
    "eggs",
    "pool",
    "scored",
    "took_stock",
    "snot",
    "played",
    "drew",
    "passed",
)


def action_json(n, number, line, game, events):
    names = [ev.NAMES[e[0]] for e in events]
    scored = sum(e[2] for e in events if e[0] == ev.SCORED)
    table = game.table
    return {
        "n": n,
        "line": number,
        "seat": int(line.split()[0]),
        "action": line,
        "game": game.game,
        "count": 0,
        "scored": scored,
        "scores": list(game.scores),
        "stock": game.drawable(),
        "hands": [count(h) for h in game.hands],
        "ends": {"W": table.value[0], "E": table.value[1]} if table.n else {},
        "event": next((p for p in _PRIORITY if p in names), names[0] if names else ""),
        "events": names,
        "next": game.turn + 1 if game.state == PLAYING else None,
    }
