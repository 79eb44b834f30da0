"""The draw-and-block games' records ("Records" in the More games list): one game
at a time (LEFT / RIGHT change it), every profile's wins and losses in it, and in
Domino 1x1 its rating. UP / DOWN scroll the profiles, A or B go back."""

from core.blockrules import GAMES
from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import lineresults, profiles, tunes
from ui.narrate_line import GAME_TITLES
from ui.widgets import footer, title

_ROWS = const(4)
_TOP = const(20)
_ROW_H = const(8)
_WON_RIGHT = const(60)
_LOST_RIGHT = const(84)
_RATING_RIGHT = const(124)


class Screen:
    def __init__(self, app):
        self.app = app
        self.game = 0
        self.top = 0
        self.rows = []
        self._open()

    def _open(self):
        """The rows of the game shown, as strings made once."""
        storage = self.app.storage
        game = GAMES[self.game]
        kept = lineresults.results(storage)
        self.rows = []
        spoken = []
        for name in profiles.names(storage):
            won, lost = kept.get((name, game), (0, 0))
            rating = "%d" % round(lineresults.rating(storage, name)) if game == "1x1" else ""
            self.rows.append((name, str(won), str(lost), rating))
            spoken.append(
                "%s %d won, %d lost%s." % (name, won, lost, ", rated " + rating if rating else "")
            )
        self.heading = GAME_TITLES[game]
        self.app.say("%s records. %s" % (self.heading, " ".join(spoken)))

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A | B):
            self.app.sound.play(tunes.BACK)
            self.app.go("games", "records")
        elif buttons.just_pressed(LEFT | RIGHT):
            step = 1 if buttons.just_pressed(RIGHT) else -1
            self.game = (self.game + step) % len(GAMES)
            self.top = 0
            self.app.sound.play(tunes.MOVE)
            self._open()
        elif buttons.repeat(UP) and self.top > 0:
            self.top -= 1
        elif buttons.repeat(DOWN) and self.top + _ROWS < len(self.rows):
            self.top += 1

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.heading, "← →")
        self._line(fb, ("Name", "Won", "Lost", "Rating" if self.game == 0 else ""), 10)
        fb.hline(0, 17, 128, 1)
        for n in range(_ROWS):
            i = self.top + n
            if i < len(self.rows):
                self._line(fb, self.rows[i], _TOP + n * _ROW_H)
        footer(fb, "← →: another game")

    def _line(self, fb, cells, y):
        text.draw(fb, cells[0], 2, y)
        text.draw(fb, cells[1], _WON_RIGHT - text.width(cells[1]), y)
        text.draw(fb, cells[2], _LOST_RIGHT - text.width(cells[2]), y)
        text.draw(fb, cells[3], _RATING_RIGHT - text.width(cells[3]), y)
