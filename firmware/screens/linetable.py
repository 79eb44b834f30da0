"""The table of a draw-and-block match (core.line), 2 to 4 players (ui.lineview).

Controls while it is your turn:
    LEFT/RIGHT  choose a tile of your hand
    A           play it (on its only end), or go on to choose how
    UP          the whole line, tile by tile (screens.lineviewer)
    B           the pause menu
and while choosing how (a tile that fits both ends, a double that can go with a
second one): LEFT/RIGHT/UP/DOWN go through the ways, A plays, B goes back.

A player who cannot play draws, and one who cannot draw passes, by itself: a
message over the hand says so, a line at a time, under every seat's name and
figures (A skips it). The handheld's moves show for a moment (A
hurries them). With two or more humans, the hand is hidden while the handheld
plays and the handover screen comes before every human turn but a repeat one.
Everything said on screen is also said to app.say() (ui.narrate_line).
"""

from core import events as ev
from core.actions import DRAW, is_pair, PAIR, PASS
from core.drawgame import Illegal
from core.table import E, LEAD, W
from core.tiles import count, DOUBLES
from gfx import domino, text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import lineview, narrate_line, redraw, tableview, tunes
from ui.redraw import Redraw
from ui.tableview import tile_at
from ui.thinking import think

CHOOSE_TILE = const(0)
CHOOSE_WAY = const(1)
THINKING = const(2)
MESSAGE = const(3)
HANDOVER = const(4)

_THINK_FRAMES = const(18)  # the handheld takes at least this long over a play
_FORCED_FRAMES = const(10)  # and over a draw or a pass
_MESSAGE_FRAMES = const(45)
_LAST_FRAMES = const(75)  # the play that ended the hand stays this long
_LIT_FRAMES = const(24)
# A message lies over the hand, one line at a time: every seat's name and figures
# are above it (tests/test_line_screens.py checks it at 2, 3 and 4 players).
MESSAGE_Y = const(53)
_MESSAGE_W = const(114)  # and an arrow after a line that more follow
_TICK_FRAMES = const(36)  # each line of a longer message but its last stays this long
# A move's frame lays its message out only while its clock is this far: on a
# board the move, its save and its words take 15-18 ms, and the layout 13 more.
_LAY_OUT_BY_MS = const(14)
_STATUS_Y = const(46)
_HINT = "\u2191 line"  # UP opens the line viewer
_HINT_X = const(66)  # (its right edge on the table's)
_FORCED_WORDS = {DRAW: "Nothing fits: you draw.", PASS: "Nothing fits, no stock: you pass."}


class Screen:
    def __init__(self, app, session, holder=-1):
        """`holder`: the seat already holding the handheld (back from the pause
        menu), who is not handed it again; -1 when nobody is known to."""
        self.app = app
        self.session = session
        self.fb = app.fb
        game = session.game
        n = game.SEATS
        self.names = [narrate_line.who(session, s) for s in range(n)]
        # On the table each name fits beside the others at a table for four.
        self.short = [text.fit(name, lineview.NAME_W) for name in self.names]
        self.tiles = []
        self.playable = 0
        self.ways = []  # the actions open to the chosen tile
        self.way_words = []
        self.way = 0
        self.shown = [-1, -1]  # the tiles shown at the W and E ends
        self.pile = []
        self.cursor = 0
        self.first_slot = 0
        self.frames = 0
        self.wait = 0  # frames the handheld takes at least over its action
        self.hurry = False
        self.message = []  # the lines of the message shown over the table
        self.laying_out = ""  # a message shown, its lines still to make (_lay_out)
        self.message_frames = 0  # frames it has left to stay
        self.message_total = 0  # frames it stays in all
        self.line_drawn = -1  # the message's line in the picture drawn, -1 none
        self.forced = -1  # the draw or pass made when the message goes
        self.ended = False  # the message tells how the hand ended
        # When the screen draws (see _look); drawn whole at four seats it takes
        # 25-30 ms on a board, so it may be drawn over two frames (draw).
        self.redraw = Redraw(still=True)
        self.last_tile = -1
        self.drawn = [-1] * n  # per seat, the tile it drew last, until it plays or passes
        self.last_said = ""
        self.decided = False
        self.viewer = holder
        self.places = lineview.places(n)
        self.word = ["" for _ in range(n)]
        self.mode = MESSAGE
        self._note_table()
        if not session.record.actions:
            # The first hand (the hand end tells the others), dealt already by the
            # set-up, or again by the seed after a power cut before its first action.
            if session.between_hands:
                session.deal()
            for e in session.events:
                app.say(narrate_line.event(session, e))
        self._after_action()

    # --- whose hand, what next -----------------------------------------------------

    def _after_action(self):
        self.redraw.moved()  # whose turn, the hand shown, the mode: drawn whole
        session = self.session
        if session.over:
            self.app.go_then_draw("lineover", session)  # made, then drawn (a frame each)
            return
        if session.between_hands:
            self.app.go_then_draw("lineend", session)  # made, then drawn on the next frame
            return
        seat = session.to_move()
        humans = session.humans()
        if session.is_human(seat):
            if humans > 1 and seat != self.viewer:
                self.viewer = -1
                self.mode = HANDOVER
                self.app.say("Pass the handheld to %s, who presses A." % self.names[seat])
                return
            self.viewer = seat
            self._refresh_hand()
            legal = session.game.legal()
            if legal[0] in (DRAW, PASS):
                self.forced = legal[0]
                self._show(_FORCED_WORDS[legal[0]], _FORCED_FRAMES)
                return
            self.mode = CHOOSE_TILE
            self._say_turn()
            return
        # The handheld: with more than one human nobody's hand shows meanwhile.
        if humans > 1:
            self.viewer = -1
        elif self.viewer < 0:
            self.viewer = narrate_line.first_human(session)
        self._refresh_hand()
        self.mode = THINKING
        self.frames = 0
        legal = session.game.legal()
        self.wait = _FORCED_FRAMES if legal[0] in (DRAW, PASS) else _THINK_FRAMES
        self.decided = False
        self.hurry = False
        session.start_thinking()

    def _refresh_hand(self):
        del self.tiles[:]
        if self.viewer < 0:
            return
        game = self.session.game
        hand = game.hands[self.viewer]
        for t in range(28):
            if hand >> t & 1:
                self.tiles.append(t)
        # While another seat plays, the hand is shown plain, not as unplayable.
        self.playable = game.playable(self.viewer) if game.turn == self.viewer else tableview.PLAIN
        if self.cursor >= len(self.tiles):
            self.cursor = max(len(self.tiles) - 1, 0)
        self._scroll()

    def _scroll(self):
        if self.cursor < self.first_slot:
            self.first_slot = self.cursor
        elif self.cursor >= self.first_slot + tableview.HAND_SLOTS:
            self.first_slot = self.cursor - tableview.HAND_SLOTS + 1

    def _say_turn(self):
        if self.app.speak is None:
            return
        self.app.say(narrate_line.ends(self.session))
        self.app.say(narrate_line.hand(self.session, self.viewer))

    # --- input ---------------------------------------------------------------------

    def update(self):
        self.frames += 1
        buttons = self.app.buttons
        mode = self.mode
        if mode == MESSAGE:
            if self.laying_out:
                if not self.redraw.half:  # (a frame that draws the picture's rest has no room)
                    self._lay_out()
                return
            self.message_frames -= 1
            # Drawn once before A or B can put it away (a frame or two after its
            # layout: a picture may be drawn over two frames).
            seen = self.line_drawn >= 0
            skip = seen and (buttons.just_pressed(A) or buttons.just_pressed(B))
            if skip or self.message_frames <= 0:
                self.message = []
                forced = self.forced
                self.forced = -1
                if forced >= 0:
                    self._act(forced)
                else:
                    self._after_action()
        elif mode == HANDOVER:
            if buttons.just_pressed(A):
                self.viewer = self.session.to_move()
                self.frames = 0  # the other players' last tile is lit for the new viewer
                self._after_action()
        elif mode == THINKING:
            if buttons.just_pressed(B):
                self.app.go("pause", self.session, self.viewer)
                return
            if self._looked_along(buttons):
                return
            if buttons.just_pressed(A):
                self.hurry = True
            if not self.decided and self.redraw.steady(self._look()):
                self.decided = think(self.session.think_step, self.app)
            elif self.decided and (self.hurry or self.frames >= self.wait):
                self._act(None)  # on a frame of its own, not after a step
        elif mode == CHOOSE_TILE:
            self._choose_tile(buttons)
        else:
            self._choose_way(buttons)

    def _choose_tile(self, buttons):
        if buttons.repeat(LEFT) and self.cursor > 0:
            self.cursor -= 1
            self._moved()
        elif buttons.repeat(RIGHT) and self.cursor < len(self.tiles) - 1:
            self.cursor += 1
            self._moved()
        elif buttons.just_pressed(B):
            self.app.go("pause", self.session, self.viewer)
        elif self._looked_along(buttons):
            return
        elif buttons.just_pressed(A) and self.tiles:
            self._pick(self.tiles[self.cursor])

    def _looked_along(self, buttons):
        """UP opens the whole line (screens.lineviewer), once a tile is down."""
        if buttons.just_pressed(UP) and self.session.game.table.n:
            self.app.sound.play(tunes.SELECT)
            self.app.go("lineviewer", self.session, self.viewer)
            return True
        return False

    def _moved(self):
        self._scroll()
        self.app.sound.play(tunes.MOVE)
        if self.app.speak is not None:
            t = self.tiles[self.cursor]
            fits = "" if self.playable >> t & 1 else ", does not fit"
            self.app.say(tile_at(t, LEAD) + fits)

    def _pick(self, t):
        """The ways tile t can be played: none (refused with the rules' reason),
        one (played), or several to choose from."""
        game = self.session.game
        del self.ways[:]
        del self.way_words[:]
        for action in game.legal():
            if action < DRAW and action >> 3 == t:
                if game.table.n == 0:
                    self._act(action)  # the lead: its halves face as in the hand
                    return
                self.ways.append(action)
                self.way_words.append(narrate_line.END_WORDS[action & 7])
            elif is_pair(action) and t in (
                DOUBLES[(action - PAIR) >> 3],
                DOUBLES[(action - PAIR) & 7],
            ):
                self.ways.append(action)
                self.way_words.append("Both doubles")
        if not self.ways:
            self._act(t * 8 + (W if game.table.n else LEAD))  # refused, with the reason
        elif len(self.ways) == 1:
            self._act(self.ways[0])
        else:
            self.way = 0
            self.mode = CHOOSE_WAY
            self.app.say("Choose: " + ", ".join(self.way_words))

    def _choose_way(self, buttons):
        step = 0
        if buttons.just_pressed(LEFT) or buttons.just_pressed(UP):
            step = -1
        elif buttons.just_pressed(RIGHT) or buttons.just_pressed(DOWN):
            step = 1
        if step:
            self.way = (self.way + step) % len(self.ways)
            self.app.sound.play(tunes.MOVE)
            self.app.say(self.way_words[self.way])
        if buttons.just_pressed(A):
            self._act(self.ways[self.way])
        elif buttons.just_pressed(B):
            self.mode = CHOOSE_TILE
            self.app.sound.play(tunes.BACK)

    # --- acting --------------------------------------------------------------------

    def _act(self, action):
        """A human's action (or the handheld's, when action is None): made, saved,
        shown and said; a refused one says why and changes nothing."""
        session = self.session
        try:
            if action is None:
                events = session.finish_thinking()
            else:
                events = session.play(action)
        except Illegal as e:
            self.app.sound.play(tunes.ERROR)
            self._show(str(e), _MESSAGE_FRAMES)
            return
        # Saved now and drawn on the next frame (a move, its save and its message
        # laid out with the picture drawn whole came to 33-46 ms on a board).
        session.save(self.app.storage)
        self.redraw.moved()
        self.redraw.saved = True
        self._note_table()
        self._react(events)

    def _note_table(self):
        game = self.session.game
        lineview.end_tiles(game.table, self.shown)
        del self.pile[:]
        lineview.covered(game.table, self.shown, self.pile)
        for s in range(game.SEATS):
            self.word[s] = narrate_line.short_score(self.session, s)

    def _react(self, events):
        app = self.app
        session = self.session
        tune = None
        told = []
        said = []
        # Without speech only the sentences a message shows are made (the others
        # took 1-4 ms of the move's frame on a board).
        speaking = app.speak is not None
        for e in events:
            kind = e[0]
            sentence = narrate_line.event(session, e) if speaking or kind in _TOLD else ""
            said.append(sentence)
            if kind == ev.PLAYED:
                self.last_tile = e[2]
                self.drawn[e[1]] = -1
                self.frames = 0
                tune = tune or tunes.PLAYED
            elif kind == ev.DREW:
                tune = tunes.DRAW  # the counts and the stock show it
                self.drawn[e[1]] = e[2]
            elif kind == ev.PASSED:
                self.drawn[e[1]] = -1
                tune = tunes.PASS
                told.append(sentence)
            elif kind in _TOLD:
                told.append(sentence)
                tune = _TUNES.get(kind, tune)
            elif kind == ev.GOAT and e[2]:
                tune = tunes.GOAT
        if tune is not None:
            app.sound.play(tune)
        text = " ".join(s for s in said if s)
        self.last_said = text
        app.say(text)
        self.ended = session.over or session.between_hands
        if self.ended:
            self._show(" ".join(told[:2]), _LAST_FRAMES, False)
        elif told and (self.viewer >= 0 or session.humans() > 1):
            self._show(told[0], _MESSAGE_FRAMES, False)
        else:
            self._after_action()

    def _show(self, message, frames, say=True):
        """A message over the hand, every word of it: its lines one after another
        (a longer one stays longer), laid out now on a move's frame, which draws
        nothing, if it has the room, else on the next frame (_lay_out)."""
        self.message = []
        self.laying_out = message
        self.message_frames = frames
        self.mode = MESSAGE
        self.redraw.moved()
        if self.redraw.saved and self.app.clock.elapsed_ms() <= _LAY_OUT_BY_MS:
            self._lay_out()
        if say:
            self.app.say(message)

    def _lay_out(self):
        """The message's lines, and the first one's image made (gfx.text.ready), on
        a frame that does not draw the picture whole (together 30-40 ms on a board
        with the 10 ms of the layout): the move's, which saves it and draws
        nothing, or the one after a frame that showed a message without a move,
        which draws only the message's box over the picture."""
        self.message = _lines(self.laying_out)
        self.laying_out = ""
        self.message_frames += _TICK_FRAMES * max(len(self.message) - 1, 0)
        self.message_total = self.message_frames
        if self.message:
            text.ready(self.message[0])

    # --- drawing -------------------------------------------------------------------

    def _look(self):
        """What of the picture changes from frame to frame without a move (the
        changes that `redraw.moved()` tells are the rest), as one int: the lit tile,
        a failed save's note, the mode, the cursor and the hand's first slot, the
        way chosen and its blink. While the handheld thinks only the first two
        change, and its dots; a message's lines are drawn apart too (its box over
        the picture, `line_drawn`)."""
        mode = self.mode
        look = (self.frames < _LIT_FRAMES) | (self.app.failure_frames > 0) << 1 | mode << 2
        look |= self.cursor << 5 | self.first_slot << 10
        if mode == CHOOSE_WAY:
            look |= (self.way << 1 | (self.frames >> 3) & 1) << 15
        return look

    def _message_line(self):
        """The line of the message shown now: each but the last stays _TICK_FRAMES."""
        last = len(self.message) - 1
        return min((self.message_total - self.message_frames) // _TICK_FRAMES, last)

    def draw(self):
        fb = self.fb
        moved = self.redraw.saved  # a move's frame, which draws nothing
        what = self.redraw.what(self.mode == THINKING, self._look())
        if what == redraw.REST:
            self._draw_rest()
            return
        if what != redraw.WHOLE:
            # The rest is drawn already: the dots, or a message's box on top of
            # the picture (laid out, or at its next line: 2 ms, not 30).
            if what == redraw.DOTS:
                self._draw_dots()
            elif not moved and self.message and self._message_line() != self.line_drawn:
                self._draw_message()
            return
        self.line_drawn = -1
        fb.fill(0)
        game = self.session.game
        if self.mode == HANDOVER:
            self.redraw.release()
            tableview.handover(fb, self.names[game.turn])
            return
        line = game.table
        choosing = self.mode == CHOOSE_WAY
        action = self.ways[self.way] if choosing else -1
        blink = choosing and self.frames & 8
        lit = self.last_tile if self.frames < _LIT_FRAMES or self.ended else -1
        lineview.line_ends(fb, line, self.shown, -1 if choosing else lit)
        if blink:
            if is_pair(action):
                w = DOUBLES[(action - PAIR) >> 3]
                e = DOUBLES[(action - PAIR) & 7]
                lineview.preview(fb, line, self.shown, w, W, domino.LIT)
                lineview.preview(fb, line, self.shown, e, E, domino.LIT)
            else:
                lineview.preview(fb, line, self.shown, action >> 3, action & 7, domino.LIT)
        self._draw_seats(game)
        if not self.redraw.split(self.app.clock):  # (else on the next frame)
            self._draw_rest()

    def _draw_rest(self):
        """The picture's second part: the stock and the pile, the viewer's own
        figures and hand, the message (timed for ui.redraw's split)."""
        started = self.redraw.rest_from(self.app.clock)
        fb = self.fb
        game = self.session.game
        locked = game.stock_size - game.drawn - game.drawable()
        top = lineview.stock(fb, game.drawable(), locked)
        lineview.pile(fb, self.pile, top)
        self._draw_status(game)
        if self.viewer >= 0:
            tableview.hand(
                fb,
                self.tiles,
                self.playable,
                self.first_slot,
                self.cursor if self.mode in (CHOOSE_TILE, CHOOSE_WAY) else -1,
                tableview.NO_STOCK,
                self.drawn[self.viewer],
            )
        if self.message:
            self._draw_message()
        self.redraw.rested(self.app.clock, started)

    def _draw_seats(self, game):
        me = self.viewer if self.viewer >= 0 else narrate_line.first_human(self.session)
        pairs = self.session.options.pairs
        n = game.SEATS
        for k in range(1, n):
            s = (me + k) % n
            lineview.block(
                self.fb,
                self.places[k],
                self.short[s],
                count(game.hands[s]),
                game.scores[s],
                self.word[s],
                game.turn == s,
                pairs and k == 2,
            )

    def _draw_status(self, game):
        """The viewer's own name, tiles and score, and what is going on."""
        fb = self.fb
        me = self.viewer if self.viewer >= 0 else narrate_line.first_human(self.session)
        name = self.short[me]
        mine = game.turn == me
        w = text.width(name)
        if mine:
            fb.fill_rect(0, _STATUS_Y - 1, w + 2, 8, 1)
        text.draw(fb, name, 1, _STATUS_Y, 0 if mine else 1)
        mode = self.mode
        if mode == CHOOSE_WAY:  # the way in place of the counts: "Both doubles" is wide
            label = self.way_words[self.way]
            text.draw(fb, label, lineview.LEFT_W - 1 - text.width(label), _STATUS_Y)
            return
        x = lineview.status(
            fb, w + 5, _STATUS_Y, count(game.hands[me]), game.scores[me], self.word[me], False, 0
        )
        if mode == THINKING:
            self._draw_dots()
        elif mode == CHOOSE_TILE and game.table.n and x + 4 <= _HINT_X:
            text.draw(fb, _HINT, _HINT_X, _STATUS_Y)  # (where it fits beside the figures)

    def _draw_dots(self):
        """The dots of the handheld's thinking: they come and go."""
        fb = self.fb
        fb.fill_rect(lineview.LEFT_W - 12, _STATUS_Y + 3, 10, 2, 0)
        for i in range((self.frames >> 2) & 3):
            fb.fill_rect(lineview.LEFT_W - 12 + 4 * i, _STATUS_Y + 3, 2, 2, 1)

    def _draw_message(self):
        fb = self.fb
        last = len(self.message) - 1
        line = self.line_drawn = self._message_line()
        fb.fill_rect(0, MESSAGE_Y, 128, 64 - MESSAGE_Y, 0)
        fb.rect(0, MESSAGE_Y, 128, 64 - MESSAGE_Y, 1)
        text.draw(fb, self.message[line], 3, MESSAGE_Y + 2)
        if line < last:
            text.draw(fb, "\u2192", 121, MESSAGE_Y + 2)


def _lines(message):
    """The lines of a message, whole sentences together while they fit on one."""
    lines = []  # type: list[str]
    start = 0
    for i in range(len(message) + 1):
        if i < len(message) and not (message[i] == " " and message[i - 1] in ".!?"):
            continue
        sentence = message[start:i]
        start = i + 1
        if lines and text.width(lines[-1] + " " + sentence) <= _MESSAGE_W:
            lines[-1] += " " + sentence
        else:
            lines.extend(text.wrap(sentence, _MESSAGE_W))
    return lines


# The events a message tells, besides a pass.
_TOLD = (ev.DOMINO, ev.FISH, ev.SNOT, ev.TOOK_STOCK, ev.GENERAL, ev.OFFICER, ev.PASSED)
_TUNES = {
    ev.DOMINO: tunes.DOMINO,
    ev.FISH: tunes.FISH,
    ev.GENERAL: tunes.GOAT,
    ev.OFFICER: tunes.GOAT,
}
