"""The end of a draw-and-block match: who won (in Kozel, who is the goat), the
final scores, and in Domino 1x1 the players' ratings before and after (RULES.md
3a: profiles move, the handheld's levels keep theirs). A row a seat, or in pairs
a row a pair with both names; every column under its label. The ratings and the
retired match are saved in one write (ui.session.retire), so a power cut here
counts nothing twice. A or B goes back to the main menu (ui.ending)."""

from core import elo
from gfx import text
from micropython import const
from ui import lineresults, lineview, narrate_line, tableview
from ui.ending import Ending
from ui.widgets import footer, title

_GOAT_X = const(84)  # Kozel's goat column, left of the points


def _rating(session, seat, storage):
    if session.is_human(seat):
        return lineresults.rating(storage, session.name(seat))
    return elo.LEVELS[session.name(seat)]


class Screen(Ending):
    def __init__(self, app, session):
        game = session.game
        n = game.SEATS
        kind = session.kind
        self.names = [narrate_line.who(session, s) for s in range(n)]
        self.heading = narrate_line.winners(session)
        # The columns: the goat (Kozel's and Yard Kozel's losers), the points
        # (none in Yard Kozel, which keeps no score), the 1x1 ratings.
        self.goat_x = _GOAT_X if kind in ("kozel", "yard") else -1
        self.points = kind != "yard"
        name_w = 44 if kind == "1x1" else (self.goat_x if self.goat_x >= 0 else 100) - 4
        # A row a side: a seat, or in pairs both partners.
        self.labels = lineview.sides(session, name_w)[0]
        self.label_heading = "Pair" if session.options.pairs else "Player"
        lines = text.wrap(self.heading, 124)
        self.lines = lines
        # The heading, the labels and the rows above the footer's rule, or without it.
        self.footer = 9 + text.LINE * (len(lines) + 1 + len(self.labels)) <= 51
        self.goat_label_x = self.goat_x + lineview.GOAT_W - text.width("Goat")
        self.points_x = 127 - text.width("Points")
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
        lines = self.lines
        for i in range(len(lines)):
            text.draw(fb, lines[i], 0, 11 + text.LINE * i)
        y = 11 + text.LINE * len(lines)
        # The labels, each over its column.
        if self.after:
            y += 2
            text.draw(fb, "Rating", 50, y)
        text.draw(fb, self.label_heading, 0, y)
        if self.goat_x >= 0:
            text.draw(fb, "Goat", self.goat_label_x, y)
        if self.points:
            text.draw(fb, "Points", self.points_x, y)
        y += 11 if self.after else text.LINE
        for s in range(len(self.labels)):
            text.draw(fb, self.labels[s], 0, y)
            if self.after:
                x = text.number(fb, round(self.before[s]), 50, y)
                x = text.draw(fb, "→", x + 2, y)
                text.number(fb, round(self.after[s]), x + 2, y)
            elif self.goat_x >= 0:
                if self.goats >> s & 1:
                    lineview.goat(fb, self.goat_x, y - 1)
                else:
                    text.draw(fb, "-", self.goat_x + lineview.GOAT_W - 3, y)
            if self.points:
                tableview.number_right(fb, game.scores[s], 126, y)
            y += text.LINE
        if self.footer:
            footer(fb, "A: menu")
