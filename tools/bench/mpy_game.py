"""The game screens under the MicroPython unix port, played through the buttons by a
scripted player, on the real hardware layer with fake pins and bus (mpy_hardware.py).

    micropython tools/bench/mpy_game.py FIRMWARE_DIR SCRATCH_DIR check
        Plays a match against the handheld and one between two players, to 61, with
        every frame's draw() under micropython.heap_lock() (which raises at the first
        allocation). Prints `STATE ok` (or `STATE ALLOCATES`) for every state of a
        screen drawn, such as `table:choose-end+blink`, then the same for a screen
        that does allocate (`sanity ALLOCATES`, the check's own check).
        tests/test_game_micropython.py runs it.
    micropython tools/bench/mpy_game.py FIRMWARE_DIR SCRATCH_DIR figures
        Prints `name value` lines: frames per second of the table mid-match (a frame:
        update, draw and show; and draw alone), and the heap in use after
        gc.collect() during a match. tools/bench/bench_ui.py runs it.
"""

import gc
import sys
import time

gc.collect()
HEAP_AT_START = gc.mem_alloc()  # before anything of the firmware is imported
sys.path.insert(0, sys.argv[1])
SCRATCH = sys.argv[2]

from core.allfives import Options  # noqa: E402
from mpy_hardware import allocates, hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import Session  # noqa: E402

ONE_PLAYER = ["human:ANN", "handheld:tactics"]
TWO_PLAYERS = ["human:ANN", "human:BOB"]
MODE_NAMES = (
    "CHOOSE_TILE", "CHOOSE_END", "THINKING", "MESSAGE", "HANDOVER", "LAST_PLAY", "DRAWING"
)
MOST_FRAMES = 30000
FPS_FRAMES = 600
ROUNDS = 5


class CheckedApp(App):
    """The app; with `locked` set, its screen draws under heap_lock and `failed`
    tells whether that frame allocated."""

    locked = False
    failed = False

    def draw(self):
        if not self.locked:
            self.screen.draw()
            return
        self.failed = allocates(self.screen)


def screen_name(app):
    return app._module.split(".")[-1]


def table_mode(app):
    """The table screen's mode as its constant's name: "CHOOSE_TILE", ..."""
    module = sys.modules["screens.table"]
    for name in MODE_NAMES:
        if getattr(module, name) == app.screen.mode:
            return name
    return "?"


class Player:
    """Presses what a player would: draws three tiles once, tries a tile that does not
    fit once, then plays the last tile that fits (or draws, or passes); waits a
    little on every message and end screen, so that they are drawn a while."""

    def __init__(self, app, curious=True):
        self.app = app
        self.queue = []  # what to hold on the coming frames
        self.drew = not curious
        self.refused = not curious

    def held(self):
        """The buttons to hold this frame, or None when the match-end screen has shown."""
        if not self.queue and not self._plan():
            return None
        return self.queue.pop(0)

    def _press(self, button, times=1):
        for _ in range(times):
            self.queue += [button, button, "", ""]

    def _plan(self):
        app = self.app
        name = screen_name(app)
        if name == "matchend":
            if app.screen.frames >= 40:
                return False
            self.queue.append("")
        elif name == "handend":
            self.queue += [""] * 3
            self._press("a")
        elif name != "table":
            raise RuntimeError("unexpected screen " + name)
        else:
            mode = table_mode(app)
            if mode in ("MESSAGE", "HANDOVER"):
                self.queue += [""] * 8
                self._press("a")
            elif mode == "CHOOSE_END":
                self.queue += [""] * 18  # the chosen end blinks every 8 frames
                self._press("a")
            elif mode == "CHOOSE_TILE":
                self._choose_tile(app.screen)
            else:
                self.queue.append("")
        return True

    def _choose_tile(self, screen):
        session = screen.session
        if not self.drew and session.game.table.n and session.can_draw():
            self.drew = True
            self._press("down", 3)
            return
        tiles = screen.tiles
        fits = [i for i in range(len(tiles)) if screen.playable >> tiles[i] & 1]
        slot = fits[-1] if fits else len(tiles)  # the stock slot draws or passes
        if not self.refused and len(fits) < len(tiles):
            self.refused = True
            slot = [i for i in range(len(tiles)) if i not in fits][0]
        step = slot - screen.cursor
        self._press("right" if step > 0 else "left", abs(step))
        self._press("a")


def state(app):
    """What a frame shows: the screen, and on the table its mode and what is open."""
    name = screen_name(app)
    if name != "table":
        return name
    screen = app.screen
    mode = table_mode(app)
    parts = [mode.lower().replace("_", "-")]
    if mode == "HANDOVER":  # only the name of the next player is drawn
        return "table:handover"
    if screen.message:
        parts.append("bubble")
    elif screen.popup_frames:
        parts.append("popup")
    if mode == "CHOOSE_END":
        parts.append("blink" if screen.frames & 8 else "shown")
    if screen.first_slot:
        parts.append("scrolled")
    return "table:" + "+".join(parts)


def start(seats, target="61", seed=1234):
    hw = hardware(SCRATCH + "/save.bin")
    app = CheckedApp(hw, None)
    session = Session(Options.parse("target=" + target), seed, seats)
    session.deal()
    session.save(hw.storage)
    app.go("table", session)
    return app, session


def frame(app, held):
    hold(app.hw, held)
    app.hw.run_frame(app)


def note(verdicts, app, key):
    """Note whether the frame just drawn in state `key` allocated (once it did, the
    state stays ALLOCATES)."""
    if verdicts.get(key) != "ALLOCATES":
        verdicts[key] = "ALLOCATES" if app.failed else "ok"


def play_checked(app, player, state, verdicts, most_frames):
    """Press `player`'s buttons on `app`, its draws heap-locked, until it has none
    left, noting every frame's verdict under `state(app)`; False when `most_frames`
    went by first."""
    app.locked = True
    for _ in range(most_frames):
        held = player.held()
        if held is None:
            return True
        frame(app, held)
        note(verdicts, app, state(app))
    return False


def check():
    verdicts = {}
    for seats in (ONE_PLAYER, TWO_PLAYERS):
        app, _ = start(seats)
        if not play_checked(app, Player(app), state, verdicts, MOST_FRAMES):
            print("unfinished", seats[1])
    for key in sorted(verdicts):
        print(key, verdicts[key])
    app.screen = Allocating()
    frame(app, "")
    print("sanity", "ALLOCATES" if app.failed else "ok")


class Allocating:
    """A screen whose draw() allocates: the check must catch it."""

    def update(self):
        pass

    def draw(self):
        return [0] * 4


def per_second(count, start_us):
    return count * 1000000 // time.ticks_diff(time.ticks_us(), start_us)


def heap_in_use():
    gc.collect()
    return gc.mem_alloc()


def figures():
    app, session = start(ONE_PLAYER, "100")
    player = Player(app, curious=False)
    peak = 0
    while len(session.record.actions) < 16 or table_mode(app) != "CHOOSE_TILE":
        frame(app, player.held())
    print("heap_at_start", HEAP_AT_START)
    print("heap_mid_match", heap_in_use())
    print("table_actions_played", len(session.record.actions))
    print("table_tiles_played", session.game.table.n)
    hw = app.hw
    frames = draws = 0
    for _ in range(ROUNDS):  # the best round: other programs share this machine
        start_us = time.ticks_us()
        for i in range(FPS_FRAMES):  # the cursor goes right and back: the hand redraws
            frame(app, "right" if i & 8 == 0 and i & 4 else "left" if i & 4 else "")
        frames = max(frames, per_second(FPS_FRAMES, start_us))
        start_us = time.ticks_us()
        for _ in range(FPS_FRAMES):
            app.draw()
        draws = max(draws, per_second(FPS_FRAMES, start_us))
    print("table_frames_per_s", frames)
    print("table_draws_per_s", draws)
    while True:
        if screen_name(app) == "table" and table_mode(app) == "CHOOSE_TILE" and not player.queue:
            peak = max(peak, heap_in_use())
        held = player.held()
        if held is None:
            break
        frame(app, held)
    print("heap_peak_at_turns", peak)
    print("match_scores %d %d" % (session.game.scores[0], session.game.scores[1]))
    print("display_bytes_sent", hw.display._spi.sent)


if __name__ == "__main__":  # tools/bench/mpy_line.py imports the checked app from here
    if sys.argv[3] == "check":
        check()
    else:
        figures()
