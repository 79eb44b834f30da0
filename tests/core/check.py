"""Helpers for the portable core tests, which run under pytest and MicroPython alike."""

from core.allfives import AllFives, Options
from core.record import parse_deal
from core.tiles import parse


def raises(exc_type, func, *args):
    """Call func(*args), assert it raises exc_type, and return the exception."""
    try:
        func(*args)
    except exc_type as e:
        return e
    raise AssertionError("%s was not raised" % exc_type.__name__)


def tile(text):
    return parse(text)[0]


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
