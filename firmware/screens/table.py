"""The game table: the cross, the pile, the scores and the hand of the seat playing.

Controls while it is your turn:
    LEFT/RIGHT  choose a tile of your hand (the last slot is the stock: draw, or pass)
    A           play the tile (on its only end), or go on to choose the end
    DOWN        draw from the stock
    B           the pause menu
and while choosing the end: LEFT/RIGHT/UP/DOWN go to an end (W/E/N/S), A plays,
B goes back. A pass the rules force is made by itself. The handheld's moves (its
thinking, each tile it draws leaving the stock: A or B hurries the rest of its
turn), the last play of a hand and the messages (a pass, a domino, a refused
move) go by themselves, sooner with A or B. A demo (the handheld against itself)
is not hurried: A speeds its messages, and B opens the pause menu at any moment,
while a player thinks or draws too.
A score shows on the scorer's line of the score column as +N (in a duel, the
payer's as -N) until the next move.

In Spectacular Bid the scores are the balances, both match clocks are shown (the
other player's under its tile count, yours above the count), the clock of the
player to move runs while their decision is on screen (see _deciding: not during
a handover, nor while a message tells of the move before), and the auction for an
opening is on the auction screen.
"""

from core import events as ev
from core.actions import DRAW, PASS
from core.drawgame import Illegal
from core.table import E, LEAD, N, S, Table, W
from core.tiles import count
from gfx import domino, text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import redraw, speech, tableview, tunes
from ui.redraw import Redraw, rehearse
from ui.thinking import think

CHOOSE_TILE = const(0)
CHOOSE_END = const(1)
THINKING = const(2)
MESSAGE = const(3)
HANDOVER = const(4)
LAST_PLAY = const(5)  # the board after the play that ended the hand (or match)
DRAWING = const(6)  # a tile the handheld drew leaves the stock

_THINK_FRAMES = const(18)  # the handheld "thinks" at least this long, so you see it move
_MESSAGE_FRAMES = const(75)  # a message goes by itself after this long
_BUBBLE_SHOWN = const(0)  # a message's bubble is drawn with the table
_BUBBLE_WAITS = const(1)  # a new one: the table is drawn whole without it,
_BUBBLE_ALONE = const(2)  # then it alone, on the next frame that draws
_PASS_FRAMES = const(30)  # ... a pass's, sooner
_LAST_PLAY_FRAMES = const(45)  # the last play of a hand is seen this long
_DRAW_FRAMES = const(10)  # a drawn tile takes this long to leave the stock
_POPUP_FRAMES = const(45)  # a score shows at most this long (and until the next move)
_LIT_FRAMES = const(24)  # the tile just played shows lit this long
_STATUS_RIGHT = const(83)  # where the status (whose turn) ends
# The two lines of the count and the status, a row clear of a raised hand tile.
_UPPER_Y = const(38)
_LOW_Y = const(45)
_BUBBLE_W = const(78)  # the widest line of a message, which stays over the cross
_BELOW_CLOCK = const(18)  # a duel's bubble starts a row below the other player's clock
# The look's bits (see _look) that the screen draws again alone (ui.redraw's parts):
_LIT = const(1)  # the tile played last is lit
_CLOCK_BIT = const(4)  # from this one up: the clock of the seat to move
_DIRECTION_END = ((LEFT, W), (RIGHT, E), (UP, N), (DOWN, S))
_TOLD_KINDS = (ev.PASSED, ev.DOMINO, ev.BLOCKED, ev.TIMED_OUT)  # events shown in the bubble


class Screen:
    def __init__(self, app, session, holder=-1):
        """`holder`: the seat already holding the handheld (back from the pause
        menu), who is not handed it again; -1 when nobody is known to."""
        self.app = app
        self.session = session
        self.fb = app.fb
        self.tiles = []  # the shown hand, in tile order
        self.playable = 0
        self.ends = []  # the legal ends of the chosen tile
        self.pile = []  # the covered tiles, in play order
        self.after = Table()  # the table as it would be after the play being chosen
        self.cursor = 0
        self.first_slot = 0
        self.end_index = 0
        self.frames = 0
        self.message = []  # the lines of a message shown, if any
        # A new message's bubble waits for the frame after the one that draws the
        # table whole, and is then drawn alone over it: its words' images are made
        # on a frame of their own, not on the move's (_show, draw).
        self.bubble = _BUBBLE_SHOWN
        self.message_frames = 0
        self.refused = False  # the message shown refuses the mover's attempt
        self.pending = ""  # the message that follows the last play of a hand
        self.ending = None  # ... the event it tells, its words not made yet (_react)
        self.scorer = -1  # who scored the points told (self.gain) ...
        self.gain = 0
        self.payer = -1  # ... and in a duel, who paid them
        self.popup_frames = 0
        self.last_tile = -1
        self.drawn = [-1, -1]  # per seat, the tile it drew last, until it plays or passes
        self.drawer = -1  # the handheld seat whose drawn tile leaves the stock
        self.viewer = holder
        self.last_said = ""
        self.decided = False  # the handheld to move has made up its mind
        # Drawn only on the frames whose picture changed (see _look): drawn whole
        # it is most of a frame on a board, on I2C with its pages to push on top.
        self.redraw = Redraw(still=True, parts=_LIT | -1 << _CLOCK_BIT)
        # The handheld seat hurried by A or B: it moves on without waiting for
        # the rest of its turn (its draws and its play), not the next one. A demo
        # is a show for nobody's turn: it is not hurried.
        self.hurry = -1
        self.names = [tableview.who(session, s) for s in range(2)]
        # As the names fit where they are drawn (see tableview's widths).
        self.corner_names = [text.fit(n, tableview.CORNER_NAME_W) for n in self.names]
        self.column_names = [text.fit(n, tableview.COLUMN_NAME_W) for n in self.names]
        self.status_names = [text.fit(n, 34) for n in self.names]
        self.mode = MESSAGE
        self._note_pile()
        if not session.record.actions:
            self._first_deal()
        self._after_action()

    def prepare(self):
        """The first picture drawn once unseen, on the frame after the one that
        makes the table (ui.app; ui.redraw.rehearse): first drawn after the
        auction, it took 36-38 ms on a board."""
        bubble = self.bubble  # (which a draw moves on)
        rehearse(self)
        self.bubble = bubble
        return True

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
        self.redraw.moved()  # whose turn, the hand shown, the mode: drawn whole
        session = self.session
        if session.over:
            self.app.go_then_draw("matchend", session)  # made, then drawn (a frame each)
            return
        if session.between_hands:
            self.app.go("handend", session)
            return
        if session.auction:
            self.app.go("auction", session, self.viewer)
            return
        seat = session.to_move()
        if session.is_human(seat) and PASS in session.game.legal():
            self._act(PASS)  # forced: nothing to play and nothing to draw
            return
        if session.humans() == 2 and seat != self.viewer:
            self.viewer = -1
            self.mode = HANDOVER
            self.app.say("Pass the handheld to %s, who presses A." % self.names[seat])
            return
        self.viewer = self._viewer()
        self._refresh_hand()
        if session.is_human(seat):
            self.mode = CHOOSE_TILE
            self.hurry = -1
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
        if self.app.speak is not None:
            for e in session.events:
                self.app.say(speech.event(session, e))

    def _refresh_hand(self):
        game = self.session.game
        hand = game.hands[self.viewer]
        del self.tiles[:]
        for t in range(28):
            if hand >> t & 1:
                self.tiles.append(t)
        # While another seat plays, the hand is shown plain, not as unplayable.
        self.playable = game.playable(self.viewer) if game.turn == self.viewer else tableview.PLAIN
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
        words = speech.table_words(session)
        app.say(words.ends(session))
        app.say(words.hand(session, self.viewer))
        app.say("On " + self._cursor_words())

    def _cursor_words(self):
        """What the cursor is on, as said when it moves there."""
        if self.cursor < len(self.tiles):
            t = self.tiles[self.cursor]
            fits = "" if self.playable >> t & 1 else ", does not fit"
            return speech.table_words(self.session).tile_at(t, LEAD) + fits + "."
        drawable = self.session.game.drawable()
        if drawable > 0:
            return "the stock: %d to draw." % drawable
        return "the stock: empty, pass."

    # --- input ------------------------------------------------------------------

    def update(self):
        self.frames += 1
        if self.popup_frames:
            self.popup_frames -= 1
        mode = self.mode
        if self.session.timed and self._deciding() and self._out_of_time():
            return
        buttons = self.app.buttons
        demo = self.session.humans() == 0
        if demo and buttons.just_pressed(B):
            self.app.go("pause", self.session, self.viewer)  # whatever the handheld does
            return
        skip = buttons.just_pressed(A) or buttons.just_pressed(B)
        hurry = skip and not demo
        if mode == MESSAGE:
            self.message_frames -= 1
            if skip or self.message_frames <= 0:
                self.message = []
                self._after_action()
        elif mode == LAST_PLAY:
            if self.ending is not None and self.frames >= 2:  # (once the play is drawn)
                self.pending = self.app.told(self.session, self.ending)
                self.ending = None
            if skip or self.frames >= _LAST_PLAY_FRAMES:
                if self.pending:
                    self._show(self.pending, say=False)  # said with the play
                else:
                    self._after_action()
        elif mode == DRAWING:
            self.redraw.moved()  # the tile moves on every frame
            if hurry:
                self.hurry = self.drawer
            if self.hurry == self.drawer or self.frames >= _DRAW_FRAMES:
                self._after_action()
        elif mode == HANDOVER:
            if buttons.just_pressed(A):
                self.viewer = self.session.to_move()
                self.frames = 0  # the other player's last tile is lit for the new viewer
                self._after_action()
        elif mode == THINKING:
            turn = self.session.game.turn
            if hurry:
                self.hurry = turn
            # A searching player thinks in bounded steps (the expert's STEP
            # nodes), as many a frame as fit in its time (ui.thinking), so the
            # screen animates however long the decision takes. While it thinks
            # only its dots move, so the screen is not drawn again (see draw);
            # a frame that draws the picture whole takes no step, one that draws
            # its rest or parts of it (a tick of the clock) the steps that fit
            # beside them. The move is made on a frame of its own, not after a step.
            if not self.decided:
                leave_ms = self.redraw.leave_ms(self._look())
                if leave_ms >= 0:
                    self.decided = think(self.session.think_step, self.app, leave_ms)
            elif self.hurry == turn or self.frames >= _THINK_FRAMES:
                self._act(None)
        elif mode == CHOOSE_TILE:
            self._choose_tile(buttons)
        else:
            self._choose_end(buttons)

    def _choose_tile(self, buttons):
        if buttons.repeat(LEFT):
            self._step(-1)
        elif buttons.repeat(RIGHT):
            self._step(1)
        elif buttons.just_pressed(DOWN):
            self._act(DRAW)
        elif buttons.just_pressed(B):
            self.app.go("pause", self.session, self.viewer)
        elif buttons.just_pressed(A):
            if self.cursor >= len(self.tiles):
                # The slot says "pass" once the stock is empty: a pass is refused
                # with the tile that can be played (a forced one was made already).
                self._act(DRAW if self.session.game.drawable() > 0 else PASS)
            else:
                self._pick(self.tiles[self.cursor])

    def _deciding(self):
        """The decision of the player to move is on screen, so their clock runs:
        they choose (or the handheld thinks), or read why their attempt was refused;
        not during a handover, nor while a message tells of the move before."""
        mode = self.mode
        if mode == MESSAGE:
            return self.refused
        return mode != HANDOVER and mode != LAST_PLAY and mode != DRAWING

    def _out_of_time(self):
        """Run the mover's clock for the frame gone by; True if it ran out (the
        match is lost on time, whatever was being done)."""
        events = self.session.tick(self.app.elapsed_ms)
        if events is None:
            return False
        self.session.save(self.app.storage)
        self._react(events)
        return True

    def _step(self, step):
        """The cursor one slot left (-1) or right; at either end it stays, and a
        player who cannot see is told so."""
        cursor = self.cursor + step
        if not 0 <= cursor < self._slots():
            if self.app.speak is not None:
                edge = "the left end" if step < 0 else "the right end"
                self.app.say("At %s, on %s" % (edge, self._cursor_words()))
            return
        self.cursor = cursor
        self._scroll()
        self.redraw.moved()
        self.app.sound.play(tunes.MOVE)
        if self.app.speak is not None:
            words = self._cursor_words()
            self.app.say(words[0].upper() + words[1:])

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
            self.redraw.moved()
            if self.app.speak is not None:
                ends = speech.table_words(self.session).END_WORDS
                self.app.say("Choose an end: " + ", ".join(ends[e] for e in self.ends))

    def _choose_end(self, buttons):
        t = self.tiles[self.cursor]
        for button, end in _DIRECTION_END:
            if buttons.just_pressed(button) and end in self.ends:
                self.end_index = self.ends.index(end)
                self.redraw.moved()
                self.app.sound.play(tunes.MOVE)
                if self.app.speak is not None:
                    self.app.say(speech.table_words(self.session).END_WORDS[end])
        if buttons.just_pressed(A):
            self._act(t * 8 + self.ends[self.end_index])
        elif buttons.just_pressed(B):
            self.mode = CHOOSE_TILE
            self.redraw.moved()
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
        # Saved now and drawn on the next frame (a move, its words and the table
        # drawn whole came to 33-39 ms in the duel on a board).
        session.save(self.app.storage)
        self.redraw.moved()
        self.redraw.saved = True
        self._note_pile()
        self._react(events)

    def _note_pile(self):
        del self.pile[:]
        self.session.game.table.covered(self.pile)

    def _react(self, events):
        app = self.app
        session = self.session
        tune = tunes.PLAYED
        message = ""
        played = ended = passed = False
        self.popup_frames = 0  # a score told lasts until the next move
        self.drawer = -1
        said = []
        for e in events:
            kind = e[0]
            if played and (kind == ev.DOMINO or kind == ev.BLOCKED) and app.speak is None:
                # Told once the hand's last play has been seen: the words are made
                # on the frame after the one that draws it, which draws nothing (on
                # a board their module's import and the sentence made the play's
                # frame 34-39 ms).
                self.ending = e
                ended = True
                continue
            sentence = ""
            if app.speak is not None or kind in _TOLD_KINDS:  # (words only when needed)
                sentence = app.told(session, e)
            if sentence:
                app.say(sentence)
                said.append(sentence)
            if kind == ev.PLAYED:
                self.last_tile = e[2]
                self.drawn[e[1]] = -1
                self.frames = 0
                played = True
            elif kind == ev.SCORED and not ended:
                self._told(e[1], e[2], -1)
                tune = tunes.score(e[2])
            elif kind == ev.TRANSFER and not ended:
                self._told(e[1], e[2], 1 - e[1])  # paid: less than the count when capped
            elif kind == ev.DREW:
                tune = tunes.DRAW
                self.drawn[e[1]] = e[2]
                if not session.is_human(e[1]):
                    self.drawer = e[1]
            elif kind == ev.PASSED:
                self.drawn[e[1]] = -1
                message = sentence
                passed = True
                tune = tunes.PASS
            elif kind in (ev.DOMINO, ev.BLOCKED, ev.TIMED_OUT):
                message = sentence
                ended = True
                if kind == ev.TIMED_OUT:
                    tune = tunes.ERROR
        self.last_said = " ".join(said)  # for a player who asks what the last move was
        app.sound.play(tune)
        if self.mode == CHOOSE_END:
            self.mode = CHOOSE_TILE
        if played and (session.between_hands or session.over):
            # The play that ends the hand is seen, with its score, before the
            # message that tells how the hand ended.
            self.pending = message
            self.frames = 0
            self.mode = LAST_PLAY
            if self.viewer >= 0:
                self._refresh_hand()  # the tile just played has left the hand
        elif message:
            self._show(message, say=False, frames=_PASS_FRAMES if passed else _MESSAGE_FRAMES)
        elif self.drawer >= 0:
            self.frames = 0
            self.mode = DRAWING
        else:
            self._after_action()

    def _told(self, seat, points, payer):
        """Show that `seat` won `points` (from `payer` in a duel, else -1)."""
        self.scorer = seat
        self.gain = points
        self.payer = payer
        self.popup_frames = _POPUP_FRAMES

    def _show(self, message, refused=False, say=True, frames=_MESSAGE_FRAMES):
        """A message in the bubble; `refused`: it says why the mover's attempt was
        refused (their clock runs on while they read it)."""
        self.refused = refused
        self.message = text.wrap(message, _BUBBLE_W)
        self.message_frames = frames
        self.bubble = _BUBBLE_WAITS
        self.mode = MESSAGE
        self.redraw.moved()
        if say:
            self.app.say(message)

    # --- drawing ----------------------------------------------------------------

    def _look(self):
        """What of the picture changes with no move, as one int (so nothing is
        allocated): the lit tile, a score told, the message of a failed save, the
        chosen end's blink and the clock of the seat to move (see ui.redraw; the
        rest changes with a move, the cursor or the mode, which say so)."""
        look = self._lit() * _LIT | (self.popup_frames > 0) << 1
        look |= (self.app.failure_frames > 0) << 2
        look |= (self.mode == CHOOSE_END and self.frames & 8 != 0) << 3
        session = self.session
        if session.timed:
            seat = session.game.turn
            look |= tableview.clock_face(session.bank(seat), session.delay(seat)) << _CLOCK_BIT
        return look

    def _lit(self):
        """Whether the tile played last shows lit: for a moment after the play, and
        all through the last play of a hand; not while an end is chosen (nor on
        the handover's screen, which shows no cross)."""
        mode = self.mode
        if mode in (CHOOSE_END, HANDOVER):
            return False
        return self.frames < _LIT_FRAMES or mode == LAST_PLAY

    def draw(self):
        fb = self.fb
        if self.bubble == _BUBBLE_ALONE:
            self.bubble = _BUBBLE_SHOWN
            if self.message:
                self._draw_bubble()  # over the picture drawn last
                return
        thinking = self.mode == THINKING
        what = self.redraw.what(thinking, self._look())
        if what == redraw.REST:
            self._draw_rest()
            if thinking:
                self._draw_dots()  # (they may have moved since the first part)
            return
        if what == redraw.PARTS:
            if not (self.message and self.redraw.changed & _LIT):  # (else whole)
                self._draw_parts(self.redraw.changed)
                if thinking:
                    self._draw_dots()
                return
        elif what != redraw.WHOLE:
            if what == redraw.DOTS:
                self._draw_dots()  # the rest is drawn already
            return
        fb.fill(0)
        if self.mode == HANDOVER:
            self.redraw.release()
            tableview.handover(fb, self.names[self.session.to_move()])
            return
        session = self.session
        game = session.game
        table = game.table
        mode = self.mode
        choosing = mode == CHOOSE_END
        hide = self.ends[self.end_index] if choosing and self.frames & 8 else -1
        lit = self.last_tile if self._lit() else -1
        tableview.cross(fb, table, hide, lit)
        if choosing:
            if hide >= 0:
                tableview.preview(fb, table, self.tiles[self.cursor], hide, domino.NORMAL)
            for end in self.ends:
                tableview.end_arrow(fb, end, end == self.ends[self.end_index])
        self._draw_corners(game)
        # A picture whose rest would not fit in the frame has it drawn on the next
        # (ui.redraw's split): late in a duel's hand, drawn whole under a message
        # or with an end chosen, it took 30-35 ms on the virtual Pico.
        if not self.redraw.split(self.app.clock):
            self._draw_rest()

    def _draw_parts(self, changed):
        """What of the picture `changed` (the look's bits): the tile played last
        lit or no longer (not under a bubble: see draw), the clock of the seat to
        move (nothing where the bubble hides it)."""
        table = self.session.game.table
        if changed & _LIT and table.n:
            look = domino.LIT if self._lit() else domino.NORMAL
            tableview.cross_tile(self.fb, table, self.last_tile, look)
        if changed >> _CLOCK_BIT:
            seat = self.session.game.turn
            if not (self.message and self._under_bubble(self._clock_y(seat))):
                self._draw_clock(seat, True)

    def _draw_rest(self):
        """The picture's second part: the scores, the hand, a drawn tile leaving
        the stock, the message (timed for ui.redraw's split)."""
        started = self.redraw.rest_from(self.app.clock)
        fb = self.fb
        game = self.session.game
        mode = self.mode
        choosing = mode == CHOOSE_END
        self._draw_column(game)
        if self.viewer >= 0:
            if game.drawable() > 0:
                stock = tableview.STOCK_BACK
            else:
                stock = tableview.STOCK_PASS
            cursor = self.cursor if mode == CHOOSE_TILE or choosing else -1
            drawn = self.drawn[self.viewer]
            tableview.hand(fb, self.tiles, self.playable, self.first_slot, cursor, stock, drawn)
        if mode == DRAWING:
            self._draw_leaving()
        if self.bubble == _BUBBLE_WAITS:
            self.bubble = _BUBBLE_ALONE
        elif self.message:
            self._draw_bubble()
        self.redraw.rested(self.app.clock, started)

    def _draw_corners(self, game):
        fb = self.fb
        other = 1 - max(self.viewer, 0)
        tableview.corners(fb, self.corner_names[other], count(game.hands[other]),
                          max(game.drawable(), 0), self.session.timed)
        x = 0
        choosing = self.mode == CHOOSE_END
        if self.session.timed:
            # The clocks: the other player's under its tiles, yours where the
            # word "Count" stands in All Fives, which goes before the count
            # (but for what a play would make it, beside it).
            self._draw_clocks(other)
            if not choosing:
                x = text.draw(fb, "Count ", 0, _LOW_Y)
        else:
            text.draw(fb, "Count", 0, _UPPER_Y)
        x = text.number(fb, game.table.count(), x, _LOW_Y)
        if choosing:
            # What the count would become: the scratch table is made once.
            after = self.after
            after.copy_from(game.table)
            after.place(self.tiles[self.cursor], self.ends[self.end_index])
            x = text.draw(fb, "→", x + 1, _LOW_Y)
            text.number(fb, after.count(), x + 1, _LOW_Y)
        self._draw_status(game)

    def _draw_status(self, game):
        """Whose turn it is, at the bottom right of the cross."""
        fb = self.fb
        mode = self.mode
        if mode == THINKING:
            # The handheld's name and dots that come and go while it thinks.
            name = self.status_names[game.turn]
            text.draw(fb, name, 70 - text.width(name), _LOW_Y)
            self._draw_dots()
        elif mode in (CHOOSE_TILE, CHOOSE_END):
            if self.session.humans() == 1:
                # Up a line while choosing an end: the south end's arrow is below.
                _right(fb, "Your turn", _UPPER_Y if mode == CHOOSE_END else _LOW_Y)
            else:
                _right(fb, self.status_names[game.turn], _UPPER_Y)
                _right(fb, "to play", _LOW_Y)

    def _draw_dots(self):
        """The dots after the thinking seat's name: they come and go."""
        fb = self.fb
        fb.fill_rect(72, _LOW_Y + 3, 10, 2, 0)
        for i in range((self.frames >> 2) & 3):
            fb.fill_rect(72 + 4 * i, _LOW_Y + 3, 2, 2, 1)

    def _draw_clocks(self, other):
        self._draw_clock(other)
        self._draw_clock(1 - other)

    def _clock_y(self, seat):
        """The line of a seat's clock: the other player's under its tile count,
        yours above the count."""
        return tableview.OTHER_CLOCK_Y if seat == 1 - max(self.viewer, 0) else _UPPER_Y

    def _draw_clock(self, seat, clear=False):
        """A seat's clock at the cross's left, the other player's under its tile
        count, yours above the count; its seconds clear of the arm beside it (north,
        south) when a tile lies there or may be previewed there. `clear`: its line
        is cleared first (the clock alone drawn again)."""
        session = self.session
        y = self._clock_y(seat)
        arm = N if y == tableview.OTHER_CLOCK_Y else S
        right = tableview.CLOCK_RIGHT
        if (session.game.table.outer_tile(arm) >= 0
                or self.mode == CHOOSE_END and arm in self.ends):
            right = tableview.CLOCK_RIGHT_BY_ARM
        if clear:
            self.fb.fill_rect(0, y, right + 1, 5, 0)
        tableview.clock(self.fb, session.bank(seat), session.delay(seat), 0, y, False, right)

    def _draw_column(self, game):
        fb = self.fb
        turn = game.turn
        for seat in range(2):  # in seat order, whoever holds the handheld
            change = 0
            if self.popup_frames:
                if seat == self.scorer:
                    change = self.gain
                elif seat == self.payer:
                    change = -self.gain
            name = self.column_names[seat]
            tableview.score_line(fb, name, game.scores[seat], 1 + 7 * seat, turn == seat, change)
        tableview.pile(fb, self.pile)

    def _draw_leaving(self):
        """The tile the handheld drew, on its way from the stock to its hand."""
        fb = self.fb
        step = self.frames if self.frames < _DRAW_FRAMES else _DRAW_FRAMES
        if self.drawer == self.viewer:  # a demo: the hand along the bottom
            x = 72 - 22 * step // _DRAW_FRAMES
            y = 8 + 45 * step // _DRAW_FRAMES
        else:  # the other player's tiles, at the top left
            x = 72 - 48 * step // _DRAW_FRAMES
            y = 8
        fb.fill_rect(x, y, 9, 5, 1)  # face down: white, with a dark inner line
        fb.rect(x + 1, y + 1, 7, 3, 0)

    def _bubble_height(self):
        return 7 * len(self.message) + 5

    def _bubble_top(self):
        """The top row of the message's bubble."""
        top = _BELOW_CLOCK if self.session.timed else 15
        height = self._bubble_height()
        if top + height > 53:
            # Five lines (a duel's domino between two long names, when the clocks
            # stand still) reach up over the other player's clock instead.
            top = 53 - height
        return top

    def _bubble_bottom(self, top):
        """The row below what the bubble clears, from the band's top
        (tableview.OTHER_CLOCK_Y) down."""
        bottom = top + self._bubble_height() + 1
        if bottom < _UPPER_Y - 1:
            bottom = _UPPER_Y - 1  # the arms' band, whole
        for line_y in (_UPPER_Y, _LOW_Y):
            if bottom > line_y:  # a line the bubble reaches goes whole: no slivers
                bottom = max(bottom, line_y + 5)
        return bottom

    def _under_bubble(self, y):
        """Whether the bubble hides the clock line at y: yours when it reaches
        down to it, the other player's when it reaches up over it."""
        top = self._bubble_top()
        return top < _BELOW_CLOCK if y == tableview.OTHER_CLOCK_Y else y < self._bubble_bottom(top)

    def _draw_bubble(self):
        """The message in a bubble over the cross (the arms are cleared whole, so
        no slivers of tiles show around it), clear of the score column, the
        corners' top lines and the other player's clock."""
        fb = self.fb
        lines = self.message
        top = self._bubble_top()
        band = tableview.OTHER_CLOCK_Y
        fb.fill_rect(0, band, 85, self._bubble_bottom(top) - band, 0)
        fb.fill_rect(tableview.CX - 8, 0, 17, band, 0)  # the north arm, above the band
        if self.session.timed and top >= _BELOW_CLOCK:  # the other player's clock
            self._draw_clock(1 - max(self.viewer, 0))
        fb.rect(0, top, 84, self._bubble_height(), 1)
        for i in range(len(lines)):
            line = lines[i]
            text.draw(fb, line, 42 - text.width(line) // 2, top + 3 + 7 * i)


def _right(fb, s, y):
    """s ending at the status's right edge."""
    text.draw(fb, s, _STATUS_RIGHT + 1 - text.width(s), y)
