"""What the games dealt from a stock and played on a line of ends share: All Fives
(core.allfives, with its spinner) and the draw-and-block family (core.line).

A game built on DrawGame calls `DrawGame.__init__` for the state they share and
gives the methods of "what each game gives" below; `apply` is `check` then
`apply_legal`.

`apply_legal` makes an action taken from `legal()` for the state it was listed
in without checking it again: what `apply` does for a legal action, with the
same events and state, for play-outs and anything else that takes its actions
from `legal()`. An action that is not legal there breaks the hand's state.
"""

from micropython import const

from core import events as ev
from core.actions import DRAW
from core.table import E, LEAD, LEAD_FLIP, N, S, W
from core.tiles import BIT_TILE, count, HIGH, LOW, name, NUMBER

PLAYING = const(0)
HAND_OVER = const(1)
MATCH_OVER = const(2)


class Illegal(Exception):
    """An action the rules refuse; the message is meant for the player."""


class DrawGame:
    def __init__(self, seats, table):
        self.table = table
        self.hands = [0] * seats
        self.scores = [0] * seats
        self.stock = bytearray(28)  # stock[drawn:stock_size] is the stock in drawing order
        self.stock_size = 0
        self.drawn = 0
        # Public knowledge about each hand: the numbers it is known to lack, and
        # how many of its tiles came from the stock since that was learnt.
        self.lacks = bytearray(seats)
        self.free = bytearray(seats)
        # This hand's public history, one int an action: action << 2 | seat (draws
        # without the tile). Ints, not (seat, action) pairs: a tuple a move was
        # 16 bytes of a board's heap (and every view copies the list).
        self.log = []
        self.events = []
        self.hand_no = 0
        self.state = HAND_OVER
        self.turn = 0
        self.leader = 0
        self.next_leader = 0
        self.last_player = 0
        self.forced_lead = -1
        self.winner = -1

    # --- what each game gives ----------------------------------------------

    def check(self, action):
        """None if the seat to move may make `action`, else the reason it may not."""
        raise NotImplementedError

    def apply_legal(self, action):
        """Make an action taken from legal() without checking it again; returns
        the events."""
        raise NotImplementedError

    def drawable(self):
        """How many tiles can still be drawn."""
        raise NotImplementedError

    def fitting(self, hand):
        """The tiles of `hand` that could be played now."""
        raise NotImplementedError

    # --- what they share ----------------------------------------------------

    def apply(self, action):
        """Make the action of the seat to move, or raise Illegal and change nothing."""
        reason = self.check(action)
        if reason is not None:
            raise Illegal(reason)
        return self.apply_legal(action)

    def _plays(self, out, mask):
        """Append to `out` every play of the tiles of `mask` (fitting tiles only):
        a lead both ways round, or each open end it fits, in tile order."""
        table = self.table
        if table.n == 0:
            while mask:
                b = mask & -mask
                mask ^= b
                t = BIT_TILE[b % 37]
                out.append(t * 8 + LEAD)
                if LOW[t] != HIGH[t]:
                    out.append(t * 8 + LEAD_FLIP)
            return
        # The tiles that fit each open end, as masks made once per call.
        value = table.value
        w = mask & NUMBER[value[W]]
        e = mask & NUMBER[value[E]]
        n = s = 0
        if table.spinner >= 0 and table.branches_open():
            n = mask & NUMBER[value[N]]
            s = mask & NUMBER[value[S]]
        branches = n | s
        while mask:
            b = mask & -mask
            mask ^= b
            a = BIT_TILE[b % 37] * 8
            if w & b:
                out.append(a + W)
            if e & b:
                out.append(a + E)
            if branches & b:
                if n & b:
                    out.append(a + N)
                if s & b:
                    out.append(a + S)

    def _blocked(self):
        """Nothing can be drawn and no hand holds a tile that fits (asked after
        every action: the hands' union against the open ends, not every seat's
        playable tiles in turn)."""
        table = self.table
        if table.n and self.hands[self.turn] & table.open_tiles:
            return False  # the seat to move can play: the usual answer, found first
        if self.drawable() > 0:
            return False
        held = 0
        for h in self.hands:
            held |= h
        return not self.fitting(held)

    def _closed(self):
        """Why no action can be made now (the hand or the match is over), or None."""
        if self.state == MATCH_OVER:
            return "the match is over"
        if self.state != PLAYING:
            return "the hand is over"
        return None

    def _check_tile(self, seat, t, where):
        """Why the seat may not play t at `where`, as far as holding it and the
        lead go, or None (on a table with tiles, whether it fits is still to check)."""
        if not self.hands[seat] >> t & 1:
            return "you do not hold " + name(t)
        if self.table.n == 0:
            if where < LEAD:
                return "the first tile of a hand needs no end"
            if where == LEAD_FLIP and LOW[t] == HIGH[t]:
                return "unknown action"
            if self.forced_lead >= 0 and t != self.forced_lead:
                return "%s must lead this hand" % name(self.forced_lead)
            return None
        if where >= LEAD:
            return "the lead has been played: choose an end"
        return None

    def _take(self, seat):
        """The seat draws the next tile of the stock; returns it."""
        t = self.stock[self.drawn]
        self.drawn += 1
        self.hands[seat] |= 1 << t
        self.free[seat] += 1
        self.log.append(DRAW << 2 | seat)
        self.events.append((ev.DREW, seat, t, 0))
        return t

    def _learn_lacks(self, seat):
        # The seat has shown that no tile of its hand matches the open ends. What
        # it showed before still holds only if it has drawn nothing since.
        shown = self.table.open_numbers()
        if self.free[seat]:
            self.lacks[seat] = shown
        else:
            self.lacks[seat] |= shown
        self.free[seat] = 0

    def _put(self, seat, t, where):
        """Take t from the seat's hand and put it down at `where`."""
        hand = self.hands[seat] & ~(1 << t)
        self.hands[seat] = hand
        free = self.free[seat]
        if free:
            lacked = self.lacks[seat]
            if lacked >> LOW[t] & 1 or lacked >> HIGH[t] & 1:
                free -= 1  # it can only have come from the stock
            left = count(hand)
            self.free[seat] = free if free < left else left
        self.table.place(t, where)
        self.events.append((ev.PLAYED, seat, t, where))
