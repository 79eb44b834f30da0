"""All Fives and Spectacular Bid online: screens/onlineline.py's table (its
controls, the server's clock, the hand's end, the payout) with the cross of the
offline table (ui/tableview.py): the centre and each arm's outer tile, the other
player's name and tile count at the top left, the stock and the count, the
score column and the pile of covered tiles at the right, and in Spectacular Bid
both match clocks (the other player's under its count, yours above the count).

While you choose where a tile goes its place blinks and an arrow marks each end
it may take (LEFT/RIGHT, or UP/DOWN, go through them); the stock is the hand's
last slot while a draw is allowed (DOWN draws too). In Spectacular Bid's
auction the choice (accept, decline, a bid) is shown at the right of the cross.
"""

from core.table import Table
from gfx import domino, text
from micropython import const
from ui import tableview

from screens import onlineline

_UPPER_Y = const(38)
_LOW_Y = const(45)
_STATUS_RIGHT = const(83)


class Screen(onlineline.Screen):
    TABLE = Table

    def __init__(self, app, client):
        self.clocks = [0, 0]  # Spectacular Bid's banks, as the view gave them
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

    def _draw_table(self, fb, choosing, lit):
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
        text.draw(fb, self.corner[other], 0, 0)
        x = text.number(fb, self.sizes[other], 0, 7)
        text.draw(fb, " tile" if self.sizes[other] == 1 else " tiles", x, 7)
        text.draw(fb, "Stock", 82 - text.width("Stock"), 0)
        tableview.number_right(fb, self.stock, 81, 7)
        x = 0
        if self.timed:
            mine = play.seconds() >= 0
            tableview.clock(fb, self.clocks[other], -1, 0, 14)
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
