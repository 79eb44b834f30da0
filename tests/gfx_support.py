"""Shared by the asset and gfx tests: the repo's paths, the asset tools made importable, and a
way to run code under the real MicroPython unix port with firmware/ on its path."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"
SCENES = ROOT / "tests" / "gfx"  # modules that run unchanged on both interpreters

for _path in (ROOT / "tools" / "assets", SCENES):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))


def run_micropython(code, heap="256k"):
    """Run `code` under MicroPython (firmware/ and tests/gfx/ importable); its stdout."""
    prelude = "import sys; sys.path[:0] = [%r, %r]\n" % (str(ROOT / "firmware"), str(SCENES))
    done = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=" + heap, "-c", prelude + code],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr or done.stdout
    return done.stdout


def heap_locked_verdicts(script, scratch, *args):
    """Run a heap-locked screen check of tools/bench/ (mpy_game.py, mpy_line.py) under
    MicroPython on firmware/: its `STATE VERDICT` lines as a dict. (What it checks
    is that drawing allocates nothing; its heap is room to compile the screens
    from their source on the 64-bit port: 512 KB stopped being enough for the
    table's when ui.redraw grew, 6 December.)"""
    out = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=768k", str(ROOT / "tools" / "bench" / script),
         str(ROOT / "firmware"), str(scratch)] + list(args),
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout
    return dict(line.split() for line in out.splitlines())
