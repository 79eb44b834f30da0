"""Make firmware/ importable on CPython exactly as it is laid out on a device, and
the desktop tools by name (tools/paths.py puts every room of tools/ on the path)."""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
for path in (ROOT / "firmware", ROOT / "sim" / "shims", ROOT / "tests" / "core", ROOT / "tools"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import paths  # noqa: E402,F401  (the rooms of tools/)
from hypothesis import settings  # noqa: E402

# Timing is for the benchmarks: a busy machine must not fail a property test.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")
