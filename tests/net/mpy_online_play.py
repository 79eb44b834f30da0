"""A handheld under the MicroPython unix port playing a whole online match
through its screens, on the real hardware layer with fake pins
(tools/bench/mpy_hardware.py), a real-time clock and the port's own sockets,
against the room server the test started on 127.0.0.1: the profile PROFILE
goes Online, signs in, takes a seat in the first room the lobby lists, and
presses A on each of its turns until the payout; then back to the lobby.

Prints `name value` lines; tests/test_online_play.py runs it.
Usage: micropython tests/net/mpy_online_play.py FIRMWARE_DIR SCRATCH URL PROFILE
"""

import select
import socket
import sys
import time

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")
SCRATCH, URL, PROFILE = sys.argv[2], sys.argv[3], sys.argv[4]

from hw.clock import Clock  # noqa: E402
from hw.net import SocketNet  # noqa: E402
from mpy_hardware import allocates, fresh_hardware, hold  # noqa: E402
from ui import profiles  # noqa: E402
from ui.app import App  # noqa: E402

LIMIT_MS = 60000
hw = fresh_hardware(SCRATCH)
hw.clock = Clock(100, time)  # the server's timers are real time
hw.net = SocketNet(socket, select, URL)
profiles.add(hw.storage, PROFILE)
app = App(hw, "menu")
drawn = {}  # screen -> [frames drawn, of which allocated]
start = time.ticks_ms()


def name():
    return app._module.split(".")[-1]


def frame(held=""):
    hold(hw, held)
    hw.clock.wait()
    hw.buttons.poll()
    app.update()
    counts = drawn.setdefault(name(), [0, 0])
    counts[0] += 1
    counts[1] += allocates(app)


def press(button, times=1):
    for _ in range(times):
        for held in (button, button, "", ""):
            frame(held)


def until(condition):
    while time.ticks_diff(time.ticks_ms(), start) < LIMIT_MS:
        if condition():
            return True
        frame()
    return False


press("up", 2)
press("a")  # Online
until(lambda: getattr(app.screen, "menu", None) is not None)
press("a")  # sign in
print("lobby", int(until(lambda: name() == "lobby")))
print("listed", int(until(lambda: len(app.screen.menu.labels) > app.screen.fixed)))
press("down", app.screen.fixed)  # the first listed room
press("a")
print("room", int(until(lambda: name() == "room")))
print("seat", app.screen.shown.get("you"))
print("table", int(until(lambda: name() == "onlinepoker")))
turns = 0
while name() == "onlinepoker" and time.ticks_diff(time.ticks_ms(), start) < LIMIT_MS:
    screen = app.screen
    if screen.play.mine and screen.choice.mode in (1, 2):  # onlinechoice's TILES, WAYS
        press("a")
        turns += 1
    else:
        frame()
print("turns", turns)
print("payout", int(until(lambda: name() == "payout")))
screen = app.screen
print("payout_title", screen.title)
print("payout_rows", "|".join("%s:%d:%s" % row for row in screen.rows))
print("payout_foot", screen.foot)
press("a")
print("back", int(until(lambda: name() == "lobby")))
for screen_name in sorted(drawn):
    print("draws_" + screen_name, "%d:%d" % tuple(drawn[screen_name]))
