"""A profile's page of the draw-and-block games: its wins and losses in each game
and its Domino 1x1 rating, before and after its last rated match. Opened from
the profile's menu (Profiles) or from "Records" in the More games list (on the
active profile). LEFT / RIGHT go to the other profiles; A or B go back."""

from core.blockrules import GAMES
from gfx import text
from hw.buttons import A, B, LEFT, RIGHT
from micropython import const
from ui import lineresults, profiles, tunes
from ui.narrate_line import GAME_TITLES
from ui.widgets import title

_TOP = const(19)
_ROW_H = const(7)
_WON_RIGHT = const(96)
_LOST_RIGHT = const(124)
_RATING_Y = const(57)


class Screen:
    def __init__(self, app, name="", back="games"):
        """`back`: the screen to go back to, "games" or "profiles"."""
        self.app = app
        self.back = back
        self.names = profiles.names(app.storage)
        if name not in self.names:
            name = profiles.active(app.storage)
        self.profile = self.names.index(name)
        self._open()

    def _open(self):
        """The rows of the profile shown, as strings made once."""
        storage = self.app.storage
        name = self.names[self.profile]
        kept = lineresults.results(storage)
        self.rows = []
        spoken = []
        for game in GAMES:
            won, lost = kept.get((name, game), (0, 0))
            self.rows.append((GAME_TITLES[game], str(won), str(lost)))
            spoken.append("%s %d won, %d lost." % (GAME_TITLES[game], won, lost))
        before, now = lineresults.change(storage, name)
        self.rating = "1x1 rating %d → %d" % (round(before), round(now))
        if round(before) == round(now):
            self.rating = "1x1 rating %d" % round(now)
        self.heading = name
        self.app.say(
            "%s, more games. %s %s." % (name, " ".join(spoken), self.rating.replace("→", "now"))
        )

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A | B):
            self.app.sound.play(tunes.BACK)
            if self.back == "profiles":
                self.app.go("profiles", self.names[self.profile])
            else:
                self.app.go("games", "records")
        elif buttons.just_pressed(LEFT | RIGHT):
            step = 1 if buttons.just_pressed(RIGHT) else -1
            self.profile = (self.profile + step) % len(self.names)
            self.app.sound.play(tunes.MOVE)
            self._open()

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.heading, "← →")
        self._line(fb, ("More games", "Won", "Lost"), 10)
        fb.hline(0, 17, 128, 1)
        for i in range(len(self.rows)):
            self._line(fb, self.rows[i], _TOP + i * _ROW_H)
        fb.hline(0, _RATING_Y - 3, 128, 1)
        text.draw(fb, self.rating, 2, _RATING_Y)

    def _line(self, fb, cells, y):
        text.draw(fb, cells[0], 2, y)
        text.draw(fb, cells[1], _WON_RIGHT - text.width(cells[1]), y)
        text.draw(fb, cells[2], _LOST_RIGHT - text.width(cells[2]), y)
