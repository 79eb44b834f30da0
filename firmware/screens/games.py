"""The draw-and-block family's chooser ("More games" on the main menu): the five
games, A sets one up; then their records; B goes back to the menu."""

from core.blockrules import GAMES
from ui.controls import BACK, CHOSEN, Menu
from ui.narrate_line import GAME_TITLES
from ui.setups import LAST_KEY
from ui.widgets import title


class Screen:
    def __init__(self, app, focus=""):
        self.app = app
        focus = focus or app.storage.get(LAST_KEY, "")  # the game set up last
        self.keys = list(GAMES) + ["records"]
        cursor = self.keys.index(focus) if focus in self.keys else 0
        self.menu = Menu(app, [GAME_TITLES[g] for g in GAMES] + ["Records"], cursor=cursor)
        self.menu.announce("More games")

    def update(self):
        event = self.menu.update()
        if event == BACK:
            self.app.go("menu", "games")
        elif event == CHOSEN and self.keys[self.menu.cursor] == "records":
            self.app.go("linerecords")
        elif event == CHOSEN:
            self.app.go("linesetup", self.keys[self.menu.cursor])

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "More games")
        self.menu.draw()
