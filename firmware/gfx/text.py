"""Text in the project's own small proportional font (gfx/font.py), without allocating.

A string is drawn as one image: its glyphs' columns are copied side by side into
a one-page buffer, which one blit() puts on the screen. On a board a blit costs
about as much per call as per pixel, so one blit per string instead of two per
glyph is what makes text cheap, and the images of the strings drawn lately are
kept, so a frame that draws the same names, labels and numbers again copies
nothing: SHORT slots for images up to 64 columns (names, labels, numbers, a
table's messages) and LONG ones up to the screen's width (a page of text), the
least recently drawn of its kind given up first. A busy frame (a four-player
table with a message, a hand's results) draws about 30 strings; a board with
little heap keeps fewer (see _slots). The slots are made once, at import; keys
are the strings themselves (and the ints of number()), compared by value.
"""

import framebuf
from micropython import const

from gfx import font
from gfx.sheet import INVERT

LINE = const(7)  # from one line of text to the next: the font's 6 rows and a gap
_SHORT_W = const(64)
_LONG_W = const(128)
ROOMY = const(150000)  # bytes of heap free at start-up that afford the whole cache


def _slots():
    """How many images to keep, up to _SHORT_W columns and up to _LONG_W (the
    screen's width; wider text is cut there): as many as a busy frame draws where
    the heap has room (an RP2040 has about 220 KB free), a few where it is tight
    (an ESP32 without PSRAM, about 100 KB; an ESP8266, 36 KB). Fewer slots only
    make more images again, each frame, which is slower, not different."""
    import gc

    free = gc.mem_free() if hasattr(gc, "mem_free") else ROOMY  # CPython: no limit to mind
    return (28, 8) if free >= ROOMY else (10, 2)


SHORT, LONG = _slots()

_ASCII = font.LAST - font.FIRST + 1
_MISSING = ord("?") - font.FIRST
_DIGITS = ord("0") - font.FIRST
# Each glyph's advance: its columns and the blank one after it.
_ADVANCE = bytes(
    (font.OFFSETS[2 * g + 2] | font.OFFSETS[2 * g + 3] << 8)
    - (font.OFFSETS[2 * g] | font.OFFSETS[2 * g + 1] << 8) + 1
    for g in range(len(font.OFFSETS) // 2 - 1)
)

_pool = memoryview(bytearray(SHORT * _SHORT_W + LONG * _LONG_W))
_buffers = [_pool[i * _SHORT_W:(i + 1) * _SHORT_W] for i in range(SHORT)]
_buffers += [_pool[SHORT * _SHORT_W + i * _LONG_W:SHORT * _SHORT_W + (i + 1) * _LONG_W]
             for i in range(LONG)]
# The blit source, [buffer, width, height, format] (the list form of a source,
# MicroPython 1.20+), pointed at an image before each blit.
_image = [_buffers[0], 0, font.HEIGHT, framebuf.MONO_VLSB]
_keys = [None] * (SHORT + LONG)  # what each slot's image shows
_widths = [0] * (SHORT + LONG)  # its width in columns (as far as the slot goes)
_advances = [0] * (SHORT + LONG)  # its whole advance (more than its width when cut)
# The glyphs of an image being made: as many as start on a screen's width (a glyph
# and its gap take 2 columns at least).
_codes = bytearray(_LONG_W // 2)
_counts = bytearray(2)  # of them: all, and those that start in a short image
_used_short = [0] * SHORT  # when each slot was last drawn
_used_long = [0] * LONG
_now = 0


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
    code = ord(ch) - font.FIRST
    if 0 <= code < _ASCII:
        return code
    extra = font.EXTRA.find(ch)
    return _ASCII + extra if extra >= 0 else _MISSING


def _glyphs(key):
    """List the glyphs of key (a str, or an int >= 0 in digits) in _codes, as many
    as start on the screen's width, and in _counts how many they are and how many
    start in a short image; returns the advance of the whole. One pass over the characters:
    on a board each character a str yields costs as much as a few bytecodes (it
    is looked up among the interned strings), so a new string is walked once,
    both to choose its slot and to make its image."""
    codes = _codes
    advances = _ADVANCE
    first = font.FIRST
    printable = _ASCII
    n = short = 0
    x = 0
    if isinstance(key, int):
        power = 1
        while power * 10 <= key:
            power *= 10
        while power:
            glyph = _DIGITS + key // power % 10
            power //= 10
            if x < _LONG_W:
                codes[n] = glyph
                n += 1
                if x < _SHORT_W:
                    short = n
            x += advances[glyph]
    else:
        for ch in key:
            glyph = ord(ch) - first
            if not 0 <= glyph < printable:
                glyph = _glyph(ch)
            if x < _LONG_W:
                codes[n] = glyph
                n += 1
                if x < _SHORT_W:
                    short = n
            x += advances[glyph]
    _counts[0] = n
    _counts[1] = short
    return x


def _make(buf, n, room):
    """Copy the columns of the first n glyphs of _codes into buf, as far as `room`
    columns go, each with a blank one after it (no Python call per glyph: on a
    board a call costs as much as copying a glyph)."""
    codes = _codes
    advances = _ADVANCE
    offsets = font.OFFSETS
    columns = font.COLUMNS
    x = 0
    for k in range(n):
        glyph = codes[k]
        end = x + advances[glyph]
        start = (offsets[2 * glyph] | offsets[2 * glyph + 1] << 8) - x
        # A glyph cut at the edge keeps its columns up to there, and no gap.
        for i in range(x, end - 1 if end <= room else room):
            buf[i] = columns[start + i]
        if end <= room:
            buf[end - 1] = 0
        x = end


def _width(advance, room):
    """The columns of an image of that advance (its last gap left out) in room."""
    return advance - 1 if 0 < advance <= room else (room if advance else 0)


def _slot(key):
    """The slot showing key, made (in the least recently drawn slot of its kind)
    if none does."""
    global _now
    _now += 1
    keys = _keys
    if key in keys:
        i = keys.index(key)
    else:
        advance = _glyphs(key)  # (a tuple returned would allocate)
        if isinstance(key, int) or advance - 1 <= _SHORT_W:
            i = _used_short.index(min(_used_short))
            room = _SHORT_W
            n = _counts[1]
        else:
            i = SHORT + _used_long.index(min(_used_long))
            room = _LONG_W
            n = _counts[0]
        _make(_buffers[i], n, room)
        _advances[i] = advance
        _widths[i] = _width(advance, room)
        keys[i] = key
    if i < SHORT:
        _used_short[i] = _now
    else:
        _used_long[i - SHORT] = _now
    return i


def _draw(fb, key, x, y, colour):
    i = _slot(key)
    image = _image
    image[0] = _buffers[i]
    image[1] = _widths[i]
    if image[1]:
        if colour:
            fb.blit(image, x, y, 0)
        else:
            fb.blit(image, x, y, 1, INVERT)
    return x + _advances[i]


def ready(s):
    """Make the image of s (a str or an int, as number() draws it) now, for a
    later draw(): a screen's first picture of new strings otherwise makes them
    all on one frame."""
    if s or isinstance(s, int):
        _slot(s)


def draw(fb, s, x, y, colour=1):
    """Draw s with its top left at (x, y), leaving the pixels around the glyphs as they
    were. Returns the x where more text would follow. Characters the font lacks show as ?."""
    return _draw(fb, s, x, y, colour) if s else x


def number(fb, n, x, y, colour=1):
    """Draw the int n >= 0 as draw() would draw "%d" % n, without making that string."""
    return _draw(fb, n, x, y, colour)


def width(s):
    """Pixels from the left of the first glyph to the right of the last."""
    keys = _keys
    if s in keys:
        return _advances[keys.index(s)] - 1
    w = _advance(s) - 1
    return w if w > 0 else 0


def _advance(s):
    """The advance of s: its glyphs' columns and the blank column after each."""
    first = font.FIRST
    printable = _ASCII
    x = 0
    for ch in s:
        glyph = ord(ch) - first
        x += _ADVANCE[glyph if 0 <= glyph < printable else _glyph(ch)]
    return x


def number_width(n):
    """The pixels number(fb, n, ...) takes, without making a string of n."""
    w = -1
    while True:
        w += _ADVANCE[_DIGITS + n % 10]
        n //= 10
        if not n:
            return w


def wrap(s, limit):
    """s cut into lines no wider than `limit` pixels, at spaces; a newline starts a
    new line. For screens to call when they are made, not while drawing. One pass
    over s's bytes (UTF-8), each line cut out once: on a board the words split
    apart and joined again, and a str walked a character at a time, made a hand's
    words take 8-15 ms."""
    data = (s + "\n").encode()  # every paragraph ends at a newline
    lines = []
    advances = _ADVANCE
    first = font.FIRST
    printable = _ASCII
    space = advances[_glyph(" ")]
    start = end = 0  # the line so far is data[start:end]
    advance = 0  # of the line, which is as wide as that less its last gap
    word = 0  # where the word being measured starts
    more = 0  # its advance so far
    i = -1
    for b in data:
        i += 1
        if b == 32 or b == 10:  # the word data[word:i] is whole
            if end > start and advance + space + more - 1 > limit:
                lines.append(data[start:end].decode())
                start = word
                advance = more
            elif end > start:
                advance += space + more
            else:
                start = word
                advance = more
            end = i
            if b == 10:
                lines.append(data[start:end].decode())
                start = end = i + 1
                advance = 0
            word = i + 1
            more = 0
        elif b < 0x80:
            glyph = b - first  # as _glyph() finds it, without a call
            more += advances[glyph if 0 <= glyph < printable else _MISSING]
        elif b >= 0xC0:  # a character's first byte (the bytes after it count nothing)
            size = 2 if b < 0xE0 else 3 if b < 0xF0 else 4
            more += advances[_glyph(data[i:i + size].decode())]
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
