"""The test screen: galleries of the tile and font art, and a button tester.

    screen = TestScreen(fb, buttons)   # fb: a 128x64 FrameBuffer; buttons: hw.buttons API
    each frame: buttons.poll(); screen.update(); screen.draw(); display.show()

Gallery pages (LEFT / RIGHT turn them): all 28 tiles lying, all 28 standing (each
with a line that sets a double crosswise, and tiles face down), and the font.
On the tile pages UP / DOWN pick a tile (drawn lit), A swaps which half of every
tile comes first, B dims the tiles that share no number with the picked one.
The button page shows every button held and counts its presses; A and B together
go back to the first page.
"""

from core.tiles import COUNT, HIGH, LOW
from gfx import domino, text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const

LYING = const(0)
STANDING = const(1)
FONT = const(2)
BUTTONS = const(3)
PAGES = const(4)

_TITLES = ("Lying tiles", "Standing tiles", "Font", "Buttons")
_HINTS = ("←→ ↑↓ A B", "←→ ↑↓ A B", "←→", "A+B: back")
_ORDER = (UP, DOWN, LEFT, RIGHT, A, B)
# Button tester: where each button's box is, in the order above, and its label.
_BOX_X = (18, 18, 4, 32, 94, 74)
_BOX_Y = (11, 37, 24, 24, 20, 28)
_LABELS = ("↑", "↓", "←", "→", "A", "B")
_BOX = const(13)
_SPECIMEN = (
    " !\"#$%&'()*+,-./0123456789:;<=>?@",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_",
    "`abcdefghijklmnopqrstuvwxyz{|}~",
    "←→↑↓ • ♪ ✓",
    "Pack my box with five dozen",
    "liquor jugs? [3|5] = 8; 15 pts!",
)


class TestScreen:
    def __init__(self, fb, buttons):
        self.fb = fb
        self.buttons = buttons
        self.page = LYING
        self.picked = 0  # the lit tile on the tile pages
        self.high_first = False
        self.dim_others = False
        self.presses = bytearray(len(_ORDER))  # button page: presses of each, mod 256

    def update(self):
        buttons = self.buttons
        if self.page == BUTTONS:
            for i in range(len(_ORDER)):
                if buttons.just_pressed(_ORDER[i]):
                    self.presses[i] = (self.presses[i] + 1) & 0xFF
            if buttons.pressed(A | B) and (buttons.just_pressed(A) or buttons.just_pressed(B)):
                self.page = LYING
            return
        if buttons.just_pressed(RIGHT):
            self.page = (self.page + 1) % PAGES
        elif buttons.just_pressed(LEFT):
            self.page = (self.page - 1) % PAGES
        elif buttons.just_pressed(DOWN):
            self.picked = (self.picked + 1) % COUNT
        elif buttons.just_pressed(UP):
            self.picked = (self.picked - 1) % COUNT
        elif buttons.just_pressed(A):
            self.high_first = not self.high_first
        elif buttons.just_pressed(B):
            self.dim_others = not self.dim_others

    def draw(self):
        fb = self.fb
        fb.fill(0)
        text.draw(fb, _TITLES[self.page], 0, 0)
        hint = _HINTS[self.page]
        text.draw(fb, hint, 128 - text.width(hint), 0)
        if self.page == LYING:
            self._tiles(False, 1, 7, 7, 18, 10)
            self._line(1, 47)
            domino.draw(fb, 0, 56, 51, False, -1, domino.BACK)
            domino.draw(fb, 0, 74, 51, False, -1, domino.BACK)
            domino.draw(fb, 0, 92, 47, True, -1, domino.BACK)
        elif self.page == STANDING:
            self._tiles(True, 4, 8, 12, 10, 18)
            self._line(48, 44)
            domino.draw(fb, 0, 104, 44, True, -1, domino.BACK)
            domino.draw(fb, 0, 114, 44, True, -1, domino.BACK)
        elif self.page == FONT:
            self._font()
        else:
            self._buttons()

    def _look(self, t):
        picked = self.picked
        if t == picked:
            return domino.LIT
        a = LOW[picked]
        b = HIGH[picked]
        if self.dim_others and LOW[t] != a and LOW[t] != b and HIGH[t] != a and HIGH[t] != b:
            return domino.DIM
        return domino.NORMAL

    def _first(self, t):
        return HIGH[t] if self.high_first else LOW[t]

    def _tiles(self, vertical, left, top, per_row, step_x, step_y):
        for t in range(COUNT):
            x = left + (t % per_row) * step_x
            y = top + (t // per_row) * step_y
            domino.draw(self.fb, t, x, y, vertical, self._first(t), self._look(t))

    def _line(self, x, y):
        """[1|4] [4|4] [4|6] in a line across, the double set crosswise: 45x17 at (x, y)."""
        fb = self.fb
        domino.draw(fb, 8, x, y + 4, False, 1)
        domino.draw(fb, 22, x + 18, y, True)
        domino.draw(fb, 24, x + 28, y + 4, False, 4)

    def _font(self):
        fb = self.fb
        y = 8
        for line in _SPECIMEN:
            text.draw(fb, line, 0, y)
            y += text.LINE
        # Text measures itself: the underline is exactly as wide as the line above.
        w = text.width(_SPECIMEN[-1])
        fb.hline(0, y, w, 1)
        text.number(fb, w, text.draw(fb, "width ", 0, y + 2), y + 2)

    def _buttons(self):
        fb = self.fb
        buttons = self.buttons
        for i in range(len(_ORDER)):
            x = _BOX_X[i]
            y = _BOX_Y[i]
            down = buttons.pressed(_ORDER[i])
            fb.rect(x, y, _BOX, _BOX, 1, down)
            label = _LABELS[i]
            text.draw(fb, label, x + (_BOX + 1 - text.width(label)) // 2, y + 4, 0 if down else 1)
            text.number(fb, self.presses[i], x + _BOX + 2, y + 4)
