"""Drawing a draw-and-block table (core.line) for 2 to 4 players on 128x64.

    +----------------------------------+----------+
    |             CPU 3                | Stock 12 |
    |             #5  23               | pile of  |
    | CPU 2                      CPU 4 | covered  |
    | #5 12                      #7  0 | tiles in |
    |          [W] .. [E]              | play     |
    | You 23                 Your turn | order    |
    +----------------------------------+----------+
    | the hand, 7 tiles at a time                 |
    +---------------------------------------------+

Only the line's two end tiles are drawn (a double crosswise); dots between them
mean tiles lie under them, and every one of those is on the pile at the right in
play order. Each opponent's name is lit while it is their turn and framed when
they are the viewer's partner. Nothing here allocates.
"""

from core.table import E, W
from core.tiles import HIGH, LOW
from gfx import domino, sprites, text
from gfx.sheet import Sheet
from micropython import const

from ui import narrate_line
from ui.tableview import micro, number_right

LEFT_W = const(86)  # the table's part of the screen; the pile column is right of it
NAME_W = const(40)  # the widest name on the table: two fit side by side
LINE_Y = const(33)  # the top of a lying end tile
_MID = const(43)
_GAP = const(6)  # between the two end tiles, dots in it when tiles lie under them
_PILE_X = const(88)
# Where an opponent's block goes: (x of its anchor, y, how it is aligned: 0 left,
# 1 centred, 2 right).
TOP = const(0)
LEFT = const(1)
RIGHT = const(2)
_BLOCK_X = (_MID, 0, LEFT_W - 1)
_BLOCK_Y = (2, 17, 17)  # (the partner's frame, across, stays on the glass)


def places(n):
    """Where each seat sits, counted from the viewer's: 2 players across, 3 left
    and right, 4 left, across, right (the viewer's own, 0, is the status line)."""
    if n == 2:
        return (0, TOP)
    if n == 3:
        return (0, LEFT, RIGHT)
    return (0, LEFT, TOP, RIGHT)


def end_tiles(line, out):
    """Fill out[0], out[1] with the tiles shown at the W and E ends (the lead
    stands for an end no tile has reached yet); -1 on an empty table."""
    out[0] = out[1] = -1
    if line.n == 0:
        return
    lead = line.played[0]
    west = line.outer_tile(W)
    east = line.outer_tile(E)
    out[0] = west if west >= 0 else lead
    out[1] = east if east >= 0 else lead


def covered(line, shown, out):
    """Append to `out` the played tiles other than the two shown, in play order."""
    for i in range(line.n):
        t = line.played[i]
        if t != shown[0] and t != shown[1]:
            out.append(t)
    return out


def _tile(fb, t, right, left, exposed, west, look):
    """Tile t at an end: lying (or a double standing crosswise), its `exposed`
    half outwards; placed with its right edge at `right` (W) or left edge at `left`."""
    double = LOW[t] == HIGH[t]
    width = 9 if double else 17
    x = right - width + 1 if west else left
    y = LINE_Y - 4 if double else LINE_Y
    first = exposed if west else LOW[t] + HIGH[t] - exposed
    domino.draw(fb, t, x, y, double, first, look)


def line_ends(fb, line, shown, lit):
    """The line: one tile when only the lead is down, else the two end tiles with
    dots between them when tiles lie under them; `lit` drawn lit."""
    if line.n == 0:
        return
    if line.n == 1:
        t = shown[0]
        double = LOW[t] == HIGH[t]
        look = domino.LIT if t == lit else domino.NORMAL
        x = _MID - (4 if double else 8)
        _tile(fb, t, 0, x, line.value[E], False, look)
        return
    for end in range(2):  # W, E (a tuple of them would be made on every frame)
        t = shown[end]
        look = domino.LIT if t == lit else domino.NORMAL
        if end == W:
            _tile(fb, t, _MID - _GAP // 2, 0, line.value[W], True, look)
        else:
            _tile(fb, t, 0, _MID + _GAP // 2, line.value[E], False, look)
    if line.n > 2:
        fb.pixel(_MID - 1, LINE_Y + 4, 1)
        fb.pixel(_MID + 1, LINE_Y + 4, 1)


def preview(fb, line, shown, t, end, look):
    """Tile t as it would lie played at `end`: beside the tile shown there."""
    v = line.value[end]
    exposed = HIGH[t] if LOW[t] == v else LOW[t]
    if line.n == 1:
        half = 4 if LOW[shown[0]] == HIGH[shown[0]] else 8
        inner_left = _MID - half
        inner_right = _MID + half
    else:
        inner_left = _MID - _GAP // 2 - _width(shown[W]) + 1
        inner_right = _MID + _GAP // 2 + _width(shown[E]) - 1
    if end == W:
        _tile(fb, t, inner_left - 2, 0, exposed, True, look)
    else:
        _tile(fb, t, 0, inner_right + 2, exposed, False, look)


def _width(t):
    return 9 if LOW[t] == HIGH[t] else 17


def pile(fb, covered, top):
    """The covered tiles in play order, four to a row from y = top."""
    for i in range(len(covered)):
        micro(fb, covered[i], _PILE_X + (i & 3) * 10, top + (i >> 2) * 6)


def stock(fb, drawable, locked):
    """The stock's drawable tiles at the top of the pile column; a padlock and the
    number of locked tiles under it (1x1). Returns where the pile starts."""
    text.draw(fb, "Stock", _PILE_X, 0)
    number_right(fb, drawable, 126, 0)
    if not locked:
        return 8
    # A padlock: a shackle over a body.
    fb.rect(_PILE_X + 1, 7, 3, 3, 1)
    fb.fill_rect(_PILE_X, 9, 5, 4, 1)
    text.draw(fb, "locked", _PILE_X + 8, 7)
    number_right(fb, locked, 126, 7)
    return 15


def block(fb, where, name, tiles, score, word, turn, partner):
    """An opponent: the name (lit on their turn, framed if a partner), then a
    face-down tile with their tile count and their score (or `word` instead)."""
    w = text.width(name)
    x = _BLOCK_X[where]
    if where == TOP:
        x -= w // 2
    elif where == RIGHT:
        x -= w - 1
    y = _BLOCK_Y[where]
    if turn:
        fb.fill_rect(x - 1, y - 1, w + 2, 8, 1)
    elif partner:
        fb.rect(x - 2, y - 2, w + 4, 10, 1)
    text.draw(fb, name, x, y, 0 if turn else 1)
    status(fb, x, y + 8, tiles, score, word, where == RIGHT, x + w - 1)


def status(fb, x, y, tiles, score, word, right_aligned, right):
    """A small face-down tile, the tile count, then the score or `word` (the
    word "goat" drawn as the goat). Returns the x after them."""
    width = 6 + text.number_width(tiles) + 3
    if word == "goat":
        width += GOAT_W
    else:
        width += text.width(word) if word else text.number_width(score)
    if right_aligned:
        x = right - width + 1
    fb.rect(x, y, 4, 6, 1)
    fb.pixel(x + 1, y + 2, 1)
    fb.pixel(x + 2, y + 3, 1)
    x = text.number(fb, tiles, x + 6, y) + 3
    if word == "goat":
        goat(fb, x, y - 1)
        return x + GOAT_W
    if word:
        return text.draw(fb, word, x, y)
    return text.number(fb, score, x, y)


def sides(session, width):
    """The labels and score words of each side (a seat, or in pairs both partners:
    "Ann+CPU 3", each name shortened to half of `width` when both do not fit in
    it), made once by a screen: ([label, ...], [word, ...]); a word is the score,
    "-" or "goat"."""
    game = session.game
    pairs = session.options.pairs
    labels = []
    words = []
    for s in range(2 if pairs else game.SEATS):
        name = narrate_line.who(session, s)
        if pairs:
            mate = narrate_line.who(session, s + 2)
            both = name + "+" + mate
            if text.width(both) > width:
                half = (width - 5) // 2  # (the + and its gaps)
                both = text.fit(name, half) + "+" + text.fit(mate, half)
            name = both
        else:
            name = text.fit(name, width)
        labels.append(name)
        words.append(narrate_line.short_score(session, s) or str(game.scores[s]))
    return labels, words


GOAT_W = sprites.GOAT_WIDTH  # the sprite sheet's own width, generated from goat.png
_GOAT = Sheet(sprites.GOAT, GOAT_W, sprites.GOAT_HEIGHT)


def goat(fb, x, y):
    """The goat (Kozel's loser, Yard Kozel's side on the goat) at (x, y)."""
    _GOAT.blit(fb, 0, x, y, 0)
