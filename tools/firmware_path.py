"""Lets a desktop tool import firmware/ as a device would (with the CPython shims)."""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
for _path in (ROOT / "sim" / "shims", ROOT / "firmware"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
