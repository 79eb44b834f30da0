"""Domino Poker (RULES.md section 4): you (seat 1, at the bottom) against three handheld players.

First a short setup (Start, their level, the match length: the last ones chosen
come back). Then, on the table (drawn by ui/pokertable.py): CPU 2 sits on the
left, CPU 3 across, CPU 4 on the right, each with its name (lit while it is to
act), bid and tricks taken; the trick is laid in the middle by where each tile's
player sits, what its lead calls beside the led tile; your hand runs along the
bottom, the tiles you may not play dimmed. Controls on your turn:
    LEFT/RIGHT  the bid (0-7), or a tile of your hand
    A           bid, or play the tile; leading a two-number tile, LEFT/RIGHT then
                choose the called number and A leads it (B goes back)
    UP/DOWN     held: every seat's match total in place of its bid and tricks
Your turn's seconds show at the right of your line (10 s; a 10 s countdown, your
hand in view, comes before the first bid). When they run out the handheld plays
for you, the medium level's choice; three missed turns in a row and it plays for
you until you press a button. A taken trick stays a moment, with who took it,
then the table is cleared. A hand's end shows the bids, tricks and points (A: the
next hand); the match's end the standings and how a tie was broken (A: the menu).

B (except while choosing the called number) opens the pause menu over the
table (screens/pokerpause.py): the scores, Resume, the rules, sound, and Quit to
menu, which keeps the match; the timer and the handheld players wait meanwhile.

The match is saved in the match journal after every action (ui/pokersave.py);
"Continue" on the main menu, or atop the setup, brings it back after a power
cut exactly where it was (a turn under way starts its 10 s afresh). At the end
the coins a 1st or 2nd place earns go into the profile's wallet (ui/wallets.py)
in the same write that retires the match.
"""

from core import events as ev
from core.poker import (
    BID,
    BIDDING,
    HAND_OVER,
    HANDS,
    led_by,
    MATCH_OVER,
    NO_CALL,
    Options,
    Poker,
    SEATS,
    TRUMPS,
)
from core.pokerrecord import PokerRecord
from core.pokertimer import AUTOPLAY, TurnTimer
from core.pokerview import PokerView
from core.rng import derive
from core.tiles import HIGH, LOW, name
from gfx import text
from hw.buttons import A, ALL, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from players import thinker
from players.poker_medium import choose as medium
from ui import pokertable, profiles, redraw, tableview, tunes
from ui.controls import BACK, CHANGED, CHOSEN, Menu
from ui.matchsave import forget, game_of, pending
from ui.pokersave import LEVELS, load, players, PokerSave
from ui.redraw import Redraw
from ui.replacing import Replacing
from ui.thinking import think
from ui.widgets import box, centre, title

SETUP = const(0)
COUNTDOWN = const(1)
YOUR_BID = const(2)
YOUR_TILE = const(3)
YOUR_CALL = const(4)
THINKING = const(5)
TRICK = const(6)
HAND_END = const(7)
MATCH_END = const(8)

_THINK_FRAMES = const(12)  # a handheld player's short, visible pause
_TRICK_FRAMES = const(48)  # a taken trick stays in view this long, then is cleared
_NOTICE_FRAMES = const(75)
_NOTICE_W = const(78)  # a notice of more than a line: as wide as between the side seats
_SETUP_KEY = "setup_poker"  # the set-up of last time: "medium 5"
_LEVEL_LABELS = ("Easy", "Medium", "Hard")  # LEVELS as the set-up shows them
# What a missed turn makes of you (by the number missed in a row), and its notice.
_NOTICES = ("", "Late: handheld played", "Late again: inactive", "Autoplay: press a key")


class Screen:
    def __init__(self, app, resume=False):
        """`resume`: the main menu's Continue, straight back into the saved match."""
        self.app = app
        self.fb = app.fb
        self.player = profiles.active(app.storage)
        self.mode = SETUP
        storage = app.storage
        self.saved = pending(storage) >= 0 and game_of(storage) == "poker"
        # "Start" first (atop it Continue, when a match is kept), so that A A
        # plays the set-up of last time, remembered as the other games' are.
        labels: tuple = ("Start", "Opponents", "Hands")
        values: tuple = (None, _LEVEL_LABELS, tuple(str(n) for n in HANDS))
        if self.saved:
            labels = ("Continue",) + labels
            values = (None,) + values
        self.first = len(labels) - 3  # the index of "Start"
        self.menu = Menu(app, labels, values)
        self._recall()
        self.menu.announce("Domino Poker")
        self.now = 0  # milliseconds of this screen so far: the turn timer's clock
        self.timer = TurnTimer()
        self.frames = 0
        self.choice = 0  # the bid or the hand slot being chosen
        self.call = 0  # the called number being chosen
        self.tie_words = ""
        self.tiles = []
        self.notice_lines = []
        self.notice_frames = 0
        self.shown = bytearray(b"\xff\xff\xff\xff")  # the trick shown, by seat (255: none)
        self.taker = -1
        self.led_by = 0  # who led the trick shown
        self.led = -1  # what it leads (core.poker's TRUMP or a number; -1: none shown)
        self.trick_words = ""  # who took the trick, while it is shown taken
        self.totals = False  # UP or DOWN held: the seats show their match totals
        self.totals_words = ""  # the action line meanwhile
        self.last_said = ""  # the last move, in words (the "last" question)
        self.paused = None  # the pause menu, while it is open
        self.replacing = Replacing(app, self._start)  # Start over a kept match asks
        self.redraw = Redraw()  # when the table draws (see _look)
        self.started = self.decided = False  # the handheld's decision under way
        self.paid = 0  # the coins the match earned, once it is over
        if resume and self.saved:
            self._resume()

    # --- the flow of the match ------------------------------------------------

    def _begin(self, save):
        self.save = save
        self.level = level = save.level
        self.record = record = save.record
        self.seed = record.seed
        self.names = [record.players[0]] + list(pokertable.NAMES[1:])
        # As the hand end's name column has room for them ("PLAYER 1": "PLAYE.1").
        self.short_names = [text.fit(n, pokertable.NAME_W) for n in self.names]
        self.thinker = thinker(level, "poker")
        self.actions = len(record.actions)

    def _recall(self):
        """The level and match length chosen last time (medium, 5 hands at first)."""
        words = self.app.storage.get(_SETUP_KEY, "")
        level, _, hands = words.partition(" ") if isinstance(words, str) else ("", "", "")
        self.menu.set_value(self.first + 1, LEVELS.index(level) if level in LEVELS else 1)
        known = [str(n) for n in HANDS]
        self.menu.set_value(self.first + 2, known.index(hands) if hands in known else 0)

    def _chosen(self):
        """(level, hands) as the set-up shows them."""
        return LEVELS[self.menu.value(self.first + 1)], HANDS[self.menu.value(self.first + 2)]

    def _remember(self):
        level, hands = self._chosen()
        self.app.storage.set(_SETUP_KEY, "%s %d" % (level, hands))

    def _start(self):
        level, hands = self._chosen()  # remembered (and saved) as they changed
        seed = (self.app.clock.frame << 8) ^ 0x5D
        record = PokerRecord(Options(hands), seed, players(self.player, level))
        self._begin(PokerSave(level, record))
        self.game = Poker(Options(hands), seed)
        self.game.start_hand()
        self._refresh_hand()  # shown during the countdown: the first bid can be planned
        self._name_totals()
        self._save()  # kept from the start: Quit to menu keeps it even before a bid
        self.timer.countdown(self.now)
        self.mode = COUNTDOWN
        self.app.say("Domino Poker against three %s players. Get ready." % level)

    def _resume(self):
        """The saved match, exactly where it was (a turn under way starts afresh);
        one that cannot be played again is retired, and the main menu says so."""
        app = self.app
        save, game, missed, note = load(app.storage)
        if save is None:
            forget(app.storage)
            app.notice = note
            app.go("menu")
            return
        self._begin(save)
        if game.hand_no == 0:  # saved before its first bid: the seed deals it again
            game.start_hand()
        self.game = game
        self.timer.missed = missed
        if game.state == MATCH_OVER:  # a power cut came before it was retired
            self._retire()
        for i in range(game.trick_n):
            self.shown[(game.leader + i) % SEATS] = game.trick[i]
        self.led_by = game.leader
        self.led = game.led
        self.app.say("Domino Poker, hand %d, continued." % game.hand_no)
        self._next()
        if note:
            self._notify(note)

    def _save(self):
        storage = self.app.storage
        game = self.game
        self.save.save(storage, self.timer.missed, game)
        if game.state == MATCH_OVER:
            self._retire()

    def _retire(self):
        """The match is over: its coins paid and the match retired, in one write."""
        storage = self.app.storage
        place = self.game.standings().index(0) + 1

        def paid():
            from ui import wallets  # only at the end: the match is played without it

            # No board here keeps the date: rewards have no daily limit.
            self.paid = wallets.pay(storage, self.names[0], [self.level] * 3, place)

        self.save.finish(storage, paid)

    def _next(self):
        """Decide what the screen does now that the match has moved on."""
        game = self.game
        self.frames = 0
        self._refresh_hand()
        self._name_totals()
        if game.state == MATCH_OVER:
            self.mode = MATCH_END
            self.app.sound.play(tunes.WIN if game.standings()[0] == 0 else tunes.LOSE)
            self.tie_words = self._tie_words()
            coins = " You earn %d coins." % self.paid if self.paid else ""
            self.app.say(self._standings_words() + ". " + self.tie_words + coins)
            return
        if game.state == HAND_OVER:
            self.mode = HAND_END
            return
        if game.turn != 0:
            self.mode = THINKING
            self.started = self.decided = False  # it starts on the next frame
            return
        self.mode = YOUR_BID if game.state == BIDDING else YOUR_TILE
        self.choice = 0
        if self.mode == YOUR_TILE:
            playable = game.playable(0)
            while self.choice < len(self.tiles) - 1 and not playable >> self.tiles[self.choice] & 1:
                self.choice += 1
        self.timer.start(self.now)
        self.app.say("Your bid." if self.mode == YOUR_BID else "Your turn.")

    def _name_totals(self):
        game = self.game
        self.totals_words = "Hand %d of %d: totals" % (game.hand_no, game.options.hands)

    def _refresh_hand(self):
        hand = self.game.hands[0]
        self.tiles = [t for t in range(28) if hand >> t & 1]

    def _act(self, action, late=False):
        game = self.game
        events = game.apply(action, late)
        self.record.add(action, late)
        self._save()
        self.redraw.saved = True
        self.actions += 1
        self._refresh_hand()
        self.app.sound.play(tunes.PLAYED)
        for e in events:
            self._tell(e)
        if self.mode != TRICK:
            self._next()

    def _tell(self, e):
        kind, seat, a, b = e
        game = self.game
        who = self.names[seat]
        if kind == ev.BID:
            self._said("%s bids %d." % (who, a))
        elif kind == ev.PLAYED:
            call = " as %d" % b if b != NO_CALL else ""
            self._said("%s plays %s%s." % (who, name(a), call))
            self.shown[seat] = a
            if game.trick_n == 1:  # a new trick: clear the last one
                self.led_by = seat
                self.led = led_by(a, b)
                for s in range(SEATS):
                    if s != seat:
                        self.shown[s] = 255
        elif kind == ev.TRICK:
            self.taker = seat
            self.mode = TRICK
            self.frames = 0
            self.trick_words = "%s %s the trick" % (
                pokertable.NAMES[seat], "take" if seat == 0 else "takes")
            self._said("%s takes the trick." % who)
        elif kind == ev.SCORED:
            self.app.say("%s: bid %d, took %d, %d points." % (who, game.bids[seat], b, a))

    def _said(self, words):
        """Say a move, and keep it for the "last" question."""
        self.last_said = words
        self.app.say(words)

    def answer(self, question):
        """App.ask's answer while this screen is shown (ui/pokerwords.py)."""
        from ui.pokerwords import answer

        return answer(self, question)

    def _late(self):
        """The handheld acts for you with the medium level's choice."""
        game = self.game
        action = medium(PokerView(game, 0), derive(self.seed, self.actions))
        before = self.timer.state()
        state = self.timer.timed_out()
        if state != before:  # under autoplay your place says so: no box each turn
            self._notify(_NOTICES[state])
        self._act(action, True)

    def _notify(self, words):
        lines = text.wrap(words, 124)
        # More than a line goes between the side seats, so that none is covered.
        self.notice_lines = lines if len(lines) == 1 else text.wrap(words, _NOTICE_W - 6)
        self.notice_frames = _NOTICE_FRAMES
        self.app.say(words)

    # --- every frame -------------------------------------------------------------

    def update(self):
        app = self.app
        paused = self.paused
        if paused is not None:  # the match's time stands still meanwhile
            self._update_pause(paused)
            return
        self.now += app.elapsed_ms
        self.frames += 1
        buttons = app.buttons
        if self.notice_frames:
            self.notice_frames -= 1
        self.totals = buttons.pressed(UP) or buttons.pressed(DOWN)
        if self.mode == SETUP:
            if self.replacing.update():
                return
            event = self.menu.update()
            if event == BACK:
                app.go("menu", "poker")
            elif event == CHANGED:
                self._remember()
                app.storage.save()
            elif event == CHOSEN and self.menu.cursor == self.first:
                self.replacing.start()
            elif event == CHOSEN and self.menu.cursor == 0 and self.saved:
                self._resume()
            return
        if self.timer.state() == AUTOPLAY and buttons.just_pressed(ALL) and self.timer.press():
            self._notify("You play again")
            if self.mode in (YOUR_BID, YOUR_TILE, YOUR_CALL):
                self.timer.start(self.now)
            return
        mode = self.mode
        if mode not in (YOUR_CALL, MATCH_END) and buttons.just_pressed(B):
            self._pause()
            return
        if mode == COUNTDOWN:
            if not self.timer.counting_down(self.now):
                self._next()
        elif mode in (YOUR_BID, YOUR_TILE, YOUR_CALL):
            if self.timer.overdue(self.now):
                self._late()
            else:
                self._choose(buttons)
        elif mode == THINKING:
            # As at the other tables: the decision starts on the frame after the
            # move before, a frame drawn whole takes no step, and the move is made
            # on a frame of its own.
            game = self.game
            if not self.started:
                self.thinker.start(PokerView(game, game.turn), derive(self.seed, self.actions))
                self.started = True
            elif not self.decided:
                if self.redraw.steady(self._look()):
                    self.decided = think(self.thinker.step, self.app)
            elif self.frames >= _THINK_FRAMES:
                self._act(self.thinker.action)
        elif mode == TRICK:
            if self.frames >= _TRICK_FRAMES or buttons.just_pressed(A):
                self._clear_trick()  # so that a new lead starts on a bare table
                self._next()
        elif buttons.just_pressed(A):
            app.sound.play(tunes.SELECT)
            if mode == HAND_END:
                self.game.start_hand()
                self._clear_trick()
                self._next()
            else:
                app.go("menu", "poker")

    def _clear_trick(self):
        for s in range(SEATS):
            self.shown[s] = 255
        self.led = -1

    def _pause(self):
        from screens.pokerpause import Pause  # only while paused: it holds the rules

        self.app.sound.play(tunes.SELECT)
        self.paused = Pause(self.app, self.names, self.game.scores)

    def _update_pause(self, paused):
        from screens.pokerpause import ABANDONS, QUITS, RESUMED

        answer = paused.update()
        if answer == RESUMED:
            self.paused = None
            self.app.say("Resumed.")
        elif answer == QUITS:
            self.app.go("menu", "continue")
        elif answer == ABANDONS:
            forget(self.app.storage)
            self.app.go("menu", "poker")

    def _choose(self, buttons):
        game = self.game
        step = (1 if buttons.repeat(RIGHT) else 0) - (1 if buttons.repeat(LEFT) else 0)
        if self.mode == YOUR_BID:
            if step:
                self.choice = (self.choice + step) % 8
                self.app.sound.play(tunes.MOVE)
                self.app.say("Bid %d" % self.choice)
            elif buttons.just_pressed(A):
                self.timer.acted(self.now)
                self._act(BID + self.choice)
            return
        if self.mode == YOUR_CALL:
            t = self.tiles[self.choice]
            if step:
                self.call = HIGH[t] if self.call == LOW[t] else LOW[t]
                self.app.sound.play(tunes.MOVE)
                self.app.say("Call %d" % self.call)
            elif buttons.just_pressed(B):
                self.mode = YOUR_TILE
            elif buttons.just_pressed(A):
                self.timer.acted(self.now)
                self._act(t * 8 + self.call)
            return
        if step and self.tiles:
            self.choice = (self.choice + step) % len(self.tiles)
            self.app.sound.play(tunes.MOVE)
            self.app.say(name(self.tiles[self.choice]))
        elif buttons.just_pressed(A) and self.tiles:
            t = self.tiles[self.choice]
            if game.led < 0 and not TRUMPS >> t & 1 and LOW[t] != HIGH[t]:
                self.mode = YOUR_CALL
                self.call = HIGH[t]
                self.app.say("Call %d or %d" % (HIGH[t], LOW[t]))
                return
            reason = game.check(t * 8 + NO_CALL)
            if reason is not None:
                self.app.sound.play(tunes.ERROR)
                self._notify(reason)
                return
            self.timer.acted(self.now)
            self._act(t * 8 + NO_CALL)

    def _tie_words(self):
        """How the winner was told from the runner-up when their totals tied ("" if not)."""
        game = self.game
        first, second = game.standings()[:2]
        why = game.decided_by(first, second)
        if why == 1:
            return "Tied: more bids, %d to %d" % (game.bid_sums[first], game.bid_sums[second])
        if why == 2:
            return "Tied: more tricks, %d to %d" % (game.trick_sums[first], game.trick_sums[second])
        return "Tied: nearer dealer's left" if why == 3 else ""

    def _standings_words(self):
        order = self.game.standings()
        return "Match over. " + ", ".join(
            "%d. %s %d" % (i + 1, self.names[s], self.game.scores[s]) for i, s in enumerate(order)
        )

    # --- drawing -------------------------------------------------------------------

    def _look(self):
        """What of the table may change while a handheld thinks, but its dots: a
        notice, a failed save's note, the totals held (see ui.redraw)."""
        return ((self.notice_frames > 0) | (self.app.failure_frames > 0) << 1
                | self.totals << 2)

    def draw(self):
        fb = self.fb
        what = self.redraw.what(self.mode == THINKING and self.paused is None, self._look())
        if what != redraw.WHOLE:
            if what == redraw.DOTS:
                pokertable.dots(fb, self.game, self.game.turn, self.frames, self.totals)
            return
        fb.fill(0)
        if self.paused is not None:
            self.paused.draw()
            return
        mode = self.mode
        if mode == SETUP:
            title(fb, "Domino Poker")
            self.menu.draw()
            self.replacing.draw()
            return
        if mode == HAND_END:
            self._draw_hand_end()
            return
        if mode == MATCH_END:
            self._draw_match_end()
            return
        game = self.game
        yours = mode in (YOUR_BID, YOUR_TILE, YOUR_CALL)
        pokertable.seats(fb, game, game.turn if yours or mode == THINKING else -1, self.totals)
        pokertable.trick(fb, self.shown, self.taker if mode == TRICK else -1, self.led_by,
                         self.led)
        state = self.timer.state()
        seconds = -1
        if yours and state != AUTOPLAY:
            seconds = (self.timer.left(self.now) + 999) // 1000
        pokertable.your_time(fb, state, seconds)
        self._draw_action()
        if mode == THINKING:
            pokertable.dots(fb, game, game.turn, self.frames, self.totals)
        self._draw_hand()
        if self.notice_frames:
            # Over the action line, growing upwards: your line and every seat's
            # name and figures stay in view (a note of two lines covers the trick).
            lines = self.notice_lines
            h = 3 + 7 * len(lines)
            top = pokertable.ACTION_Y + 6 - h
            w = 128 if len(lines) == 1 else _NOTICE_W
            box(fb, (128 - w) // 2, top, w, h)
            for i in range(len(lines)):
                centre(fb, lines[i], top + 2 + 7 * i)

    def _draw_action(self):
        """The action line: what is going on, or what the held totals are."""
        fb = self.fb
        mode = self.mode
        y = pokertable.ACTION_Y
        if self.totals:
            centre(fb, self.totals_words, y)
        elif mode == COUNTDOWN:
            seconds = (self.timer.counting_down(self.now) + 999) // 1000
            pokertable.words_number(fb, "Get ready: ", seconds, "", y)
            centre(fb, "Hold UP: totals", 19)  # the middle of the table is bare meanwhile
        elif mode == YOUR_BID:
            pokertable.words_number(fb, "Your bid  < ", self.choice, " >", y)
        elif mode == YOUR_TILE:
            centre(fb, "Your turn", y)
        elif mode == YOUR_CALL:
            pokertable.words_number(fb, "Lead as  < ", self.call, " >", y)
        elif mode == TRICK:
            centre(fb, self.trick_words, y)

    def _draw_hand(self):
        # While bidding (or waiting) the hand shows plain; on your turn the
        # tiles you may not play are dimmed.
        game = self.game
        playable = game.playable(0) if self.mode in (YOUR_TILE, YOUR_CALL) else game.hands[0]
        cursor = self.choice if self.mode in (YOUR_TILE, YOUR_CALL) else -1
        tableview.hand(self.fb, self.tiles, playable, 0, cursor, tableview.NO_STOCK)

    def _draw_hand_end(self):
        fb = self.fb
        game = self.game
        title(fb, "Hand %d of %d" % (game.hand_no, game.options.hands))
        pokertable.hand_end(fb, self.short_names, game.bids, game.taken, game.scores)
        centre(fb, "A: next hand", 56)

    def _draw_match_end(self):
        fb = self.fb
        game = self.game
        order = game.standings()
        title(fb, "You win!" if order[0] == 0 else self.names[order[0]] + " wins")
        for i in range(SEATS):
            s = order[i]
            y = 11 + 9 * i
            text.draw(fb, "%d %s" % (i + 1, self.names[s]), 2, y)
            tableview.signed(fb, game.scores[s], 125, y)
        if self.tie_words:
            centre(fb, self.tie_words, 47)
        centre(fb, "+%d coins   A: menu" % self.paid if self.paid else "A: menu", 56)

