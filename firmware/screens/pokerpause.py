"""Domino Poker's pause menu, drawn over the table by screens.poker (the match,
its timer and its thinking wait meanwhile): every seat's score, then Resume,
Rules help (the pages below, in plain words), Sound, Quit to menu, which
keeps the match: the main menu's Continue brings it back (as in every game),
and Abandon match, which after a yes/no question loses it."""

from gfx import text
from micropython import const
from ui import tableview
from ui.controls import BACK, CHANGED, CHOSEN, Confirm, Menu, NO, YES
from ui.pager import Pager
from ui.widgets import box, centre

_LABELS = ("Resume", "Rules help", "Sound", "Quit to menu", "Abandon match")
_VALUES = (None, None, ("on", "off"), None, None)
_RESUME = const(0)  # the items
_HELP = const(1)
_SOUND = const(2)
_QUIT = const(3)
_ABANDON = const(4)
STAYS = const(0)  # what update() returns: the menu stays open,
RESUMED = const(1)  # the match goes on,
QUITS = const(2)  # the player goes to the main menu, the match kept,
ABANDONS = const(3)  # or abandons the match
_X = const(4)
_W = const(120)
_NAME_W = const(34)  # a seat's name beside its score, in pixels

PAGES = (
    ("Domino Poker",
     "Four players: you and three handheld players. Each hand all 28 tiles are "
     "dealt, 7 each, with no stock. Everyone bids how many of the 7 tricks they "
     "will take, then the tricks are played. Hit your bid exactly to score well."),
    ("The table",
     "CPU 2 sits on your left, CPU 3 across, CPU 4 on your right. Each seat "
     "shows \"bid 2\" (\"bid ?\" until it bids) and \"took 0\": the tricks it "
     "has taken this hand. The name of the one to act is lit. Beside the tile that led the "
     "trick: \"as 3\", the number to follow, or \"trump\". The line above yours "
     "says what is on: your bid, your turn, who takes a trick. Hold UP or DOWN "
     "for every match total."),
    ("Dealer, bids",
     "CPU 4 deals the first hand; later hands are dealt by the last hand's "
     "winner. The seat after the dealer bids first, then each in turn, once: 0 to "
     "7 tricks. The bids need not add up to 7."),
    ("Trumps",
     "Eight tiles are trumps, strongest first: [0|0], [1|1], [1|6], [1|5], [1|4], "
     "[1|3], [1|2], [1|0]. A trump belongs to no number. Every other tile belongs "
     "to both its numbers; a number's best tile is its double ([0|6] for the "
     "zeros), then the others by their other half, higher first."),
    ("Leading",
     "The seat after the dealer leads the first trick, the taker of a trick the "
     "next. Any tile may lead. A lead that is neither a trump nor a double is led "
     "as one of its two numbers, which you call; a double leads its own number."),
    ("Following",
     "After a trump lead play a trump, one that beats every trump in the trick if "
     "you can. After a number lead play a tile of that number (not a trump); "
     "without one play a trump if you have any; else anything. The strongest "
     "trump takes the trick, or with none the best tile of the number led."),
    ("Scores",
     "Exactly your bid: 15 a trick (a bid of 0 made scores 0), and 50 more for "
     "all 7 of a bid of 7. More than your bid: 5 a trick taken. Fewer: minus 5 "
     "for each trick missing; a bid of 7 missed loses 50 instead."),
    ("The match",
     "5, 7 or 10 hands. The highest total wins; a tie goes to the larger sum of "
     "bids, then to more tricks, then to the seat first after the last dealer. "
     "Finishing 1st or 2nd earns coins, shown on your profile."),
    ("The timer",
     "Each bid and play has 10 seconds: the seconds left show at the right of "
     "your line. A 10 second countdown comes before the first bid, your tiles in "
     "view. Late, the handheld plays for you and you are Warned; late twice in a "
     "row, Inactive; three times, Autoplay: it plays every turn for you until you "
     "press a button. Your line shows which. The timer waits while paused."),
    ("Buttons",
     "LEFT / RIGHT choose a bid or a tile, A bids or plays; tiles you may not "
     "play are dimmed (their outline open). Leading a two-number tile, LEFT / "
     "RIGHT choose the number to call (Lead as), A leads, B goes back. B at any "
     "other time opens this pause menu: Quit to menu keeps the match, Abandon "
     "match loses it. A hurries a taken trick. UP or DOWN held: the match totals."),
)


class Pause:
    """Opened by B on the table; update() returns RESUMED, QUITS or ABANDONS when
    the player leaves it (STAYS while it stays open)."""

    def __init__(self, app, names, scores):
        self.app = app
        self.names = [text.fit(n, _NAME_W) for n in names]
        self.scores = scores
        self.menu = Menu(app, _LABELS, _VALUES, x=_X + 2, y=26, w=_W - 4, rows=4)
        self.menu.set_value(_SOUND, 1 if app.sound.muted else 0)
        self.pages = None  # the rules, while they are open
        self.confirm = Confirm(app)
        parts = ", ".join("%s %d" % (names[s], scores[s]) for s in range(4))
        self.menu.announce("Paused. Scores: " + parts + ".")

    def update(self):
        app = self.app
        if self.pages is not None:
            if self.pages.update():
                self.pages = None
                self.menu.announce("Paused")
            return STAYS
        answer = self.confirm.update()
        if answer == YES:
            app.say("Match abandoned.")
            return ABANDONS
        if answer == NO or self.confirm.open:
            return STAYS  # the press that answered is not also for the menu
        event = self.menu.update()
        if event == BACK or (event == CHOSEN and self.menu.cursor == _RESUME):
            return RESUMED
        if event == CHOSEN and self.menu.cursor == _QUIT:
            app.say("Match kept: Continue on the main menu brings it back.")
            return QUITS
        if event == CHOSEN and self.menu.cursor == _ABANDON:
            self.confirm.ask("Abandon this match? It will be lost, not saved.")
        elif event == CHOSEN and self.menu.cursor == _HELP:
            self.pages = Pager(app, PAGES, name="Domino Poker rules")
        elif event == CHANGED:
            app.sound.set_muted(self.menu.value(_SOUND) == 1)
        return STAYS

    def draw(self):
        fb = self.app.fb
        if self.pages is not None:
            self.pages.draw()
            return
        box(fb, _X, 0, _W, 64)
        centre(fb, "Paused", 2)
        for s in range(4):  # two seats a line, either side of a rule
            x = _X + 4 + (s & 1) * 59
            y = 10 + (s >> 1) * 7
            text.draw(fb, self.names[s], x, y)
            tableview.signed(fb, self.scores[s], x + 50, y)
        fb.vline(64, 10, 13, 1)
        fb.hline(_X + 1, 24, _W - 2, 1)
        self.menu.draw()
        self.confirm.draw()
