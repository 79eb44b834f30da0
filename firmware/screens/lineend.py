"""The end of a draw-and-block hand: first every hand face up with its count (both
columns labelled), then
(A) how the hand scored, in words, over the scores: as many pages of words as it
takes, so every word is read; A on the last deals the next hand. LEFT/RIGHT go
between the pages. The hands are public now, so all are shown even between
humans."""

from core import events as ev
from core.blockrules import hand_count
from gfx import text
from hw.buttons import A, LEFT, RIGHT
from ui import lineview, narrate_line, tableview, tunes
from ui.widgets import footer, title

_SCORING = (ev.FISH, ev.SCORED, ev.EGGS, ev.POOL, ev.GOAT, ev.GENERAL, ev.OFFICER, ev.TOOK_STOCK)
_PER_ROW = 7  # small tiles shown per hand (the rest as "+n")
_FOOTER = "A: how it scored"


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        game = session.game
        n = game.SEATS
        self.names = [narrate_line.who(session, s) for s in range(n)]
        self.short = [text.fit(name, tableview.NAME_W) for name in self.names]
        self.tiles = [[t for t in range(28) if h >> t & 1] for h in game.hands]
        self.counts = [hand_count(h) for h in game.hands]
        self.title = "Hand %d: fish" % game.hand_no
        sentences = []
        for e in game.events:
            if e[0] == ev.DOMINO:
                self.title = "Hand %d: domino" % game.hand_no
            if e[0] in _SCORING:
                sentences.append(narrate_line.event(session, e))
        sentences.append(narrate_line.rule(session))
        self.lines = text.wrap(" ".join(sentences), 124)
        self.scores = narrate_line.scores(session)
        # One per side: partners share theirs, a pair a line with both names.
        self.per_line = 1 if session.options.pairs else 2
        self.labels, self.words = lineview.sides(session, 44 if self.per_line == 2 else 100)
        # Four lines of words over one row of sides, three over two rows.
        self.rows = 4 if len(self.labels) <= self.per_line else 3
        self.pages = 1 + (len(self.lines) + self.rows - 1) // self.rows
        self.numbers = ["%d/%d" % (p + 1, self.pages) for p in range(self.pages)]
        self.page = 0
        self.drawn = -1  # the page (and the failure's note) last drawn
        self.made = 0  # the page whose words are made (the first's: prepare)
        counts = ", ".join("%s %d" % (self.names[s], self.counts[s]) for s in range(n))
        self.told = "%s. Counts: %s. Press A for the scoring." % (self.title, counts)
        app.say(self.told)

    def prepare(self):
        """The first page's words made on a frame of their own, after the one that
        makes the screen (ui.app): with their images made as it was drawn, the
        first picture took 36-41 ms on a board."""
        for words in (self.title, self.numbers[0], "Count", "Tiles left", _FOOTER):
            text.ready(words)
        for s in range(len(self.short)):
            text.ready(self.short[s])
            text.ready(self.counts[s])
        return True

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(LEFT | RIGHT):
            step = 1 if buttons.just_pressed(RIGHT) else -1
            self.page = (self.page + step) % self.pages
            self.app.sound.play(tunes.MOVE)
            self._tell()
        elif buttons.just_pressed(A):
            self.app.sound.play(tunes.SELECT)
            if self.page < self.pages - 1:
                self.page += 1
                self._tell()
                return
            session = self.session
            events = session.deal()
            if self.app.speak is not None:  # (the words take 1-5 ms on a board)
                for e in events:
                    self.app.say(narrate_line.event(session, e))
            self.app.go_then_save(session, "linetable", session)  # the deal saved a frame later

    def _tell(self):
        """The words are read whole on their first page; the hands' page tells the counts."""
        if self.page == 1:
            self.app.say(" ".join(self.lines) + " " + self.scores + " Press A for the next hand.")
        elif self.page == 0:
            self.app.say(self.told)

    def draw(self):
        # Drawn when the page changes, or a failed save's note comes or goes: a
        # page drawn whole takes 25-30 ms on a board, and most frames show the same.
        look = self.page << 1 | (self.app.failure_frames > 0)
        if look == self.drawn:
            return
        if self.page != self.made:
            self.made = self.page
            if self.page:
                # A page of words (three or four lines the screen's width): their
                # images made on this frame, drawn on the next (together 41 ms).
                first = (self.page - 1) * self.rows
                for i in range(first, min(len(self.lines), first + self.rows)):
                    text.ready(self.lines[i])
                return
        self.drawn = look
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.title, self.numbers[self.page])
        if self.page == 0:
            # Each hand's count (its pips, as scored) and its tiles, under their labels.
            text.draw(fb, "Count", 43 - text.width("Count"), 11)
            text.draw(fb, "Tiles left", 47, 11)
            for s in range(len(self.names)):
                y = 20 + 8 * s
                text.draw(fb, self.short[s], 0, y)
                tableview.number_right(fb, self.counts[s], 42, y)
                tiles = self.tiles[s]
                for i in range(min(len(tiles), _PER_ROW)):
                    tableview.micro(fb, tiles[i], 47 + 10 * i, y)
                if len(tiles) > _PER_ROW:
                    x = text.draw(fb, "+", 118, y)
                    text.number(fb, len(tiles) - _PER_ROW, x, y)
            footer(fb, _FOOTER)
            return
        rows = self.rows
        first = (self.page - 1) * rows
        for i in range(first, min(len(self.lines), first + rows)):  # (a slice would allocate)
            text.draw(fb, self.lines[i], 0, 11 + 7 * (i - first))
        rule = 12 + 7 * rows
        fb.hline(0, rule, 128, 1)
        per_line = self.per_line
        right = 58 if per_line == 2 else 126  # where a side's score ends
        for i in range(len(self.labels)):
            x = 64 * (i % per_line)
            y = rule + 3 + 7 * (i // per_line)
            text.draw(fb, self.labels[i], x, y)
            word = self.words[i]
            if word == "goat":
                lineview.goat(fb, x + right - lineview.GOAT_W, y - 1)
            else:
                text.draw(fb, word, x + right - text.width(word), y)
        footer(fb, "A: next hand" if self.page == self.pages - 1 else "A: more")

