"""The game table: the cross, the pile, the scores and the hand of the seat playing.

Controls while it is your turn:
    LEFT/RIGHT  choose a tile of your hand (the last slot is the stock: draw, or pass)
    A           play the tile (on its only end), or go on to choose the end
    DOWN        draw from the stock
    B           the pause menu
and while choosing the end: LEFT/RIGHT/UP/DOWN go to an end (W/E/N/S), A plays,
B goes back. Messages (a score, a pass, a refused move) are skipped with A or B.

In Spectacular Bid the scores are the balances, both match clocks are shown (the
other player's under its tile count, yours above the count), the clock of the
player to move runs while their decision is on screen (see _deciding: not during
a handover, nor while a message tells of the move before), and the auction for an
opening is on the auction screen.
"""

from core import events as ev
from core.actions import DRAW, PASS
from core.allfives import Illegal
from core.table import E, LEAD, N, S, Table, W
from core.tiles import count
from gfx import domino, text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import narrate, tableview, tunes

CHOOSE_TILE = const(0)
CHOOSE_END = const(1)
THINKING = const(2)
MESSAGE = const(3)
HANDOVER = const(4)

_THINK_FRAMES = const(18)  # the handheld "thinks" at least this long, so you see it move
_STEPS_PER_FRAME = const(4)  # pieces of a searching player's decision per frame
_MESSAGE_FRAMES = const(75)  # a message goes by itself after this long
_POPUP_FRAMES = const(40)
_LIT_FRAMES = const(24)  # the tile just played shows lit this long
_POP_X = const(58)  # where a score pops up
_DIRECTION_END = ((LEFT, W), (RIGHT, E), (UP, N), (DOWN, S))


class Screen:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.fb = app.fb
        self.tiles = []  # the shown hand, in tile order
        self.playable = 0
        self.ends = []  # the legal ends of the chosen tile
        self.pile = []  # the covered tiles, in play order
        self.turn_label = "Your turn" if session.humans() == 1 else "Play"
        self.after = Table()  # the table as it would be after the play being chosen
        self.cursor = 0
        self.first_slot = 0
        self.end_index = 0
        self.frames = 0
        self.message = ["", ""]  # a message in up to two lines
        self.message_frames = 0
        self.refused = False  # the message shown refuses the mover's attempt
        self.popup = 0
        self.popup_frames = 0
        self.last_tile = -1
        self.viewer = -1
        self.last_said = ""
        self.decided = False  # the handheld to move has made up its mind
        self.names = [narrate.who(session, s) for s in range(2)]
        self.mode = MESSAGE
        self._note_pile()
        if not session.record.actions:
            self._first_deal()
        self._after_action()

    # --- whose hand, what next ----------------------------------------------------

    def _viewer(self):
        """The seat whose hand is shown: the only human, or the human (or, in a
        demo, the handheld) to move; -1 while the handheld passes between humans."""
        session = self.session
        humans = session.humans()
        if humans == 1:
            return 0 if session.is_human(0) else 1
        return max(session.to_move(), 0)

    def _after_action(self):
        """Decide what the screen does now that the match has moved on."""
        session = self.session
        if session.over:
            self.app.go("matchend", session)
            return
        if session.between_hands:
            self.app.go("handend", session)
            return
        if session.auction:
            self.app.go("auction", session)
            return
        seat = session.to_move()
        if session.humans() == 2 and seat != self.viewer:
            self.viewer = -1
            self.mode = HANDOVER
            self.app.say("Pass the handheld to %s, who presses A." % self.names[seat])
            return
        self.viewer = self._viewer()
        self._refresh_hand()
        if session.is_human(seat):
            self.mode = CHOOSE_TILE
            self._say_turn()
        else:
            self.mode = THINKING
            self.frames = 0
            self.decided = False
            session.start_thinking()

    def _first_deal(self):
        """Tell the first hand (the handend screen tells the others). A match saved
        as soon as it was dealt resumes undealt: the seed deals the same tiles again."""
        session = self.session
        if session.between_hands:
            session.deal()
        for e in session.events:
            self.app.say(narrate.event(session, e))

    def _refresh_hand(self):
        game = self.session.game
        hand = game.hands[self.viewer]
        del self.tiles[:]
        for t in range(28):
            if hand >> t & 1:
                self.tiles.append(t)
        self.playable = game.playable(self.viewer) if game.turn == self.viewer else 0
        slots = self._slots()
        if self.cursor >= slots:
            self.cursor = slots - 1
        self._scroll()

    def _slots(self):
        return len(self.tiles) + 1  # the stock (draw or pass) is the last slot

    def _scroll(self):
        if self.cursor < self.first_slot:
            self.first_slot = self.cursor
        elif self.cursor >= self.first_slot + tableview.HAND_SLOTS:
            self.first_slot = self.cursor - tableview.HAND_SLOTS + 1

    def _say_turn(self):
        app = self.app
        if app.speak is None:
            return
        session = self.session
        app.say(narrate.ends(session))
        app.say(narrate.hand(session, self.viewer))

    # --- input ------------------------------------------------------------------

    def update(self):
        self.frames += 1
        if self.popup_frames:
            self.popup_frames -= 1
        mode = self.mode
        if self.session.timed and self._deciding() and self._out_of_time():
            return
        buttons = self.app.buttons
        if mode == MESSAGE:
            self.message_frames -= 1
            if buttons.just_pressed(A) or buttons.just_pressed(B) or self.message_frames <= 0:
                self.message[0] = self.message[1] = ""
                self._after_action()
        elif mode == HANDOVER:
            if buttons.just_pressed(A):
                self.viewer = self.session.to_move()
                self._after_action()
        elif mode == THINKING:
            if buttons.just_pressed(B):
                self.app.go("pause", self.session)
                return
            # A searching player thinks a few steps per frame, so the screen
            # keeps animating however long the decision takes.
            steps = _STEPS_PER_FRAME
            while not self.decided and steps:
                self.decided = self.session.think_step()
                steps -= 1
            if self.decided and self.frames >= _THINK_FRAMES:
                self._act(None)
        elif mode == CHOOSE_TILE:
            self._choose_tile(buttons)
        else:
            self._choose_end(buttons)

    def _choose_tile(self, buttons):
        if buttons.repeat(LEFT) and self.cursor > 0:
            self.cursor -= 1
            self._moved()
        elif buttons.repeat(RIGHT) and self.cursor < self._slots() - 1:
            self.cursor += 1
            self._moved()
        elif buttons.just_pressed(DOWN):
            self._act(DRAW)
        elif buttons.just_pressed(B):
            self.app.go("pause", self.session)
        elif buttons.just_pressed(A):
            if self.cursor >= len(self.tiles):
                legal = self.session.game.legal()
                self._act(PASS if PASS in legal else DRAW)
            else:
                self._pick(self.tiles[self.cursor])

    def _deciding(self):
        """The decision of the player to move is on screen, so their clock runs:
        they choose (or the handheld thinks), or read why their attempt was refused;
        not during a handover, nor while a message tells of the move before."""
        mode = self.mode
        if mode == MESSAGE:
            return self.refused
        return mode != HANDOVER

    def _out_of_time(self):
        """Run the mover's clock for the frame gone by; True if it ran out (the
        match is lost on time, whatever was being done)."""
        events = self.session.tick(self.app.elapsed_ms)
        if events is None:
            return False
        self.session.save(self.app.storage)
        self._react(events)
        return True

    def _moved(self):
        self._scroll()
        self.app.sound.play(tunes.MOVE)
        if self.app.speak is not None:
            if self.cursor < len(self.tiles):
                t = self.tiles[self.cursor]
                fits = "" if self.playable >> t & 1 else ", does not fit"
                self.app.say(narrate.tile_at(t, LEAD) + fits)
            else:
                self.app.say("The stock: %d to draw" % max(self.session.game.drawable(), 0))

    def _pick(self, t):
        game = self.session.game
        table = game.table
        if table.n == 0:
            self._act(t * 8 + LEAD)
            return
        del self.ends[:]
        for end in range(4):
            if table.fits(t, end):
                self.ends.append(end)
        if len(self.ends) == 1:
            self._act(t * 8 + self.ends[0])
        elif not self.ends:
            self._act(t * 8 + W)  # refused, with the engine's reason
        else:
            self.end_index = 0
            self.mode = CHOOSE_END
            self.app.say("Choose an end: " + ", ".join(narrate.END_WORDS[e] for e in self.ends))

    def _choose_end(self, buttons):
        t = self.tiles[self.cursor]
        for button, end in _DIRECTION_END:
            if buttons.just_pressed(button) and end in self.ends:
                self.end_index = self.ends.index(end)
                self.app.sound.play(tunes.MOVE)
                self.app.say(narrate.END_WORDS[end])
        if buttons.just_pressed(A):
            self._act(t * 8 + self.ends[self.end_index])
        elif buttons.just_pressed(B):
            self.mode = CHOOSE_TILE
            self.app.sound.play(tunes.BACK)

    # --- acting -----------------------------------------------------------------

    def _act(self, action):
        """Make a human's action (or the handheld's, when action is None)."""
        session = self.session
        try:
            events = session.finish_thinking() if action is None else session.play(action)
        except Illegal as e:
            self.app.sound.play(tunes.ERROR)
            self._show(str(e), True)
            return
        session.save(self.app.storage)
        self._note_pile()
        self._react(events)

    def _note_pile(self):
        del self.pile[:]
        self.session.game.table.covered(self.pile)

    def _react(self, events):
        app = self.app
        tune = tunes.PLAYED
        message = ""
        if app.speak is not None:
            # Kept for a player who asks what the last move was.
            self.last_said = " ".join(narrate.event(self.session, e) for e in events)
        for e in events:
            kind = e[0]
            if app.speak is not None:
                app.say(narrate.event(self.session, e))
            if kind == ev.PLAYED:
                self.last_tile = e[2]
                self.frames = 0
            elif kind == ev.SCORED:
                self.popup = e[2]
                self.popup_frames = _POPUP_FRAMES
                tune = tunes.score(e[2])
            elif kind == ev.TRANSFER:
                self.popup = e[2]  # what was paid: less than the count when capped
            elif kind == ev.DREW:
                tune = tunes.DRAW
            elif kind == ev.PASSED:
                message = narrate.event(self.session, e)
                tune = tunes.PASS
            elif kind in (ev.DOMINO, ev.BLOCKED, ev.TIMED_OUT):
                message = narrate.event(self.session, e)
                if kind == ev.TIMED_OUT:
                    tune = tunes.ERROR
        app.sound.play(tune)
        if self.mode == CHOOSE_END:
            self.mode = CHOOSE_TILE
        if message:
            self._show(message)
        else:
            self._after_action()

    def _show(self, message, refused=False):
        """A message in the bubble; `refused`: it says why the mover's attempt was
        refused (their clock runs on while they read it)."""
        self.refused = refused
        lines = text.wrap(message, 118)
        self.message[0] = lines[0]
        self.message[1] = " ".join(lines[1:])  # the bubble has two lines
        self.message_frames = _MESSAGE_FRAMES
        self.mode = MESSAGE
        self.app.say(message)

    # --- drawing ----------------------------------------------------------------

    def draw(self):
        fb = self.fb
        fb.fill(0)
        if self.mode == HANDOVER:
            tableview.handover(fb, self.names[self.session.to_move()])
            return
        session = self.session
        game = session.game
        table = game.table
        choosing = self.mode == CHOOSE_END
        hide = self.ends[self.end_index] if choosing and self.frames & 8 else -1
        lit = self.last_tile if self.frames < _LIT_FRAMES and not choosing else -1
        tableview.cross(fb, table, hide, lit)
        if choosing:
            if hide >= 0:
                tableview.preview(fb, table, self.tiles[self.cursor], hide, domino.NORMAL)
            for end in self.ends:
                tableview.end_arrow(fb, end, end == self.ends[self.end_index])
        self._draw_corners(game)
        self._draw_column(game)
        if self.viewer >= 0:
            stock_look = domino.BACK if game.turn == self.viewer else domino.DIM
            tableview.hand(
                fb,
                self.tiles,
                self.playable,
                self.first_slot,
                self.cursor if self.mode in (CHOOSE_TILE, CHOOSE_END) else -1,
                True,
                stock_look,
            )
        if self.message[0]:
            self._draw_bubble()
        elif self.popup_frames:
            self._draw_popup()

    def _draw_corners(self, game):
        fb = self.fb
        other = 1 - max(self.viewer, 0)
        text.draw(fb, self.names[other], 0, 0)
        n = count(game.hands[other])
        x = text.number(fb, n, 0, 7)
        text.draw(fb, " tile" if n == 1 else " tiles", x, 7)
        stock = max(game.drawable(), 0)
        text.draw(fb, "Stock", 82 - text.width("Stock"), 0)
        tableview.number_right(fb, stock, 81, 7)
        x = 0
        if self.session.timed:
            # The clocks: the other player's under its tiles, yours where the
            # word "Count" stands in All Fives, which goes before the count.
            self._draw_clocks(other)
            x = text.draw(fb, "Count ", 0, 47)
        else:
            text.draw(fb, "Count", 0, 40)
        x = text.number(fb, game.table.count(), x, 47)
        if self.mode == CHOOSE_END:
            # What the count would become: the scratch table is made once.
            after = self.after
            after.copy_from(game.table)
            after.place(self.tiles[self.cursor], self.ends[self.end_index])
            x = text.draw(fb, "→", x + 1, 47)
            text.number(fb, after.count(), x + 1, 47)
        if self.popup_frames:
            return  # the score pops up where the status goes
        if self.mode == THINKING:
            # The handheld's name and dots that come and go while it thinks.
            name = self.names[game.turn]
            text.draw(fb, name, 70 - text.width(name), 47)
            for i in range((self.frames >> 2) & 3):
                fb.fill_rect(72 + 4 * i, 50, 2, 2, 1)
        elif self.mode in (CHOOSE_TILE, CHOOSE_END):
            label = self.turn_label
            text.draw(fb, label, 82 - text.width(label), 47)

    def _draw_clocks(self, other):
        session = self.session
        tableview.clock(self.fb, session.bank(other), session.delay(other), 0, 14)
        me = 1 - other
        tableview.clock(self.fb, session.bank(me), session.delay(me), 0, 40)

    def _draw_column(self, game):
        fb = self.fb
        me = max(self.viewer, 0)
        turn = game.turn
        tableview.score_line(fb, self.names[me], game.scores[me], 1, turn == me)
        tableview.score_line(fb, self.names[1 - me], game.scores[1 - me], 8, turn != me)
        tableview.pile(fb, self.pile)

    def _draw_bubble(self):
        fb = self.fb
        first, second = self.message
        width = max(text.width(first), text.width(second))
        lines = 2 if second else 1
        x = (128 - width) // 2
        top = 22 - 4 * lines
        height = 7 * lines + 6
        fb.fill_rect(x - 4, top - 1, width + 8, height + 2, 0)
        fb.rect(x - 3, top, width + 6, height, 1)
        text.draw(fb, first, x, top + 3)
        if second:
            text.draw(fb, second, x, top + 10)

    def _draw_popup(self):
        # Below the right arm, clear of the cross: it rises a little, then stays.
        fb = self.fb
        rise = (_POPUP_FRAMES - self.popup_frames) >> 2
        y = 46 - (rise if rise < 4 else 4)
        fb.fill_rect(_POP_X - 1, y - 2, 24, 11, 0)
        fb.rect(_POP_X, y - 1, 22, 9, 1)
        x = text.draw(fb, "+", _POP_X + 3, y)
        text.number(fb, self.popup, x, y)
