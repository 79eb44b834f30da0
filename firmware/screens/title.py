"""The splash, then the animated title: a line of dominoes drops onto the table one
tile at a time, each landing where its number meets the last one's. Any button
goes on (from the splash to the title, from the title to the main menu).
"""

import framebuf
from core.tiles import LOW
from gfx import domino, text
from hw.buttons import ALL
from micropython import const
from ui import tunes
from ui.widgets import centre, WIDTH

SPLASH_FRAMES = const(45)
_DROP_EVERY = const(9)  # frames between two tiles starting to fall
_LAND_Y = const(40)
_START_Y = const(-10)
_SHELF = const(24)  # the heading sits on this line; tiles fall from behind it
# The falling line: [0|1] [1|2] ... [5|6] [6|6], each tile's first half
# matching the one before.
_LINE = (1, 8, 14, 19, 23, 26, 27)
_TILES = const(7)
_LANDED = const(_TILES * _DROP_EVERY + 12)  # by then every tile has landed
_CYCLE = const(_LANDED + 75)  # then the line rests, and it all starts again
_SCALE = const(2)
TITLE_SAID = "Dominoes: eight domino games. Press any button."


def _enlarged(s):
    """A framebuffer of s drawn twice as big (made once, blitted every frame)."""
    w = text.width(s)
    small = framebuf.FrameBuffer(bytearray(w), w, 8, framebuf.MONO_VLSB)
    small.fill(0)
    text.draw(small, s, 0, 0)
    big = framebuf.FrameBuffer(bytearray(w * _SCALE * 2), w * _SCALE, 16, framebuf.MONO_VLSB)
    big.fill(0)
    for y in range(8):
        for x in range(w):
            if small.pixel(x, y):
                big.fill_rect(x * _SCALE, y * _SCALE, _SCALE, _SCALE, 1)
    return big, w * _SCALE


class Screen:
    def __init__(self, app, splash=True):
        self.app = app
        self.frame = 0 if splash else SPLASH_FRAMES
        self.heading, self.heading_w = _enlarged("Dominoes")
        app.say("Pocket Dominoes." if splash else TITLE_SAID)

    def update(self):
        app = self.app
        if app.buttons.just_pressed(ALL):
            if self.frame < SPLASH_FRAMES:
                self._to_title()
            else:
                app.sound.play(tunes.SELECT)
                app.go("menu")
            return
        self.frame += 1
        if self.frame == SPLASH_FRAMES:
            self._to_title()
        elif self.frame > SPLASH_FRAMES and self._landing(self._phase()):
            app.sound.play(tunes.PLAYED)  # the click of a tile meeting the table

    def _to_title(self):
        self.frame = SPLASH_FRAMES
        self.app.say(TITLE_SAID)

    def _phase(self):
        return (self.frame - SPLASH_FRAMES) % _CYCLE

    def _y(self, tile, phase):
        """Where a falling tile's top is: it falls faster and faster, then lies."""
        t = phase - tile * _DROP_EVERY
        if t < 0:
            return _START_Y
        y = _START_Y + t * t // 2
        return y if y < _LAND_Y else _LAND_Y

    def _landing(self, phase):
        """A tile meets the table at this phase."""
        for tile in range(_TILES):
            if self._y(tile, phase) == _LAND_Y and self._y(tile, phase - 1) < _LAND_Y:
                return True
        return False

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        if self.frame < SPLASH_FRAMES:
            self._splash(fb)
        else:
            self._title(fb)

    def _splash(self, fb):
        domino.draw(fb, 25, 59, 8, True, 5)  # the double five, standing
        centre(fb, "POCKET DOMINOES", 32)
        centre(fb, "a handheld domino game", 44)

    def _title(self, fb):
        phase = self._phase()
        for tile in range(_TILES):
            y = self._y(tile, phase)
            if y > _START_Y:
                domino.draw(fb, _LINE[tile], 1 + tile * 18, y, False, LOW[_LINE[tile]])
        fb.fill_rect(0, 0, WIDTH, _SHELF, 0)  # hides the tiles until they drop below
        fb.blit(self.heading, (WIDTH - self.heading_w) // 2, 1, 0)
        centre(fb, "Eight domino games", 16)
        fb.hline(0, _LAND_Y + 10, WIDTH, 1)
        if phase >= _LANDED or phase // 15 % 2:
            centre(fb, "Press any button", 55)
