"""What one seat of Domino Poker may know (RULES.md section 6): the players' only input.

Built from the engine's public state plus the seat's own hand; it holds no
reference to the engine or the other hands, so a player deciding from it cannot peek.
"""

from core.poker import follows, SEATS, SUIT, TRUMP, TRUMPS, trumps_above
from core.tiles import ALL, count


class PokerView:
    def __init__(self, game, seat):
        self.seat = seat
        self.hand = game.hands[seat]
        self.options = game.options
        self.state = game.state
        self.hand_no = game.hand_no
        self.dealer = game.dealer
        self.turn = game.turn
        self.leader = game.leader
        self.led = game.led  # TRUMP, a number, or -1 before the lead
        self.top = game.top
        self.best = game.best
        self.trick = bytes(game.trick[: game.trick_n])
        self.bids = bytes(game.bids)  # NO_BID for a seat yet to bid
        self.taken = bytes(game.taken)
        self.scores = tuple(game.scores)
        self.sizes = tuple(count(h) for h in game.hands)
        self.played = game.played
        # Tiles this seat cannot see: in the other hands.
        self.unseen = ALL & ~self.hand & ~game.played
        self.lacks = bytes(game.lacks)
        self.cap = bytes(game.cap)
        self.legal = game.legal() if game.turn == seat else []

    def could_hold(self, seat):
        """The unseen tiles that `seat` could hold, given what it has shown it lacks."""
        m = self.unseen
        lacked = self.lacks[seat]
        for n in range(7):
            if lacked >> n & 1:
                m &= ~SUIT[n]
        if lacked >> TRUMP & 1:
            m &= ~TRUMPS
        else:
            m &= ~trumps_above(self.cap[seat])
        return m

    def may_play(self):
        """This seat's tiles that may be played to the trick now."""
        return follows(self.hand, self.led, self.top)

    def others(self):
        """The other seats, from this seat's left."""
        return [(self.seat + i) % SEATS for i in range(1, SEATS)]
