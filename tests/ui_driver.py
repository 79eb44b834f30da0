"""Drive the real game through its buttons in the headless emulator, like a player.

`respond` looks at the screen the app shows and presses what a player would press
to make a given move; every move goes through Buttons, the app and the screens.
Spectacular Bid's auction calls are pressed on the auction screen (`press_call`).
"""

import sys
import tempfile

from core.actions import amount_of, DRAW, is_bid, PASS
from core.allfives import Options
from core.table import E, N, S, W
from hw.storage import Storage
from screens import auction, table
from ui import auctionview
from ui.app import App
from ui.session import Session

from sim.emulator import Emulator

DIRECTION = {W: "left", E: "right", N: "up", S: "down"}


class Handheld:
    """An emulated handheld running the game, with what it said collected. Each
    frame lasts 1000 // fps ms of virtual time, which a duel's match clock counts.
    With `flash` (check.Flash), the save is kept there instead of in save_dir,
    and with `log` (a block device: norflash.NorFlash) the match in progress in
    a log on it (hw/flashlog.py), as on a board's raw flash; with `speaking`
    False, it is a board without speech (nothing is said)."""

    def __init__(self, board="pico-spi", save_dir=None, first="title", fps=30, flash=None,
                 speaking=True, log=None):
        self.said = []
        self.speaking = speaking
        self._apps = []
        self.flash = flash
        self.log = log
        self.save_dir = save_dir or tempfile.mkdtemp(prefix="domino-save-")
        self.emulator = Emulator(board, screen=self._make_app, save_dir=self.save_dir, fps=fps)
        self.app = self._apps[0]
        if first is not None:
            self.app.go(first)

    def _make_app(self, hw):
        if self.flash is not None:
            hw.storage = Storage("/save.bin", self.flash, self.flash.open, self.log)
        app = App(hw, first=None, speak=self.said.append if self.speaking else None)
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


def press_call(handheld, action):
    """Press the buttons that make the auction call `action` (a bid, ACCEPT or
    DECLINE) on the auction screen: UP/DOWN to the call, LEFT/RIGHT to the amount, A."""
    calls = handheld.screen.calls
    wanted = auctionview.BID if is_bid(action) else auctionview.OTHER
    if calls.choice != wanted:
        handheld.press("down")
    if is_bid(action):
        amount = amount_of(action)
        step = "right" if calls.amount < amount else "left"
        while calls.amount != amount:
            before = calls.amount
            handheld.press(step)
            assert calls.amount != before, "the amount stops at %d, not %d" % (before, amount)
    handheld.press("a")


def start_match(handheld, seats, seed=5, options="", game="allfives"):
    """A match dealt, saved and on the table, as the new-match screen leaves it
    (a Spectacular Bid duel with game="bid": it has no options)."""
    session = Session(None if game == "bid" else Options.parse(options), seed, seats, game)
    session.deal()
    return show(handheld, session)


def show(handheld, session):
    """Save `session` and go to the table with it, as Continue on the menu does
    (the table hands an auction on to the auction screen), up to the frame that
    draws the screen's first picture."""
    session.save(handheld.app.storage)
    handheld.app.go(session.table_screen, session)
    while handheld.app._prepare is not None:  # its first picture's making (App._show)
        handheld.frame()
    return session


_WAITS = {  # the modes of a screen that A goes on from
    "table": (table.MESSAGE, table.HANDOVER),
    "auction": (auction.MESSAGE, auction.HANDOVER),
}


def respond(handheld, choose):
    """Do what a player does on the screen shown: make the move choose(view) on the
    table when it is a human's turn, or the call choose(view) in an auction, A on a
    message, a handover or the end of a hand, nothing while the handheld thinks.
    False on the end of the match."""
    name = handheld.screen_name()
    screen = handheld.screen
    if name == "matchend":
        return False
    if name == "handend" or name in _WAITS and screen.mode in _WAITS[name]:
        handheld.press("a")
    elif name == "table" and screen.mode == table.CHOOSE_TILE:
        session = screen.session
        press_move(handheld, choose(session.view(session.to_move())))
    elif name == "auction" and screen.mode == auction.CALL:
        session = screen.session
        press_call(handheld, choose(session.view(session.to_move())))
    else:
        handheld.frame()
    return True


def redraws_checked(handheld, monkeypatch, module_name):
    """Check every frame from now on while the handheld thinks at the table of
    `module_name` (a screen with a ui.redraw.Redraw), and every frame of it where
    its look tells the whole picture (`Redraw(still=True)`): what the screen
    leaves on the panel (its dots redrawn, the rest as drawn before, or nothing
    drawn) must be exactly what drawing it whole gives, and a frame that saves
    must draw nothing. (The app imports a screen
    anew each time it comes back to it, so the check wraps the app's draw.)
    Returns a list whose item counts the frames checked."""
    app = handheld.app
    draw = app.draw
    checked = [0]

    def check():
        redraw = getattr(app.screen, "redraw", None)
        # A frame that saved draws nothing (what its update changed is drawn next),
        # nor does one that made a screen drawn from the next (App.go_then_draw).
        saved = app._saving or app._undrawn or (redraw is not None and redraw.saved)
        before = bytes(app.fb.buffer)
        draw()
        screen = app.screen
        module = sys.modules[type(screen).__module__]
        if module.__name__ != module_name:
            return
        if saved:
            assert bytes(app.fb.buffer) == before, "a frame that saves draws nothing"
            return
        if screen.mode != module.THINKING and not screen.redraw.still:
            return
        if getattr(screen, "bubble", None) == getattr(module, "_BUBBLE_ALONE", -1):
            return  # the table drawn for a new message, whose bubble comes next frame
        checked[0] += 1
        left = bytes(screen.fb.buffer)
        screen.redraw.drawn = -1  # drawn whole
        draw()
        assert bytes(screen.fb.buffer) == left, "frame %d of mode %d" % (screen.frames, screen.mode)

    monkeypatch.setattr(app, "draw", check)
    return checked


def splits_checked(handheld, monkeypatch, module_name):
    """Run the handheld with a board's clock that says 30 ms of every frame are
    gone, so that a screen of `module_name` (a game's table) draws its
    pictures whole over two frames (ui.redraw's split), and check every frame: a
    half-drawn picture is never sent to the panel, every picture left drawn is
    the one drawn whole in one go, and no search step is taken on a frame that
    draws a picture's rest (30 ms gone leave no room for one beside it). Call
    `stepping(session)` once the match's session is made. Returns a dict of the
    frames held and the pictures checked."""
    app = handheld.app
    gone = [30]
    monkeypatch.setattr(app.clock, "elapsed_ms", lambda: gone[0])
    counts = {"held": 0, "checked": 0, "steps": 0}
    show = app.fb.show

    def showing(most=8):
        assert most == 0 or not app.held, "a half-drawn picture is never sent"
        counts["held"] += app.held
        return show(most)

    monkeypatch.setattr(app.fb, "show", showing)
    draw = app.draw

    def check():
        screen = app.screen
        redraw = getattr(screen, "redraw", None)
        # (Nothing is drawn on a frame that saves, nor on one that made the screen.)
        saved = app._saving or app._undrawn or (redraw is not None and redraw.saved)
        draw()
        if type(screen).__module__ != module_name or app.held or saved:
            return
        counts["checked"] += 1
        left = bytes(screen.fb.buffer)
        gone[0] = 0  # drawn whole in one go
        screen.redraw.drawn = -1
        draw()
        gone[0] = 30
        assert bytes(screen.fb.buffer) == left, "frame %d of mode %d" % (screen.frames, screen.mode)

    monkeypatch.setattr(app, "draw", check)

    def stepping(session):
        think_step = session.think_step

        def step():
            assert not app.screen.redraw.half, "a step on the frame of a picture's rest"
            counts["steps"] += 1
            return think_step()

        monkeypatch.setattr(session, "think_step", step)

    counts["stepping"] = stepping
    return counts
