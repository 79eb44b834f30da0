"""Setting up a match, then starting it: All Fives against the handheld, two
players passing the handheld, a demo of the handheld against itself, or a
Spectacular Bid duel against the handheld or between two players. "Start" is
first, so that A A from the main menu replays the last set-up; the choices are
remembered. Start asks first when the save keeps a match (ui.replacing).

A match is a Session dealt and saved before the table screen gets it, so a power
cut from the first frame of the table on resumes it.
"""

from micropython import const
from players import NAMES
from ui import profiles, tunes
from ui.controls import BACK, Bubble, CHANGED, CHOSEN, Menu
from ui.replacing import Replacing
from ui.session import Session
from ui.widgets import title

# The handheld's levels, easiest first: (player name, label).
_LEVELS = (("random", "Easy"), ("tactics", "Medium"), ("defensive", "Hard"), ("expert", "Expert"))
_TITLES = {
    "handheld": "All Fives vs handheld",
    "two": "All Fives, two players",
    "demo": "All Fives demo",
    "bid": "Spectacular Bid",
}
# What an item offers: a handheld level, a profile, or a duel's opponent (the
# handheld's bid player, or a profile).
_LEVEL = const(0)
_PROFILE = const(1)
_OPPONENT = const(2)
_BID_HANDHELD = "handheld:bid"
# What each kind of match asks, after "Start": (label, storage key, what it
# offers) for each of two items.
_ASKS = {
    "handheld": (("Level", "level", _LEVEL), ("Player", profiles.ACTIVE_KEY, _PROFILE)),
    "two": (("Player 1", profiles.ACTIVE_KEY, _PROFILE), ("Player 2", "player2", _PROFILE)),
    "demo": (("CPU 1", "demo1", _LEVEL), ("CPU 2", "demo2", _LEVEL)),
    "bid": (("Player", profiles.ACTIVE_KEY, _PROFILE), ("Opponent", "opponent", _OPPONENT)),
}
SEED_KEY = "matches"  # matches started so far: part of every new match's seed


def levels():
    """(player names, labels) of the levels this firmware has."""
    known = [pair for pair in _LEVELS if pair[0] in NAMES]
    return [name for name, _ in known], tuple(label for _, label in known)


class Screen:
    def __init__(self, app, kind):
        self.app = app
        self.kind = kind if kind in _TITLES else "handheld"
        self.people = profiles.names(app.storage)
        labels = ["Start"]
        values: list = [None]
        self.choices = []  # per asked item: the names its values stand for
        for label, key, offers in _ASKS[self.kind]:
            names, shown = self._offer(offers)
            labels.append(label)
            values.append(shown)
            self.choices.append((names, key))
        self.menu = Menu(app, labels, tuple(values))
        self._recall()
        self.bubble = Bubble(app)
        self.replacing = Replacing(app, self._start)
        self.heading = _TITLES[self.kind]
        self.menu.announce(self.heading)

    def _offer(self, offers):
        """(the names an item's values stand for, the values it shows)."""
        if offers == _LEVEL:
            return levels()
        people = self.people
        if offers == _PROFILE:
            return people, tuple(people)
        return [_BID_HANDHELD] + ["human:" + p for p in people], ("Handheld",) + tuple(people)

    def _recall(self):
        """Put each choice where it was last time (a sensible default otherwise)."""
        storage = self.app.storage
        defaults = {
            "level": "tactics",
            profiles.ACTIVE_KEY: profiles.active(storage),
            "player2": "",
            "demo1": "tactics",
            "demo2": "defensive",
            "opponent": _BID_HANDHELD,
        }
        for n in range(len(self.choices)):
            options, key = self.choices[n]
            wanted = storage.get(key, defaults[key])
            if wanted in options:
                self.menu.set_value(n + 1, options.index(wanted))
            elif key == "player2":  # someone other than player 1
                self.menu.set_value(n + 1, 1 if self.menu.value(1) == 0 else 0)

    def _chosen(self, n):
        options, _ = self.choices[n]
        return options[self.menu.value(n + 1)]

    def update(self):
        if self.bubble.update() or self.replacing.update():
            return
        event = self.menu.update()
        if event == BACK:
            self.app.go("menu", self.kind)
        elif event == CHANGED and self.menu.cursor > 0:
            self._remember()
        elif event == CHOSEN:
            self._check()

    def _note_choices(self):
        for n in range(len(self.choices)):
            self.app.storage.set(self.choices[n][1], self._chosen(n))

    def _remember(self):
        self._note_choices()
        self.app.storage.save()

    def _seats(self):
        first = self._chosen(0)
        second = self._chosen(1)
        if self.kind == "handheld":
            return ["human:" + second, "handheld:" + first]
        if self.kind == "two":
            return ["human:" + first, "human:" + second]
        if self.kind == "bid":
            return ["human:" + first, second]
        return ["handheld:" + first, "handheld:" + second]

    def _check(self):
        """Start, unless the players are refused; over a kept match, once the
        player agrees to lose it."""
        seats = self._seats()
        if seats[0] == seats[1] and seats[0].startswith("human:"):
            self.app.sound.play(tunes.ERROR)
            self.bubble.show("Pick two different players.")
            return
        self.replacing.start()

    def _start(self):
        app = self.app
        seats = self._seats()
        storage = app.storage
        started = storage.get(SEED_KEY, 0)
        if not isinstance(started, int):
            started = 0
        started = (started + 1) & 0xFFFF
        storage.set(SEED_KEY, started)
        # The frame counter makes each match different on a device; in the emulator
        # scripted presses make it, and so the deal, the same every run.
        seed = (started << 14) ^ (app.clock.frame & 0x3FFF)
        game = "bid" if self.kind == "bid" else "allfives"
        session = Session(app.options(), seed, seats, game)
        session.deal()
        self._note_choices()
        session.save(storage)  # one write: the match, the seed counter and the choices
        app.go("table", session)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.heading)
        self.menu.draw()
        self.bubble.draw()
        self.replacing.draw()
