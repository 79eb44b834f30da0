"""The end of a draw-and-block match: who won (in Kozel, who is the goat), the
final scores, and in Domino 1x1 the players' ratings before and after (RULES.md
3a: profiles move, the handheld's levels keep theirs). The ratings and the
retired match are saved in one write (ui.session.retire), so a power cut here
counts nothing twice. A or B goes back to the main menu (ui.ending)."""

from core import elo
from gfx import text
from ui import lineresults, lineview, narrate_line, tableview
from ui.ending import Ending
from ui.widgets import footer, title


def _rating(session, seat, storage):
    if session.is_human(seat):
        return lineresults.rating(storage, session.name(seat))
    return elo.LEVELS[session.name(seat)]


class Screen(Ending):
    def __init__(self, app, session):
        game = session.game
        n = game.SEATS
        self.names = [narrate_line.who(session, s) for s in range(n)]
        self.short = [text.fit(name, 44) for name in self.names]
        self.heading = narrate_line.winners(session)
        self.lines = text.wrap(self.heading, 124)
        self.before = []
        self.after = []
        if session.kind == "1x1":
            self.before = [_rating(session, s, app.storage) for s in range(2)]
            won = [game.winners >> s & 1 for s in range(2)]
            self.after = [
                elo.rated(self.before[s], self.before[1 - s], won[s])
                if session.is_human(s)
                else self.before[s]
                for s in range(2)
            ]
        # Kozel's and Yard Kozel's losers are goats, drawn beside their names.
        self.goats = 0
        if session.kind in ("kozel", "yard"):
            self.goats = ((1 << n) - 1) & ~game.winners
        self.recorded = False
        lost = session.humans() == 1 and not game.winners >> narrate_line.first_human(session) & 1
        super().__init__(app, session, self._record, lost)
        if self.after and not self.recorded:
            # Shown again after a power cut: the ratings moved already; show that move.
            for s in range(2):
                if session.is_human(s):
                    self.before[s], self.after[s] = lineresults.change(app.storage, session.name(s))
        words = self.heading + " " + narrate_line.scores(session)
        for s in range(len(self.after)):
            words += " %s rated %d, now %d." % (
                self.names[s],
                round(self.before[s]),
                round(self.after[s]),
            )
        app.say(words + " Press A for the menu.")

    def _record(self):
        """Each profile's result and new rating into the save (written by finish,
        with the match retired)."""
        session = self.session
        storage = self.app.storage
        self.recorded = True
        for s in range(len(session.seats)):
            if session.is_human(s):
                name = session.name(s)
                lineresults.record(storage, name, session.kind, session.game.winners >> s & 1)
                if self.after:
                    lineresults.set_rating(storage, name, self.after[s])

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        game = self.session.game
        title(fb, "Match over")
        lines = min(len(self.lines), 2)
        for i in range(lines):  # (a slice would allocate)
            text.draw(fb, self.lines[i], 0, 11 + 7 * i)
        y = 11 + 7 * lines
        if self.after:
            text.draw(fb, "Rating", 50, y + 2)
            text.draw(fb, "Points", 126 - text.width("Points"), y + 2)
            y += 11
        for s in range(len(self.names)):
            text.draw(fb, self.short[s], 0, y)
            if self.after:
                x = text.number(fb, round(self.before[s]), 50, y)
                x = text.draw(fb, "→", x + 2, y)
                text.number(fb, round(self.after[s]), x + 2, y)
            elif self.goats >> s & 1:
                lineview.goat(fb, 60, y - 1)
            tableview.number_right(fb, game.scores[s], 126, y)
            y += 7
        footer(fb, "A: menu")
