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
from core.actions import ACCEPT, bid, DECLINE
from core.allfives import Illegal
from core.bid import price, RAISE
from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import chips, redraw, speech, tableview, tunes
from ui.redraw import Redraw
from ui.thinking import think

CALL = const(0)
THINKING = const(1)
MESSAGE = const(2)
HANDOVER = const(3)

BID = const(0)  # the chosen call: a bid (or raise) ...
OTHER = const(1)  # ... or decline / accept

_THINK_FRAMES = const(18)  # the handheld "thinks" at least this long
_MESSAGE_FRAMES = const(75)
_STACKS_BOTTOM = const(30)  # a full stack's top a pixel clear of the title's rule
_NAMES_Y = const(32)
_CLOCKS_Y = const(39)
_CALL_Y = const(46)
_SHOWN_CALLS = (ev.BID, ev.DECLINED, ev.ACCEPTED)  # the handheld's calls, shown in the bubble


class Screen:
    def __init__(self, app, session, holder=-1):
        """`holder`: the seat already holding the handheld (back from the pause
        menu), who is not handed it again; -1 when nobody is known to."""
        self.app = app
        self.session = session
        self.fb = app.fb
        self.names = [tableview.who(session, s) for s in range(2)]
        # As the stacks are labelled (each name fits half the line, beside its
        # balance): the jockey (who bids 15 cheaper) named as such.
        jockey = session.game.jockey
        self.labels = [
            text.fit(self.names[s], tableview.NAME_W) + (" jockey" if s == jockey else "")
            for s in range(2)
        ]
        # What a decline means, between the two calls.
        self.free_lead = text.fit(self.names[jockey], tableview.NAME_W) + " leads"
        self.viewer = -1
        self.tiles = []
        if holder >= 0:
            self._show_hand(holder)
        self.choice = BID
        self.amount = 0
        self.frames = 0
        self.last_said = ""  # the calls last made, for a player who asks
        self.message = []  # the lines of a message shown, if any
        self.refused = False  # ... which refuses the caller's attempt
        self.message_frames = 0
        self.decided = False
        self.redraw = Redraw()  # when the screen draws (see _look)
        self._next_call()

    # --- whose call -------------------------------------------------------------

    def _next_call(self):
        session = self.session
        if session.over:
            self.app.go("matchend", session)
            return
        if not session.auction:
            self.app.go("table", session)
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
        self.amount = game.least()
        # Decline or accept costs nothing: A pressed once too often must not bid.
        self.choice = OTHER
        app = self.app
        if app.speak is not None:
            app.say(self._situation())
            app.say(speech.table_words(self.session).hand(self.session, self.viewer))
            if not self._can_bid():
                app.say("You cannot pay the least bid of %d." % game.least())
            app.say(self._cost())

    def _can_bid(self):
        game = self.session.game
        return game.least() <= game.most(game.turn)

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
        game = self.session.game
        if buttons.just_pressed(B):
            self.app.go("pause", self.session, self.viewer)
        elif buttons.just_pressed(UP) or buttons.just_pressed(DOWN):
            if self._can_bid():
                self.choice = OTHER if self.choice == BID else BID
                self._moved()
        elif self.choice == BID and buttons.repeat(RIGHT):
            if self.amount + RAISE <= game.most(game.turn):
                self.amount += RAISE
                self._moved()
        elif self.choice == BID and buttons.repeat(LEFT):
            if self.amount - RAISE >= game.least():
                self.amount -= RAISE
                self._moved()
        elif buttons.just_pressed(A):
            self._call()

    def _moved(self):
        self.app.sound.play(tunes.MOVE)
        if self.app.speak is not None:  # (words are made only for someone to hear them)
            self.app.say(self._cost())

    def _call(self):
        session = self.session
        if self.choice == BID:
            action = bid(self.amount)
        else:
            action = ACCEPT if session.game.bidder >= 0 else DECLINE
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
        me = game.turn
        if game.bidder < 0:
            return "Auction for the lead: %s first." % self.names[me]
        return "%s bid %d." % (self.names[game.bidder], game.high_bid)

    def _cost(self):
        """What the chosen call means for the player making it."""
        game = self.session.game
        me = game.turn
        other = self.names[1 - me]
        if self.choice == BID:
            paid = price(self.amount, me == game.jockey)
            return "Bid %d: if accepted you pay %d and lead." % (self.amount, paid)
        if game.bidder < 0:
            return "Decline: %s leads for nothing." % other
        paid = price(game.high_bid, game.bidder == game.jockey)
        return "Accept: %s pays you %d and leads." % (other, paid)

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
        me = max(self.viewer, 0)
        text.draw(fb, "Auction for the lead", 2, 1)
        fb.hline(0, 8, 128, 1)
        for seat in range(2):  # (a tuple of the two seats would be allocated every frame)
            balance = game.scores[seat]
            left = seat == me
            x = 1 if left else 127 - chips.width(balance)
            chips.draw(fb, balance, x, _STACKS_BOTTOM)
            name = self.labels[seat]
            bank = session.bank(seat)
            delay = session.delay(seat)
            if left:
                x = text.draw(fb, name, 1, _NAMES_Y)
                text.number(fb, balance, x + 3, _NAMES_Y)
                tableview.clock(fb, bank, delay, 1, _CLOCKS_Y)
            else:
                x = 128 - text.number_width(balance)
                text.number(fb, balance, x, _NAMES_Y)
                text.draw(fb, name, x - 3 - text.width(name), _NAMES_Y)
                tableview.clock(fb, bank, delay, 114, _CLOCKS_Y, True)
        self._draw_standing(game)
        if self.mode == THINKING:
            name = self.names[game.turn]
            text.draw(fb, name, 64 - text.width(name) // 2 - 6, _CALL_Y)
            self._draw_dots()
        elif self.mode == CALL:
            self._draw_calls(game)
        tableview.hand(fb, self.tiles, tableview.PLAIN, 0, -1, tableview.NO_STOCK)
        if self.message:
            self._draw_bubble()

    def _draw_dots(self):
        """The dots after the thinking player's name: they come and go."""
        fb = self.fb
        w = text.width(self.names[self.session.game.turn])
        x = 64 - w // 2 - 6 + w + 3
        fb.fill_rect(x, _CALL_Y + 3, 10, 2, 0)
        for i in range((self.frames >> 2) & 3):
            fb.fill_rect(x + 4 * i, _CALL_Y + 3, 2, 2, 1)

    def _draw_standing(self, game):
        """The bid standing (or none yet) between the stacks, and what it would cost."""
        fb = self.fb
        if game.bidder < 0:
            tableview.centre(fb, "no bid", 17)
            return
        tableview.centre(fb, self.names[game.bidder], 10)
        _centre_number(fb, "bids ", game.high_bid, 17)
        _centre_number(fb, "pays ", price(game.high_bid, game.bidder == game.jockey), 24)

    def _draw_calls(self, game):
        """The two calls at either side, the chosen one lit (a bid between arrows),
        and what the chosen one moves in the middle."""
        fb = self.fb
        other = "Accept" if game.bidder >= 0 else "Decline"
        if self._can_bid():
            _label(fb, "Bid ", 2, self.choice == BID, self.amount)
        else:
            text.draw(fb, "cannot bid", 2, _CALL_Y)  # the least bid is more than it has
        _label(fb, other, 126 - text.width(other), self.choice == OTHER, -1)
        if self.choice == BID:
            paid = price(self.amount, game.turn == game.jockey)
            _centre_number(fb, "pay ", paid, _CALL_Y)
        elif game.bidder >= 0:
            _centre_number(fb, "get ", price(game.high_bid, game.bidder == game.jockey), _CALL_Y)
        else:
            tableview.centre(fb, self.free_lead, _CALL_Y)

    def _draw_bubble(self):
        """The message in a bubble over the stacks, which it hides whole."""
        fb = self.fb
        lines = self.message
        height = 7 * len(lines) + 6
        top = 9 + (_STACKS_BOTTOM - 8 - height) // 2
        fb.fill_rect(0, min(top, 9), 128, max(height, _STACKS_BOTTOM - 8), 0)
        fb.rect(5, top, 118, height, 1)
        for i in range(len(lines)):
            tableview.centre(fb, lines[i], top + 3 + 7 * i)


def _label(fb, s, x, lit, amount):
    """A call's label at (x, _CALL_Y), lit (inverted) when chosen; a bid's amount
    follows it between arrows. Returns where the label ends."""
    w = text.width(s) + (text.number_width(amount) + 10 if amount >= 0 else 0)
    if lit:
        fb.fill_rect(x - 2, _CALL_Y - 1, w + 3, 8, 1)
    colour = 0 if lit else 1
    end = text.draw(fb, s, x, _CALL_Y, colour)
    if amount >= 0:
        end = text.draw(fb, "<", end, _CALL_Y, colour)
        end = text.number(fb, amount, end + 1, _CALL_Y, colour)
        end = text.draw(fb, ">", end + 1, _CALL_Y, colour)
    return end


def _centre_number(fb, s, n, y):
    """s then the number n, centred on the screen (without making their string)."""
    x = 64 - (text.width(s) + text.number_width(n)) // 2
    text.number(fb, n, text.draw(fb, s, x, y), y)
