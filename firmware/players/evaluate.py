"""What-if helpers shared by the handheld players, working on a scratch table."""

from core.actions import DRAW
from core.table import E, Table, W
from core.tiles import HIGH, LOW, NUMBER
from micropython import const

_EMPTY = const(255)  # how core.table marks an arm with no tile yet

_scratch = Table()


def after(table, action):
    """The scratch table as it would be after the play `action` (reused: copy it to keep it)."""
    _scratch.copy_from(table)
    _scratch.place(action >> 3, action & 7)
    return _scratch


def count_after(table, tile, end):
    """The count the table would show after `tile` is played on the open `end`,
    without changing or copying the table (the same as `after(...).count()`)."""
    value = table.value
    outer = table.outer
    v = value[end]
    low = LOW[tile]
    high = HIGH[tile]
    spinner = table.spinner
    if spinner < 0:
        # No double down yet: two plain ends, unless this double becomes the
        # spinner, whose empty side then counts both its halves.
        if low == high:
            return v + v + value[1 - end]
        return (high if low == v else low) + value[1 - end]
    total = 0
    for e in range(4):
        if e == end:
            x = high if low == v else low
            total += x + x if low == high else x
        elif outer[e] != _EMPTY:
            t = outer[e]
            x = value[e]
            total += x + x if LOW[t] == HIGH[t] else x
    if (outer[W] == _EMPTY and end != W) or (outer[E] == _EMPTY and end != E):
        total += LOW[spinner] * 2
    return total


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
