"""The end of a match: who won, the final scores; the profiles' records (of All
Fives matches) are updated and the saved match retired, in one write (shown
again after a power cut, it counts nothing twice). A goes back to the main
menu (ui.ending). A Spectacular Bid match lost on time says so."""

from core import events as ev
from gfx import text
from ui import profiles, tableview
from ui.ending import Ending


class Screen(Ending):
    def __init__(self, app, session):
        game = session.game
        winner = game.winner
        self.names = [tableview.who(session, s) for s in range(2)]
        name = self.names[winner]
        self.title = "You win!" if name == "You" else name + " wins"
        self.how = ""
        for e in game.events:
            if e[0] == ev.TIMED_OUT:
                loser = self.names[e[1]]
                self.how = "You ran out of time" if loser == "You" else loser + " ran out of time"
        self.frames = 0
        # Profiles keep All Fives results: a duel's 300-0 would not compare. The
        # finished match stays as "last" (to replay or export).
        human_lost = session.humans() == 1 and not session.is_human(winner)
        record = _nothing if session.timed else self._record_results
        super().__init__(app, session, record, human_lost)
        # (Who won, and by how much, was told with the move that ended the match.)
        app.say("Press A for the menu.")

    def _record_results(self):
        session = self.session
        game = session.game
        for seat in range(2):
            if session.is_human(seat):
                profiles.record_result(
                    self.app.storage,
                    session.name(seat),
                    seat == game.winner,
                    game.scores[seat],
                    game.scores[1 - seat],
                )

    def update(self):
        self.frames += 1
        super().update()

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        game = self.session.game
        # The title bounces gently for the first second.
        lift = 0
        if self.frames < 32:
            lift = (self.frames >> 2) & 1
        tableview.centre(fb, self.title, 10 - lift)
        if self.how:
            tableview.centre(fb, self.how, 45)
        fb.hline(20, 19, 88, 1)
        for s in range(2):
            y = 26 + 9 * s
            text.draw(fb, self.names[s], 24, y)
            tableview.number_right(fb, game.scores[s], 103, y)
        tableview.centre(fb, "A: menu", 54)


def _nothing():
    pass
