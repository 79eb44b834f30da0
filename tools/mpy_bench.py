"""What tools/bench.py measures under the MicroPython unix port, on the real screens,
frame loop and hardware layer (fake pins and bus: mpy_hardware.py).

    micropython tools/mpy_bench.py SOURCE SCRATCH_DIR match|figures
    micropython -c "import sys; sys.path.insert(0, DIR); import mpy_bench" SOURCE ...
        (the same, compiled to DIR/mpy_bench.mpy as bench.py runs it)

SOURCE is a folder of modules (a `make build` tree) or a ROMFS image (*.romfs),
mounted with vfs.VfsRom at /rom as a board with a ROMFS partition does; the image
is read into a bytearray first, whose size `figures` prints (`image_heap N`) so
that the bench can take it out of the heap figure: on a board it stays in flash.

match    from power-on, the title and the menus, then a demo match to 100,
         handheld (tactics) against handheld (defensive), through the table,
         hand-end and match-end screens; A is pressed now and then to go on
         between hands. Prints `final S1 S2` once the match-end
         screen shows. Run by bisection on -X heapsize.
modules  as `match` goes, from power-on to 200 frames into the match, around the
         first import of every module: `begin NAME HEAP` and `end NAME HEAP`, each
         followed by micropython.qstr_info()'s line; then the heap in use (`live N`,
         the image left out), the qstr pool once more and `loaded NAME ...`, the
         modules held while the match is played. bench.py makes the table of what
         each module takes of the heap.
figures  `name value` lines: bytes allocated per frame on the table while the
         player chooses (cursor moving) and over a whole demo match; bytes sent to
         the panel per frame over that match and for a full frame; microseconds of
         one table frame (bench.py relates it to mpy_cost.py's reference workload).
"""

import builtins
import gc
import os
import sys
import time

import micropython
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



def _noting(name, *args):
    """__import__ printing the heap and the qstr pool around a module's first import."""
    if name in sys.modules:
        return _import(name, *args)
    gc.collect()
    print("begin", name, gc.mem_alloc())
    micropython.qstr_info()
    module = _import(name, *args)
    gc.collect()
    print("end", name, gc.mem_alloc())
    micropython.qstr_info()
    return module


if MODE == "modules":
    _import = builtins.__import__
    builtins.__import__ = _noting

from core.allfives import Options  # noqa: E402
from mpy_hardware import hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import Session  # noqa: E402

DEMO = ["handheld:tactics", "handheld:defensive"]
MOST_FRAMES = 100000


def fresh_hardware():
    """The fake hardware with an empty save (runs share SCRATCH_DIR)."""
    for name in ("/save.bin", "/save.bin.new"):
        try:  # noqa: SIM105 (MicroPython has no contextlib)
            os.remove(SCRATCH + name)
        except OSError:
            pass
    return hardware(SCRATCH + "/save.bin")


def start(seats, seed=1234):
    hw = fresh_hardware()
    app = App(hw, None)
    session = Session(Options(), seed, seats)
    session.deal()
    session.save(hw.storage)
    app.go("table", session)
    return app, session


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


def modules():
    app, frames = to_the_demo()
    for _ in range(200):
        frames.run("a" if frames.count & 7 == 0 else "")
    if screen(app) != "screens.table":
        raise RuntimeError("the first hand of the demo ended before 200 frames")
    builtins.__import__ = _import
    gc.collect()
    print("live", gc.mem_alloc() - IMAGE_HEAP)
    micropython.qstr_info()
    print("loaded", " ".join(sorted(sys.modules)))


class Leaky:
    """A screen whose every frame allocates: the allocation count's own check."""

    def update(self):
        pass

    def draw(self):
        return [0] * 4


def figures():
    print("image_heap", IMAGE_HEAP)
    gc.disable()  # no collection inside a frame being counted
    # The whole demo match: allocations, panel traffic.
    app, session = start(DEMO)
    frames = Frames(app)
    play_demo(frames)
    spi = app.hw.display._spi
    print("match_frames", frames.count)
    print("match_alloc_per_frame", frames.per_frame())
    print("match_display_bytes_per_frame", spi.sent // frames.count)
    spi.sent = 0
    for colour in (1, 0):
        app.hw.display.fill(colour)
        app.hw.display.show()
    print("full_frame_bytes", spi.sent // 2)
    gc.collect()
    # The table while the player chooses a tile: the cursor goes right and back.
    app, session = start(["human:ANN", "handheld:tactics"])
    frames = Frames(app)
    while not session.waiting_for_human() or frames.count < 20:
        frames.run("")
    moves = ("right", "", "", "", "left", "", "", "")
    choosing = Frames(app)
    for i in range(480):
        choosing.run(moves[i & 7])
    print("table_alloc_per_frame", choosing.per_frame())
    gc.enable()
    gc.collect()
    best = 1 << 30
    for _ in range(5):  # the best of five rounds: other programs share the machine
        start_us = time.ticks_us()
        for i in range(96):
            choosing.run(moves[i & 7])
        best = min(best, time.ticks_diff(time.ticks_us(), start_us) // 96)
    print("table_frame_us", best)
    app.screen = Leaky()
    leaky = Frames(app)
    gc.disable()
    for _ in range(8):
        leaky.run("")
    gc.enable()
    print("leaky_alloc_per_frame", leaky.per_frame())


if MODE == "match":
    match()
elif MODE == "modules":
    modules()
elif MODE == "figures":
    figures()
