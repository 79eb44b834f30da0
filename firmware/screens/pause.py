"""The pause menu over a match: resume, the rules, sound, or quit (which, after a
yes/no question, abandons the match: its save is removed). Between two players
the seat holding the handheld is kept, so that Resume (and the rules, and back)
does not hand it over again; back from the rules, the cursor is on them."""

from gfx import text
from micropython import const
from ui import speech, tableview
from ui.session import forget
from ui.widgets import BACK, box, centre, CHANGED, CHOSEN, Confirm, Menu, NO, YES

_LABELS = ("Resume", "Rules help", "Sound", "Quit match")
_VALUES = (None, None, ("on", "off"), None)
RESUME = const(0)
HELP = const(1)
SOUND = const(2)
QUIT = const(3)
_X = const(14)
_W = const(100)


class Screen:
    def __init__(self, app, session, holder=-1, from_help=False):
        self.app = app
        self.session = session
        self.holder = holder  # the seat holding the handheld, if known
        # Two names and scores share the top line: each name fits half of it.
        self.names = [text.fit(tableview.who(session, s), tableview.NAME_W) for s in range(2)]
        self.scores = session.game.scores
        cursor = HELP if from_help else RESUME
        self.menu = Menu(app, _LABELS, _VALUES, cursor, x=_X + 2, y=22, w=_W - 4, rows=4)
        self.menu.set_value(SOUND, 1 if app.sound.muted else 0)
        self.confirm = Confirm(app)
        # In a duel the clock of a player to move runs on (docs/rules.md section 2
        # stops it only for deals, scores and handovers).
        running = session.timed and session.waiting_for_human()
        self.heading = "Paused, clock runs" if running else "Paused"
        if app.speak is not None:
            self.menu.announce(self.heading + ". " + speech.scores(session))

    def update(self):
        app = self.app
        if app.clock_runs_on(self.session):
            return
        answer = self.confirm.update()
        if answer == YES:
            forget(app.storage)
            app.say("Match abandoned.")
            app.go("menu")
            return
        if answer == NO or self.confirm.open:
            return  # the press that answered is not also for the menu
        event = self.menu.update()
        if event == BACK or (event == CHOSEN and self.menu.cursor == RESUME):
            app.go(self.session.table_screen, self.session, self.holder)
        elif event == CHOSEN and self.menu.cursor == HELP:
            if self.session.line:
                app.go("linehelp", self.session.kind, self.session, self.holder)
            else:
                app.go("help", self.session, self.holder)
        elif event == CHOSEN and self.menu.cursor == QUIT:
            self.confirm.ask("Quit this match? It will be lost, not saved.")
        elif event == CHANGED:
            app.sound.set_muted(self.menu.value(SOUND) == 1)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        # A frame of dots behind the panel: the match is still there, paused.
        for y in range(0, 64, 4):
            for x in range(y % 8 // 2, 128, 4):
                fb.pixel(x, y, 1)
        box(fb, _X, 1, _W, 62)
        self._score(fb, 0, _X + 4)
        self._score(fb, 1, _X + _W - 4)
        centre(fb, self.heading, 13)
        fb.hline(_X + 1, 20, _W - 2, 1)
        self.menu.draw()
        self.confirm.draw()

    def _score(self, fb, seat, edge):
        """A seat's name and score on the top line, from the left or to the right edge."""
        name = self.names[seat]
        score = self.scores[seat]
        if seat == 0:
            text.number(fb, score, text.draw(fb, name, edge, 4) + 3, 4)
            return
        x = edge - text.number_width(score)
        text.number(fb, score, x, 4)
        text.draw(fb, name, x - 3 - text.width(name), 4)
