"""What one seat of a draw-and-block game may know (RULES.md section 6).

core.view's View (the seat's hand, the line, the public history, the hidden
tiles' counts, the seat's legal actions) with what these games add: the game,
the number of players and whether they play in pairs, the tiles laid out of
play (Yard Kozel's snot), which are public and so not among the unseen, and the
scoring's public state: the counts carried, and in Kozel who writes.
"""

from core.view import View


class LineView(View):
    def refresh(self, game, seat):
        View.refresh(self, game, seat)
        self.unseen &= ~game.gone
        self.game = game.game
        self.players = game.SEATS
        self.pairs = game.options.pairs
        self.gone = game.gone
        self.leader = game.leader
        self.drawing_lead = game.drawing_lead
        self.carry = game.carry  # counts carried by eggs or a pool to the next decided hand
        self.writing = getattr(game, "writing", 0)  # Kozel: the seats writing their counts

    def opponents(self):
        """The seats not on this seat's side, as a mask."""
        mine = 5 << (self.seat & 1) if self.pairs else 1 << self.seat
        return ((1 << self.players) - 1) & ~mine
