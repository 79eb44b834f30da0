"""The match being played on the handheld: the engine, who sits where, the record,
and a save after every action so that a power cut loses nothing.

A seat is "human:NAME" or "handheld:LEVEL" (the names a record's `players:`
header holds). Handheld decisions take a generator derived from the match seed
and the action number, so a resumed match plays on exactly as it would have.

The game is All Fives, Spectacular Bid (`kind` "bid") or one of the draw-and-block
family (`kind` one of core.blockrules.GAMES, `line` True: core.line's engine, a
record whose actions take two bytes each in the save). A bid match is timed:
the screens call `tick(ms)` every frame while a decision is under way (not while
a deal, the scores or a handover are shown), and every action is made with the
time its decision took since the previous action, as the match clock needs.
"""

from core.actions import DRAW, TIMEOUT
from core.drawgame import HAND_OVER, Illegal, MATCH_OVER, PLAYING
from core.rng import derive
from core.view import View
from hw.journal import chunk
from players import thinker

from ui.matchsave import (
    DONE_KEY,
    handheld,
    LAST_KEY,
    next_number,
    summary,
)

SEPARATOR = b"\n---\n"
ACTIONS = b"A"  # journal chunks: actions (as Session._body() makes them)
DEALT = b"D"  # and the number of hands dealt, when a hand is dealt
TAKEN = b"T"  # and what a timed decision under way had taken when put away
OWN_PLAYERS = ("allfives", "bid")  # the games with players of their own


class Session:
    def __init__(self, options, seed, seats, game="allfives"):
        self.seed = seed
        self.seats = list(seats)
        self.kind = game
        self.timed = game == "bid"
        self.line = game not in OWN_PLAYERS
        # The screen that shows the table of this match (the pause menu goes back to it).
        self.table_screen = "linetable" if self.line else "table"
        if self.timed:
            from core.bid import rules  # only a duel needs it

            options = rules()
        self.options = options
        self.game = _new_game(game, options, seed)
        if self.line:
            self.options = self.game.options
        self.record = _new_record(game, self.options, seed, self.seats, self.line)
        self.elapsed = 0  # ms the decision under way has taken since its last action
        self._humans = sum(1 for s in range(len(self.seats)) if self.is_human(s))
        # A thinker (start, step, action) for every handheld seat: one a level,
        # shared by the seats that play it, since one seat decides at a time and a
        # thinker keeps nothing from one decision to the next. Kozel's three hard
        # seats with a thinker each held 5 KB more heap at its busiest.
        made = {}
        self._thinkers = {}
        for s in range(len(self.seats)):
            if not self.is_human(s):
                name = self.name(s)
                if name not in made:
                    made[name] = thinker(name, "block" if self.line else None)
                self._thinkers[s] = made[name]
        self._thinking = -1  # the seat deciding
        self._started = False  # ... and whether its decision has started
        self._view = None  # the handheld seats' view (see view())
        self.events = []
        self.number = -1  # the match's number in the journal, once saved there
        self._kept = 0  # actions, and hands dealt, the journal holds
        self._kept_hands = 0

    # --- who plays ------------------------------------------------------------

    def is_human(self, seat):
        return self.seats[seat].startswith("human:")

    def name(self, seat):
        return self.seats[seat].split(":", 1)[1]

    def humans(self):
        """How many seats are human (counted once: screens ask every frame)."""
        return self._humans

    def to_move(self):
        """The seat whose decision the match waits for (a play or an auction call),
        or -1 between hands and at the end."""
        state = self.game.state
        return self.game.turn if state != HAND_OVER and state != MATCH_OVER else -1

    @property
    def auction(self):
        """A bid match waits for a call in the auction for the opening."""
        return self.game.state not in (PLAYING, HAND_OVER, MATCH_OVER)

    def view(self, seat):
        """What `seat` may see of the match, as its players take it: one view, made
        at the first decision and brought up to date for each one after. A decision's
        start is where a board's heap is tightest, and a new view there grew its
        attributes while the thinker still held the last one."""
        if self._view is not None:
            self._view.refresh(self.game, seat)
        elif self.timed:
            from core.view import BidView

            self._view = BidView(self.game, seat)
        elif self.line:
            from core.blockview import LineView

            self._view = LineView(self.game, seat)
        else:
            self._view = View(self.game, seat)
        return self._view

    def waiting_for_human(self):
        seat = self.to_move()
        return seat >= 0 and self.is_human(seat)

    # --- moving the match on --------------------------------------------------

    def deal(self):
        """Deal the next hand (the first one too)."""
        self.events = self.game.start_hand()
        return self.events

    def play(self, action):
        """A human's action: applied, recorded and saved; raises Illegal and changes
        nothing when the rules refuse it."""
        if not self.waiting_for_human():
            raise Illegal("it is not your turn")
        return self._apply(action)

    def start_thinking(self):
        """The handheld seat to move is to decide; then `think_step()` until it
        returns True, then `finish_thinking()` (the screen keeps drawing meanwhile)."""
        seat = self.to_move()
        if seat < 0 or self.is_human(seat):
            raise Illegal("no handheld player is to move")
        self._thinking = seat
        self._started = False

    def think_step(self):
        """One bounded piece of the decision: True once it is made, False while it
        is not. The first piece only starts it (the player's view, its set-up; a
        one-shot player's whole choice) and returns None: on a board the frame of
        the move before has that move's own work, its save and its words, so the
        decision starts on the next frame, and its set-up tells nothing of how
        long a step takes (ui.thinking takes no other step on that frame)."""
        thinker = self._thinkers[self._thinking]
        if not self._started:
            self._started = True
            rng = derive(self.seed, len(self.record.actions))
            thinker.start(self.view(self._thinking), rng)
            return None
        return thinker.step()

    def finish_thinking(self):
        """Make the handheld's decided action; returns the events."""
        action = self._thinkers[self._thinking].action
        self._thinking = -1
        return self._apply(action)

    def think(self):
        """Decide and act in one go (demos, tests); returns the events."""
        self.start_thinking()
        while not self.think_step():
            pass
        return self.finish_thinking()

    def _apply(self, action):
        if self.timed:
            self.events = self.game.apply(action, self.elapsed)
            self.record.add(action, self.elapsed)
            self.elapsed = 0
        else:
            self.events = self.game.apply(action)
            self.record.add(action)
        return self.events

    # --- the match clock (bid) ------------------------------------------------

    def tick(self, ms):
        """Count `ms` more of the decision under way. Returns the events of the
        mover's loss on time once the decision has taken all its time (and saves
        nothing: the caller saves after events), else None."""
        seat = self.to_move()
        if not self.timed or seat < 0:
            return None
        self.elapsed += ms
        if self.elapsed < self.game.clock.left(seat):
            return None
        return self._apply(TIMEOUT)

    def bank(self, seat):
        """The ms left in `seat`'s bank, counting down once the delay is used up."""
        return self.game.clock.shown_bank(seat, self._spent(seat))

    def delay(self, seat):
        """The ms left of the running decision's delay, or -1 when `seat` is not to
        move. Both are ints, so a frame can draw the clocks without allocating."""
        if seat != self.to_move():
            return -1
        return self.game.clock.shown_delay(self._spent(seat))

    def _spent(self, seat):
        """How long the decision of `seat` (if it is under way) has taken so far."""
        if seat != self.to_move():
            return 0
        return self.game.clock.spent + self.elapsed

    @property
    def over(self):
        return self.game.state == MATCH_OVER

    @property
    def between_hands(self):
        return self.game.state == HAND_OVER

    def can_draw(self):
        return DRAW in self.game.legal()

    # --- saving ---------------------------------------------------------------

    def _header(self):
        """The record's header as text: what a match needs to be played again."""
        header = "game: %s\nseed: %d\nplayers: %s" % (self.kind, self.seed, ",".join(self.seats))
        if not self.timed:  # the duel's rules are fixed
            header += "\noptions: " + self.options.text()
        return header

    def _body(self, start, head=b""):
        """`head`, then the actions from number `start` on, in one bytearray (the
        whole match at its end is a heap peak: never copied twice): one byte
        each; a draw-and-block match's take two (little-endian: a two-double play
        is above a byte), a bid match's six: the action and its time in ms, both
        little-endian."""
        actions = self.record.actions
        size = 2 if self.line else 6 if self.timed else 1
        body = bytearray(len(head) + size * (len(actions) - start))
        body[:len(head)] = head
        at = len(head)
        for i in range(start, len(actions)):
            _put(body, at, actions[i], 1 if size == 1 else 2)
            if self.timed:
                _put(body, at + 2, self.record.times[i], 4)
            at += size
        return body

    def encode(self):
        """The whole match in one piece (the finished match kept as "last"): the
        header, the number of hands dealt (so a hand dealt but not yet played
        comes back dealt), then the actions."""
        header = self._header() + "\nhands: %d" % self.game.hand_no
        return self._body(0, header.encode() + SEPARATOR)

    def save(self, storage):
        """Keep what happened since the last save in the match journal: a chunk of
        the new actions and one for a new hand dealt, appended, so a save costs
        the same at any length of match. A new match, or one whose journal a
        failed write or damage left uneven, is written anew. False if the flash
        refused it (the save before stays; the next save tries again)."""
        journal = storage.match
        fresh = self.number < 0 or not journal.whole
        if fresh:
            if self.number < 0:
                self.number = next_number(storage)
            self._kept = self._kept_hands = 0
        body = b""
        if len(self.record.actions) > self._kept:
            body = chunk(ACTIONS, self._body(self._kept))
        if self.game.hand_no > self._kept_hands:
            body += chunk(DEALT, self.game.hand_no.to_bytes(2, "big"))
        if fresh:
            done = journal.start(self.number, self._header().encode(), body)
        else:
            done = not body or journal.append(body)
        if done:
            self._kept = len(self.record.actions)
            self._kept_hands = self.game.hand_no
            # Made (2.7 ms on a board) only when the scores have changed: the
            # players do not.
            journal.note_of(self.number, tuple(self.game.scores), self.summary)
        return done

    def put_away(self, storage):
        """Quit to menu: saved, and a duel's decision under way keeps the time it has
        taken, so that Continue brings it back as it was, not with a fresh delay
        (quitting and continuing would otherwise give a player all the time in the
        world). A power cut keeps the time of the last action only."""
        if self.save(storage) and self.timed and self.elapsed:
            storage.match.append(chunk(TAKEN, self.elapsed.to_bytes(4, "big")))

    def summary(self):
        """What the main menu shows for Continue (ui.matchsave.summary)."""
        if self.line:
            from ui.narrate_line import GAME_TITLES

            title = GAME_TITLES[self.kind]
        else:
            title = "Spectacular Bid" if self.timed else "All Fives"
        names = [self.name(s) if self.is_human(s) else handheld(self.name(s))
                 for s in range(len(self.seats))]
        return summary(title, names, self.game.scores)


def _new_game(kind, options, seed):
    """The engine of a match: All Fives, Spectacular Bid (imported only for a duel)
    or a draw-and-block game (core.line, imported only for one)."""
    if kind == "bid":
        from core.bid import Bid

        return Bid(seed)
    if kind == "allfives":
        from core.allfives import AllFives

        return AllFives(options, seed)
    from core.line import LineGame

    return LineGame(kind, options, seed)  # ValueError for an unknown game


def _new_record(kind, options, seed, seats, line):
    if line:
        from core.blockrecord import BlockRecord

        return BlockRecord(kind, options, seed, seats)
    from core.record import Record

    return Record(options, seed, seats, kind)


def _put(buffer, at, value, size):
    for n in range(size):
        buffer[at + n] = value >> 8 * n & 255


def retire(storage, session, record):
    """The match is over: `record()` puts its results into the profiles, and the
    finished match is kept as "last" and marked retired, all in the save's values,
    for retired() to write in one go. A match retired already (a power cut came
    after that write) records nothing again. Returns whether anything was put."""
    if session.number >= 0 and storage.get(DONE_KEY) == session.number:
        return False
    record()
    storage.set(LAST_KEY, session.encode())
    if session.number >= 0:
        storage.set(DONE_KEY, session.number)
    return True


def retired(storage, put):
    """Write what retire() put (if it put anything) in one write of the save, then
    clear the match journal (on a board's log, in that same write). False if the
    save could not be written: the journal stays, and after a reboot the match
    ends again."""
    if put:
        return storage.save(True)
    storage.match.clear()
    return True
