"""The online room server (docs/protocol.md): lobby, rooms, coins and timers over
WebSockets, playing every game through the firmware's own engines.

firmware/ is imported as a device holds it (with the CPython shims of sim/), so the
server and the handheld share one rule book.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
for _path in (ROOT / "sim" / "shims", ROOT / "firmware"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
