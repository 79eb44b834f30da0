"""Helpers for the portable core tests, which run under pytest and MicroPython alike."""

from core.allfives import AllFives, Options
from core.replay import parse_deal
from core.tiles import parse


def raises(exc_type, func, *args):
    """Call func(*args), assert it raises exc_type, and return the exception."""
    try:
        func(*args)
    except exc_type as e:
        return e
    raise AssertionError("%s was not raised" % exc_type.__name__)


# An All Fives deal used by many tests: hand 1 / hand 2 / the stock in drawing order.
DEAL = (
    "[1|4] [4|6] [2|3] [0|0] [5|5] [3|6] [1|2] / "
    "[4|4] [0|1] [2|6] [3|3] [1|5] [0|6] [2|5] / "
    "stock [0|2] [0|3] [0|4] [0|5] [1|1] [1|3] [1|6] [2|2] [2|4] [3|4] [3|5] [4|5] [5|6] [6|6]"
)


def tile(text):
    return parse(text)[0]


def mask(*names):
    """The set of the named tiles: mask("[1|4]", "[6|6]")."""
    m = 0
    for n in names:
        m |= 1 << tile(n)
    return m


def game_with(deal_text, options=""):
    """A match whose first hand is dealt as written ("hand / hand / stock ...")."""
    game = AllFives(Options.parse(options))
    game.start_hand(parse_deal(deal_text))
    return game


def snapshot(game):
    """Everything an illegal action must leave unchanged."""
    t = game.table
    return (
        tuple(game.hands),
        tuple(game.scores),
        bytes(game.stock),
        game.drawn,
        game.turn,
        game.state,
        bytes(t.played),
        bytes(t.outer),
        bytes(t.value),
        t.n,
        t.spinner,
        bytes(game.lacks),
        bytes(game.free),
        len(game.log),
    )


class MemoryStorage:
    """A stand-in for hw.storage.Storage that keeps its values in a dict."""

    def __init__(self):
        self.values = {}
        self.saves = 0

    def get(self, key, default=None):
        return self.values.get(key, default)

    def set(self, key, value):
        self.values[key] = value

    def delete(self, key):
        self.values.pop(key, None)

    def save(self):
        self.saves += 1
        return True
