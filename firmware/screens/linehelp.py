"""The rules of one draw-and-block game in plain words, a page per topic, paged
as All Fives' are (ui.pager); B goes back (to the pause menu when opened from a
match, else to the game's set-up)."""

from ui.narrate_line import GAME_TITLES
from ui.pager import Pager

_COMMON = (
    (
        "The line",
        "Tiles go on the two ends of one line, West and East; a double lies across and "
        "never branches. Play a tile whose half matches an end. If none fits, you draw "
        "from the stock until one does; with nothing left to draw you pass. The handheld "
        "does the drawing and passing for you, and says so.",
    ),
    (
        "Domino or fish",
        "A hand ends when someone plays their last tile (a domino) or when nobody can "
        "play and nothing can be drawn (a fish). A hand's count is its pips, but [0|0] "
        "alone counts 25 and [6|6] alone 50.",
    ),
    (
        "The table",
        "Beside each player's name: a small tile and the number of tiles in their "
        "hand, then their score (Kozel: - until they write; Yard Kozel: the goat while "
        "their side is on it, else -). A lit name is to play; a framed one is your "
        "partner. Top right: the stock left to draw (1x1: and its 2 locked tiles), and "
        "under it the tiles covered by the line, in play order. Messages show over your "
        "hand.",
    ),
    (
        "The whole line",
        "Only the line's two end tiles are drawn on the table. Press UP at your turn, "
        "or while the handheld plays, to look along the whole line: every tile in play "
        "order, who played it and on which end, the two end tiles marked. UP and DOWN "
        "scroll, B goes back.",
    ),
)
PAGES = {
    "1x1": (
        (
            "Domino 1x1",
            "A duel: 7 tiles each, 14 in the stock. The stock's last 2 tiles are locked "
            "and never drawn. The first hand is led by the highest double; later hands "
            "by the last winner.",
        ),
        (
            "Scoring",
            "A domino scores the loser's count. At a fish the lower count wins and scores "
            "the other; equal counts fill a pool that the next winner takes too. 101 "
            "wins the match, and both players' ratings move (Elo).",
        ),
    ),
    "classic": (
        (
            "Classic",
            "2 to 4 players; 7 tiles each for two, 5 for more. [0|0] leads, else the "
            "lowest double. You may lay two doubles at once, one on each end, when both "
            "match: choose the first, then Both doubles.",
        ),
        (
            "Scoring",
            "A domino scores all other counts. A fish is won by the lowest count, which "
            "scores the differences to the others; equal lowest counts are eggs, carried "
            "to the next winner. When both ends show a number whose 7 tiles are all down, "
            "the line is closed: a fish, and the next player takes the stock. 125 wins.",
        ),
    ),
    "kozel": (
        (
            "Kozel",
            "2 to 4 players, or pairs; 7 tiles each. [1|1] leads the first hand, else the "
            "lowest double; later hands the last winner. Points are bad: reach 125 and "
            "you are the goat and lose.",
        ),
        (
            "Writing",
            "Losers write their counts, but only from the hand that first gives them 13 "
            "(pairs: 25); the table shows - until then. Leading or going out with [0|0] "
            "adds 25 to each loser, with [6|6] 50. Going out with [0|0] and [6|6] together "
            "makes the others general goats at once.",
        ),
    ),
    "yard": (
        (
            "Yard Kozel",
            "4 in pairs, or 2. No running score: the winner of a hand takes [6|6] and "
            "leads it. Then the snot: the leader and partner lay out [0|0], [1|1] and on "
            "while one of them holds the next.",
        ),
        (
            "The goat",
            "A side that loses a hand with 25 or more (13 for two) goes on the goat. On "
            "the goat, losing again loses the match; winning by a domino lifts it. Going "
            "out with [0|0] is the officer's goat, with [0|0] and [6|6] the general's: "
            "the others lose at once.",
        ),
    ),
    "international": (
        (
            "International",
            "2 to 4 players, or pairs; 7 tiles each and the rest to draw. The highest "
            "double leads, else the heaviest tile.",
        ),
        (
            "Scoring",
            "The winner of a domino, or of a fish with the lowest count, scores the other "
            "hands' counts (in pairs, the opponents'). Play one hand, or to 50 or 100.",
        ),
    ),
}


class Screen(Pager):
    def __init__(self, app, game, session=None, holder=-1):
        self.game = game
        self.session = session  # the match paused, if opened from its pause menu ...
        self.holder = holder  # ... and who holds the handheld there
        super().__init__(app, PAGES[game] + _COMMON, 0, GAME_TITLES[game] + " rules")

    def back(self):
        if self.session is not None:
            self.app.go("pause", self.session, self.holder, True)
        else:
            self.app.go("linesetup", self.game)
