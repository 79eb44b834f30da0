"""The rules of All Fives in plain words, a page per topic: LEFT / RIGHT (or A)
turn the pages, UP / DOWN scroll a page, B goes back (to the pause menu when
opened from a match). Each page is read out whole for players who cannot see."""

from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import tunes
from ui.widgets import HEIGHT, scrollbar, title

_LINES = const(7)  # lines of a page in view
_TOP = const(11)
_WIDTH = const(120)

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
     "Arrows move, A chooses, B goes back. In a match, hold B for the pause menu: "
     "resume, these rules, sound, or quit the match."),
)


class Screen:
    def __init__(self, app, session=None):
        self.app = app
        self.session = session  # the match to go back to, if opened from its pause menu
        self.page = 0
        self._open()

    def _open(self):
        """Lay out the page shown (only that one is kept: it saves memory) and read it."""
        heading, body = PAGES[self.page]
        self.lines = text.wrap(body, _WIDTH)
        self.top = 0
        self.number = "%d/%d" % (self.page + 1, len(PAGES))
        self.app.say("Rules, page %d of %d: %s. %s" % (self.page + 1, len(PAGES), heading, body))

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(B):
            self.app.sound.play(tunes.BACK)
            if self.session is not None:
                self.app.go("pause", self.session)
            else:
                self.app.go("menu", "help")
        elif buttons.repeat(RIGHT) or buttons.just_pressed(A):
            self._turn(1)
        elif buttons.repeat(LEFT):
            self._turn(-1)
        elif buttons.repeat(DOWN):
            self._scroll(1)
        elif buttons.repeat(UP):
            self._scroll(-1)

    def _turn(self, step):
        self.page = (self.page + step) % len(PAGES)
        self.app.sound.play(tunes.MOVE)
        self._open()

    def _scroll(self, step):
        top = self.top + step
        if 0 <= top <= len(self.lines) - _LINES:
            self.top = top
            self.app.sound.play(tunes.MOVE)

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, PAGES[self.page][0], self.number)
        lines = self.lines
        for n in range(_LINES):
            i = self.top + n
            if i < len(lines):
                text.draw(fb, lines[i], 2, _TOP + n * text.LINE)
        if len(lines) > _LINES:
            scrollbar(fb, 125, _TOP, HEIGHT - _TOP, self.top, _LINES, len(lines))
