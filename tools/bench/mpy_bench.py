"""What tools/bench/bench.py measures under the MicroPython unix port, on the real screens,
frame loop and hardware layer (fake pins and bus: mpy_hardware.py). Three programs,
each run compiled as bench.py runs them (a script run from source would be parsed
and compiled in the very heap being measured):

    micropython -c "import sys; sys.path.insert(0, DIR); import mpy_bench" SOURCE SCRATCH_DIR match
    ... import mpy_figures" SOURCE SCRATCH_DIR figures
    ... import mpy_modules" SOURCE SCRATCH_DIR modules

SOURCE is a folder of modules (a `make build` tree) or a ROMFS image (*.romfs),
mounted with vfs.VfsRom at /rom as a board with a ROMFS partition does; the image
is read into a bytearray first, whose size is IMAGE_HEAP (mpy_figures prints it as
`image_heap N`) so that the bench can take it out of the heap figure: on a board it
stays in flash.

mpy_bench (match)      from power-on, the title and the menus, then a demo match to
                       100, handheld (tactics) against handheld (defensive), through
                       the table, hand-end and match-end screens; A is pressed now
                       and then to go on between hands. Prints `final S1 S2` once the
                       match-end screen shows. Run by bisection on -X heapsize, so
                       it holds nothing of the other two programs.
mpy_figures (figures)  `name value` lines: allocations, panel traffic and time per
                       frame (see there).
mpy_modules (modules)  the heap around the first import of every module, and the
                       modules held during the match (see there).
"""

import gc
import sys

import vfs

SOURCE, SCRATCH, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
IMAGE_HEAP = 0
if SOURCE.endswith(".romfs"):
    with open(SOURCE, "rb") as _image_file:
        _size = _image_file.seek(0, 2)
        _image_file.seek(0)
        _before = gc.mem_alloc()
        IMAGE = bytearray(_size)
        _image_file.readinto(IMAGE)
        IMAGE_HEAP = gc.mem_alloc() - _before
    vfs.mount(vfs.VfsRom(IMAGE), "/rom")
    sys.path.insert(0, "/rom")
else:
    sys.path.insert(0, SOURCE)

import mpy_hardware  # noqa: E402
from mpy_hardware import hold  # noqa: E402
from ui.app import App  # noqa: E402

MOST_FRAMES = 100000


def fresh_hardware():
    """The fake hardware with an empty save (runs share SCRATCH_DIR)."""
    return mpy_hardware.fresh_hardware(SCRATCH)


def screen(app):
    return app._module


class Frames:
    """Runs the frame loop, counting frames and the bytes their run_frame()
    allocates (the harness's own holding of buttons is left out). A frame that
    changes the screen imports a module and collects: it is counted apart."""

    def __init__(self, app):
        self.app = app
        self.count = 0
        self.changes = 0
        self.allocated = 0

    def run(self, held):
        hold(self.app.hw, held)
        shown = self.app._module
        before = gc.mem_alloc()
        self.app.hw.run_frame(self.app)
        self.count += 1
        if self.app._module != shown:
            self.changes += 1
        else:
            self.allocated += gc.mem_alloc() - before

    def per_frame(self):
        """Bytes allocated per frame, over the frames that kept their screen."""
        return self.allocated // max(self.count - self.changes, 1)


def play_demo(frames):
    """Frames until the match-end screen, A held one frame in eight."""
    while screen(frames.app) != "screens.matchend":
        if frames.count >= MOST_FRAMES:
            raise RuntimeError("the demo match did not end")
        frames.run("a" if frames.count & 7 == 0 else "")


# From power-on: the title, the main menu, Demo, Start (frame: button).
TO_THE_DEMO = {80: "a", 100: "down", 120: "down", 140: "a", 160: "a"}


def to_the_demo():
    """As on the device: from the title through the menus into a demo match."""
    app = App(fresh_hardware())
    frames = Frames(app)
    while screen(app) != "screens.table":
        if frames.count > 400:
            raise RuntimeError("the menus did not lead to the table")
        frames.run(TO_THE_DEMO.get(frames.count, ""))
    return app, frames


def match():
    app, frames = to_the_demo()
    play_demo(frames)
    scores = app.screen.session.game.scores
    print("final %d %d" % (scores[0], scores[1]))


if MODE == "match":
    match()
