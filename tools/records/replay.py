"""Replay a game record: one JSON object per action on stdout.

    python tools/records/replay.py RECORD     (or: make replay RECORD=...)

Each line holds n (action number), line (in the file), seat (from 1), action (the
line as written), count, scored (points the count of this action scored), scores
(per seat), stock (tiles that can still be drawn), hands (tiles per seat), ends
(the open ends and their numbers), event (the main event of the action: one of
match_over, domino, blocked, scored, played, drew, passed), events (all of them,
in order), and next (the seat to move, or null between hands and at the end).
A Spectacular Bid record (`game: bid`) gives balances as scores, and adds took
(seconds the action took), clocks (each bank in seconds, and the seconds the
decision under way may still take, or null) and auction (the standing bid and
its bidder, null outside an auction); its events include transfer, bid,
accepted, declined and timed_out.
A draw-and-block record (`game: 1x1`, classic, kozel, yard, international) has
the keys tools/records/replay_block.py names, a Domino Poker record (`game: poker`) those
tools/records/poker_replay.py names; core.anyrecord picks each game's reader.
An unreadable file, a line that is not UTF-8 text, or a malformed or illegal
line stops the replay with exit status 1 (2 from `make replay`) and a message
`RECORD:LINE: reason` on stderr; nothing after it runs.
"""

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
import poker_replay
import replay_block
from core import events as ev
from core.allfives import PLAYING
from core.anyrecord import game_of, replay_any
from core.bid import AUCTION, Bid
from core.blockrules import GAMES as BLOCK_GAMES
from core.recordparse import decode, parse_seconds, RecordError
from core.table import END_NAMES
from core.tiles import count

_PRIORITY = (
    "timed_out",
    "match_over",
    "domino",
    "blocked",
    "accepted",
    "declined",
    "bid",
    "scored",
    "played",
    "drew",
    "passed",
)


def bid_json(line, game):
    """The keys a Spectacular Bid record adds to an action's line."""
    clock = game.clock
    deciding = game.state in (PLAYING, AUCTION)
    auction = None
    if game.state == AUCTION:
        auction = {"bid": game.high_bid, "bidder": game.bidder + 1 if game.bidder >= 0 else None}
    return {
        "took": parse_seconds(line.split()[-1]) / 1000,
        "clocks": {
            "bank": [ms / 1000 for ms in clock.bank],
            "left": clock.left(game.turn) / 1000 if deciding else None,
        },
        "auction": auction,
        "next": game.turn + 1 if deciding else None,
    }


def action_json(n, number, line, game, events):
    names = [ev.NAMES[e[0]] for e in events]
    scored = 0
    for e in events:
        if e[0] == ev.SCORED:
            scored = e[2]
    main = next((p for p in _PRIORITY if p in names), names[0] if names else "")
    table = game.table
    out = {
        "n": n,
        "line": number,
        "seat": int(line.split()[0]),
        "action": line,
        "count": table.count(),
        "scored": scored,
        "scores": list(game.scores),
        "stock": max(game.drawable(), 0),
        "hands": [count(h) for h in game.hands],
        "ends": {END_NAMES[e]: table.value[e] for e in range(table.open_ends())},
        "event": main,
        "events": names,
        "next": game.turn + 1 if game.state == PLAYING else None,
    }
    if isinstance(game, Bid):
        out.update(bid_json(line, game))
    return out


def main(argv):
    if len(argv) != 2:
        print("usage: python tools/records/replay.py RECORD", file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as f:
            data = f.read()
    except OSError as e:
        print("cannot read %s: %s" % (argv[1], e.strerror), file=sys.stderr)
        return 1
    try:
        text = decode(data)
        describe = _describer(game_of(text))
    except RecordError as e:
        print("%s:%d: %s" % (argv[1], e.line, e.reason), file=sys.stderr)
        return 1
    actions = []

    def on_action(number, line, game, events):
        actions.append(None)
        print(json.dumps(describe(len(actions), number, line, game, events)), flush=True)

    try:
        replay_any(text, on_action)
    except RecordError as e:
        print("%s:%d: %s" % (argv[1], e.line, e.reason), file=sys.stderr)
        return 1
    return 0


def _describer(game):
    """The function that writes an action of `game` as a JSON object."""
    if game in BLOCK_GAMES:
        return replay_block.action_json
    return poker_replay.action_json if game == "poker" else action_json


if __name__ == "__main__":
    sys.exit(main(sys.argv))
