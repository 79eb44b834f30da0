"""What-if helpers shared by the handheld players, working on a scratch table."""

from core.actions import DRAW
from core.table import Table
from core.tiles import NUMBER

_scratch = Table()


def after(table, action):
    """The scratch table as it would be after the play `action` (reused: copy it to keep it)."""
    _scratch.copy_from(table)
    _scratch.place(action >> 3, action & 7)
    return _scratch


def points(count):
    """What a count scores: itself when it is a positive multiple of 5."""
    return count if count and count % 5 == 0 else 0


def plays_of(legal):
    """The plays among legal actions (draw and pass left out)."""
    return [a for a in legal if a < DRAW]


def numbers_out(mask):
    """A 7-bit mask of the numbers that no tile of `mask` shows."""
    out = 0
    for n in range(7):
        if not mask & NUMBER[n]:
            out |= 1 << n
    return out
