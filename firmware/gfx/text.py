"""Text in the project's own small proportional font (gfx/font.py), without allocating."""

import framebuf
from micropython import const

from gfx import font
from gfx.sheet import INVERT

LINE = const(7)  # from one line of text to the next: the font's 6 rows and a gap

_STRIP = (font.COLUMNS, font.WIDTH, font.HEIGHT, framebuf.MONO_VLSB)
_cell = bytearray(8)  # one glyph, up to 8 columns of one byte
_CELL = framebuf.FrameBuffer(_cell, 8, font.HEIGHT, framebuf.MONO_VLSB)
# The same bytes seen as a glyph exactly as wide as the one cut into them: a
# one-page MONO_VLSB image of width w is just its first w bytes.
_GLYPH = [_cell, 1, font.HEIGHT, framebuf.MONO_VLSB]
_ASCII = font.LAST - font.FIRST + 1
_MISSING = ord("?") - font.FIRST
_DIGITS = ord("0") - font.FIRST


def _meet_every_character():
    # Iterating a str yields each character as an interned string, interned (so
    # allocated, once) the first time MicroPython meets that character. Meet all
    # of the font's characters now, and drawing text never allocates.
    for code in range(font.FIRST, font.LAST + 1):
        chr(code)
    for _ in font.EXTRA:
        pass


_meet_every_character()


def _glyph(ch):
    code = ord(ch)
    if font.FIRST <= code <= font.LAST:
        return code - font.FIRST
    extra = font.EXTRA.find(ch)
    return _ASCII + extra if extra >= 0 else _MISSING


def _start(glyph):
    offsets = font.OFFSETS
    return offsets[2 * glyph] | offsets[2 * glyph + 1] << 8


def width(s):
    """Pixels from the left of the first glyph to the right of the last."""
    w = -1
    for ch in s:
        glyph = _glyph(ch)
        w += _start(glyph + 1) - _start(glyph) + 1
    return w if w > 0 else 0


def _put(fb, glyph, x, y, key, palette):
    start = _start(glyph)
    w = _start(glyph + 1) - start
    if w:
        _CELL.blit(_STRIP, -start, 0)  # type: ignore[arg-type]  # tuple source
        _GLYPH[1] = w
        fb.blit(_GLYPH, x, y, key, palette)
    return x + w + 1


def draw(fb, s, x, y, colour=1):
    """Draw s with its top left at (x, y), leaving the pixels around the glyphs as they
    were. Returns the x where more text would follow. Characters the font lacks show as ?."""
    key = 0 if colour else 1
    palette = None if colour else INVERT
    for ch in s:
        x = _put(fb, _glyph(ch), x, y, key, palette)
    return x


def number(fb, n, x, y, colour=1):
    """Draw the int n >= 0 as draw() would draw "%d" % n, without making that string."""
    key = 0 if colour else 1
    palette = None if colour else INVERT
    power = 1
    while power * 10 <= n:
        power *= 10
    while power:
        x = _put(fb, _DIGITS + n // power % 10, x, y, key, palette)
        power //= 10
    return x


def number_width(n):
    """The pixels number(fb, n, ...) takes, without making a string of n."""
    w = -1
    while True:
        glyph = _DIGITS + n % 10
        w += _start(glyph + 1) - _start(glyph) + 1
        n //= 10
        if not n:
            return w


def wrap(s, limit):
    """s cut into lines no wider than `limit` pixels, at spaces; a newline starts a
    new line. For screens to call when they are made, not while drawing."""
    lines = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            joined = line + " " + word if line else word
            if line and width(joined) > limit:
                lines.append(line)
                line = word
            else:
                line = joined
        lines.append(line)
    return lines


def fit(s, limit):
    """s as it fits in `limit` pixels: whole, or its start and its last character
    with a dot for what was left out ("PLAYER 1" -> "PLA.1": names that differ only
    at the end stay apart). For screens to call when they are made."""
    if width(s) <= limit:
        return s
    for keep in range(len(s) - 2, 0, -1):
        short = s[:keep] + "." + s[-1]
        if width(short) <= limit:
            return short
    return s[0]
