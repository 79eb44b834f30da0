"""The end of a hand: both hands face up, their pips, the rounding, the points.

A deals the next hand and goes back to the table. The hands are public now, so
both are shown even between two humans. In Spectacular Bid the points are what
was transferred (capped by the payer's balance), and pips are rounded only when
they counted: in a blocked hand.
"""

from core import events as ev
from core.tiles import pips, round5
from gfx import text
from hw.buttons import A
from ui import speech, tableview, tunes

_ROW_Y = (12, 31)


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.names = [tableview.who(session, s) for s in range(2)]
        # As shown: a name fits before its pips and the points won.
        self.shown = [text.fit(name, tableview.NAME_W) for name in self.names]
        self.title = "Hand over"
        self.winner = -1
        self.points = 0
        ended = False
        for e in session.game.events:
            if e[0] in (ev.DOMINO, ev.BLOCKED):
                ended = True
                self.title = "Domino!" if e[0] == ev.DOMINO else "Blocked"
                self.winner = e[1]
                self.points = e[2]
            elif e[0] == ev.TRANSFER and ended:
                self.points = e[2]  # paid: less than due when the payer ran short
        counted = not session.timed or self.title == "Blocked"
        # A duel's domino makes a jockey: the next opening is auctioned.
        auctioned = session.timed and self.title == "Domino!"
        coming = "auction for the lead" if auctioned else "next hand"
        self.footer = "A: " + coming
        self.tiles = [[t for t in range(28) if h >> t & 1] for h in session.game.hands]
        self.pips = [pips(h) for h in session.game.hands]
        self.rounded = [round5(p) if counted else p for p in self.pips]
        for s in range(2):
            sentence = "%s: %d pips" % (self.names[s], self.pips[s])
            app.say(sentence + (", counted as %d." % self.rounded[s] if counted else "."))
        # (The scores were told with the end of the hand.)
        app.say("Press A for the %s." % coming)

    def update(self):
        if self.app.buttons.just_pressed(A):
            self.app.sound.play(tunes.SELECT)
            session = self.session
            events = session.deal()
            if self.app.speak is not None:
                for e in events:
                    self.app.say(speech.event(session, e))
            # Straight to an auctioned opening (the table would only go on to it:
            # its making and the auction's were 33-47 ms of one frame on a board);
            # the deal is saved once the new screen is drawn.
            self.app.go_then_save(session, "auction" if session.auction else "table", session)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        game = self.session.game
        tableview.centre(fb, self.title, 0)
        fb.hline(0, 8, 128, 1)
        for s in range(2):
            y = 12 + 20 * s
            x = text.draw(fb, self.shown[s], 0, y)
            x = text.number(fb, self.pips[s], x + 5, y)
            if self.rounded[s] != self.pips[s]:
                x = text.draw(fb, "→", x + 1, y)
                x = text.number(fb, self.rounded[s], x + 1, y)
            text.draw(fb, " pips", x, y)
            tableview.number_right(fb, game.scores[s], 127, y)
            if self.session.timed:  # a balance: what this hand changed of it
                change = game.scores[s] - game.dealt_scores[s]
                x = text.draw(fb, "+" if change >= 0 else "-", 92, y)
                text.number(fb, abs(change), x, y)
            elif s == self.winner and self.points:
                x = text.draw(fb, "+", 92, y)
                text.number(fb, self.points, x, y)
            # 12 small tiles a row: two rows hold the largest hand (21 tiles).
            tiles = self.tiles[s]
            for i in range(len(tiles)):
                tableview.micro(fb, tiles[i], (i % 12) * 10, y + 8 + (i // 12) * 6)
        fb.hline(0, 51, 128, 1)
        tableview.centre(fb, self.footer, 55)
