"""What one seat may know (docs/rules.md section 6): the only input of handheld players.

A view is built from the engine's public state plus the seat's own hand. It holds
no reference to the engine, the other hands or the stock order, so a player that
decides from it cannot peek.
"""

from core.tiles import ALL, count, NUMBER


class View:
    def __init__(self, game, seat):
        self.table = game.table.clone()
        self.refresh(game, seat)

    def refresh(self, game, seat):
        """Become `seat`'s view of `game` as it is now, in place: a board's session
        keeps one view for all its decisions (ui.session), whose attributes are
        then set again rather than grown anew while the last view is still held."""
        self.seat = seat
        self.hand = game.hands[seat]
        self.table.copy_from(game.table)
        self.options = game.options
        self.scores = tuple(game.scores)
        self.hand_sizes = tuple(count(h) for h in game.hands)
        self.stock = game.drawable()  # tiles that can still be drawn
        self.stock_total = game.stock_size - game.drawn  # including any kept tiles
        # Tiles this seat cannot see: in another hand or in the stock.
        self.unseen = ALL & ~self.hand & ~game.table.mask
        self.lacks = bytes(game.lacks)
        self.free = bytes(game.free)
        self.log = tuple(game.log)
        self.forced_lead = game.forced_lead
        self.legal = game.legal() if game.turn == seat else []

    @property
    def opponent(self):
        return 1 - self.seat

    def could_hold(self, seat):
        """The unseen tiles that `seat` could hold, given what it has shown it lacks."""
        if self.free[seat]:
            return self.unseen
        lacked = self.lacks[seat]
        m = self.unseen
        for n in range(7):
            if lacked >> n & 1:
                m &= ~NUMBER[n]
        return m


class BidView(View):
    """A seat's view of Spectacular Bid: the above (`scores` are the balances), the
    state, the auction and both clocks, all public."""

    def refresh(self, game, seat):
        View.refresh(self, game, seat)
        self.state = game.state
        self.jockey = game.jockey
        self.high_bid = game.high_bid
        self.bidder = game.bidder
        self.bank = tuple(game.clock.bank)
