"""What every screen draws its frame with: a title bar, a footer of help, centred
lines, a bordered panel and a scroll bar, all drawn without allocating. The
widgets that read the buttons (a menu, a speech bubble, a yes/no question) are
in ui.controls, which the screens that only show something (a hand's end, say)
do not load.
"""

from gfx import text
from micropython import const

WIDTH = const(128)
HEIGHT = const(64)


def title(fb, s, note=""):
    """The title bar: s on the left, a short note on the right, a rule beneath."""
    text.draw(fb, s, 2, 1)
    if note:
        text.draw(fb, note, WIDTH - 2 - text.width(note), 1)
    fb.hline(0, 8, WIDTH, 1)


def footer(fb, s):
    """A line of help under a rule at the bottom of the screen."""
    fb.hline(0, 52, WIDTH, 1)
    centre(fb, s, 56)


def centre(fb, s, y, colour=1):
    text.draw(fb, s, (WIDTH - text.width(s)) // 2, y, colour)


def box(fb, x, y, w, h):
    """A cleared panel with a one-pixel border and rounded corners."""
    fb.fill_rect(x, y, w, h, 0)
    fb.rect(x, y, w, h, 1)
    right = x + w - 1
    bottom = y + h - 1
    fb.pixel(x, y, 0)
    fb.pixel(right, y, 0)
    fb.pixel(x, bottom, 0)
    fb.pixel(right, bottom, 0)


def scrollbar(fb, x, y, h, first, shown, total):
    """A dotted track `h` high at column x+1, and a thumb 3 wide showing which
    `shown` of `total` lines (or items), from `first`, are in view."""
    for dot in range(0, h, 2):
        fb.pixel(x + 1, y + dot, 1)
    fb.fill_rect(x, y + h * first // total, 3, h * shown // total, 1)
