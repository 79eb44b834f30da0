"""Spectacular Bid's auction for the opening, after a domino (docs/rules.md section 2).

Both balances stand as stacks of chips with their clocks; the hand just dealt is
along the bottom, so its worth can be judged. Controls while it is your call:
    UP/DOWN     choose between a bid and the other call (decline, or accept)
    LEFT/RIGHT  lower or raise the bid, by 5, within what you can pay
    A           make the call;  B  the pause menu
The call that costs nothing (decline, or accept) is chosen first, so that an A
pressed once too often never bids. What the chosen call costs is written in the
middle. The clock of the player to call runs while the call is on screen, not
during a handover nor while the call before it is told. When the auction is over
the table screen takes the opening.
"""

from core import events as ev
from core.drawgame import Illegal
from gfx import text
from hw.buttons import A, B
from micropython import const
from ui import auctionview, redraw, speech, tableview, tunes
from ui.auctionview import CALL_Y, STACKS_BOTTOM
from ui.redraw import Redraw, rehearse
from ui.thinking import think

CALL = const(0)
THINKING = const(1)
MESSAGE = const(2)
HANDOVER = const(3)

_THINK_FRAMES = const(18)  # the handheld "thinks" at least this long
_MESSAGE_FRAMES = const(75)
_SHOWN_CALLS = (ev.BID, ev.DECLINED, ev.ACCEPTED)  # the handheld's calls, shown in the bubble


class Screen:
    def __init__(self, app, session, holder=-1):
        """`holder`: the seat already holding the handheld (back from the pause
        menu), who is not handed it again; -1 when nobody is known to."""
        self.app = app
        self.session = session
        self.fb = app.fb
        self.names = [tableview.who(session, s) for s in range(2)]
        jockey = session.game.jockey
        self.labels = auctionview.labels(self.names, jockey)
        # What a decline means, between the two calls.
        self.free_lead = text.fit(self.names[jockey], tableview.NAME_W) + " leads"
        self.viewer = -1
        self.tiles = []
        if holder >= 0:
            self._show_hand(holder)
        self.calls = auctionview.Calls()
        self.banks = [0, 0]  # the clocks drawn (kept: draw() allocates nothing)
        self.delays = [0, 0]
        self.frames = 0
        self.last_said = ""  # the calls last made, for a player who asks
        self.message = []  # the lines of a message shown, if any
        self.refused = False  # ... which refuses the caller's attempt
        self.message_frames = 0
        self.decided = False
        self.redraw = Redraw()  # when the screen draws (see _look)
        self.prepared = False  # the first picture's words made (see prepare)
        self._next_call()

    def prepare(self):
        """What the first picture needs, on frames of their own after the one that
        makes the screen (ui.app): its words' images (with them, that picture took
        45-49 ms on a board, their images 20 ms), then the picture drawn unseen
        (ui.redraw.rehearse: first drawn after the hand's end, it took 36-39 ms)."""
        if self.prepared:
            rehearse(self)
            return True
        for s in auctionview.WORDS:
            text.ready(s)
        for s in self.labels:
            text.ready(s)
        text.ready(self.free_lead)
        self.prepared = True
        return False

    # --- whose call -------------------------------------------------------------

    def _next_call(self):
        session = self.session
        if session.over:
            self.app.go_then_draw("matchend", session)  # made, then drawn (a frame each)
            return
        if not session.auction:
            # The call that ended it saved after the table's first picture: the
            # table's making, that picture and the save each have a frame (42-48
            # ms together on a board).
            self.app.go_then_save(session, "table", session)
            return
        seat = session.to_move()
        self.frames = 0
        if not session.is_human(seat):
            if self.viewer < 0:
                self._show_hand(1 - seat)
            self.mode = THINKING
            self.decided = False
            session.start_thinking()
            return
        if session.humans() == 2 and seat != self.viewer:
            self.viewer = -1
            self.mode = HANDOVER
            self.app.say("Pass the handheld to %s, who presses A." % self.names[seat])
            return
        self._show_hand(seat)
        self._start_call()

    def _show_hand(self, seat):
        self.viewer = seat
        hand = self.session.game.hands[seat]
        self.tiles = [t for t in range(28) if hand >> t & 1]

    def _start_call(self):
        game = self.session.game
        self.mode = CALL
        self.calls.start(game.least(), game.most(game.turn))
        app = self.app
        if app.speak is not None:
            app.say(self._situation())
            app.say(speech.table_words(self.session).hand(self.session, self.viewer))
            if not self.calls.can_bid():
                app.say("You cannot pay the least bid of %d." % game.least())
            app.say(self._cost())

    # --- input ------------------------------------------------------------------

    def update(self):
        self.frames += 1
        session = self.session
        mode = self.mode
        # The clock of the player to call runs while the call is on screen (or why
        # an attempt was refused), not while the call before it is told.
        if (mode != MESSAGE and mode != HANDOVER) or (mode == MESSAGE and self.refused):
            events = session.tick(self.app.elapsed_ms)
            if events is not None:
                self._made(events)
                return
        buttons = self.app.buttons
        if mode == HANDOVER:
            if buttons.just_pressed(A):
                self._show_hand(session.to_move())
                self._start_call()
        elif mode == MESSAGE:
            self.message_frames -= 1
            if buttons.just_pressed(A) or buttons.just_pressed(B) or self.message_frames <= 0:
                self.message = []
                self._next_call()
        elif mode == THINKING:
            if buttons.just_pressed(B):
                self.app.go("pause", session, self.viewer)
                return
            if not self.decided:
                if self.redraw.steady(self._look()):
                    self.decided = think(session.think_step, self.app)
            elif self.frames >= _THINK_FRAMES:
                self._made(session.finish_thinking())  # on a frame of its own
        else:
            self._choose(buttons)

    def _choose(self, buttons):
        if buttons.just_pressed(B):
            self.app.go("pause", self.session, self.viewer)
        elif self.calls.update(self.app):
            if self.app.speak is not None:  # (words are made only for someone to hear them)
                self.app.say(self._cost())
        elif buttons.just_pressed(A):
            self._call()

    def _call(self):
        session = self.session
        action = self.calls.action(session.game.bidder)
        try:
            events = session.play(action)
        except Illegal as e:  # the screen offers only legal calls; kept as a guard
            self.app.sound.play(tunes.ERROR)
            self._show(str(e), True)
            return
        self.app.sound.play(tunes.SELECT)
        self._made(events)

    def _made(self, events):
        """A call (or a loss on time) has been made: save, tell, go on. The handheld's
        calls and a loss on time are shown in a bubble; a player's own call is not."""
        session = self.session
        self.app.save_soon(session)  # drawn now, saved on the next frame
        self.redraw.moved()
        shown = ""
        by_handheld = self.mode == THINKING
        said = []
        for e in events:
            kind = e[0]
            shows = kind == ev.TIMED_OUT or by_handheld and kind in _SHOWN_CALLS
            if not shows and self.app.speak is None:
                continue  # (words are made only for someone to see or hear them)
            sentence = self.app.told(session, e)
            self.app.say(sentence)
            said.append(sentence)
            if shows:
                shown = sentence
        self.last_said = " ".join(said)
        if shown:
            if events[0][0] == ev.TIMED_OUT:
                self.app.sound.play(tunes.ERROR)
            self._show(shown, False, False)
        else:
            self._next_call()

    def _show(self, message, refused, say=True):
        """A message in the bubble; `refused`: it says why the caller's attempt was
        refused (their clock runs on while they read it)."""
        self.refused = refused
        self.message = text.wrap(message, 112)
        self.message_frames = _MESSAGE_FRAMES
        self.mode = MESSAGE
        if say:
            self.app.say(message)

    # --- words ------------------------------------------------------------------

    def _situation(self):
        game = self.session.game
        return auctionview.situation(self.names, game.turn, game.bidder, game.high_bid)

    def _cost(self):
        game = self.session.game
        return self.calls.words(self.names, game.turn, game.bidder, game.high_bid, game.jockey)

    # --- drawing ----------------------------------------------------------------

    def _look(self):
        """What of the picture may change while the handheld thinks, but its dots:
        a failed save's note and the caller's clock (see ui.redraw)."""
        session = self.session
        seat = session.game.turn
        face = tableview.clock_face(session.bank(seat), session.delay(seat))
        return (self.app.failure_frames > 0) | face << 1

    def draw(self):
        fb = self.fb
        what = self.redraw.what(self.mode == THINKING, self._look())
        if what != redraw.WHOLE:
            if what == redraw.DOTS:
                self._draw_dots()
            return
        fb.fill(0)
        session = self.session
        if self.mode == HANDOVER:
            tableview.handover(fb, self.names[session.to_move()])
            return
        game = session.game
        for seat in range(2):
            self.banks[seat] = session.bank(seat)
            self.delays[seat] = session.delay(seat)
        auctionview.draw_stacks(fb, self.labels, game.scores, max(self.viewer, 0), self.banks,
                                self.delays)
        auctionview.draw_standing(fb, self.names, game.bidder, game.high_bid, game.jockey)
        if self.mode == THINKING:
            name = self.names[game.turn]
            text.draw(fb, name, 64 - text.width(name) // 2 - 6, CALL_Y)
            self._draw_dots()
        elif self.mode == CALL:
            auctionview.draw_calls(fb, self.calls, game.turn, game.bidder, game.high_bid,
                                   game.jockey, self.free_lead)
        tableview.hand(fb, self.tiles, tableview.PLAIN, 0, -1, tableview.NO_STOCK)
        if self.message:
            self._draw_bubble()

    def _draw_dots(self):
        """The dots after the thinking player's name: they come and go."""
        fb = self.fb
        w = text.width(self.names[self.session.game.turn])
        x = 64 - w // 2 - 6 + w + 3
        fb.fill_rect(x, CALL_Y + 3, 10, 2, 0)
        for i in range((self.frames >> 2) & 3):
            fb.fill_rect(x + 4 * i, CALL_Y + 3, 2, 2, 1)

    def _draw_bubble(self):
        """The message in a bubble over the stacks, which it hides whole."""
        fb = self.fb
        lines = self.message
        height = 7 * len(lines) + 6
        top = 9 + (STACKS_BOTTOM - 8 - height) // 2
        fb.fill_rect(0, min(top, 9), 128, max(height, STACKS_BOTTOM - 8), 0)
        fb.rect(5, top, 118, height, 1)
        for i in range(len(lines)):
            tableview.centre(fb, lines[i], top + 3 + 7 * i)

