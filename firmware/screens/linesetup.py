"""Setting up a draw-and-block match: how many players, pairs and the target where
the game has them, and who sits in each seat (a profile, or the handheld at a
level). "Start" is first, so A A replays the last set-up of the game, which is
remembered per game. Two seats cannot be the same profile. Start asks first
when the save keeps a match (ui.replacing).

The match is dealt and saved before the table gets it, as screens.newmatch does.
"""

from core.blockrules import Options, rules_for
from ui import profiles, setups, tunes
from ui.controls import BACK, Bubble, CHANGED, CHOSEN, Menu
from ui.narrate_line import GAME_TITLES
from ui.replacing import Replacing
from ui.session import Session
from ui.widgets import title

from screens.newmatch import SEED_KEY

_PLAYERS = "Players"
_PAIRS = "Pairs"
_TARGET = "Target"
_RULES = "Rules"


class Screen:
    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.rules = rules_for(game)
        self.people = profiles.names(app.storage)
        # What a seat can be: a profile first (the human seats), then the levels.
        levels = setups.levels(game)
        self.seat_names = ["human:" + p for p in self.people] + [n for n, _ in levels]
        self.seat_labels = tuple(self.people) + tuple(label for _, label in levels)
        self.bubble = Bubble(app)
        self.replacing = Replacing(app, self._start)
        self.options, self.seats = self._recall()
        self._build(0)
        self.menu.announce(GAME_TITLES[game] + " set-up")

    # --- what was chosen last time -------------------------------------------------

    def _recall(self):
        options_text, seats = setups.split(self.app.storage.get(setups.key(self.game)))
        try:
            options = Options.parse(self.game, options_text)
        except ValueError:
            options = Options.parse(self.game, "")
        chosen = [s for s in seats if s in self.seat_names]
        player = "human:" + profiles.active(self.app.storage)
        defaults = [player] + ["handheld:medium"] * 3
        while len(chosen) < 4:
            chosen.append(defaults[len(chosen)])
        return options, chosen

    def _remember(self):
        storage = self.app.storage
        storage.set(setups.key(self.game), setups.text(self.options, self.seats))
        storage.set(setups.LAST_KEY, self.game)

    # --- the menu: rebuilt when the number of players changes ----------------------

    def _build(self, cursor):
        rules = self.rules
        labels = ["Start", "Rules"]
        values: list = [None, None]
        self.items: list = ["", _RULES]
        if len(rules.PLAYERS) > 1:
            labels.append(_PLAYERS)
            values.append(tuple(str(n) for n in rules.PLAYERS))
            self.items.append(_PLAYERS)
        if self.options.players == 4 and len(rules.PAIRS) > 1:
            labels.append(_PAIRS)
            values.append(("no", "yes"))
            self.items.append(_PAIRS)
        if len(rules.TARGETS) > 1:
            labels.append(_TARGET)
            values.append(tuple("1 hand" if t == 0 else str(t) for t in rules.TARGETS))
            self.items.append(_TARGET)
        for s in range(self.options.players):
            labels.append("Seat %d" % (s + 1))
            values.append(self.seat_labels)
            self.items.append(s)
        self.menu = Menu(self.app, labels, tuple(values), cursor=cursor)
        for i in range(len(self.items)):
            item = self.items[i]
            if item == _PLAYERS:
                self.menu.set_value(i, rules.PLAYERS.index(self.options.players))
            elif item == _PAIRS:
                self.menu.set_value(i, 1 if self.options.pairs else 0)
            elif item == _TARGET:
                self.menu.set_value(i, rules.TARGETS.index(self.options.target))
            elif isinstance(item, int):
                self.menu.set_value(i, self.seat_names.index(self.seats[item]))

    def _read(self, i):
        """Take the value of item i into the set-up."""
        item = self.items[i]
        value = self.menu.value(i)
        rules = self.rules
        if item == _PLAYERS:
            self.options.players = rules.PLAYERS[value]
            self.options.pairs = self.options.players == 4 and rules.PAIRS[0]
            self._build(i)
        elif item == _PAIRS:
            self.options.pairs = value == 1
        elif item == _TARGET:
            self.options.target = rules.TARGETS[value]
        else:
            self.seats[item] = self.seat_names[value]

    # --- frame ----------------------------------------------------------------------

    def update(self):
        if self.bubble.update() or self.replacing.update():
            return
        event = self.menu.update()
        if event == BACK:
            self.app.go("games", self.game)
        elif event == CHANGED:
            self._read(self.menu.cursor)
            self._remember()
            self.app.storage.save()
        elif event == CHOSEN and self.items[self.menu.cursor] == _RULES:
            self.app.go("linehelp", self.game)
        elif event == CHOSEN:
            self._check()

    def _check(self):
        """Start, unless the seats are refused; over a kept match, once the player
        agrees to lose it."""
        seats = self.seats[: self.options.players]
        humans = [s for s in seats if s.startswith("human:")]
        if len(set(humans)) < len(humans):
            self.app.sound.play(tunes.ERROR)
            self.bubble.show("A profile can sit in one seat only.")
            return
        self.replacing.start()

    def _start(self):
        app = self.app
        seats = self.seats[: self.options.players]
        storage = app.storage
        started = storage.get(SEED_KEY, 0)
        started = ((started if isinstance(started, int) else 0) + 1) & 0xFFFF
        storage.set(SEED_KEY, started)
        seed = (started << 14) ^ (app.clock.frame & 0x3FFF)
        session = Session(self.options, seed, seats, self.game)
        session.deal()
        self._remember()
        session.save(storage)  # one write: the match, the seed counter and the set-up
        app.go("linetable", session)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, GAME_TITLES[self.game])
        self.menu.draw()
        self.bubble.draw()
        self.replacing.draw()
