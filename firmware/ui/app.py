"""The game as the frame loop sees it: `update()` then `draw()` once per frame.

The app holds the hardware objects, the settings and the current screen. A
screen is a module of firmware/screens/ with a class `Screen(app, *args)` that
has `update()` and `draw()`; `app.go("menu")` imports it when first shown and
lets the previous screen's module go, so the device holds one screen at a time.

    hw = board.build(...)
    app = App(hw)
    while True:
        hw.run_frame(app)
"""

import gc
import sys

from gfx import text
from hw.storage import FAILED
from micropython import const

from ui import speech

# Where the heap is tight (an ESP32 from .mpy, an ESP8266), collect before the
# next screen is imported so that the old one's memory is free for it. Where it
# is roomy (an RP2040, about 220 KB free) that collection would only lengthen the
# frame of the change (13 ms on the virtual Pico), and the collector of the
# frames' spare time (hw.board) keeps up; CPython's collector needs no help.
_SMALL_HEAP = hasattr(gc, "mem_free") and gc.mem_free() < text.ROOMY
# There, too, a collection every _COLLECT_BYTES allocated, not only once an
# allocation finds the heap full: the heap is then less scattered where a
# screen's, a module's or a growing dictionary's block is asked for, which is what
# fails first in a tight heap (measured in docs/device-figures.md: a match's
# smallest heap up to 3.3 KB lower frozen, 7-11 KB from .mpy). Not on a roomy heap:
# a Pico's collection (3-15 ms) would land inside frames that think for 26 ms.
_COLLECT_BYTES = const(16384)

# The menus' helpers: only screens use them, and nothing they make outlives the
# screen that made it. They go with every screen and come back with the next one
# that imports them, so a match is played without them in memory (ui.restore
# too: the menu's Continue rebuilds the match with it, then the table plays on).
_SCREEN_HELPERS = ("ui.widgets", "ui.controls", "ui.profiles", "ui.saved", "ui.pager",
                   "ui.ending", "ui.restore")
# What only the start-up check of the save needs (the draw-and-block rules, and
# the rule set of each game whose set-up is saved; All Fives' engine comes with
# the check of its rules options; the wallets, ratings and network keys with the
# check of theirs): it goes again once the check is done, unless it was there before.
_CHECK_ONLY = ("ui.lineresults", "ui.setups", "core.blockrules", "core.blockbase",
               "core.rules_1x1", "core.rules_classic", "core.rules_kozel", "core.rules_yard",
               "core.rules_international", "core.allfives", "ui.wallets", "core.coins",
               "core.elo", "hw.netkeys")
_TOLD_FRAMES = 120  # how long the app shows that a save failed
_NARRATION = ("ui.narrate_bid", "ui.narrate")  # see told()


class App:
    def __init__(self, hw, first="title", speak=None):
        """`first` is the screen to show (None: the caller will call go())."""
        if _SMALL_HEAP and hasattr(gc, "threshold"):
            gc.threshold(_COLLECT_BYTES)
        self.hw = hw
        self.fb = hw.display
        self.buttons = hw.buttons
        self.sound = hw.sound
        self.storage = hw.storage
        self.clock = hw.clock
        # Where sentences for players who cannot see the screen go (the emulator
        # prints them); None on a device.
        self.speak = speak
        self.screen = _Blank()
        self._module = None
        self._next = None  # (name, args, keeper) of the screen asked for by go()
        self._busy = False  # inside a screen's update() or constructor
        # What the frame gone by counts for on a match clock (see update()).
        self.elapsed_ms = self.clock.frame_ms
        self._changed = False
        # What this frame shows, to be saved on the next frame (then `_due`, and
        # that frame draws nothing): see save_soon().
        self._owed = None
        self._due = None
        self._saving = False
        # go_then_draw(): the new screen's first picture waits for the next frame;
        # go_then_save(): what to save on the frame after that picture.
        self._undrawn = False
        self._asked = None  # the keeper of the go_then_save() under way
        self._later = None
        self._prepare = None  # the new screen's prepare, due on the next frame (see _show)
        held = [name for name in _CHECK_ONLY if name in sys.modules]
        from ui import saved

        # What start-up found wrong with the save, for the main menu to say.
        self.notice = saved.check(self.storage)
        for name in _CHECK_ONLY:
            if name not in held:
                _forget(name)
        self._failing = False  # the last save failed (and the player was told)
        self.failure_frames = 0  # frames left of the message that says so
        self.apply_display_settings()
        if first is not None:
            self.go(first)

    # --- screens --------------------------------------------------------------

    def go(self, name, *args):
        """Show the screen `name` (a module of firmware/screens/), made with args.

        Asked from a screen's update() (or constructor), the change is made once
        that has returned: until then the running screen, its module and all
        they hold could not be freed for the new one."""
        self._next = (name, args, self._asked)
        self._asked = None
        if not self._busy:
            self._change()

    def go_then_draw(self, name, *args):
        """go(), the new screen drawn from the next frame on, the old picture left
        in view meanwhile: the change's frame has the screen's import and making,
        the next its first picture, whose strings are all new (each 10-25 ms on a
        board for a hand's end or a four-player table: together, over a frame)."""
        self._undrawn = True
        self.go(name, *args)

    def go_then_save(self, keeper, name, *args):
        """go_then_draw(), with `keeper` saved on the frame after the new screen's
        first picture (as by save_soon(): a frame that draws nothing), not before
        the screen is made: the change, its first picture and the save each have
        a frame (together they came to 35-75 ms on a board). Only for a save that
        neither ends the match nor leaves the session, such as a hand just dealt
        (a power cut before it resumes the hand's end, which deals the same hand
        again). A save of `keeper` already owed waits with it."""
        if self._owed is keeper:
            self._owed = None
        self._asked = keeper
        self.go_then_draw(name, *args)

    def _change(self):
        self._busy = True
        later = None
        while self._next is not None:
            name, args, keeper = self._next
            self._next = None
            self._show(name, args)
            later = later or keeper  # (a screen it goes on to at once waits for it too)
        self._busy = False
        if later is not None:
            if self._owed is None:
                self._later = later
            elif self._owed is not later:
                later.save(self.storage)  # the new screen owes a save of its own

    def _show(self, name, args):
        # What is not saved yet is saved before another screen is made: it may
        # end the match (and clear its journal) or leave the session.
        for keeper in (self._due, self._owed, self._later):
            if keeper is not None:
                keeper.save(self.storage)
        self._due = self._owed = self._later = None
        self._changed = True
        self.screen = _Blank()  # let the old screen go before the new one is made
        old = self._module
        if old is not None and old != "screens." + name:
            _forget(old)
        for helper in _SCREEN_HELPERS:
            _forget(helper)
        if _SMALL_HEAP:
            gc.collect()
        module_name = "screens." + name
        package = __import__(module_name)
        self._module = module_name
        self.screen = getattr(package, name).Screen(self, *args)
        # A screen whose first picture needs more made than its making can take
        # on one frame (on a board) has a prepare(): called on the frames after,
        # in place of its update, until it returns True; then its first picture.
        self._prepare = getattr(self.screen, "prepare", None)
        if self._prepare is not None:
            self._undrawn = True

    @property
    def held(self):
        """The screen's picture is half drawn (ui.redraw's split): the panel keeps
        the one before until the rest is drawn on the next frame (hw.board)."""
        redraw = getattr(self.screen, "redraw", None)
        return redraw is not None and redraw.half

    def save_soon(self, keeper):
        """What this frame shows (a move, a match's results) is saved on the next
        frame, by `keeper.save(storage)` (a session, an end screen): the player
        sees it at once, and the save's time (a flash erase on a board, 45 ms)
        falls on a frame that draws nothing. A screen change saves it first."""
        self._owed = keeper

    def saves_this_frame(self):
        """A save is due once the screen's update is done (save_soon): the frame's
        time is the save's."""
        return self._due is not None

    def update(self):
        # A frame that changed the screen (an import, a collection, often a save)
        # lasts long on a board: a match clock counts it as an ordinary frame, not
        # against the player whose decision only starts on the new screen.
        self.elapsed_ms = self.clock.frame_ms if self._changed else self.clock.last_ms
        self._changed = False
        self._due, self._owed = self._owed, None
        self._busy = True
        prepare = self._prepare
        if prepare is not None:  # a frame that draws nothing (the old picture stays)
            self._undrawn = True
            if prepare():
                self._prepare = None
        else:
            self.screen.update()  # its buttons are read as on any frame
        self._busy = False
        if self._next is not None:
            self._change()
        if self._due is not None:
            # What the screen changed meanwhile is drawn on the next frame.
            self._due.save(self.storage)
            self._due = None
            self._saving = True
        self._tell_failures()

    def draw(self):
        if self._saving:
            self._saving = False
            return
        if self._undrawn:
            self._undrawn = False
            return
        self.screen.draw()
        if self._later is not None:  # its first picture is drawn: saved on the next frame
            self._owed = self._later
            self._later = None
        if self.failure_frames:
            _draw_told(self.fb)

    def _tell_failures(self):
        """Once a save fails, say so (once, until a save works again): play goes
        on, and the save before the failed one is the one a reboot finds."""
        storage = self.storage
        failing = storage.status == FAILED or storage.match.failed
        if failing and not self._failing:
            self.failure_frames = _TOLD_FRAMES
            self.say(" ".join(_FAILED_LINES))
        self._failing = failing
        if self.failure_frames:
            self.failure_frames -= 1

    def clock_runs_on(self, session):
        """Off the table in a duel (the pause menu, the rules opened from it), a
        human to move is still deciding: their clock runs on (the handheld's
        waits, as its thinking does). True once it has run out: the match is
        lost, saved, and the match-end screen is on its way."""
        if not session.timed or not session.waiting_for_human():
            return False
        events = session.tick(self.elapsed_ms)
        if events is None:
            return False
        if self.speak is not None:
            for e in events:
                self.say(speech.event(session, e))
        session.save(self.storage)
        self.go("matchend", session)
        return True

    def say(self, text):
        if self.speak is not None and text:
            self.speak(text)

    def told(self, session, e):
        """The sentence for event `e` that a screen shows (and says). On a board
        without speech, All Fives' and a duel's words are imported for it and let
        go again: the match is played without them in memory. (A draw-and-block
        match's words stay: its screens show them all the time.)"""
        sentence = speech.event(session, e)
        if self.speak is None and not session.line:
            for name in _NARRATION:
                _forget(name)
        return sentence

    def ask(self, question):
        """Answer a player who cannot see the screen (ui.questions, loaded only
        where someone asks: a board without speech never does)."""
        from ui import questions

        return questions.answer(self.screen, question)

    # --- settings kept in the save -----------------------------------------------

    def options(self):
        """The rules options chosen in the menu (defaults if none or unreadable)."""
        from core.allfives import Options  # All Fives' rules, loaded only where asked

        try:
            return Options.parse(self.storage.get("rules", ""))
        except ValueError:
            return Options()

    def set_options(self, options):
        self.storage.set("rules", options.text())
        self.storage.save()

    def apply_display_settings(self):
        self.fb.contrast(self.storage.get("contrast", 207))
        self.fb.invert(self.storage.get("invert", 0))


_FAILED_LINES = ("Saving failed: flash", "full or failing. The", "last good save is kept.")


def _draw_told(fb):
    """The failed save's message, boxed over the middle of whatever is shown."""
    fb.fill_rect(2, 18, 124, 27, 0)
    fb.rect(2, 18, 124, 27, 1)
    for n in range(len(_FAILED_LINES)):
        line = _FAILED_LINES[n]
        text.draw(fb, line, 64 - text.width(line) // 2, 22 + 7 * n)


def _forget(module_name):
    """Drop a module from sys.modules, and from its package: importing a submodule
    also makes it an attribute of its package, which would keep it alive."""
    sys.modules.pop(module_name, None)
    package_name, _, short = module_name.partition(".")
    package = sys.modules.get(package_name)
    if package is not None and hasattr(package, short):
        delattr(package, short)


class _Blank:
    """The screen while another is being made."""

    def update(self):
        pass

    def draw(self):
        pass
