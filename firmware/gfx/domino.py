"""Dominoes on the screen: any tile 0..27, face up or down, lying or standing.

A tile is 17x9 pixels lying (horizontal) and 9x17 standing (vertical); a double
set crosswise in a line is simply drawn the other way. The face is composed at
draw time from the tile sheet (outline, divider) and two 7x7 halves from the pip
sheet, so 14 small halves serve all 28 tiles in both directions.
"""

from core.tiles import HIGH, LOW
from micropython import const

from gfx import sprites
from gfx.sheet import INVERT, Sheet

LONG = const(17)  # a tile's long side, in pixels
SHORT = const(9)  # its short side

# Looks: the frames of the tile sheets.
NORMAL = const(0)  # white outline and pips
DIM = const(1)  # outline open mid-side, no divider: a tile that cannot be played
BACK = const(2)  # face down
LIT = const(3)  # white, dark pips: the selected tile

_LYING = Sheet(sprites.TILE_H, LONG, SHORT)
_STANDING = Sheet(sprites.TILE_V, SHORT, LONG)
_PIPS = Sheet(sprites.PIPS, sprites.PIPS_WIDTH, sprites.PIPS_HEIGHT)
_STANDING_PIPS = const(7)  # pip frames 7..13 are the halves turned for standing tiles
_SECOND = const(8)  # the second half starts 8 pixels along the tile


def draw(fb, t, x, y, vertical=False, first=-1, look=NORMAL):
    """Draw tile t with its top left corner at (x, y); `first` is the number shown on the
    left (or on top when vertical): the low half unless it is the high one. The rounded
    corners leave the screen as it was. With look BACK, t is not shown."""
    # Clear the tile's shape, a rectangle less its four corners, then ink its
    # outline (or back, or light). Two fill_rect: 0.13 ms on the Pico, where a
    # blit of the shape through a palette took 0.31 of a tile's 0.78.
    if vertical:
        body = _STANDING
        fb.fill_rect(x + 1, y, SHORT - 2, LONG, 0)
        fb.fill_rect(x, y + 1, SHORT, LONG - 2, 0)
    else:
        body = _LYING
        fb.fill_rect(x + 1, y, LONG - 2, SHORT, 0)
        fb.fill_rect(x, y + 1, LONG, SHORT - 2, 0)
    body.blit(fb, look, x, y, 0)
    if look == BACK:
        return
    a = LOW[t]
    b = HIGH[t]
    if first == b:
        a, b = b, a
    if vertical:
        a += _STANDING_PIPS
        b += _STANDING_PIPS
    # Pips in colour 1, or colour 0 on a lit tile.
    key = 1 if look == LIT else 0
    palette = INVERT if look == LIT else None
    pips = _PIPS
    pips.blit(fb, a, x + 1, y + 1, key, palette)
    if vertical:
        pips.blit(fb, b, x + 1, y + 1 + _SECOND, key, palette)
    else:
        pips.blit(fb, b, x + 1 + _SECOND, y + 1, key, palette)
