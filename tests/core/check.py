"""Helpers for the portable core tests, which run under pytest and MicroPython alike."""

from core.allfives import AllFives, Options
from core.replay import read_deal
from core.tiles import parse
from hw.storage import Storage


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
    game.start_hand(read_deal(deal_text))
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


class PowerCut(Exception):
    """The device lost power: nothing after this point happens."""


class Flash:
    """An in-memory file system that can lose power after a number of steps, or
    fill up, for Storage(path, flash, flash.open).

    Every open, flush, close and remove is a step, and so is every `chunk` bytes
    of a write, which land one chunk at a time (a cut tears the file there).
    `budget` steps are allowed, then PowerCut; `room` bytes of writes are
    allowed, then OSError (no space), what fitted written. `log` names the steps;
    during a write step, `writing` is (path, the chunk about to land), so that a
    test can also leave that chunk half written (tests/powercut_support.py).
    """

    def __init__(self, chunk=8):
        self.files = {}
        self.chunk = chunk
        self.budget = -1  # no cut planned
        self.room = -1  # no limit
        self.log = []
        self.writing = None

    def step(self, what):
        if self.budget == 0:
            raise PowerCut(what)
        self.budget -= 1
        self.log.append(what)

    def open(self, path, mode):
        self.step("open")
        if "r" in mode:
            if path not in self.files:
                raise OSError(2, "no such file")
            return FlashFile(self, path, self.files[path])
        if "a" not in mode or path not in self.files:
            self.files[path] = b""
        return FlashFile(self, path, b"")

    def remove(self, path):
        self.step("remove")
        if path not in self.files:
            raise OSError(2, "no such file")
        del self.files[path]

    def copy(self):
        """The same files, on a flash with power and room again (a reboot)."""
        again = Flash(self.chunk)
        again.files = dict(self.files)
        return again


class FlashFile:
    def __init__(self, flash, path, data):
        self.flash, self.path, self.data = flash, path, data
        self.position = 0

    def read(self, size=-1):
        end = len(self.data) if size < 0 else self.position + size
        piece = self.data[self.position:end]
        self.position += len(piece)
        return piece

    def write(self, data):
        flash = self.flash
        for i in range(0, len(data), flash.chunk):
            piece = bytes(data[i:i + flash.chunk])
            flash.writing = (self.path, piece)
            flash.step("write")
            flash.writing = None
            if flash.room >= 0:
                if len(piece) > flash.room:
                    flash.files[self.path] += piece[:flash.room]
                    flash.room = 0
                    raise OSError(28, "no space left")
                flash.room -= len(piece)
            flash.files[self.path] += piece
        return len(data)

    def flush(self):
        self.flash.step("flush")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            self.flash.step("close")
        return False


def memory_storage():
    """A Storage on a fresh in-memory flash (its `flash`)."""
    flash = Flash(1 << 16)
    storage = Storage("/save.bin", flash, flash.open)
    storage.flash = flash
    return storage
