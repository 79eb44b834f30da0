"""The board files of boards/, read on CPython (a device imports its copy)."""

import pathlib
import runpy

BOARDS_DIR = pathlib.Path(__file__).resolve().parent.parent / "boards"
DEFAULT = "pico-spi"


def names():
    return sorted(p.stem for p in BOARDS_DIR.glob("*.py"))


def load(name):
    path = BOARDS_DIR / (name + ".py")
    if not path.is_file():
        raise ValueError("unknown board {!r}; boards: {}".format(name, ", ".join(names())))
    return runpy.run_path(str(path))["BOARD"]
