"""The Online screens under the MicroPython unix port, on the real hardware layer
with fake pins (tools/bench/mpy_hardware.py) and the port's own sockets, against
a room server on 127.0.0.1 (tests/net/fake_rooms.py): menu, Online, sign in, the
lobby, a private room, join by code, a dropped link and back in the room.

Prints `name value` lines; tests/test_online_screens.py runs it.
Usage: micropython tests/net/mpy_online_screens.py FIRMWARE_DIR SCRATCH URL
"""

import select
import socket
import sys
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")
SCRATCH, URL = sys.argv[2], sys.argv[3]

from hw.net import SocketNet  # noqa: E402
from mpy_hardware import allocates, hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402

hw = hardware(SCRATCH + "/save.bin")
hw.net = SocketNet(socket, select, URL)
app = App(hw, "menu")
drawn = [0, 0]  # frames drawn, of which allocated (a draw under heap_lock)


def name():
    return app._module.split(".")[-1]


def frame(held=""):
    hold(hw, held)
    hw.clock.wait()
    hw.buttons.poll()
    app.update()
    drawn[0] += 1
    drawn[1] += allocates(app)
    time.sleep(0.003)  # real time for the sockets


def press(button, times=1):
    for _ in range(times):
        for held in (button, button, "", ""):
            frame(held)


def until(condition, most=800):
    for _ in range(most):
        if condition():
            return True
        frame()
    return False


press("up", 2)
press("a")
print("online", name())
until(lambda: getattr(app.screen, "menu", None) is not None)
press("a")
print("lobby", int(until(lambda: name() == "lobby")))
print("listed", int(until(lambda: len(app.screen.menu.labels) == 6)))
press("down", 3)
press("a")
print("room", int(until(lambda: name() == "room")))
print("code", app.screen.shown.get("code"))
app.screen.client.request("drop")
print("netlost", int(until(lambda: name() == "netlost")))
print("back", int(until(lambda: name() == "room")))
press("down", 8)  # Leave, the last item
press("a")
print("left", int(until(lambda: name() == "lobby")))
press("down", 4)
press("a")
print("joincode", name())
press("up")
press("a")
print("joined", int(until(lambda: name() == "room")))
print("frames", drawn[0])
print("allocating_draws", drawn[1])
