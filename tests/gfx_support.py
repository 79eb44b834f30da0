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
