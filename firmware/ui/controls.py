"""The widgets that read the buttons: a menu list, a speech bubble and a yes/no
question. Each reads the buttons in update(), plays its own menu sounds, tells
app.say() what changed, and draws without allocating (with ui.widgets' title
bar, panel and scroll bar).

    menu = Menu(app, ("Target", "Sound"), (("100", "150"), ("on", "off")))
    event = menu.update()          # NONE, CHOSEN (A), CHANGED (a value), BACK (B)
    title(app.fb, "Options"); menu.draw()

A menu item is a label with, optionally, a value shown right-aligned: a tuple of
strings is a choice that LEFT / RIGHT (or A) change, a plain string is a note.
"""

from gfx import text
from hw.buttons import A, ALL, B, DOWN, LEFT, RIGHT, UP
from micropython import const

from ui import tunes
from ui.widgets import box, centre, HEIGHT, scrollbar, WIDTH

NONE = const(0)
CHOSEN = const(1)
CHANGED = const(2)
BACK = const(3)
YES = const(4)
NO = const(5)

ROW = const(9)  # from one menu item to the next: a line of text and its highlight
BODY = const(10)  # the first row under the title bar
_TEXT_DROP = const(2)  # text sits 2 pixels below the top of its highlight bar


class Menu:
    """A vertical list in the rectangle from (x, y), `rows` items high and `w` wide;
    it scrolls to keep the cursor in view, and UP / DOWN wrap round the ends."""

    def __init__(self, app, labels, values=None, cursor=0, x=0, y=BODY, w=WIDTH, rows=6):
        self.app = app
        self.labels = labels
        self.values = values if values is not None else (None,) * len(labels)
        self.choice = bytearray(len(labels))  # the chosen value of each choice item
        self.cursor = cursor if 0 <= cursor < len(labels) else 0
        self.top = 0
        self.x = x
        self.y = y
        self.w = w
        self.rows = rows
        self._follow()

    # --- state ------------------------------------------------------------------

    def is_choice(self, i):
        return isinstance(self.values[i], tuple)

    def value(self, i):
        """The index of item i's chosen value."""
        return self.choice[i]

    def set_value(self, i, v):
        if self.is_choice(i) and 0 <= v < len(self.values[i]):
            self.choice[i] = v

    def words(self, i):
        """Item i as a sentence: its label and value (a tick is said "chosen", a bar
        of dots "level N of M")."""
        value = self.values[i]
        if isinstance(value, tuple):
            levels = len(value)
            value = value[self.choice[i]]
            if value.count("•") == len(value):
                value = "level %d of %d" % (len(value), levels)
        if value == "✓":
            value = "chosen"
        return self.labels[i] + (": " + value if value else "") + "."

    def announce(self, heading):
        """Say where the player is: the heading (a sentence or a title) and the item."""
        self.app.say(heading + (" " if heading[-1] == "." else ". ") + self.words(self.cursor))

    def _follow(self):
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1

    # --- frame --------------------------------------------------------------------

    def update(self):
        buttons = self.app.buttons
        if buttons.repeat(UP):
            return self._move(-1)
        if buttons.repeat(DOWN):
            return self._move(1)
        i = self.cursor
        if buttons.repeat(LEFT):
            return self._change(i, -1)
        if buttons.repeat(RIGHT):
            return self._change(i, 1)
        if buttons.just_pressed(A):
            if self.is_choice(i):
                return self._change(i, 1)
            self.app.sound.play(tunes.SELECT)
            return CHOSEN
        if buttons.just_pressed(B):
            self.app.sound.play(tunes.BACK)
            return BACK
        return NONE

    def _move(self, step):
        self.cursor = (self.cursor + step) % len(self.labels)
        self._follow()
        self.app.sound.play(tunes.MOVE)
        self.app.say(self.words(self.cursor))
        return NONE

    def _change(self, i, step):
        if not self.is_choice(i):
            return NONE
        self.choice[i] = (self.choice[i] + step) % len(self.values[i])
        self.app.sound.play(tunes.MOVE)
        self.app.say(self.words(i))
        return CHANGED

    def draw(self):
        fb = self.app.fb
        x = self.x
        w = self.w
        count = len(self.labels)
        scrolls = count > self.rows
        right = x + w - (6 if scrolls else 3)  # where right-aligned values end
        for row in range(self.rows):
            i = self.top + row
            if i >= count:
                break
            y = self.y + row * ROW
            lit = i == self.cursor
            colour = 1
            if lit:
                fb.fill_rect(x + 1, y, right - x + 1, ROW - 1, 1)
                colour = 0
            text.draw(fb, self.labels[i], x + 4, y + _TEXT_DROP, colour)
            value = self.values[i]
            if value is None:
                continue
            if isinstance(value, tuple):
                value = value[self.choice[i]]
                if lit:  # the arrows say LEFT / RIGHT change it
                    text.draw(fb, "→", right - 6, y + _TEXT_DROP, colour)
                    vx = right - 9 - text.width(value)
                    text.draw(fb, value, vx, y + _TEXT_DROP, colour)
                    text.draw(fb, "←", vx - 7, y + _TEXT_DROP, colour)
                    continue
            text.draw(fb, value, right - 2 - text.width(value), y + _TEXT_DROP, colour)
        if scrolls:
            scrollbar(fb, x + w - 3, self.y, self.rows * ROW - 1, self.top, self.rows, count)


class Bubble:
    """A message in a speech bubble over the screen, until A or B (or, with
    `frames`, that many frames) close it. While it is open it takes the buttons."""

    def __init__(self, app):
        self.app = app
        self.lines = []
        self.frames = 0
        self.open = False
        self._w = 0

    def show(self, message, frames=0):
        self.lines = text.wrap(message, WIDTH - 20)
        self._w = max(text.width(line) for line in self.lines) + 10
        self.frames = frames
        self.open = True
        self.app.say(message)

    def update(self):
        """True while the bubble is open (the screen should ignore the buttons)."""
        if not self.open:
            return False
        if self.frames:
            self.frames -= 1
            if not self.frames:
                self.open = False
        if self.app.buttons.just_pressed(A | B):
            self.open = False
        return True

    def draw(self):
        if not self.open:
            return
        fb = self.app.fb
        w = self._w
        h = len(self.lines) * text.LINE + 7
        x = (WIDTH - w) // 2
        y = (HEIGHT - h - 6) // 2
        box(fb, x, y, w, h)
        # The tail: a small wedge under the bubble's left quarter.
        tail = x + w // 4
        bottom = y + h - 1
        for step in range(6):
            fb.hline(tail + step, bottom + step, 6 - step, 0)
            fb.pixel(tail + step, bottom + step, 1)
            fb.pixel(tail + 5, bottom + step, 1)
        fb.hline(tail + 1, bottom, 4, 0)
        for n in range(len(self.lines)):
            line = self.lines[n]
            text.draw(fb, line, x + (w - text.width(line)) // 2, y + 4 + n * text.LINE)


class Confirm:
    """A yes/no question in a panel; No is chosen until the player moves to Yes.
    A answers, B answers No."""

    def __init__(self, app):
        self.app = app
        self.lines = []
        self.yes = False
        self.open = False

    def ask(self, question):
        self.lines = text.wrap(question, WIDTH - 16)
        self.yes = False
        self.open = True
        self.app.say(question + " Yes or no? No is selected.")

    def update(self):
        """NONE while open and undecided (or closed), else YES or NO (and it closes)."""
        if not self.open:
            return NONE
        buttons = self.app.buttons
        if buttons.just_pressed(A):
            self.open = False
            self.app.sound.play(tunes.SELECT if self.yes else tunes.BACK)
            return YES if self.yes else NO
        if buttons.just_pressed(B):
            self.open = False
            self.app.sound.play(tunes.BACK)
            return NO
        if buttons.just_pressed(ALL & ~(A | B)):  # any arrow moves between Yes and No
            self.yes = not self.yes
            self.app.sound.play(tunes.MOVE)
            self.app.say("Yes." if self.yes else "No.")
        return NONE

    def draw(self):
        if not self.open:
            return
        fb = self.app.fb
        h = len(self.lines) * text.LINE + 20
        y = (HEIGHT - h) // 2
        box(fb, 2, y, WIDTH - 4, h)
        for n in range(len(self.lines)):
            centre(fb, self.lines[n], y + 4 + n * text.LINE)
        row = y + h - 13
        self._button(fb, "Yes", 30, row, self.yes)
        self._button(fb, "No", 74, row, not self.yes)

    def _button(self, fb, label, x, y, lit):
        fb.fill_rect(x, y, 24, 10, 1 if lit else 0)
        if not lit:
            fb.rect(x, y, 24, 10, 1)
        text.draw(fb, label, x + (25 - text.width(label)) // 2, y + 2, 0 if lit else 1)
