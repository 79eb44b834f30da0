"""All Fives and Spectacular Bid online: screens/onlineline.py's table (its
controls, the server's clock, the hand's end, the payout) with the cross of the
offline table (ui/tableview.py): the centre and each arm's outer tile, the other
player's name and tile count at the top left, the stock and the count, the
score column and the pile of covered tiles at the right, and in Spectacular Bid
both match clocks (the other player's under its count, yours above the count).

Spectacular Bid's auction has the offline auction's look (ui/auctionview.py):
both balances as stacks with their names and clocks, the bid standing between
them, and on your call the two calls (UP/DOWN between a bid and decline or
accept, LEFT/RIGHT the amount, A calls).

While you choose where a tile goes its place blinks and an arrow marks each end
it may take (LEFT/RIGHT, or UP/DOWN, go through them); the stock is the hand's
last slot while a draw is allowed (DOWN draws too).
"""

from core.actions import amount_of, is_bid
from core.table import Table
from gfx import domino, text
from hw.buttons import A
from micropython import const
from ui import auctionview, tableview, tunes

from screens import onlineline

_UPPER_Y = const(38)
_LOW_Y = const(45)
_STATUS_RIGHT = const(83)


class Screen(onlineline.Screen):
    TABLE = Table

    def __init__(self, app, client):
        self.clocks = [0, 0]  # Spectacular Bid's banks, as the view gave them
        # Spectacular Bid's auction, as the view gave it.
        self.auction = False
        self.jockey = -1
        self.bidder = -1
        self.high_bid = 0
        self.calls = auctionview.Calls()
        self.labels = ["", ""]
        self.short = ["", ""]  # the names in the auction
        self.free_lead = ""
        self.delays = [-1, -1]  # (the online clocks show no delay)
        self.banks = [0, 0]  # the clocks drawn in the auction
        onlineline.Screen.__init__(self, app, client)
        names = self.play.names
        self.corner = [text.fit(names[s], tableview.CORNER_NAME_W) for s in range(2)]
        self.column = [text.fit(names[s], tableview.COLUMN_NAME_W) for s in range(2)]
        self.timed = self.play.game == "bid"

    def _note_line(self):
        del self.pile[:]
        self.line.covered(self.pile)

    def _figures(self, counted, scored):
        onlineline.Screen._figures(self, counted, scored)
        clocks = counted.get("clocks")
        for s in range(2):
            bank = clocks[s] if isinstance(clocks, list) and s < len(clocks) else 0
            self.clocks[s] = bank if isinstance(bank, int) else 0
        self.auction = counted.get("auction") is True
        jockey = _seat(counted.get("jockey"))
        if jockey != self.jockey and jockey >= 0:
            names = self.play.names
            self.short = [text.fit(names[s], tableview.NAME_W) for s in range(2)]
            self.labels = auctionview.labels(names, jockey)
            self.free_lead = self.short[jockey] + " leads"
        self.jockey = jockey
        self.bidder = _seat(counted.get("bidder"))
        high = counted.get("high_bid")
        self.high_bid = high if isinstance(high, int) else 0

    def _table(self):
        onlineline.Screen._table(self)
        play = self.play
        if self.auction and play.mine:
            amounts = [amount_of(a) for a in play.legal if is_bid(a)]
            # No bid offered: the least bid is more than the balance ("cannot bid").
            if amounts:
                self.calls.start(min(amounts), max(amounts))
            else:
                self.calls.start(1, 0)
            self.app.say(auctionview.situation(play.names, play.you, self.bidder, self.high_bid))
            self.app.say(self._cost())

    def _cost(self):
        return self.calls.words(self.play.names, self.play.you, self.bidder, self.high_bid,
                                self.jockey)

    def _choose(self):
        if not self.auction:
            return onlineline.Screen._choose(self)
        if self.calls.update(self.app):
            self.app.say(self._cost())
        elif self.app.buttons.just_pressed(A):
            action = self.calls.action(self.bidder)
            if action in self.play.legal:
                self.app.sound.play(tunes.SELECT)
                return action
            self.app.sound.play(tunes.ERROR)  # (the calls offer only legal ones: a guard)
        return -1

    def _draw_table(self, fb, choosing, lit):
        if self.auction and self.mode == onlineline.PLAY:
            self._draw_auction(fb)
            return
        play = self.play
        table = self.line
        choice = self.choice
        action = choice.current() if choosing else -1
        hide = action & 7 if choosing and self.frames & 8 and table.n else -1
        tableview.cross(fb, table, hide, -1 if choosing else lit)
        if hide >= 0:
            tableview.preview(fb, table, action >> 3, hide, domino.NORMAL)
        if choosing and table.n:
            for a in choice.ways:
                if a & 7 < 4:  # (not a lead)
                    tableview.end_arrow(fb, a & 7, a == action)
        mover = play.to_move if self.mode == onlineline.PLAY else -1
        you = play.you
        other = 1 - you
        tableview.corners(fb, self.corner[other], self.sizes[other], self.stock, self.timed)
        x = 0
        if self.timed:
            mine = play.seconds() >= 0
            tableview.clock(fb, self.clocks[other], -1, 0, tableview.OTHER_CLOCK_Y)
            tableview.clock(fb, play.left_ms if mine else self.clocks[you], -1, 0, _UPPER_Y)
            x = text.draw(fb, "Count ", 0, _LOW_Y)
        else:
            text.draw(fb, "Count", 0, _UPPER_Y)
        text.number(fb, table.count(), x, _LOW_Y)
        self._draw_status(fb, mover)
        lasting = self.mode == onlineline.LAST
        for seat in range(2):
            change = self.gains[seat] if lasting else 0
            tableview.score_line(fb, self.column[seat], self.scores[seat], 1 + 7 * seat,
                                 mover == seat, change)
        tableview.pile(fb, self.pile)

    def _draw_auction(self, fb):
        """The auction: the stacks, the bid standing, your calls or who is to call."""
        play = self.play
        you = play.you
        mine = play.mine and play.to_move == you
        for s in range(2):
            self.banks[s] = play.left_ms if s == you and mine else self.clocks[s]
        auctionview.draw_stacks(fb, self.labels, self.scores, you, self.banks, self.delays)
        auctionview.draw_standing(fb, self.short, self.bidder, self.high_bid, self.jockey)
        if mine:
            auctionview.draw_calls(fb, self.calls, you, self.bidder, self.high_bid, self.jockey,
                                   self.free_lead)
        elif 0 <= play.to_move < 2:
            name = self.short[play.to_move]
            x = 64 - (text.width(name) + text.width(" to call")) // 2
            text.draw(fb, " to call", text.draw(fb, name, x, auctionview.CALL_Y),
                      auctionview.CALL_Y)

    def _draw_status(self, fb, mover):
        """Whose turn it is, at the bottom right of the cross: the way being
        chosen, your seconds, or who is to play."""
        play = self.play
        if self.way:
            _right(fb, self.way, _UPPER_Y)
        if mover == play.you and play.mine:
            if not self.way and not self.timed:
                onlineline.seconds(fb, play, _STATUS_RIGHT, _UPPER_Y)
            _right(fb, "Your turn", _LOW_Y)
        elif mover >= 0:
            _right(fb, self.column[mover], _UPPER_Y)
            _right(fb, "to play", _LOW_Y)


def _right(fb, s, y):
    text.draw(fb, s, _STATUS_RIGHT + 1 - text.width(s), y)


def _seat(value):
    return value if isinstance(value, int) and 0 <= value < 2 else -1
