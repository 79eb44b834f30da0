"""Helpers for the draw-and-block rule tests, portable like check.py."""

from check import mask, snapshot, tile
from core import events as ev
from core.blockreplay import action_of
from core.blockrules import Options
from core.line import LineGame
from core.table import LEAD, LEAD_FLIP
from core.tiles import LOW, parse


def tiles(text):
    return [tile(w) for w in text.split()]


def hand(text):
    return mask(*text.split())


def lay(game, hands, stock="", line="", turn=None):
    """Start the game's next hand with these hands and stock (in drawing order),
    then put the line down as it reads: "[2|5], [5|6] E, [1|2] W" (the first tile
    leads, its first half on W). The turn goes to `turn` if given, else to seat 1
    once a line is down (else the game's lead rule decides)."""
    game.start_hand(([hand(h) for h in hands], bytes(tiles(stock))))
    if line:
        for i, part in enumerate(line.split(",")):
            words = part.split()
            t, first = parse(words[0])
            if i == 0:
                game.table.place(t, LEAD if first == LOW[t] else LEAD_FLIP)
            else:
                game.table.place(t, "WE".index(words[1]))
        game.forced_lead = -1
        game.drawing_lead = False
        game.leader = game.turn = 0
    if turn is not None:
        game.turn = turn
    return game


def position(name, options, hands, stock="", line="", turn=None):
    """A new match of `name` whose first hand is laid out as `lay` says."""
    return lay(LineGame(name, Options.parse(name, options)), hands, stock, line, turn)


def do(game, text):
    """Make the action written as in a record: "play [3|5] W", "draw", "pass"."""
    return game.apply(action_of(game, text.split()))


def kinds(events):
    return [ev.NAMES[e[0]] for e in events]


def of_kind(events, kind):
    return [e for e in events if ev.NAMES[e[0]] == kind]


def state(game):
    """Everything an illegal action must leave unchanged."""
    return snapshot(game) + (game.gone,)


def refused(game, text, reason):
    """The action is refused with exactly this reason, and changes nothing."""
    from core.allfives import Illegal

    before = state(game)
    try:
        do(game, text)
    except Illegal as e:
        assert str(e) == reason, str(e)
    else:
        raise AssertionError("%s was not refused" % text)
    assert state(game) == before
