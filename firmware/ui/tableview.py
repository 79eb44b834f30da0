"""Drawing the All Fives table on 128x64 with compressed tile stacking.

    +--------------------------------+-----------+
    | CPU          N          Stock  | You    45 |
    | 6 tiles     [ ]            14  | CPU    30 |
    |        [W]  [+]  [E]           | pile of   |
    | Count       [ ]        Your    | covered   |
    | 12          [S]        turn    | tiles     |
    +--------------------------------+-----------+
    | the hand, 7 tiles at a time, and the stock  |
    +---------------------------------------------+

The cross (x 0-84, y 0-52) shows the centre (the spinner, or the lead before any
double) and only the outer tile of each arm; dots between a tile and the centre
mean more tiles lie under it. Every covered tile is on the pile at the right, in
play order, as a small tile with 3x3 pips. Nothing here allocates.
"""

from core.table import E, LEAD, LEAD_FLIP, N, W
from core.tiles import HIGH, LOW, name
from gfx import domino, sprites, text
from gfx.sheet import Sheet
from micropython import const

CX = const(42)  # centre of the cross
CY = const(26)
HAND_Y = const(55)
HAND_X = const(1)
HAND_STEP = const(18)  # a pixel between tiles
HAND_SLOTS = const(7)
_PILE_X = const(87)
_PILE_Y = const(16)
_COLUMN = const(86)  # the information column starts here

NAME_W = const(30)  # the widest name beside a score: "PLAYER 1" fits whole
COLUMN_NAME_W = const(23)  # ... in the score column, beside "+300"
CORNER_NAME_W = const(33)  # ... in the top left corner, clear of the north arm
# How the stock slot of the hand looks: a face-down tile, or the word "pass"
# once the stock is empty.
STOCK_BACK = domino.BACK
STOCK_PASS = const(4)
NO_STOCK = const(-1)
# A duel's clocks beside the cross: the other player's under its tile count, the
# corner's lines a row closer (corners()) so that it keeps a row above a double
# standing on the west arm (rows 18-34); their seconds ("7s") left of a tile on
# the north or south arm (x 34-50 at its widest).
OTHER_CLOCK_Y = const(12)
CLOCK_RIGHT = const(40)  # the last column of the widest clock(): "2:00", gauge, "10s"
CLOCK_RIGHT_BY_ARM = const(CX - 10)
# Every tile playable: the hand while another seat plays is shown plain.
PLAIN = const(0xFFFFFFF)
_RAISE = const(3)  # the tile under the cursor stands this much above the others

# The pile's small tiles, 9x5 (gfx/sprites.py, from tools/assets/micro.png).
_MICRO = Sheet(sprites.MICRO, sprites.MICRO_WIDTH, sprites.MICRO_HEIGHT)


def who(session, seat):
    """How a seat is called: "You", a profile name, or "CPU" (numbered in a demo,
    and always at a draw-and-block table, where up to three of them sit)."""
    if session.is_human(seat):
        return "You" if session.humans() == 1 else session.name(seat)
    if session.humans() == 0 or session.line:
        return "CPU %d" % (seat + 1)
    return "CPU"


def tile_at(t, where):
    """A tile as placed, in words: a lead names its half facing West first."""
    if where == LEAD:
        return name(t, LOW[t])
    if where == LEAD_FLIP:
        return name(t, HIGH[t])
    return name(t)


def micro(fb, t, x, y):
    """A 9x5 tile: white, with 3x3 pips in black and a dark divider between its
    halves (so [0|0] is two blank halves, [4|4] two fours); the pile is made of these."""
    _MICRO.blit(fb, t, x, y, -1)


def _centre_box(table):
    """(x, y, vertical) of the centre tile."""
    if table.spinner >= 0:
        return CX - 4, CY - 8, True
    return CX - 8, CY - 4, False


def arm_tile(fb, table, end, t, exposed, covered, look):
    """Draw tile t as the outer tile of arm `end`, showing `exposed` outwards;
    `covered` when other tiles of the arm lie under it (dots mark them)."""
    cx, cy, standing = _centre_box(table)
    double = LOW[t] == HIGH[t]
    inner = HIGH[t] if LOW[t] == exposed else LOW[t]
    if end <= E:
        gap = 5 if covered else 1
        width = 9 if double else 17
        y = CY - 8 if double else CY - 4
        if end == W:
            right = cx - gap
            x = right - width
            first = exposed
        else:
            left = cx + (9 if standing else 17) + gap
            x = left
            right = left - gap
            first = inner
        domino.draw(fb, t, x, y, double, first, look)
        if covered:
            fb.pixel(right + 1, CY, 1)
            fb.pixel(right + 3, CY, 1)
        return
    # The branches stand above and below the spinner; a double lies across.
    height = 9 if double else 17
    x = CX - 8 if double else CX - 4
    if end == N:
        y = cy - 1 - height
        first = exposed
        joint = cy - 1
    else:
        y = cy + 18
        first = inner
        joint = cy + 17
    domino.draw(fb, t, x, y, not double, first, look)
    if covered:
        fb.pixel(CX + 7, joint, 1)
        fb.pixel(CX + 9, joint, 1)


def cross(fb, table, hide_end=-1, lit=-1):
    """The centre and every arm's outer tile (leaving out arm `hide_end`); tile
    `lit` (the one just played) is drawn lit."""
    if table.n == 0:
        return
    _centre(fb, table, domino.LIT if table.centre == lit else domino.NORMAL)
    for end in range(4):
        t = table.outer_tile(end)
        if t >= 0 and end != hide_end:
            look = domino.LIT if t == lit else domino.NORMAL
            arm_tile(fb, table, end, t, table.value[end], table.length[end] > 1, look)


def cross_tile(fb, table, t, look):
    """Tile t drawn again where the cross shows it (the centre or an arm's outer
    tile: the tile played last is one), in `look`: lit, or no longer."""
    if t == table.centre:
        _centre(fb, table, look)
        return
    for end in range(4):
        if table.outer_tile(end) == t:
            arm_tile(fb, table, end, t, table.value[end], table.length[end] > 1, look)


def _centre(fb, table, look):
    """The centre tile (the lead turned as it was played, when not a spinner)."""
    x, y, standing = _centre_box(table)
    centre = table.centre
    first = LOW[centre]
    if not standing and table.placed[0] == LEAD_FLIP and table.played[0] == centre:
        first = HIGH[centre]
    domino.draw(fb, centre, x, y, standing, first, look)


def preview(fb, table, t, end, look):
    """Tile t as it would lie if played at `end` (or as the lead on an empty table)."""
    if table.n == 0:
        domino.draw(fb, t, CX - 8, CY - 4, False, LOW[t], look)
        return
    v = table.value[end]
    exposed = HIGH[t] if LOW[t] == v else LOW[t]
    arm_tile(fb, table, end, t, exposed, table.length[end] > 0, look)


def pile(fb, covered):
    """The covered tiles (a list made by Table.covered() when the table changed: even
    emptying a list allocates a slice on MicroPython), in play order."""
    for i in range(len(covered)):
        micro(fb, covered[i], _PILE_X + (i & 3) * 10, _PILE_Y + (i >> 2) * 6)


def score_line(fb, label, points, y, bold, change=0):
    """A seat's line of the score column: its name (made to fit COLUMN_NAME_W) and
    its score, or while a score is told, what it won (+N) or paid (-N); bold for
    the seat to move."""
    if bold:
        fb.fill_rect(_COLUMN, y - 1, 128 - _COLUMN, 7, 1)
    colour = 0 if bold else 1
    text.draw(fb, label, _COLUMN + 1, y, colour)
    if not change:
        number_right(fb, points, 127, y, colour)
        return
    amount = change if change > 0 else -change
    x = 128 - text.number_width(amount) - text.width("+") - 1
    text.number(fb, amount, text.draw(fb, "+" if change > 0 else "-", x, y, colour), y, colour)


def corners(fb, name, tiles, stock, timed):
    """The cross's top corners: the other player's name and tile count at the left
    (a row higher in a duel, whose clock goes under them), the stock at the right."""
    y = 6 if timed else 7  # a duel's three lines 6 apart: OTHER_CLOCK_Y
    text.draw(fb, name, 0, 0)
    x = text.number(fb, tiles, 0, y)
    text.draw(fb, " tile" if tiles == 1 else " tiles", x, y)
    text.draw(fb, "Stock", 82 - text.width("Stock"), 0)
    number_right(fb, stock, 81, y)


def clock(fb, bank_ms, delay_ms, x, y, gauge_left=False, right=127):
    """A match clock at (x, y): the bank as m:ss (13 pixels wide) and, while it runs,
    a gauge of the delay left (a pixel per second: it empties first, then the bank
    counts down) and its seconds ("7s"), after the bank or, with gauge_left,
    before it from x - 14. After the bank, the seconds are left out where they
    would pass column `right` (the gauge tells them too)."""
    seconds = _seconds(bank_ms)
    end = text.number(fb, seconds // 60, x, y)
    end = text.draw(fb, ":", end, y)
    if seconds % 60 < 10:
        end = text.draw(fb, "0", end, y)
    end = text.number(fb, seconds % 60, end, y)
    if delay_ms >= 0:
        left = x - 14 if gauge_left else end + 2
        delay = _seconds(delay_ms)
        fb.rect(left, y, 12, 5, 1)
        fb.fill_rect(left + 1, y + 1, delay, 3, 1)
        if gauge_left:
            at = left - 2 - text.number_width(delay) - text.width("s")
        else:
            at = left + 14
            if at + text.number_width(delay) + text.width("s") > right:
                return
        text.draw(fb, "s", text.number(fb, delay, at, y), y)


def _seconds(ms):
    return (ms + 999) // 1000  # so 0 only once the time is all gone


def clock_face(bank_ms, delay_ms):
    """What clock() shows of a clock, as an int: equal for two clocks drawn alike."""
    return _seconds(bank_ms) << 7 | (_seconds(delay_ms) + 1 if delay_ms >= 0 else 0)


def number_right(fb, n, right, y, colour=1):
    """Draw the int n >= 0 with its last pixel column at x = right."""
    text.number(fb, n, right + 1 - text.number_width(n), y, colour)


def signed(fb, n, right, y):
    """The int n right-aligned at `right`, with a minus sign when negative."""
    number_right(fb, abs(n), right, y)
    if n < 0:
        text.draw(fb, "-", right - text.number_width(-n) - 4, y)


def hand(fb, tiles, playable, first_slot, cursor, stock, drawn=-1):
    """The hand strip: tiles (a list of tile ints) from `first_slot`, unplayable
    ones dimmed (PLAIN: none); the slot under the cursor raised, with a bar
    beneath, and lit if its tile fits; tile `drawn` (the one drawn last) marked
    above; the stock as a last slot, as `stock` looks (or NO_STOCK)."""
    slots = len(tiles) + (0 if stock == NO_STOCK else 1)
    for i in range(HAND_SLOTS):
        slot = first_slot + i
        if slot >= slots:
            break
        x = HAND_X + i * HAND_STEP
        y = HAND_Y
        if slot == cursor:
            y -= _RAISE
            fb.fill_rect(x + 4, 62, domino.LONG - 8, 2, 1)
        if slot < len(tiles):
            t = tiles[slot]
            if not playable >> t & 1:
                look = domino.DIM
            else:
                look = domino.LIT if slot == cursor else domino.NORMAL
            domino.draw(fb, t, x, y, False, LOW[t], look)
            if t == drawn:  # a small flag over the tile just drawn
                fb.hline(x + 6, y - 3, 5, 1)
                fb.hline(x + 7, y - 2, 3, 1)
        elif stock == STOCK_PASS:  # nothing left to draw: the slot passes
            fb.rect(x, y, domino.LONG, domino.SHORT, 1)
            text.draw(fb, "pass", x + 1, y + 2)
        else:
            domino.draw(fb, 0, x, y, False, -1, stock)
    # Dots (not a line, which would read as the edge of one more tile) where
    # more of the hand is out of sight.
    if first_slot > 0:
        _more(fb, 0)
    if first_slot + HAND_SLOTS < slots:
        _more(fb, 127)


def _more(fb, x):
    for y in range(HAND_Y + 2, HAND_Y + 7, 2):
        fb.pixel(x, y, 1)


# Where the arrow of each end goes while the player chooses one: W, E, N, S.
# South's is right of its tile, clear of the count (the status moves up for it).
_ARROW_X = (1, 77, 50, 48)
_ARROW_Y = (23, 23, 2, 45)
_ARROWS = ("←", "→", "↑", "↓")


def end_arrow(fb, end, chosen):
    """An arrow by a legal end; the chosen one lit."""
    x = _ARROW_X[end]
    y = _ARROW_Y[end]
    if chosen:
        fb.fill_rect(x - 1, y - 1, 9, 8, 1)
    text.draw(fb, _ARROWS[end], x, y, 0 if chosen else 1)


def handover(fb, name):
    """Between two players: the hands hidden, and who takes the handheld next."""
    centre(fb, "Pass the handheld to", 16)
    centre(fb, name, 26)
    centre(fb, "A: show my tiles", 44)


def centre(fb, s, y):
    """s centred on the screen's middle column (the table's screens line up on it)."""
    text.draw(fb, s, 64 - text.width(s) // 2, y)
