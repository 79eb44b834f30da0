"""Pages of rules in plain words, (heading, body) each, for the rules help of
every game (screens.help, screens.linehelp): LEFT / RIGHT (or A) turn the pages,
UP / DOWN scroll a page too long for the screen, B calls back() and makes update()
return True (a screen that shows a Pager inside itself, as Domino Poker's pause
menu does, reads that). Only the page shown is laid out (it saves memory), and
each is read out whole for players who cannot see."""

from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const

from ui import tunes
from ui.widgets import HEIGHT, scrollbar, title

LINES = const(7)  # lines of a page in view
_TOP = const(11)
_WIDTH = const(120)


class Pager:
    def __init__(self, app, pages, page=0, name="Rules"):
        """`name` starts what is said of each page: "Rules, page 2 of 9: ..."."""
        self.app = app
        self.pages = pages
        self.page = page
        self.name = name
        self._open()

    def _open(self):
        heading, body = self.pages[self.page]
        self.heading = heading
        self.lines = text.wrap(body, _WIDTH)
        self.top = 0
        count = len(self.pages)
        self.number = "%d/%d" % (self.page + 1, count)
        self.app.say("%s, page %d of %d: %s. %s" % (self.name, self.page + 1, count, heading, body))

    def back(self):
        """B was pressed: a rules screen goes back to where it was opened from."""

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(B):
            self.app.sound.play(tunes.BACK)
            self.back()
            return True
        if buttons.repeat(RIGHT) or buttons.just_pressed(A):
            self._turn(1)
        elif buttons.repeat(LEFT):
            self._turn(-1)
        elif buttons.repeat(DOWN):
            self._scroll(1)
        elif buttons.repeat(UP):
            self._scroll(-1)
        return False

    def _turn(self, step):
        self.page = (self.page + step) % len(self.pages)
        self.app.sound.play(tunes.MOVE)
        self._open()

    def _scroll(self, step):
        top = self.top + step
        if 0 <= top <= len(self.lines) - LINES:
            self.top = top
            self.app.sound.play(tunes.MOVE)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.heading, self.number)
        lines = self.lines
        for n in range(LINES):
            i = self.top + n
            if i < len(lines):
                text.draw(fb, lines[i], 2, _TOP + n * text.LINE)
        if len(lines) > LINES:
            scrollbar(fb, 125, _TOP, HEIGHT - _TOP, self.top, LINES, len(lines))
