"""What tools/bench.py measures under the MicroPython unix port, on the real screens,
frame loop and hardware layer (fake pins and bus: mpy_hardware.py).

    micropython tools/mpy_bench.py SOURCE SCRATCH_DIR match|figures
    micropython -c "import sys; sys.path.insert(0, DIR); import mpy_bench" SOURCE ...
        (the same, compiled to DIR/mpy_bench.mpy as bench.py runs it)

SOURCE is a folder of modules (a `make build` tree) or a ROMFS image (*.romfs),
mounted with vfs.VfsRom at /rom as a board with a ROMFS partition does; the image
is read into a bytearray first, whose size `figures` prints (`image_heap N`) so
that the bench can take it out of the heap figure: on a board it stays in flash.

match    a demo match to 100, handheld (tactics) against handheld (defensive),
         through the table, hand-end and match-end screens; A is pressed now and
         then to go on between hands. Prints `final S1 S2` once the match-end
         screen shows. Run by bisection on -X heapsize.
figures  `name value` lines: bytes allocated per frame on the table while the
         player chooses (cursor moving) and over a whole demo match; bytes sent to
         the panel per frame over that match and for a full frame; microseconds of
         one table frame (bench.py relates it to mpy_cost.py's reference workload).
"""

import gc
import sys
import time

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

from core.allfives import Options  # noqa: E402
from mpy_hardware import hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import Session  # noqa: E402

DEMO = ["handheld:tactics", "handheld:defensive"]
MOST_FRAMES = 100000
REPEATS = 5


def start(seats, seed=1234):
    hw = hardware(SCRATCH + "/save.bin")
    app = App(hw, None)
    session = Session(Options(), seed, seats)
    session.deal()
    session.save(hw.storage)
    app.go("table", session)
    return app, session


def screen(app):
    return app._module


def play_demo(app, on_frame=None):
    """Frames until the match-end screen; A held one frame in eight. Frames run."""
    for frame in range(MOST_FRAMES):
        if screen(app) == "screens.matchend":
            return frame
        hold(app.hw, "a" if frame & 7 == 0 else "")
        app.hw.run_frame(app)
        if on_frame is not None:
            on_frame()
    raise RuntimeError("the demo match did not end")


def match():
    app, session = start(DEMO)
    play_demo(app)
    print("final %d %d" % (session.game.scores[0], session.game.scores[1]))


def best_us(work, repeats=REPEATS):
    best = 1 << 30
    for _ in range(repeats):
        start_us = time.ticks_us()
        work()
        best = min(best, time.ticks_diff(time.ticks_us(), start_us))
    return best


def allocated(work):
    gc.collect()
    before = gc.mem_alloc()
    work()
    return gc.mem_alloc() - before


def figures():
    print("image_heap", IMAGE_HEAP)
    # The whole demo match: allocations, panel traffic.
    app, session = start(DEMO)
    hw = app.hw
    frames = [0]

    def count():
        frames[0] += 1

    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    play_demo(app, count)
    gc.enable()
    print("match_frames", frames[0])
    print("match_alloc_per_frame", (gc.mem_alloc() - before) // frames[0])
    print("match_display_bytes_per_frame", hw.display._spi.sent // frames[0])
    hw.display._spi.sent = 0
    hw.display.fill(1)
    hw.display.show()
    hw.display.fill(0)
    hw.display.show()
    print("full_frame_bytes", hw.display._spi.sent // 2)
    # The table while the player chooses a tile: the cursor goes right and back.
    app, session = start(["human:ANN", "handheld:tactics"])
    while not session.waiting_for_human():
        app.hw.run_frame(app)
    for _ in range(20):
        app.hw.run_frame(app)
    moves = ("right", "", "", "", "left", "", "", "")

    def choose_frames():
        for i in range(240):
            hold(app.hw, moves[i & 7])
            app.hw.run_frame(app)

    choose_frames()  # the first pass lays out what it keeps
    print("table_alloc_per_frame", allocated(choose_frames) // 240)
    print("table_frame_us", best_us(choose_frames) // 240)


if MODE == "match":
    match()
elif MODE == "figures":
    figures()
