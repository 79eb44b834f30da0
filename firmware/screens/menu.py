"""The main menu. "Continue" leads it when the save holds a match in progress.

Other screens come back with app.go("menu", key) to put the cursor on the item
they were opened from.
"""

from ui import profiles
from ui.session import resume
from ui.widgets import BACK, CHOSEN, Menu, title

# (key, label); each key but "continue" opens a screen, see _open().
_ITEMS = (
    ("handheld", "Play vs handheld"),
    ("two", "Two players"),
    ("demo", "Demo"),
    ("bid", "Spectacular Bid"),
    ("options", "Rules options"),
    ("settings", "Settings"),
    ("profiles", "Profiles"),
    ("records", "Records"),
    ("poker", "Domino Poker"),
    ("help", "Rules help"),
)


class Screen:
    def __init__(self, app, focus=""):
        self.app = app
        self.session = resume(app.storage)
        items: tuple = _ITEMS
        if self.session is not None:
            items = (("continue", "Continue"),) + items
        self.keys = [key for key, _ in items]
        cursor = self.keys.index(focus) if focus in self.keys else 0
        self.menu = Menu(app, [label for _, label in items], cursor=cursor)
        self.player = profiles.active(app.storage)
        self.menu.announce("Main menu, playing as " + self.player)

    def update(self):
        event = self.menu.update()
        if event == BACK:
            self.app.go("title", False)
        elif event == CHOSEN:
            self._open(self.keys[self.menu.cursor])

    def _open(self, key):
        app = self.app
        if key == "continue":
            app.go("table", self.session)
        elif key in ("handheld", "two", "demo", "bid"):
            app.go("newmatch", key)
        else:
            app.go(key)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Dominoes", self.player)
        self.menu.draw()
