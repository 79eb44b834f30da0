"""The whole line of a draw-and-block hand, opened with UP from its table (where
only the two end tiles and a pile of small ones show): every tile in play order,
full size as it lies (its West half on the left), with who played it, on which
end, and the two tiles that are the ends now marked.

    UP/DOWN     a row up or down (held: on and on)
    LEFT/RIGHT  a page up or down
    A or B      back to the table

It draws from the line's own list of tiles: what it keeps is a byte a tile (the
half each one shows West, the seat that played it), made when it opens."""

from core.actions import DRAW, is_pair
from core.table import E, LEAD, W
from core.tiles import HIGH, LOW
from gfx import domino, text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import narrate_line, tunes
from ui.narrate import END_WORDS, whom
from ui.tableview import number_right, tile_at
from ui.widgets import footer, scrollbar, title

ROWS = const(4)
ROW_H = const(10)
_TOP = const(10)
_NAME_X = const(32)
NAME_W = const(40)
_ON_X = const(76)
_MARK_X = const(100)
_ON_WORDS = ("West", "East", "", "", "lead", "lead")  # by where it was placed (W, E, LEAD...)
_MARKS = ("W end", "E end", "ends")


class Screen:
    def __init__(self, app, session, holder=-1):
        """`holder`: the seat holding the handheld at the table, kept for the way back."""
        self.app = app
        self.session = session
        self.holder = holder
        game = session.game
        line = game.table
        self.line = line
        n = line.n
        self.names = [text.fit(narrate_line.who(session, s), NAME_W) for s in range(game.SEATS)]
        self.first = bytearray(n)  # the half each tile shows on its West side
        self.seat = bytearray(n)  # who played it
        ends = [line.value[W], line.value[E]]
        for i in range(n):
            t = line.played[i]
            where = line.placed[i]
            a = LOW[t]
            b = HIGH[t]
            if where >= LEAD:
                self.first[i] = a if where == LEAD else b
                ends[W] = self.first[i]
                ends[E] = a + b - self.first[i]
            elif where == W:
                other = a + b - ends[W]
                self.first[i] = other
                ends[W] = other
            else:
                self.first[i] = ends[E]
                ends[E] = a + b - ends[E]
        self._seats(game.log)
        self.mark = [-1] * n  # which of _MARKS a tile bears, if any
        west = line.outer_tile(W)
        east = line.outer_tile(E)
        for i in range(n):
            t = line.played[i]
            at_w = t == west or (west < 0 and i == 0)
            at_e = t == east or (east < 0 and i == 0)
            self.mark[i] = 2 if at_w and at_e else 0 if at_w else 1 if at_e else -1
        self.count = "%d tile%s" % (n, "" if n == 1 else "s")
        self.top = 0
        app.say(self._words())

    def _seats(self, log):
        """Who played each tile of the line, from the hand's log (a pair play lays two)."""
        i = 0
        for entry in log:
            seat = entry & 3
            action = entry >> 2
            if action < DRAW:
                self.seat[i] = seat
                i += 1
            elif is_pair(action):
                self.seat[i] = self.seat[i + 1] = seat
                i += 2

    def _words(self):
        """The line said once, in play order, and its ends."""
        line = self.line
        parts = []
        for i in range(line.n):
            t = line.played[i]
            where = line.placed[i]
            who = whom(self.session, self.seat[i])
            on = "led" if where >= LEAD else "on " + END_WORDS[where]
            parts.append("%d, %s %s by %s" % (i + 1, tile_at(t, where), on, who))
        return "The line in play order, %s: %s. %s Press B for the table." % (
            self.count,
            "; ".join(parts),
            narrate_line.ends(self.session),
        )

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A) or buttons.just_pressed(B):
            self.app.sound.play(tunes.BACK)
            self.app.go("linetable", self.session, self.holder)
            return
        last = max(self.line.n - ROWS, 0)
        top = self.top
        if buttons.repeat(UP):
            top -= 1
        elif buttons.repeat(DOWN):
            top += 1
        elif buttons.just_pressed(LEFT):
            top -= ROWS
        elif buttons.just_pressed(RIGHT):
            top += ROWS
        top = min(max(top, 0), last)
        if top != self.top:
            self.top = top
            self.app.sound.play(tunes.MOVE)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        line = self.line
        n = line.n
        title(fb, "The line", self.count)
        for row in range(min(ROWS, n - self.top)):
            i = self.top + row
            y = _TOP + ROW_H * row
            t = line.played[i]
            number_right(fb, i + 1, 9, y + 2)
            domino.draw(fb, t, 12, y, False, self.first[i])
            text.draw(fb, self.names[self.seat[i]], _NAME_X, y + 2)
            text.draw(fb, _ON_WORDS[line.placed[i]], _ON_X, y + 2)
            mark = self.mark[i]
            if mark >= 0:
                word = _MARKS[mark]
                fb.fill_rect(_MARK_X - 1, y + 1, text.width(word) + 2, 8, 1)
                text.draw(fb, word, _MARK_X, y + 2, 0)
        if n > ROWS:
            scrollbar(fb, 124, _TOP, ROWS * ROW_H, self.top, ROWS, n)
        footer(fb, "\u2191\u2193 along it  B: back")

