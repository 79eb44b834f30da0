"""Records: wins, losses and the best match of every profile. The best match is
the won match with the largest winning margin, shown as its final score."""

from gfx import text
from hw.buttons import A, B, DOWN, UP
from micropython import const
from ui import profiles, tunes
from ui.widgets import footer, scrollbar, title

_ROWS = const(4)  # profiles in view; UP / DOWN scroll the rest
_TOP = const(20)
_ROW_H = const(8)
_NAME_X = const(2)
_WON_RIGHT = const(60)  # numbers are right-aligned on these columns
_LOST_RIGHT = const(82)
_BEST_RIGHT = const(121)  # clear of the scroll bar
_HEADINGS = ("Name", "Won", "Lost", "Best win")


class Screen:
    def __init__(self, app):
        self.app = app
        self.rows = []  # (name, wins, losses, best), all strings, made once
        spoken = []
        for name in profiles.names(app.storage):
            wins, losses, best_for, best_against = profiles.stats(app.storage, name)
            best = "%d-%d" % (best_for, best_against) if wins else "-"
            self.rows.append((name, str(wins), str(losses), best))
            spoken.append("%s: %d won, %d lost%s." % (
                name, wins, losses,
                ", best win %d to %d" % (best_for, best_against) if wins else ""))
        self.top = 0
        app.say("Records. " + " ".join(spoken))

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A | B):
            self.app.sound.play(tunes.BACK)
            self.app.go("menu", "records")
        elif buttons.repeat(UP) and self.top > 0:
            self.top -= 1
            self.app.sound.play(tunes.MOVE)
        elif buttons.repeat(DOWN) and self.top + _ROWS < len(self.rows):
            self.top += 1
            self.app.sound.play(tunes.MOVE)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Records")
        self._line(fb, _HEADINGS, 10)
        fb.hline(0, 17, 128, 1)
        for n in range(_ROWS):
            i = self.top + n
            if i < len(self.rows):
                self._line(fb, self.rows[i], _TOP + n * _ROW_H)
        if len(self.rows) > _ROWS:
            scrollbar(fb, 125, _TOP - 1, _ROWS * _ROW_H, self.top, _ROWS, len(self.rows))
        footer(fb, "Best: the biggest win")

    def _line(self, fb, cells, y):
        text.draw(fb, cells[0], _NAME_X, y)
        text.draw(fb, cells[1], _WON_RIGHT - text.width(cells[1]), y)
        text.draw(fb, cells[2], _LOST_RIGHT - text.width(cells[2]), y)
        text.draw(fb, cells[3], _BEST_RIGHT - text.width(cells[3]), y)
