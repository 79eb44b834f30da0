"""The draw-and-block screens under the MicroPython unix port, played through the
buttons on the real hardware layer (mpy_hardware.py), every frame's draw() under
micropython.heap_lock() (tools/bench/mpy_game.py's CheckedApp).

    micropython tools/bench/mpy_line.py FIRMWARE_DIR SCRATCH_DIR
        Plays a 4-player Classic match against the handheld and a 2-player Yard Kozel
        match between two humans, then shows the pause menu of a match for four, a
        profile's page of these games and the line viewer of a hand under way, and
        prints `STATE ok` (or `STATE ALLOCATES`) for every state of a screen drawn, such as
        `linetable:choose-way+blink`.
        tests/test_line_micropython.py runs it.
"""

import sys

sys.path.insert(0, sys.argv[1])
SCRATCH = sys.argv[2]

from core.blockrules import Options  # noqa: E402
from mpy_game import CheckedApp, frame, note, play_checked, screen_name  # noqa: E402
from mpy_hardware import hardware  # noqa: E402
from ui.session import Session  # noqa: E402

MODES = ("choose-tile", "choose-way", "thinking", "message", "handover")
MATCHES = (
    ("classic", "players=4", ["human:ANN", "handheld:easy", "handheld:medium", "handheld:hard"]),
    ("yard", "players=2", ["human:ANN", "human:BOB"]),
)
MOST_FRAMES = 40000


def state(app):
    name = screen_name(app)
    screen = app.screen
    if name == "lineend":
        return "lineend:%d" % (screen.page + 1)
    if name != "linetable":
        return name
    mode = MODES[screen.mode]
    if mode == "choose-way":
        mode += "+blink" if screen.frames & 8 else "+shown"
    return "linetable:" + mode


class Player:
    """Plays the first tile that fits, taking the second way when there are two;
    waits a little on messages and end screens so that they are drawn a while."""

    def __init__(self, app):
        self.app = app
        self.queue = []

    def _press(self, button, times=1):
        for _ in range(times):
            self.queue += [button, button, "", ""]

    def held(self):
        if not self.queue and not self._plan():
            return None
        return self.queue.pop(0)

    def _plan(self):
        app = self.app
        name = screen_name(app)
        screen = app.screen
        if name == "lineover":
            return False
        if name == "lineend":
            self.queue += [""] * 3
            self._press("a")
            return True
        mode = MODES[screen.mode]
        if mode in ("message", "handover"):
            self.queue += [""] * 8
            self._press("a")
        elif mode == "choose-way":
            self.queue += [""] * 18
            self._press("right")
            self._press("a")
        elif mode == "choose-tile":
            tiles = screen.tiles
            fits = [i for i in range(len(tiles)) if screen.playable >> tiles[i] & 1]
            slot = fits[0]
            step = slot - screen.cursor
            self._press("right" if step > 0 else "left", abs(step))
            self._press("a")
        else:
            self.queue.append("")
        return True


def idle(app, verdicts, frames=3):
    """Draw `frames` frames with no button held, noting the state's verdict."""
    for _ in range(frames):
        frame(app, "")
        note(verdicts, app, state(app))


def check():
    verdicts = {}
    for game, options, seats in MATCHES:
        hw = hardware(SCRATCH + "/save.bin")
        app = CheckedApp(hw, None)
        session = Session(Options.parse(game, options), 1234, seats, game)
        session.deal()
        session.save(hw.storage)
        app.go("linetable", session)
        if not play_checked(app, Player(app), state, verdicts, MOST_FRAMES):
            print("unfinished", game)
        idle(app, verdicts)  # the match end, drawn a while
    game, options, seats = MATCHES[0]
    session = Session(Options.parse(game, options), 1234, seats, game)
    session.deal()
    app.go("pause", session)
    idle(app, verdicts)
    app.go("linerecords")
    idle(app, verdicts)
    # The line viewer of a hand well under way, scrolled along the line.
    for _ in range(9):
        seat = session.to_move()
        if session.is_human(seat):
            session.play(session.game.legal()[0])
        else:
            session.think()
    app.go("lineviewer", session)
    idle(app, verdicts)
    for _ in range(4):
        frame(app, "down")
        note(verdicts, app, "lineviewer")
        idle(app, verdicts, 1)
    for key in sorted(verdicts):
        print(key, verdicts[key])


check()
