"""Choosing one of the server's legal actions with the buttons, at every online
table. The view lists them; nothing here knows a rule.

    TILES   LEFT/RIGHT go along the hand, the tiles no action plays dimmed (and,
            when an action plays no tile, a last slot for it: the stock);
            A picks the tile: its one action is made, or its ways are offered
            (the ends, a lead's called number, both doubles); DOWN draws
    WAYS    LEFT/RIGHT (or UP/DOWN) go through the ways, A makes the one shown,
            B goes back to the tiles
With no tile to play (Poker's bids) the actions themselves are the ways; Spectacular
Bid's auction has calls of its own (ui/auctionview.py, screens/onlinecross.py).
A lone draw or pass is made by itself after a moment, as at the offline tables.

    choice.reset(hand, legal)                 # each time the legal actions change
    action = choice.update(hand, legal, texts)  # -1, or the action the player made
"""

from core.actions import DRAW, is_pair, PAIR, PASS
from core.poker import BID
from core.tiles import DOUBLES, name
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const

from ui import tableview, tunes

NONE = const(0)  # not your turn
TILES = const(1)
WAYS = const(2)
FORCED = const(3)  # a lone draw or pass, made when its moment is over
FORCED_FRAMES = const(15)


class Choice:
    def __init__(self, app, poker):
        self.app = app
        self.poker = poker
        self.mode = NONE
        self.cursor = 0
        self.first_slot = 0
        self.playable = 0  # the tiles some legal action plays, as a mask
        self.ways: list = []  # the legal actions offered in WAYS
        self.way = 0
        self.others: list = []  # the legal actions that play no tile
        self.tile = -1  # the tile whose ways are offered (-1: the others)
        self.second = -1  # the other double of a two-double play (see _tiles)
        self.frames = 0

    def _tiles(self, action):
        """The tile an action plays (-1: none); a two-double play gives the first
        with .second the other."""
        self.second = -1
        if self.poker:
            return action >> 3 if action < BID else -1
        if is_pair(action):
            self.second = DOUBLES[(action - PAIR) & 7]
            return DOUBLES[(action - PAIR) >> 3]
        return action >> 3 if action < DRAW else -1

    def plays(self, action, t):
        first = self._tiles(action)
        return first == t or self.second == t

    def reset(self, hand, legal):
        self.playable = 0
        del self.others[:]
        for action in legal:
            t = self._tiles(action)
            if t < 0:
                self.others.append(action)
            else:
                self.playable |= 1 << t
                if self.second >= 0:
                    self.playable |= 1 << self.second
        self.frames = 0
        if not legal:
            self.mode = NONE
        elif not self.playable:
            self._offer(-1, self.others)
            if len(legal) == 1 and legal[0] in (DRAW, PASS) and not self.poker:
                self.mode = FORCED
        else:
            self.mode = TILES
            if not (self.cursor < len(hand) and self.playable >> hand[self.cursor] & 1):
                self.cursor = 0
                while self.cursor < len(hand) - 1 and not self.playable >> hand[self.cursor] & 1:
                    self.cursor += 1
            self._scroll(hand)

    def stock_slot(self):
        """Whether the hand has a last slot for the actions that play no tile
        (All Fives' draw beside tiles that could be played)."""
        return bool(self.others) and bool(self.playable) and self.mode != NONE

    def slots(self, hand):
        return len(hand) + (1 if self.stock_slot() else 0)

    def picking(self):
        """A tile or a way is being chosen (the hand shows the cursor)."""
        return (self.mode == TILES or self.mode == WAYS) and self.playable != 0

    def current(self):
        """The action shown in WAYS (or forced), else -1."""
        if (self.mode == WAYS or self.mode == FORCED) and self.ways:
            return self.ways[self.way]
        return -1

    def update(self, hand, legal, texts):
        """The action the player made this frame, or -1."""
        self.frames += 1
        mode = self.mode
        if mode == FORCED:
            return self.ways[0] if self.frames >= FORCED_FRAMES else -1
        buttons = self.app.buttons
        if mode == TILES:
            step = (1 if buttons.repeat(RIGHT) else 0) - (1 if buttons.repeat(LEFT) else 0)
            if step:
                self.cursor = (self.cursor + step) % self.slots(hand)
                self._scroll(hand)
                self.app.sound.play(tunes.MOVE)
                self.app.say(self._slot_words(hand))
            elif buttons.just_pressed(DOWN) and DRAW in self.others:
                return DRAW
            elif buttons.just_pressed(A):
                return self._pick(hand, legal)
            return -1
        if mode != WAYS:
            return -1
        step = 0
        if buttons.repeat(RIGHT) or buttons.repeat(DOWN):
            step = 1
        elif buttons.repeat(LEFT) or buttons.repeat(UP):
            step = -1
        if step:
            self.way = (self.way + step) % len(self.ways)
            self.app.sound.play(tunes.MOVE)
            self.app.say(self.words(legal, texts))
        elif buttons.just_pressed(A):
            return self.ways[self.way]
        elif buttons.just_pressed(B) and self.playable:
            self.mode = TILES
            self.app.sound.play(tunes.BACK)
        return -1

    def back(self):
        """Whether B now belongs to the choice (going back to the tiles)."""
        return self.mode == WAYS and self.playable

    def words(self, legal, texts):
        """The action shown, in the record's words ("" if none)."""
        action = self.current()
        return texts[legal.index(action)] if action in legal else ""

    def _pick(self, hand, legal):
        if self.cursor >= len(hand):
            self._offer(-1, self.others)
        else:
            t = hand[self.cursor]
            if not self.playable >> t & 1:
                self.app.sound.play(tunes.ERROR)
                self.app.say(name(t) + " cannot be played now.")
                return -1
            self._offer(t, [a for a in legal if self.plays(a, t)])
        if len(self.ways) == 1:
            return self.ways[0]
        self.app.sound.play(tunes.SELECT)
        return -1

    def _offer(self, t, actions):
        self.tile = t
        self.ways = actions
        self.way = 0
        self.mode = WAYS

    def _scroll(self, hand):
        if self.cursor < self.first_slot:
            self.first_slot = self.cursor
        elif self.cursor >= self.first_slot + tableview.HAND_SLOTS:
            self.first_slot = self.cursor - tableview.HAND_SLOTS + 1

    def _slot_words(self, hand):
        if self.cursor >= len(hand):
            return "the stock"
        t = hand[self.cursor]
        return name(t) + ("" if self.playable >> t & 1 else ", does not fit")
