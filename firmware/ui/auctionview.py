"""Spectacular Bid's auction on the screen, for the offline auction
(screens/auction.py) and the online table (screens/onlinecross.py): both
balances as stacks of chips with their names and clocks, the bid standing
between them, and the two calls of the player to call.

The call being chosen is a `Calls`: a bid (UP/DOWN go to it, LEFT/RIGHT lower or
raise it by 5 within what the caller can pay) or the call that costs nothing
(decline, or accept), which is chosen first so that an A pressed once too often
never bids.
"""

from core.actions import ACCEPT, bid, DECLINE, price, RAISE
from gfx import text
from hw.buttons import DOWN, LEFT, RIGHT, UP
from micropython import const

from ui import chips, tableview, tunes

BID = const(0)  # the chosen call: a bid (or raise) ...
OTHER = const(1)  # ... or decline / accept

STACKS_BOTTOM = const(30)  # a full stack's top a pixel clear of the title's rule
NAMES_Y = const(32)
CLOCKS_Y = const(39)
CALL_Y = const(46)


class Calls:
    """The call chosen by the player to call: `start(least, most)` for each call
    (the least bid and the most this player can pay), `update(app)` each frame."""

    def __init__(self):
        self.choice = OTHER
        self.amount = 0
        self.least = 0
        self.most = 0

    def start(self, least, most):
        self.least = least
        self.most = most
        self.amount = least
        self.choice = OTHER

    def can_bid(self):
        return self.least <= self.most

    def update(self, app):
        """UP/DOWN and LEFT/RIGHT; True when the chosen call changed (a sound made)."""
        buttons = app.buttons
        moved = False
        if buttons.just_pressed(UP) or buttons.just_pressed(DOWN):
            if self.can_bid():
                self.choice = OTHER if self.choice == BID else BID
                moved = True
        elif self.choice == BID and buttons.repeat(RIGHT):
            if self.amount + RAISE <= self.most:
                self.amount += RAISE
                moved = True
        elif (self.choice == BID and buttons.repeat(LEFT)
              and self.amount - RAISE >= self.least):
            self.amount -= RAISE
            moved = True
        if moved:
            app.sound.play(tunes.MOVE)
        return moved

    def action(self, bidder):
        """The chosen call as an action (accept when a bid stands, else decline)."""
        if self.choice == BID:
            return bid(self.amount)
        return ACCEPT if bidder >= 0 else DECLINE

    def words(self, names, turn, bidder, high_bid, jockey):
        """What the chosen call means for the player making it."""
        other = names[1 - turn]
        if self.choice == BID:
            paid = price(self.amount, turn == jockey)
            return "Bid %d: if accepted you pay %d and lead." % (self.amount, paid)
        if bidder < 0:
            return "Decline: %s leads for nothing." % other
        return "Accept: %s pays you %d and leads." % (other, price(high_bid, bidder == jockey))


def labels(names, jockey):
    """Each stack's label (it fits half the line, beside its balance), the jockey
    (who bids 15 cheaper) named as such."""
    return [text.fit(names[s], tableview.NAME_W) + (" jockey" if s == jockey else "")
            for s in range(2)]


def situation(names, turn, bidder, high_bid):
    """The auction in a sentence, for the player to call."""
    if bidder < 0:
        return "Auction for the lead: %s first." % names[turn]
    return "%s bid %d." % (names[bidder], high_bid)


# The words the auction's pictures draw, whatever the calls: named once, so that
# WORDS (made ahead of the first picture: screens.auction) is every one of them.
_TITLE = "Auction for the lead"
_NO_BID = "no bid"
_BIDS = "bids "
_PAYS = "pays "
_BID_CALL = "Bid "
_ACCEPT = "Accept"
_DECLINE = "Decline"
_CANNOT = "cannot bid"
_PAY = "pay "
_GET = "get "
_OPEN = "<"
_CLOSE = ">"
WORDS = (_TITLE, _NO_BID, _BIDS, _PAYS, _BID_CALL, _ACCEPT, _DECLINE, _CANNOT, _PAY, _GET,
         _OPEN, _CLOSE)


def draw_stacks(fb, labels, balances, left, banks, delays):
    """The title, each balance as a stack of chips with its label and clock; the
    seat `left` at the left. `banks`/`delays`: each clock's time (ui.tableview.clock)."""
    text.draw(fb, _TITLE, 2, 1)
    fb.hline(0, 8, 128, 1)
    for seat in range(2):  # (a tuple of the two seats would be allocated every frame)
        balance = balances[seat]
        on_left = seat == left
        x = 1 if on_left else 127 - chips.width(balance)
        chips.draw(fb, balance, x, STACKS_BOTTOM)
        name = labels[seat]
        if on_left:
            x = text.draw(fb, name, 1, NAMES_Y)
            text.number(fb, balance, x + 3, NAMES_Y)
            tableview.clock(fb, banks[seat], delays[seat], 1, CLOCKS_Y)
        else:
            x = 128 - text.number_width(balance)
            text.number(fb, balance, x, NAMES_Y)
            text.draw(fb, name, x - 3 - text.width(name), NAMES_Y)
            tableview.clock(fb, banks[seat], delays[seat], 114, CLOCKS_Y, True)


def draw_standing(fb, names, bidder, high_bid, jockey):
    """The bid standing (or none yet) between the stacks, and what it would cost."""
    if bidder < 0:
        tableview.centre(fb, _NO_BID, 17)
        return
    tableview.centre(fb, names[bidder], 10)
    centre_number(fb, _BIDS, high_bid, 17)
    centre_number(fb, _PAYS, price(high_bid, bidder == jockey), 24)


def draw_calls(fb, calls, turn, bidder, high_bid, jockey, free_lead):
    """The two calls at either side, the chosen one lit (a bid between arrows),
    and what the chosen one moves in the middle (`free_lead`: who leads if the
    caller declines)."""
    other = _ACCEPT if bidder >= 0 else _DECLINE
    if calls.can_bid():
        _label(fb, _BID_CALL, 2, calls.choice == BID, calls.amount)
    else:
        text.draw(fb, _CANNOT, 2, CALL_Y)  # the least bid is more than it has
    _label(fb, other, 126 - text.width(other), calls.choice == OTHER, -1)
    if calls.choice == BID:
        centre_number(fb, _PAY, price(calls.amount, turn == jockey), CALL_Y)
    elif bidder >= 0:
        centre_number(fb, _GET, price(high_bid, bidder == jockey), CALL_Y)
    else:
        tableview.centre(fb, free_lead, CALL_Y)


def _label(fb, s, x, lit, amount):
    """A call's label at (x, CALL_Y), lit (inverted) when chosen; a bid's amount
    follows it between arrows. Returns where the label ends."""
    w = text.width(s) + (text.number_width(amount) + 10 if amount >= 0 else 0)
    if lit:
        fb.fill_rect(x - 2, CALL_Y - 1, w + 3, 8, 1)
    colour = 0 if lit else 1
    end = text.draw(fb, s, x, CALL_Y, colour)
    if amount >= 0:
        end = text.draw(fb, _OPEN, end, CALL_Y, colour)
        end = text.number(fb, amount, end + 1, CALL_Y, colour)
        end = text.draw(fb, _CLOSE, end + 1, CALL_Y, colour)
    return end


def centre_number(fb, s, n, y):
    """s then the number n, centred on the screen (without making their string)."""
    x = 64 - (text.width(s) + text.number_width(n)) // 2
    text.number(fb, n, text.draw(fb, s, x, y), y)
