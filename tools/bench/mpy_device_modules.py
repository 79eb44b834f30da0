"""What each module of a scripted match (mpy_device.py) takes of the heap, on the
32-bit unix port: the binaries `tools/bench/bench.py unix32` builds (the game
frozen in, or from a `make build` tree), run by `tools/bench/heap_modules.py`:

    micropython tools/bench/mpy_device_modules.py SOURCE SCRATCH GAME OPPONENT SEED FRAMES

with mpy_device.py's arguments. Around every module's first import the heap in
use is taken after a collection; a module's own share is what its import added,
less what the modules it imported meanwhile added (those are counted apart).
After the match (mpy_device's own lines first) prints `module NAME BYTES HELD`
for every module imported, HELD 1 if it is still loaded at the end and 0 if it
was let go, then `live BYTES`, the heap in use at the end.
"""

import builtins
import gc
import sys

taken = {}  # module: its own share, bytes
stack = []  # [name, heap at its begin, what the modules it imported took]


def _noting(name, *args):
    if name in sys.modules or name in taken:
        return _import(name, *args)
    gc.collect()
    stack.append([name, gc.mem_alloc(), 0])
    try:
        return _import(name, *args)
    finally:
        gc.collect()
        name, then, inner = stack.pop()
        whole = gc.mem_alloc() - then
        if stack:
            stack[-1][2] += whole
        taken[name] = whole - inner


_import = builtins.__import__
builtins.__import__ = _noting
import mpy_device  # noqa: E402, F401  (the match runs as it is imported)

builtins.__import__ = _import
for module in sorted(taken, key=lambda m: -taken[m]):
    print("module", module, taken[module], 1 if module in sys.modules else 0)
gc.collect()
print("live", gc.mem_alloc())
