"""A new profile's name, typed on an on-screen keyboard: A-Z, 0-9, space, delete
and done in a 13 x 3 grid. The arrows move (wrapping round), A types the key
under the cursor, B deletes the last character (or, with none, leaves)."""

from gfx import text
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from micropython import const
from ui import profiles, tunes
from ui.controls import Bubble
from ui.widgets import footer, title

_COLUMNS = const(13)
_ROWS = const(3)
# The keys, as a tuple so that drawing one picks a string instead of making it;
# the last three are space, delete and done.
_KEYS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ←✓")
SPACE = const(36)
DELETE = const(37)
DONE = const(38)
_CELL_W = const(9)
_CELL_H = const(9)
_GRID_X = const(6)
_GRID_Y = const(23)
_FIELD_X = const(30)
_FIELD_W = const(68)
_SPOKEN = {SPACE: "Space", DELETE: "Delete", DONE: "Done"}


class Screen:
    def __init__(self, app):
        self.app = app
        self.name = ""
        self.key = 0  # the key under the cursor, 0..38
        self.bubble = Bubble(app)
        # On joystick boards B is a long press of the centre.
        self.hint = "A type  hold A delete" if app.buttons.b_from_long_a else "A type  B delete"
        app.say("New profile. Type a name of up to 8 characters. The cursor is on A.")

    def update(self):
        if self.bubble.update():
            return
        buttons = self.app.buttons
        row, column = divmod(self.key, _COLUMNS)
        if buttons.repeat(LEFT):
            self._move(row, column - 1)
        elif buttons.repeat(RIGHT):
            self._move(row, column + 1)
        elif buttons.repeat(UP):
            self._move(row - 1, column)
        elif buttons.repeat(DOWN):
            self._move(row + 1, column)
        elif buttons.just_pressed(A):
            self._press(self.key)
        elif buttons.just_pressed(B):
            if self.name:
                self._press(DELETE)
            else:
                self.app.sound.play(tunes.BACK)
                self.app.go("profiles")

    def _move(self, row, column):
        self.key = (row % _ROWS) * _COLUMNS + column % _COLUMNS
        self.app.sound.play(tunes.MOVE)
        self.app.say(_SPOKEN.get(self.key, _KEYS[self.key]))

    def _press(self, key):
        app = self.app
        if key == DONE:
            self._done()
        elif key == DELETE:
            self.name = self.name[:-1]
            app.sound.play(tunes.BACK)
            app.say("Deleted. " + (self.name or "The name is empty."))
        elif len(self.name) >= profiles.MAX_NAME:
            app.sound.play(tunes.ERROR)
            app.say("8 characters at most. Delete one or choose Done.")
        elif key == SPACE and (not self.name or self.name[-1] == " "):
            app.sound.play(tunes.ERROR)  # a name neither starts with nor doubles a space
            app.say("No space here.")
        else:
            self.name += _KEYS[key]
            app.sound.play(tunes.SELECT)
            app.say(self.name)

    def _done(self):
        app = self.app
        reason = profiles.add(app.storage, self.name)
        if reason:
            app.sound.play(tunes.ERROR)
            self.bubble.show(reason)
            return
        app.sound.play(tunes.SELECT)
        app.say("Profile %s made; %s plays now." % (self.name.strip(), self.name.strip()))
        app.go("profiles", self.name.strip())

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "New profile")
        self._field(fb)
        for key in range(len(_KEYS)):
            self._cell(fb, key)
        footer(fb, self.hint)
        self.bubble.draw()

    def _field(self, fb):
        fb.rect(_FIELD_X, 11, _FIELD_W, 10, 1)
        end = text.draw(fb, self.name, _FIELD_X + 3, 13)
        if len(self.name) < profiles.MAX_NAME and self.app.clock.frame // 10 % 2 == 0:
            fb.hline(end, 18, 4, 1)  # the blinking cursor where the next letter goes

    def _cell(self, fb, key):
        row = key // _COLUMNS
        column = key % _COLUMNS
        x = _GRID_X + column * _CELL_W
        y = _GRID_Y + row * _CELL_H
        lit = key == self.key
        if lit:
            fb.fill_rect(x - 2, y - 2, _CELL_W, _CELL_H, 1)
        colour = 0 if lit else 1
        if key == SPACE:  # a space shows as the bracket a typist knows: ⎵
            fb.hline(x, y + 5, 5, colour)
            fb.vline(x, y + 3, 2, colour)
            fb.vline(x + 4, y + 3, 2, colour)
            return
        glyph = _KEYS[key]
        text.draw(fb, glyph, x + (5 - text.width(glyph)) // 2, y, colour)
