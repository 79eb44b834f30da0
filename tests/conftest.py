"""Make firmware/ importable on CPython exactly as it is laid out on a device."""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
for path in (ROOT / "firmware", ROOT / "sim" / "shims", ROOT / "tests" / "core"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
