"""The online tables under the MicroPython unix port, on the real hardware layer
with fake pins (tools/bench/mpy_hardware.py): each case of CASES_JSON (a screen,
the room message and the views it is shown one after another) is played for a
few frames with the arrows and A pressed, and every draw() is run with the heap
locked. Prints `screen frames:allocating` for each case and `done 1`.

Usage: micropython tests/net/mpy_online_tables.py FIRMWARE_DIR SCRATCH CASES_JSON
"""

import json
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")

from mpy_hardware import allocates, fresh_hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402


class StillClient:
    """The messages of a case, read by the screens as a session's."""

    state = "online"
    problem = ""

    def __init__(self, room, view):
        self.room, self.view = room, view
        self.over = self.rooms = self.offer = self.closed = None
        self.token = "T1"
        self.player = {"name": "PLAYER_1", "guest": False, "coins": 4900, "elo": 1200.0}

    def step(self, ms):
        pass

    def request(self, kind, **fields):
        return 1

    def answer(self, asked):
        return None


with open(sys.argv[3]) as f:
    cases = json.load(f)
hw = fresh_hardware(sys.argv[2])
app = App(hw, None)
for case in cases:
    client = StillClient(case["room"], case["views"][0])
    app.go(case["screen"], client)
    drawn = [0, 0]
    for view in case["views"]:
        client.view = view
        for held in ("", "right", "", "a", "", "", "right", "", "a", "") * 4:
            hold(hw, held)
            hw.clock.wait()
            hw.buttons.poll()
            app.update()
            drawn[0] += 1
            drawn[1] += allocates(app)
    print(case["screen"] + "_" + case["name"], "%d:%d" % tuple(drawn))
print("done", 1)
