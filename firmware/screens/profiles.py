"""Profiles: the list (the active one ticked), a new one, and for each profile a
small menu to make it active, delete it (after a yes/no question, asked only
when it may be deleted), see its page of the draw-and-block games
(screens.linerecords) or its coins (Domino Poker's rewards, in a bubble)."""

from core import coins
from ui import lineresults, profiles, tunes, wallets
from ui.controls import BACK, Bubble, CHOSEN, Confirm, Menu, NO, YES
from ui.widgets import box, centre, title

_ACTIONS = ("Play as this", "Delete", "More games", "Coins", "Back")
USE = 0
DELETE = 1
GAMES_PAGE = 2
COINS = 3


class Screen:
    def __init__(self, app, focus=""):
        self.app = app
        self.names = profiles.names(app.storage)
        current = profiles.active(app.storage)
        labels = list(self.names)
        values = ["✓" if name == current else None for name in self.names]
        if len(self.names) < profiles.MAX_PROFILES:
            labels.append("New profile")
            values.append(None)
        cursor = self.names.index(focus) if focus in self.names else 0
        self.list = Menu(app, labels, tuple(values), cursor)
        self.count = "%d/%d" % (len(self.names), profiles.MAX_PROFILES)
        self.actions = Menu(app, _ACTIONS, x=22, y=13, w=84, rows=len(_ACTIONS))
        self.picked = ""  # the profile whose action menu is open
        self.confirm = Confirm(app)
        self.bubble = Bubble(app)
        self.list.announce("Profiles, " + current + " plays")

    def update(self):
        if self.bubble.update():
            return
        answer = self.confirm.update()
        if answer == YES:
            self._delete()
            return
        if answer == NO or self.confirm.open:
            return
        if self.picked:
            self._act(self.actions.update())
            return
        event = self.list.update()
        if event == BACK:
            self.app.go("menu", "profiles")
        elif event == CHOSEN:
            if self.list.cursor < len(self.names):
                self.picked = self.names[self.list.cursor]
                self.actions.cursor = USE
                self.actions.announce(self.picked)
            else:
                self.app.go("newprofile")

    def _act(self, event):
        if event == BACK or (event == CHOSEN and self.actions.cursor == len(_ACTIONS) - 1):
            self.picked = ""
            self.list.announce("Profiles")
        elif event == CHOSEN and self.actions.cursor == USE:
            profiles.set_active(self.app.storage, self.picked)
            self.app.go("profiles", self.picked)  # shown again, ticked
        elif event == CHOSEN and self.actions.cursor == GAMES_PAGE:
            self.app.go("linerecords", self.picked, "profiles")
        elif event == CHOSEN and self.actions.cursor == COINS:
            self.bubble.show(_coins_words(self.app.storage, self.picked))
        elif event == CHOSEN:
            reason = profiles.refusal(self.app.storage, self.picked)
            if reason:
                self._refuse(reason)
            else:
                self.confirm.ask("Delete %s and their records?" % self.picked)

    def _refuse(self, reason):
        self.app.sound.play(tunes.ERROR)
        self.bubble.show(reason)
        self.picked = ""

    def _delete(self):
        storage = self.app.storage
        if not profiles.refusal(storage, self.picked):
            lineresults.forget(storage, self.picked)  # saved with the deletion
        reason = profiles.delete(storage, self.picked)
        if reason:
            self._refuse(reason)
            return
        wallets.forget(self.app.storage, self.picked)
        self.app.storage.save()
        self.app.say(self.picked + " deleted.")
        self.app.go("profiles")

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Profiles", self.count)
        self.list.draw()
        if self.picked:
            box(fb, 18, 1, 92, 62)
            centre(fb, self.picked, 3)
            fb.hline(19, 11, 90, 1)
            self.actions.draw()
        self.confirm.draw()
        self.bubble.draw()


def _coins_words(storage, name):
    """A profile's coins and how Domino Poker pays them, plainly: this handheld
    keeps no date, so it says there is no daily limit (core.coins)."""
    balance = wallets.wallet(storage, name)[0]
    rewards = ", ".join("%s %d" % (coins.LEVELS[i], coins.REWARDS[i]) for i in range(1, 4))
    return "%s: %d coins. Domino Poker pays 1st or 2nd: %s. %s" % (
        name, balance, rewards, coins.limit_text(False))
