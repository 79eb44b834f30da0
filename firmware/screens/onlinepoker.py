"""Domino Poker online: the server's table in the offline table's look
(ui/pokertable.py). You sit at the bottom whatever your seat; the seat after
yours on the left, then across, then on the right. Your hand runs along the
bottom, the tiles no legal action plays dimmed.

    LEFT/RIGHT  the bid, or a tile of your hand; leading a two-number tile, A
                then LEFT/RIGHT choose the called number and A leads it (B back)
    A           bid, or play the tile
    UP/DOWN     held: every seat's match total in place of its bid and tricks
    B           leave the match (asked first: it is a forfeit)

The server owns the clock: the countdown before the first bid ("Get ready"),
then your seconds at the right of your line, and after missed turns "Warned",
"Inactive" or "Autoplay" (the server plays for you: any button takes the seat
back). A taken trick stays a moment with who took it; a hand's end shows the
bids, tricks and points (A goes on sooner); the match's end goes on to the
payout (screens/payout.py).
"""

from core.poker import BID, NO_BID, power
from gfx import text
from hw.buttons import A, B, DOWN, UP
from micropython import const
from ui import pokertable, tableview, tunes
from ui.controls import Confirm, YES
from ui.onlinechoice import TILES
from ui.onlineplay import Play
from ui.widgets import box, centre, title

PLAY = const(0)
TRICK = const(1)  # a taken trick in view
HAND_END = const(2)

_TRICK_FRAMES = const(45)
_HAND_FRAMES = const(120)
_NOTICE_FRAMES = const(75)
_NOTICE_W = const(78)  # a notice of two lines: between the side seats
_NAME_W = const(31)  # a side seat's name, clear of its trick tile


class _Places:
    """The seats' figures by place (you, left, across, right) for ui.pokertable."""

    def __init__(self):
        self.bids = bytearray(b"\xff\xff\xff\xff")
        self.taken = bytearray(4)
        self.scores = [0, 0, 0, 0]


class Screen:
    def __init__(self, app, client):
        self.app = app
        self.play = play = Play(app, client, True)
        self.choice = play.choice
        self.confirm = Confirm(app)
        you = play.you
        self.names = [text.fit(play.names[(you + p) % 4], _NAME_W) for p in range(4)]
        self.short = [text.fit(play.names[(you + p) % 4], pokertable.NAME_W) for p in range(4)]
        self.places = _Places()
        self.ended = _Places()  # the figures of the hand whose end is shown
        self.shown = bytearray(b"\xff\xff\xff\xff")  # the trick by place (255: none)
        self.led_by = 0
        self.led = -1
        self.taker = -1  # the place that took the trick shown
        self.mode = PLAY
        self.frames = 0
        self.notice_lines: list = []
        self.notice_frames = 0
        self.totals = False
        # The words drawn, made in update() when they change: draw() allocates nothing.
        self.action = ""
        self.hand_title = ""
        self.foot = ""
        self.hand_no = 0
        self.ended_pending = False  # the hand's end shows once the trick has
        self._follow()

    def _place(self, seat):
        return (seat - self.play.you) % 4

    # --- following the server ------------------------------------------------------

    def _follow(self):
        """A new view: the chooser, and (unless the end of a hand is on screen,
        which the view waits for) the seats' figures, the trick, what it ended."""
        play = self.play
        last = play.last
        if last is not None:
            self.app.say("%s: %s." % (play.names[last.get("seat", 0) % 4], last.get("text")))
        if self.ended_pending or self.mode == HAND_END:
            return
        table = play.table
        before = play.before
        self.hand_no = _number(table, "hand_no", 1)
        trick = table.get("trick") if isinstance(table.get("trick"), list) else []
        done = self._taken(table, before, last) if not trick else None
        if done is not None and (self.hand_no != _number(before, "hand_no", self.hand_no)
                                 or play.to_move < 0):
            self._end_of_hand(table, before, done[2])
        self._figures(table)
        if done is not None:
            self._show_taken(*done)
        else:
            self._show_trick(trick, _number(table, "leader", 0), table.get("led"))

    def _figures(self, table):
        places = self.places
        for s in range(4):
            p = self._place(s)
            places.bids[p] = _number(table.get("bids"), s, NO_BID)
            places.taken[p] = _number(table.get("taken"), s, 0)
            places.scores[p] = _number(table.get("scores"), s, 0)

    def _taken(self, table, before, last):
        """(tiles, leader, taker) of the trick the last play completed, or None:
        the server's last_trick, or (once the hand is over and it is gone) the
        trick before the last play with that play added."""
        if last is None or last.get("action", BID) >= BID:
            return None
        kept = table.get("last_trick")
        if isinstance(kept, dict) and self.hand_no == _number(before, "hand_no", self.hand_no):
            return kept.get("tiles") or [], kept.get("leader", 0), kept.get("taker", 0)
        tiles = before.get("trick")
        if not isinstance(tiles, list) or len(tiles) != 3:
            return None
        tiles = tiles + [last["action"] >> 3]
        led = before.get("led")
        leader = _number(before, "leader", 0)
        best = 0
        for i in range(4):
            if isinstance(led, int) and power(tiles[i], led) > power(tiles[best], led):
                best = i
        return tiles, leader, (leader + best) % 4

    def _show_trick(self, trick, leader, led):
        for p in range(4):
            self.shown[p] = 255
        for i in range(min(len(trick), 4)):
            self.shown[self._place(leader + i)] = trick[i]
        self.led_by = self._place(leader)
        self.led = led if isinstance(led, int) and trick else -1
        if self.mode == TRICK:
            self.mode = PLAY

    def _show_taken(self, tiles, leader, taker):
        self._show_trick(tiles, leader, None)
        self.taker = self._place(taker)
        self.mode = TRICK
        self.frames = 0
        who = self.play.names[taker % 4]
        self.action = "%s %s the trick" % (who, "take" if who == "You" else "takes")
        self.app.say(self.action + ".")

    def _end_of_hand(self, table, before, taker):
        """The figures of the hand just over, shown with its last trick and then
        on the hand's end: its bids and tricks (the last trick counted) and the
        match totals after it."""
        over = self.play.to_move < 0 and self.hand_no == _number(before, "hand_no", 0)
        source = table if over else before
        ended = self.ended
        for s in range(4):
            p = self._place(s)
            ended.bids[p] = _number(source.get("bids"), s, 0)
            ended.taken[p] = _number(source.get("taken"), s, 0) + (0 if over or s != taker else 1)
            ended.scores[p] = _number(table.get("scores"), s, 0)
        hand = _number(source, "hand_no", 1)
        self.hand_title = "Hand %d of %d" % (hand, _number(table, "hands", 5))
        self.ended_pending = True

    # --- each frame ---------------------------------------------------------------

    def update(self):
        play = self.play
        if not play.update():
            return
        app = self.app
        if play.changed:
            self._follow()
        if play.notice:
            self._notify(play.notice)
            play.notice = ""
        if self.notice_frames:
            self.notice_frames -= 1
        self.frames += 1
        buttons = app.buttons
        self.totals = buttons.pressed(UP) or buttons.pressed(DOWN)
        if play.pressed:
            return
        decided = self.confirm.update()
        if decided == YES:
            play.client.request("leave")
        if decided or self.confirm.open:
            return
        if self.mode == TRICK and (self.frames >= _TRICK_FRAMES or buttons.just_pressed(A)):
            self._after_trick()
            return
        if self.mode == HAND_END:
            if self.frames >= _HAND_FRAMES or buttons.just_pressed(A):
                self._catch_up()
            self._foot()
            return
        if self.mode == PLAY and play.to_move < 0 and play.client.over is not None:
            app.go("payout", play.client)
            return
        if play.mine:
            action = self.choice.update(play.hand, play.legal, play.texts)
            if action >= 0:
                play.act(action)
        if buttons.just_pressed(B) and not self.choice.back():
            app.sound.play(tunes.SELECT)
            self.confirm.ask("Leave the match? It counts as a forfeit: the fee stays in "
                             "the pot.")
        if self.mode == PLAY:
            self._next_words()

    def _after_trick(self):
        self.taker = -1
        self.frames = 0
        if self.ended_pending:
            self.ended_pending = False
            self.mode = HAND_END
            self.app.say(self.hand_title + " over.")
            self._foot()
        else:
            self._show_trick((), 0, None)

    def _catch_up(self):
        """The hand's end put away: the table as the latest view has it."""
        table = self.play.table
        self.mode = PLAY
        self.hand_no = _number(table, "hand_no", 1)
        self._figures(table)
        trick = table.get("trick") if isinstance(table.get("trick"), list) else []
        self._show_trick(trick, _number(table, "leader", 0), table.get("led"))
        self._next_words()

    def _foot(self):
        play = self.play
        if play.to_move < 0:
            foot = "A: the result"
        elif play.legal:
            foot = "A: your turn, %d s" % play.seconds()
        else:
            foot = "A: next hand"
        if foot != self.foot:
            self.foot = foot

    def _next_words(self):
        """The action line while the match goes on."""
        play = self.play
        if self.totals:
            words = "Hand %d: totals" % self.hand_no
        elif play.mine:
            words = "Your turn"  # (the bid and the call are drawn with their number)
        elif play.to_move >= 0:
            words = ""
        else:
            words = "The match is over"
        if words != self.action:
            self.action = words

    def _notify(self, words):
        lines = text.wrap(words, 124)
        self.notice_lines = lines if len(lines) == 1 else text.wrap(words, _NOTICE_W - 6)
        self.notice_frames = _NOTICE_FRAMES

    # --- drawing --------------------------------------------------------------------

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        if self.mode == HAND_END:
            ended = self.ended
            title(fb, self.hand_title)
            pokertable.hand_end(fb, self.short, ended.bids, ended.taken, ended.scores)
            centre(fb, self.foot, 56)
            return
        play = self.play
        mover = self._place(play.to_move) if play.to_move >= 0 and self.mode == PLAY else -1
        figures = self.ended if self.ended_pending else self.places
        pokertable.seats(fb, figures, mover, self.totals, self.names)
        pokertable.trick(fb, self.shown, self.taker if self.mode == TRICK else -1, self.led_by,
                         self.led)
        mine = play.mine
        pokertable.your_time(fb, play.state, play.seconds() if mine else -1)
        self._draw_action(mine)
        if mover > 0 and self.mode == PLAY:
            pokertable.dots(fb, figures, mover, self.frames, self.totals, self.names)
        choice = self.choice
        choosing = mine and choice.picking()
        cursor = choice.cursor if choosing and (choice.mode == TILES or choice.tile >= 0) else -1
        hand = () if self.ended_pending else play.hand  # every tile of it played
        tableview.hand(fb, hand, choice.playable if choosing else tableview.PLAIN, 0,
                       cursor, tableview.NO_STOCK)
        if self.notice_frames:
            lines = self.notice_lines
            h = 3 + 7 * len(lines)
            top = pokertable.ACTION_Y + 6 - h
            w = 128 if len(lines) == 1 else _NOTICE_W
            box(fb, (128 - w) // 2, top, w, h)
            for i in range(len(lines)):
                centre(fb, lines[i], top + 2 + 7 * i)
        self.confirm.draw()

    def _draw_action(self, mine):
        fb = self.app.fb
        y = pokertable.ACTION_Y
        play = self.play
        words = self.action
        if self.mode == PLAY and not self.totals:
            if play.countdown_ms:
                pokertable.words_number(fb, "Get ready: ", play.countdown(), "", y)
                centre(fb, "Hold UP: totals", 19)
                return
            action = self.choice.current()
            if mine and action >= BID:
                pokertable.words_number(fb, "Your bid  < ", action - BID, " >", y)
                return
            if mine and action >= 0:
                pokertable.words_number(fb, "Lead as  < ", action & 7, " >", y)
                return
        centre(fb, words, y)


def _number(source, key, default):
    """source[key] if it is an int (source a dict, or a list and key an index)."""
    if isinstance(source, dict):
        value = source.get(key)
    elif isinstance(source, list) and isinstance(key, int) and key < len(source):
        value = source[key]
    else:
        value = None
    return value if isinstance(value, int) else default
