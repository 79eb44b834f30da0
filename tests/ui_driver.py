"""Drive the real game through its buttons in the headless emulator, like a player.

`Player` looks at the screen the app shows and presses what a player would press
to make a given move; every move goes through Buttons, the app and the screens.
"""

import tempfile

from core.actions import DRAW, PASS
from core.table import E, N, S, W
from screens import table
from ui.app import App

from sim.emulator import Emulator

DIRECTION = {W: "left", E: "right", N: "up", S: "down"}


class Handheld:
    """An emulated handheld running the game, with what it said collected."""

    def __init__(self, board="pico-spi", save_dir=None, first="title"):
        self.said = []
        self._apps = []
        self.save_dir = save_dir or tempfile.mkdtemp(prefix="domino-save-")
        self.emulator = Emulator(board, screen=self._make_app, save_dir=self.save_dir)
        self.app = self._apps[0]
        if first is not None:
            self.app.go(first)

    def _make_app(self, hw):
        app = App(hw, first=None, speak=self.said.append)
        self._apps.append(app)
        return app

    def frame(self, *buttons):
        self.emulator.step(set(buttons))

    def press(self, button):
        """Hold a button for two frames, then release it for two (Emulator.press)."""
        self.emulator.press(button)

    @property
    def screen(self):
        return self.app.screen

    def screen_name(self):
        return type(self.screen).__module__.split(".")[-1]

    def glass(self):
        return self.emulator.controller.glass()


def press_move(handheld, action):
    """Press the buttons that make `action` on the table screen (its tile choice mode)."""
    screen = handheld.screen
    if action in (DRAW, PASS):
        target = len(screen.tiles)
    else:
        target = screen.tiles.index(action >> 3)
    while screen.cursor < target:
        handheld.press("right")
    while screen.cursor > target:
        handheld.press("left")
    handheld.press("a")
    if action < DRAW and screen.mode == table.CHOOSE_END:
        end = action & 7
        if screen.ends[screen.end_index] != end:
            handheld.press(DIRECTION[end])
        handheld.press("a")
