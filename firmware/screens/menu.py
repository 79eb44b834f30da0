"""The main menu. "Continue" leads it when the save holds a match in progress
(known from the journal's first chunk: opening the menu costs the same however
long the match; the match is played again only when Continue is chosen), with
two lines beneath the list saying which match: the game, who plays and the
scores, from the summary cached beside the journal (hw/journal.py). What
start-up found wrong with the save is said here, in a bubble.

Other screens come back with app.go("menu", key) to put the cursor on the item
they were opened from.
"""

from gfx import text
from ui import profiles
from ui.controls import BACK, Bubble, CHOSEN, Menu
from ui.matchsave import game_of, pending, summary_lines
from ui.widgets import title

# (key, label); each key but "continue" opens a screen, see _open().
_ITEMS = (
    ("handheld", "All Fives vs handheld"),
    ("two", "All Fives, two players"),
    ("demo", "All Fives demo"),
    ("bid", "Spectacular Bid"),
    ("options", "Rules options"),
    ("settings", "Settings"),
    ("profiles", "Profiles"),
    ("records", "Records"),
    ("poker", "Domino Poker"),
    ("help", "Rules help"),
    ("online", "Online"),
    ("games", "More games"),  # last: scripts that count the items above keep working
)


class Screen:
    def __init__(self, app, focus=""):
        self.app = app
        items: tuple = _ITEMS
        self.summary = None  # the two lines about the match to continue
        if pending(app.storage) >= 0:
            items = (("continue", "Continue"),) + items
            self.summary = summary_lines(app.storage)
        self.keys = [key for key, _ in items]
        cursor = self.keys.index(focus) if focus in self.keys else 0
        rows = 6 if self.summary is None else 4
        self.menu = Menu(app, [label for _, label in items], cursor=cursor, rows=rows)
        self.player = profiles.active(app.storage)
        self.menu.announce("Main menu, playing as " + self.player)
        if self.summary is not None:
            app.say("Continue: " + ". ".join(self.summary) + ".")
        self.bubble = Bubble(app)
        self.resumed = None  # a match to continue once the bubble about it closes
        if app.notice:
            self.bubble.show(app.notice)
            app.notice = ""

    def update(self):
        if self.bubble.update():
            return
        if self.resumed is not None:
            self.app.go(self.resumed.table_screen, self.resumed)
            return
        event = self.menu.update()
        if event == BACK:
            self.app.go("title", False)
        elif event == CHOSEN:
            self._open(self.keys[self.menu.cursor])

    def _open(self, key):
        app = self.app
        if key == "continue" and game_of(app.storage) == "poker":
            app.go("poker", True)  # its screen plays the match on from the journal
        elif key == "continue":
            from ui.restore import resume  # not held by the menu: Domino Poker never needs it

            session, note = resume(app.storage)
            if session is None:  # lost: the menu again, without Continue
                app.notice = note
                app.go("menu")
            elif note:  # what was lost, before the match goes on
                self.resumed = session
                self.bubble.show(note)
            else:
                app.go(session.table_screen, session)
        elif key in ("handheld", "two", "demo", "bid"):
            app.go("newmatch", key)
        else:
            app.go(key)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Dominoes", self.player)
        self.menu.draw()
        if self.summary is not None:
            fb.hline(0, 47, 128, 1)
            for i in range(2):
                text.draw(fb, self.summary[i], 2, 49 + 8 * i)
        self.bubble.draw()
