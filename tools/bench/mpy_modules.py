"""Where the heap of a match goes, for tools/bench/bench.py under the MicroPython unix
port (see mpy_bench.py for how it is run). As mpy_bench's `match` goes, from
power-on to 200 frames into the match, around the first import of every module:
`begin NAME HEAP` and `end NAME HEAP`, each followed by micropython.qstr_info()'s
line (the image is read while mpy_bench is imported: `image_heap N`); then the
heap in use (`live N`, the image left out), the qstr pool once more and `loaded
NAME ...`, the modules held while the match is played. bench.py makes the table of
what each module takes of the heap.
"""

import builtins
import gc
import sys

import micropython


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


_import = builtins.__import__
builtins.__import__ = _noting

from mpy_bench import IMAGE_HEAP, screen, to_the_demo  # noqa: E402


def modules():
    print("image_heap", IMAGE_HEAP)  # taken while mpy_bench was imported
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


modules()
