"""The rules of All Fives, then of Spectacular Bid, in plain words, a page per
topic (paged as ui.pager does); B goes back (to the pause menu when opened from a
match). Opened from a Spectacular Bid match it starts at that game's first page."""

from micropython import const
from ui.pager import Pager

BID_PAGE = const(11)  # the first of Spectacular Bid's pages, after All Fives'

PAGES = (
    ("All Fives",
     "Two players and a set of 28 dominoes, double blank to double six. Each player "
     "gets 7 tiles; the other 14 lie face down: the stock. Lay tiles so that "
     "touching halves match, and score when the open ends add up to 5, 10, 15 and "
     "so on. The first to the target wins: 100 points, or as set in Rules options."),
    ("Your turn",
     "Lay one tile on an open end that shows one of its numbers. Your turn ends "
     "when you play or pass; then it is the other player's, even after a double "
     "or a score."),
    ("The spinner",
     "The first double of a hand is the spinner. Tiles go on its left and right "
     "first; once both sides have one, its top and bottom open too, so up to four "
     "ends are open. Later doubles lie crosswise at an end and never branch."),
    ("Counting",
     "After every play, add up the open ends. A lone tile counts both halves. A "
     "double lying crosswise at an end counts both halves. The spinner counts both "
     "halves until both its sides have a tile, then nothing; an empty branch counts "
     "nothing. If the count is 5, 10, 15 or more by fives, the player scores it."),
    ("Drawing",
     "You may draw from the stock at any time in your turn, one tile at a time, "
     "even when you could play. With nothing to play you must draw until you can; "
     "with the stock empty you pass. Rules options: draw only when stuck, and a "
     "stock that keeps its last 2 tiles."),
    ("Domino!",
     "Play your last tile and you score the pips left in the other hand, rounded "
     "to the nearest 5: 12 gives 10, 13 gives 15. The count of that last play is "
     "scored first."),
    ("Blocked",
     "When nobody can play and nothing can be drawn, the hand is blocked. Each "
     "hand's pips are rounded to the nearest 5, and the lighter hand scores the "
     "difference. Equal hands score nothing."),
    ("Winning",
     "The first to reach the target wins at once, even in the middle of a hand. "
     "The next hand is led by the player after the one who played last (or, as a "
     "rules option, by whoever holds the highest double)."),
    ("Our rulings",
     "Where the rule book is silent we decided: a blocked hand ends at once, "
     "nobody has to pass first; you pass only when you cannot play and the other "
     "player still can. The leader may draw before leading, unless drawing is "
     "only when stuck."),
    ("More rulings",
     "Reaching the target with your last tile wins there and then: the pips left "
     "in the other hand are not added. Covered tiles go on the pile at the right "
     "in the order they were played. A pass shows you lack the open numbers; "
     "handheld players remember that until you draw again."),
    ("Buttons",
     "Arrows move, A chooses, B goes back. On the table LEFT / RIGHT choose a "
     "tile; the last slot is the stock: A there draws (once the stock is empty it "
     "says pass, and A passes). DOWN draws too. A tile that fits more than one end "
     "asks which: the arrows choose an end, A plays there, B picks another tile. "
     "A pass you cannot avoid is made for you. Tiles that do not fit are dimmed, "
     "the tile you drew last is flagged. On your turn a press of B opens the "
     "pause menu: resume, these rules, sound, quit to the menu (the match is "
     "kept: Continue brings it back) or abandon the match. A or B hurries the "
     "handheld and skips a message."),
    ("Bid: chips",
     "Spectacular Bid is a duel with the tiles, spinner and counting of All Fives. "
     "Each player starts with 150 points, 30 chips of 5, and the two balances "
     "always add up to 300. A score is taken from the other player: a count of 15 "
     "moves 15 points across. Nobody pays more than they have, and a player left "
     "with nothing loses at once."),
    ("Bid: first lead",
     "Every hand is a new deal: 7 tiles each, and all 14 others can be drawn. In "
     "the first hand, and after a blocked one, the highest double must lead; with "
     "no double in either hand, the heaviest tile (of equal ones, the one with the "
     "larger half). After a domino the first lead is auctioned."),
    ("Bid: drawing",
     "Draw only when you cannot play, one tile at a time. A drawn tile that fits "
     "must be played at once, on the end you choose, and then your turn is over. "
     "With nothing to play and nothing left to draw, you pass."),
    ("Bid: end of hand",
     "Domino: the count of your last tile is paid, the tiles left in the other "
     "hand pay nothing, and you become the jockey. Blocked: the hand with fewer "
     "pips receives the other hand's pips rounded to the nearest 5; equal hands, "
     "nothing."),
    ("Bid: auction",
     "After a domino both see their new tiles, and the jockey's opponent speaks "
     "first: bid 15 or more, or decline and let the jockey lead any tile for free. "
     "Then each in turn accepts the bid or raises it by 5 or more; bids go in "
     "fives. The bidder of an accepted bid pays it to the other and leads any "
     "tile. The jockey pays 15 less for their own bid, never below 0."),
    ("Bid: paying",
     "Bid only what you can pay, after any discount. Your whole balance is "
     "allowed: if that bid is accepted you are left with nothing and lose before "
     "the lead. If you cannot pay the least bid you must decline; if you cannot "
     "pay the least raise, accept."),
    ("Bid: calling",
     "On the auction screen LEFT / RIGHT change the amount; UP / DOWN choose "
     "between that bid and accepting (or declining, as the first call); A makes "
     "the call."),
    ("Bid: clock",
     "Each player has a 2 minute bank for the match and 10 free seconds per "
     "decision: a turn with its draws, an auction call, an opening lead, forced "
     "ones too. The bank runs down only once the 10 seconds are gone; unused "
     "seconds are lost and the bank never refills: 8 s costs nothing, 13 s costs "
     "3 s. The clocks stop while a deal or the scores are shown, until you press "
     "on, and while the handheld goes to the other player; not in the pause "
     "menu."),
    ("Bid: winning",
     "Take all 300 points, or outlast the other clock: a decision that takes its "
     "10 seconds and all the bank left loses the match at that moment, and the "
     "late move is not made. Moves that are refused change nothing; the time "
     "runs from the start of the decision."),
)


class Screen(Pager):
    def __init__(self, app, session=None, holder=-1):
        self.session = session  # the match to go back to, if opened from its pause menu
        self.holder = holder  # ... and who holds the handheld there
        page = BID_PAGE if session is not None and session.kind == "bid" else 0
        super().__init__(app, PAGES, page)

    def update(self):
        if self.session is not None and self.app.clock_runs_on(self.session):
            return
        super().update()

    def back(self):
        if self.session is not None:
            self.app.go("pause", self.session, self.holder, True)
        else:
            self.app.go("menu", "help")
