"""Domino Poker's table on the 128x64 screen, drawn by screens.poker.

Each seat sits at its place: CPU 3 (across) on the top line, CPU 2 (left) and
CPU 4 (right) down the sides, you on the line above your hand. A seat shows its
name, lit (white) while it is to act, then "bid 2" ("bid ?" before its bid) and
"took 0", the tricks it has taken this hand; with UP or DOWN held, its match
total ("30 pts") instead. The trick lies in the middle by where each tile's
player sits; beside the led tile, what it leads: "as 3" (the called number, or a
double's own) or "trump". The action line, above yours, says what is going on
("Your bid < 2 >", "CPU 2 takes the trick"); the right of your line your
seconds left and, after missed turns, "Warned", "Inactive" or "Autoplay".

Nothing here makes a string: the words are made by the screen when they change,
and numbers are drawn digit by digit (gfx.text.number).
"""

from core.poker import hand_points, NO_BID, TRUMP
from core.tiles import LOW
from gfx import domino, text
from micropython import const

from ui.tableview import number_right, signed

NAMES = ("You", "CPU 2", "CPU 3", "CPU 4")  # on the table; seat 1 is you
STATES = ("", "Warned", "Inactive", "Autoplay")  # by core.pokertimer's state
NAME_W = const(40)  # a name's room before the hand end's "bid" column
ACTION_Y = const(37)  # the action line
_NORTH_Y = const(0)
_SIDE_Y = const(10)  # CPU 2's and CPU 4's names; their figures on the lines below
_YOU_Y = const(45)
_RIGHT = const(126)  # where CPU 4's lines and yours end
# Where each seat's tile of the trick lies: you, left, top, right.
TILE_X = (55, 33, 55, 78)
TILE_Y = (27, 17, 7, 17)
# Where the word of a lead goes, beside the led tile: right of yours and of the
# top one, in the middle beside the left and the right ones (the right one's ends
# at its x).
_LED_X = (74, 51, 74, 76)
_LED_Y = (29, 19, 9, 19)
_SPACE = text.width("a a") - text.width("aa")  # the space glyph's advance
_GAP = const(5)  # between a seat's name and figures on one line


# --- a seat's figures ------------------------------------------------------------------

def _figures_width(bid, taken):
    """Pixels across "bid 2 took 0"."""
    b = text.width("?") if bid == NO_BID else text.number_width(bid)
    # each piece's advance (its width and the gap after it) and a space between
    labels = text.width("bid") + text.width("took") + 2
    return labels + 3 * _SPACE + b + 1 + text.number_width(taken)


def _figures(fb, bid, taken, x, y, lines):
    """"bid 2 took 0" from x on one line, or on two (lines 2)."""
    end = text.draw(fb, "bid", x, y) + _SPACE
    end = text.draw(fb, "?", end, y) if bid == NO_BID else text.number(fb, bid, end, y)
    if lines == 2:
        end = x
        y += text.LINE
    else:
        end += _SPACE
    text.number(fb, taken, text.draw(fb, "took", end, y) + _SPACE, y)


def _points_width(n):
    minus = text.width("-") + 1 if n < 0 else 0
    return minus + text.number_width(abs(n)) + _SPACE + 1 + text.width("pts")


def _points(fb, n, x, y):
    """"30 pts" (or "-15 pts") from x."""
    if n < 0:
        x = text.draw(fb, "-", x, y)
    text.draw(fb, "pts", text.number(fb, abs(n), x, y) + _SPACE, y)


def _name(fb, name, x, y, lit):
    """A seat's name from x; lit (dark on white) while the seat is to act."""
    if lit:
        fb.fill_rect(x - 1, y - 1, text.width(name) + 2, 8, 1)
    text.draw(fb, name, x, y, 0 if lit else 1)


# --- the seats -----------------------------------------------------------------------

def seats(fb, game, to_act, totals, names=NAMES):
    """Every seat at its place (to_act: the seat lit, -1 for none); with `totals`
    the match totals in place of the bids and tricks. `game` has the bids, taken
    and scores of the places (you first, then clockwise: left, across, right),
    and `names` their names (each as narrow as "CPU 2", see NAME_W)."""
    bids = game.bids
    taken = game.taken
    scores = game.scores
    # You, along the line above your hand; CPU 3 centred on the top line.
    for s, y in ((0, _YOU_Y), (2, _NORTH_Y)):
        x = 1 if s == 0 else (128 - _line_width(game, s, totals, names)) // 2
        _name(fb, names[s], x, y, to_act == s)
        x += text.width(names[s]) + _GAP
        if totals:
            _points(fb, scores[s], x, y)
        else:
            _figures(fb, bids[s], taken[s], x, y, 1)
    # CPU 2 down the left edge, CPU 4 down the right.
    for s in (1, 3):
        y = _SIDE_Y
        if totals:
            w = _points_width(scores[s])
        else:
            w = max(text.width("bid ?") if bids[s] == NO_BID else
                    text.width("bid") + _SPACE + 1 + text.number_width(bids[s]),
                    text.width("took") + _SPACE + 1 + text.number_width(taken[s]))
        name_x = 1 if s == 1 else _RIGHT + 1 - text.width(names[s])
        _name(fb, names[s], name_x, y, to_act == s)
        x = 1 if s == 1 else _RIGHT + 1 - w
        if totals:
            _points(fb, scores[s], x, y + text.LINE)
        else:
            _figures(fb, bids[s], taken[s], x, y + text.LINE, 2)


def _line_width(game, s, totals, names):
    """Pixels across a seat's line (yours, CPU 3's): its name and figures."""
    if totals:
        w = _points_width(game.scores[s])
    else:
        w = _figures_width(game.bids[s], game.taken[s])
    return text.width(names[s]) + _GAP + w


def dots(fb, game, s, frames, totals, names=NAMES):
    """The dots of seat s thinking, beside its name (after CPU 3's line): they
    come and go."""
    if s == 2:
        w = _line_width(game, 2, totals, names)
        x = (128 - w) // 2 + w + 3
        y = _NORTH_Y
    elif s == 1:
        x = 1 + text.width(names[1]) + 3
        y = _SIDE_Y
    else:
        x = _RIGHT + 1 - text.width(names[3]) - 3 - 10
        y = _SIDE_Y
    fb.fill_rect(x, y + 3, 10, 2, 0)
    for i in range((frames >> 2) & 3):
        fb.fill_rect(x + 4 * i, y + 3, 2, 2, 1)


def your_time(fb, state, seconds):
    """The right of your line: the state missed turns made ("" if none) and the
    seconds your turn has left (-1: no turn of yours runs)."""
    words = STATES[state]
    x = _RIGHT + 1
    if seconds >= 0:
        x -= text.number_width(seconds) + 1 + text.width("s")
        text.draw(fb, "s", text.number(fb, seconds, x, _YOU_Y), _YOU_Y)
        x -= _SPACE + 1
    if words:
        text.draw(fb, words, x - text.width(words), _YOU_Y)


# --- the trick -----------------------------------------------------------------------

def trick(fb, shown, lit, led_by, led):
    """The tiles shown (255: none, by seat), the seat `lit`'s tile lit (-1: none);
    beside the tile of `led_by`, what it leads (`led`: TRUMP or a number, -1 for
    nothing shown), white on black."""
    for s in range(4):
        t = shown[s]
        if t < 28:
            look = domino.LIT if s == lit else domino.NORMAL
            domino.draw(fb, t, TILE_X[s], TILE_Y[s], False, LOW[t], look)
    if led < 0 or shown[led_by] >= 28:
        return
    if led == TRUMP:
        w = text.width("trump")
    else:
        w = text.width("as") + _SPACE + 1 + text.number_width(led)
    x = _LED_X[led_by] - (w + 1 if led_by == 3 else 0)
    y = _LED_Y[led_by]
    fb.fill_rect(x - 1, y - 1, w + 2, 8, 1)
    if led == TRUMP:
        text.draw(fb, "trump", x, y, 0)
    else:
        text.number(fb, led, text.draw(fb, "as", x, y, 0) + _SPACE, y, 0)


def words_number(fb, before, n, after, y):
    """before, the int n and after as one centred line (the action line's "Your
    bid  < 2 >"), without making the string."""
    w = text.width(before) + text.number_width(n) + text.width(after)
    x = text.number(fb, n, text.draw(fb, before, (128 - w) // 2, y), y)
    text.draw(fb, after, x, y)


# --- the hand's end --------------------------------------------------------------------

def hand_end(fb, names, bids, taken, scores):
    """Under the title, each seat's line (names made to fit NAME_W): its bid,
    the tricks it took, the points they made and its match total."""
    for x, label in ((48, "bid"), (68, "took"), (92, "pts"), (110, "total")):
        text.draw(fb, label, x, 11)
    for s in range(4):
        y = 19 + 8 * s
        text.draw(fb, names[s], 2, y)
        number_right(fb, bids[s], 60, y)
        number_right(fb, taken[s], 82, y)
        signed(fb, hand_points(bids[s], taken[s]), 104, y)
        signed(fb, scores[s], 125, y)
