"""Drive the real game through its buttons in the headless emulator, like a player.

`Player` looks at the screen the app shows and presses what a player would press
to make a given move; every move goes through Buttons, the app and the screens.
"""

import tempfile

from core.actions import DRAW, PASS
from core.allfives import Options
from core.table import E, N, S, W
from core.view import View
from screens import table
from ui.app import App
from ui.session import Session

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


def point_at(handheld, slot):
    """Move the table's cursor to a slot of the hand (len(tiles): the stock)."""
    screen = handheld.screen
    while screen.cursor < slot:
        handheld.press("right")
    while screen.cursor > slot:
        handheld.press("left")


def press_move(handheld, action):
    """Press the buttons that make `action` on the table screen (its tile choice mode)."""
    screen = handheld.screen
    if action in (DRAW, PASS):
        point_at(handheld, len(screen.tiles))
    else:
        point_at(handheld, screen.tiles.index(action >> 3))
    handheld.press("a")
    if action < DRAW and screen.mode == table.CHOOSE_END:
        end = action & 7
        if screen.ends[screen.end_index] != end:
            handheld.press(DIRECTION[end])
        handheld.press("a")


def start_match(handheld, seats, seed=5, options=""):
    """A match dealt, saved and on the table, as the new-match screen leaves it."""
    session = Session(Options.parse(options), seed, seats)
    session.deal()
    session.save(handheld.app.storage)
    handheld.app.go("table", session)
    return session


def respond(handheld, choose):
    """Do what a player does on the screen shown: make the move choose(view) on the
    table when it is a human's turn, A on a message, a handover or the end of a
    hand, nothing while the handheld thinks. False on the end of the match."""
    name = handheld.screen_name()
    screen = handheld.screen
    if name == "matchend":
        return False
    if name == "handend" or name == "table" and screen.mode in (table.MESSAGE, table.HANDOVER):
        handheld.press("a")
    elif name == "table" and screen.mode == table.CHOOSE_TILE:
        session = screen.session
        press_move(handheld, choose(View(session.game, session.to_move())))
    else:
        handheld.frame()
    return True
