"""The draw-and-block games online (Domino 1x1, Classic, Kozel, Yard Kozel,
International): the server's table in the offline table's look (ui/lineview.py).
The line's two end tiles and the pile of the covered ones, every other seat with
its tile count and score (its name lit on its turn, a partner's framed), your
name, count and score on the status line, your hand along the bottom with the
tiles no legal action plays dimmed.

    LEFT/RIGHT  a tile of your hand
    A           play it on its only end, or go on to choose the way: LEFT/RIGHT
                (or UP/DOWN) go through the ends (and both doubles), A plays,
                B goes back
    B           leave the match (asked first: it is a forfeit)

A lone draw or pass is made by itself, said over the hand, as offline. The
server owns the clock: your seconds show on the status line, late plays and
autoplay are told over the hand (any button takes the seat back). The play that
ends a hand stays a moment, lit; then the hand's points and the totals (A goes
on sooner); the match's end goes on to the payout (screens/payout.py).

screens/onlinecross.py (All Fives, Spectacular Bid) is this screen with the
cross drawn instead of the line.
"""

from core.actions import DRAW, is_pair, PAIR, PASS
from core.table import E, Line, W
from core.tiles import DOUBLES
from gfx import domino, text
from hw.buttons import A, ALL, B
from micropython import const
from ui import lineview, tableview, tunes
from ui.controls import Confirm, YES
from ui.onlinechoice import FORCED, TILES, WAYS
from ui.onlineplay import Play
from ui.widgets import centre, title

PLAY = const(0)
LAST = const(1)  # the play that ended the hand, in view
SCORES = const(2)  # the hand's points and the totals

_LAST_FRAMES = const(60)
_SCORES_FRAMES = const(120)
_LIT_FRAMES = const(24)
_MESSAGE_FRAMES = const(60)  # a line of a message stays this long
MESSAGE_Y = const(53)
_MESSAGE_W = const(114)
_STATUS_Y = const(46)
_FORCED = {DRAW: "Nothing fits: you draw.", PASS: "Nothing fits, no stock: you pass."}
_WAY_WORDS = ("West end", "East end", "North end", "South end")


class Screen:
    TABLE: type = Line  # what the view's line is laid on again (onlinecross: the cross)

    def __init__(self, app, client):
        self.app = app
        self.play = play = Play(app, client, False)
        self.choice = play.choice
        self.confirm = Confirm(app)
        n = play.seats
        self.n = n
        self.order = [(play.you + k) % n for k in range(n)]  # the seats by place
        self.places = lineview.places(n)
        self.pairs = "pairs=yes" in str(client.room.get("options"))
        self.names = [text.fit(play.names[s], lineview.NAME_W) for s in range(n)]
        self.line = self.TABLE()
        self.shown = [-1, -1]  # the tiles drawn at the W and E ends
        self.pile: list = []  # the covered tiles, in play order
        self.sizes = bytearray(n)
        self.scores = [0] * n
        self.gains = [0] * n  # each seat's points of the hand just over
        self.stock = 0
        self.hand: list = []  # the hand drawn (the one before, while the hand's end shows)
        self.lit = -1
        self.mode = PLAY
        self.frames = 0
        self.message: list = []
        self.message_frames = 0
        # Words drawn, made in update() when they change: draw() allocates nothing.
        self.way = ""
        self.heading = ""
        self.foot = ""
        self._follow()

    # --- following the server ------------------------------------------------------

    def _follow(self):
        """A new view: the chooser, and (unless the end of a hand is on screen,
        which the view waits for) the table, what the play ended, what to tell."""
        play = self.play
        last = play.last
        if last is not None:
            self.app.say("%s: %s." % (play.names[last.get("seat", 0) % self.n], last.get("text")))
        if self.mode != PLAY:
            return
        table = play.table
        before = play.before
        action = last.get("action", -1) if last is not None else -1
        if not isinstance(action, int):
            action = -1
        played = 0 <= action < DRAW or is_pair(action)
        hand_no = table.get("hand_no")
        over = play.to_move < 0
        if played and hand_no != before.get("hand_no", hand_no) and "line" in before:
            # The next hand is dealt: the line before, with the play that ended it.
            self.gains = [_at(table, "scores", s) - _at(before, "scores", s)
                          for s in range(self.n)]
            self._lay(before.get("line"))
            _place(self.line, action)
            self._figures(before, table)
            mover = last.get("seat") if last is not None else None
            if isinstance(mover, int) and mover < self.n:  # the tiles it just played
                self.sizes[mover] = max(self.sizes[mover] - (2 if is_pair(action) else 1), 0)
            self.hand = [t for t in before.get("hand") or () if not _plays(action, t)]
            self.heading = "Hand %s over" % before.get("hand_no", "")
            self.mode = LAST
        else:
            if over:
                self.gains = [_at(table, "scores", s) - _at(before, "scores", s) if before
                              else 0 for s in range(self.n)]
                self.heading = "Match over"
                self.mode = LAST
            self._table()
        self.lit = -1
        if played:
            self.lit = action >> 3 if action < DRAW else DOUBLES[(action - PAIR) & 7]
        self.frames = 0
        if last is not None and last.get("seat") != play.you and action == PASS:
            self._show("%s passes." % play.names[last.get("seat", 0) % self.n])

    def _table(self):
        """The table as the latest view has it."""
        play = self.play
        self._lay(play.table.get("line"))
        self._figures(play.table, play.table)
        self.hand = play.hand
        if self.choice.mode == FORCED:
            self._show(_FORCED[self.choice.current()])
        self._words()

    def _figures(self, counted, scored):
        """The tile counts and the stock of `counted`, the scores of `scored`."""
        self._note_line()
        for s in range(self.n):
            self.sizes[s] = min(_at(counted, "sizes", s), 255)
            self.scores[s] = _at(scored, "scores", s)
        stock = counted.get("stock")
        self.stock = stock if isinstance(stock, int) else 0

    def _lay(self, played):
        """The line as the view lists it: every tile in play order, where it went."""
        line = self.line
        line.reset()
        for pair in played if isinstance(played, list) else ():
            if isinstance(pair, list) and len(pair) == 2 and 0 <= pair[0] < 28:
                line.place(pair[0], pair[1])

    def _note_line(self):
        lineview.end_tiles(self.line, self.shown)
        del self.pile[:]
        lineview.covered(self.line, self.shown, self.pile)

    def _show(self, words, say=True):
        self.message = text.wrap(words, _MESSAGE_W)
        self.message_frames = _MESSAGE_FRAMES * len(self.message)
        if say:
            self.app.say(words)

    def _words(self):
        """The way shown while one is chosen, and the scores page's footer."""
        choice = self.choice
        way = ""
        if choice.mode == WAYS:
            action = choice.current()
            if choice.tile < 0:
                way = choice.words(self.play.legal, self.play.texts)
            elif is_pair(action):
                way = "Both doubles"
            elif action & 7 < 4:
                way = _WAY_WORDS[action & 7]
            else:
                way = choice.words(self.play.legal, self.play.texts)
        if way != self.way:
            self.way = way
        foot = "A: the result" if self.play.to_move < 0 else "A: next hand"
        if foot != self.foot:
            self.foot = foot

    # --- each frame ---------------------------------------------------------------

    def update(self):
        play = self.play
        if not play.update():
            return
        app = self.app
        if play.changed:
            self._follow()
            self._words()
        if play.notice:
            self._show(play.notice, say=False)  # (said as it came)
            play.notice = ""
        self.frames += 1
        buttons = app.buttons
        if self.message_frames:
            self.message_frames -= 1
            if self.choice.mode != FORCED and buttons.just_pressed(ALL):
                self.message_frames = 0  # read: a button puts it away
                return
        if play.pressed:
            return
        decided = self.confirm.update()
        if decided == YES:
            play.client.request("leave")
        if decided or self.confirm.open:
            return
        mode = self.mode
        if mode == LAST:
            if self.frames >= _LAST_FRAMES or buttons.just_pressed(A):
                self.mode = SCORES
                self.frames = 0
                self.app.say(self.heading + ".")
            return
        if mode == SCORES:
            if self.frames >= _SCORES_FRAMES or buttons.just_pressed(A):
                if play.to_move < 0 and play.client.over is not None:
                    app.go("payout", play.client)
                    return
                self.mode = PLAY
                self.lit = -1
                self._table()
            return
        if play.mine:
            action = self._choose()
            if action >= 0:
                play.act(action)
            self._words()
        if buttons.just_pressed(B) and not self.choice.back():
            app.sound.play(tunes.SELECT)
            self.confirm.ask("Leave the match? It counts as a forfeit: the fee stays in "
                             "the pot.")

    def _choose(self):
        """The action the player made this frame with the buttons, or -1."""
        play = self.play
        return self.choice.update(play.hand, play.legal, play.texts)

    # --- drawing --------------------------------------------------------------------

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        if self.mode == SCORES:
            self._draw_scores(fb)
            return
        play = self.play
        choice = self.choice
        mine = play.mine and self.mode == PLAY
        choosing = mine and choice.mode == WAYS and choice.tile >= 0
        lit = self.lit if self.frames < _LIT_FRAMES or self.mode == LAST else -1
        self._draw_table(fb, choosing, lit)
        picking = mine and choice.picking()
        cursor = choice.cursor if picking and (choice.mode == TILES or choosing) else -1
        stock = tableview.NO_STOCK
        if choice.stock_slot() and mine:
            stock = tableview.STOCK_BACK if DRAW in choice.others else tableview.STOCK_PASS
        tableview.hand(fb, self.hand, choice.playable if picking else tableview.PLAIN,
                       choice.first_slot, cursor, stock)
        if self.message_frames:
            self._draw_message(fb)
        self.confirm.draw()

    def _draw_table(self, fb, choosing, lit):
        play = self.play
        line = self.line
        action = self.choice.current() if choosing else -1
        lineview.line_ends(fb, line, self.shown, -1 if choosing else lit)
        if choosing and self.frames & 8:
            if is_pair(action):
                lineview.preview(fb, line, self.shown, DOUBLES[(action - PAIR) >> 3], W,
                                 domino.LIT)
                lineview.preview(fb, line, self.shown, DOUBLES[(action - PAIR) & 7], E,
                                 domino.LIT)
            elif line.n and action & 7 < 2:  # (a lead, either way round, has no end yet)
                lineview.preview(fb, line, self.shown, action >> 3, action & 7, domino.LIT)
        mover = play.to_move if self.mode == PLAY else -1
        for k in range(1, self.n):
            s = self.order[k]
            lineview.block(fb, self.places[k], self.names[s], self.sizes[s], self.scores[s], "",
                           mover == s, self.pairs and k == 2)
        top = lineview.stock(fb, self.stock, 0)
        lineview.pile(fb, self.pile, top)
        self._draw_status(fb, mover)

    def _draw_status(self, fb, mover):
        """Your name (lit on your turn), tile count and score; the way being
        chosen, or your seconds."""
        play = self.play
        you = play.you
        name = self.names[you]
        w = text.width(name)
        if mover == you:
            fb.fill_rect(0, _STATUS_Y - 1, w + 2, 8, 1)
        text.draw(fb, name, 1, _STATUS_Y, 0 if mover == you else 1)
        if self.way:
            text.draw(fb, self.way, lineview.LEFT_W - 1 - text.width(self.way), _STATUS_Y)
            return
        lineview.status(fb, w + 5, _STATUS_Y, self.sizes[you], self.scores[you], "", False, 0)
        seconds(fb, play, lineview.LEFT_W - 1, _STATUS_Y)

    def _draw_message(self, fb):
        lines = self.message
        line = min((_MESSAGE_FRAMES * len(lines) - self.message_frames) // _MESSAGE_FRAMES,
                   len(lines) - 1)
        fb.fill_rect(0, MESSAGE_Y, 128, 64 - MESSAGE_Y, 0)
        fb.rect(0, MESSAGE_Y, 128, 64 - MESSAGE_Y, 1)
        text.draw(fb, lines[line], 3, MESSAGE_Y + 2)

    def _draw_scores(self, fb):
        """The hand's points and each seat's total, seat by seat from yours."""
        title(fb, self.heading)
        text.draw(fb, "hand", 70, 11)
        text.draw(fb, "total", 102, 11)
        for k in range(self.n):
            s = self.order[k]
            y = 19 + 8 * k
            text.draw(fb, self.names[s], 2, y)
            tableview.signed(fb, self.gains[s], 88, y)
            tableview.signed(fb, self.scores[s], 125, y)
        centre(fb, self.foot, 56)


def seconds(fb, play, right, y):
    """Your turn's seconds ("7s") ending at `right`, while your turn runs."""
    seconds = play.seconds() if play.mine else -1
    if seconds >= 0:
        x = right + 1 - text.number_width(seconds) - 1 - text.width("s")
        text.draw(fb, "s", text.number(fb, seconds, x, y), y)


def _at(source, key, i):
    values = source.get(key) if isinstance(source, dict) else None
    if isinstance(values, list) and i < len(values) and isinstance(values[i], int):
        return values[i]
    return 0


def _plays(action, t):
    if is_pair(action):
        return t in (DOUBLES[(action - PAIR) >> 3], DOUBLES[(action - PAIR) & 7])
    return action < DRAW and action >> 3 == t


def _place(line, action):
    """Lay the play `action` on the line, as the engine does."""
    if is_pair(action):
        line.place(DOUBLES[(action - PAIR) >> 3], W)
        line.place(DOUBLES[(action - PAIR) & 7], E)
    else:
        line.place(action >> 3, action & 7)
