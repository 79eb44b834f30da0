"""The pause menu over a match: resume, the rules, sound, quit to the main menu
(which keeps the match: Continue brings it back, as in every game), or abandon
it (after a yes/no question: its save is removed). Between two players
the seat holding the handheld is kept, so that Resume (and the rules, and back)
does not hand it over again; back from the rules, the cursor is on them. A
draw-and-block match for 3 or 4 shows every side's score, two to a line."""

from gfx import text
from micropython import const
from ui import speech, tableview
from ui.controls import BACK, CHANGED, CHOSEN, Confirm, Menu, NO, YES
from ui.matchsave import forget
from ui.widgets import box, centre

_LABELS = ("Resume", "Rules help", "Sound", "Quit to menu", "Abandon match")
_VALUES = (None, None, ("on", "off"), None, None)
RESUME = const(0)
HELP = const(1)
SOUND = const(2)
QUIT = const(3)
ABANDON = const(4)
_X = const(14)
_W = const(100)


class Screen:
    def __init__(self, app, session, holder=-1, from_help=False):
        self.app = app
        self.session = session
        self.holder = holder  # the seat holding the handheld, if known
        # Two names and scores share a line: each name fits half of it. In pairs a
        # side's two names take a line.
        self.per_line = 1 if session.line and session.options.pairs else 2
        if session.line:
            from ui import lineview  # (loaded only for a draw-and-block match)

            self.names, self.scores = lineview.sides(session, (_W - 8) // self.per_line - 14)
        else:
            self.names = [text.fit(tableview.who(session, s), tableview.NAME_W) for s in range(2)]
            self.scores = [str(score) for score in session.game.scores]
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
            self.session.put_away(app.storage)
            app.say("Match kept: Continue on the main menu brings it back.")
            app.go("menu", "continue")
        elif event == CHOSEN and self.menu.cursor == ABANDON:
            self.confirm.ask("Abandon this match? It will be lost, not saved.")
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
        for i in range(len(self.names)):
            self._score(fb, i, 4 + 7 * (i // self.per_line))
        if len(self.names) <= self.per_line:  # (else their second line takes its place)
            centre(fb, self.heading, 13)
        fb.hline(_X + 1, 20, _W - 2, 1)
        self.menu.draw()
        self.confirm.draw()

    def _score(self, fb, i, y):
        """A side's name and score at y: the first of two on a line from the left
        edge, the second to the right edge; one alone on its line, spread across."""
        name = self.names[i]
        score = self.scores[i]
        if self.per_line == 1:
            text.draw(fb, name, _X + 4, y)
        elif not i & 1:
            text.draw(fb, score, text.draw(fb, name, _X + 4, y) + 3, y)
            return
        x = _X + _W - 4 - text.width(score)
        text.draw(fb, score, x, y)
        if self.per_line == 2:
            text.draw(fb, name, x - 3 - text.width(name), y)
