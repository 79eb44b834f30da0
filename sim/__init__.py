"""The desktop emulator: hardware doubles, a display controller model, a pygame
window and a headless runner. It imports firmware/, never the reverse.

Importing the package puts firmware/ and sim/shims/ (CPython stand-ins for
MicroPython-only modules) on sys.path, so firmware code imports exactly as on a
device (`from hw.display import ...`, `from micropython import const`).
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
for _path in (ROOT / "firmware", ROOT / "sim" / "shims"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
