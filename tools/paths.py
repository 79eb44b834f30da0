"""Puts on sys.path what a desktop tool imports: firmware/ as a device holds it
(with the CPython shims), and every room of tools/, so that a tool run by its path
(`python tools/bench/bench.py`) imports the tools of other rooms by name. A tool
starts with

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
    import paths
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROOMS = ("arenas", "assets", "bench", "device", "records")  # what each holds: docs/architecture.md
_PATHS = [ROOT / "tools" / room for room in ROOMS] + [ROOT / "sim" / "shims", ROOT / "firmware"]
for _path in _PATHS:
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
