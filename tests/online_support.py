"""Headless handhelds that go online: the real firmware App on the emulated
pico-spi board, with the emulator's network (sim/net.py) to a room server the
test started on 127.0.0.1, driven by button presses through the screens.

    h = Handheld(url, save_dir)
    h.into_the_lobby()                 # Online, sign in as the profile's name
    h.press("a"); h.until(lambda: h.name == "room")

Frames follow real time at 200 a second (the server's timers are real time),
so a wait of N frames is N * 5 ms; every wait is bounded.
"""

import pathlib
import socket

from ui import profiles
from ui.app import App
from ui.onlinechoice import TILES, WAYS

from sim import net, render
from sim.clock import RealTime
from sim.emulator import Emulator

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "online-screens"  # PNGs of what the tests saw, to look at
FPS = 200


TABLES = ("onlinepoker", "onlineline", "onlinecross")


class Handheld:
    """`profile`: the local profile to go online as (made, or made active), so
    that handhelds of one test sign in under names of their own."""

    def __init__(self, url, save_dir, profile=None):
        self.said = []
        self.emulator = Emulator("pico-spi", save_dir=save_dir, net=net.socket_net(url),
                                 time=RealTime(), fps=FPS,
                                 screen=lambda hw: App(hw, first="menu", speak=self.said.append))
        self.app = self.emulator.screen
        if profile is not None and not profiles.set_active(self.app.storage, profile):
            assert profiles.add(self.app.storage, profile) == ""

    @property
    def screen(self):
        return self.app.screen

    @property
    def name(self):
        """The module name of the screen shown: "lobby", "onlinepoker", ..."""
        return type(self.app.screen).__module__.split(".")[-1]

    @property
    def client(self):
        return getattr(self.screen, "client", None) or self.screen.play.client

    def frames(self, n=1):
        for _ in range(n):
            self.emulator.step()

    def press(self, button, times=1):
        for _ in range(times):
            self.emulator.press(button)

    def until(self, condition, most=2000):
        """Frames until condition() holds (at most `most`: 10 s)."""
        for _ in range(most):
            if condition():
                return
            self.frames()
        raise AssertionError("still on %s, last said: %s" % (self.name, self.said[-3:]))

    def shot(self, name):
        SHOTS.mkdir(parents=True, exist_ok=True)
        render.image(self.emulator.controller, "white", 4).save(SHOTS / (name + ".png"))

    def online(self, guest=False):
        """The main menu's Online, signed in (or as a guest) once asked."""
        self.press("up", 2)  # Online sits above More games, the last item
        menu = self.screen.menu
        assert menu.labels[menu.cursor] == "Online"
        self.press("a")
        self.until(lambda: getattr(self.screen, "menu", None) is not None or self.name != "online")
        if self.name == "online":  # welcomed as a guest: sign in?
            self.press("down" if guest else "a")
            if guest:
                self.press("a")

    def into_the_lobby(self, guest=False):
        self.online(guest)
        self.until(lambda: self.name == "lobby")

    def move_to(self, label):
        """Move the screen's menu to the item `label`."""
        for _ in range(30):  # (the screen may make its menu again meanwhile)
            menu = self.screen.menu
            target = menu.labels.index(label)
            if menu.cursor == target:
                return
            self.press("down" if menu.cursor < target else "up")
        raise AssertionError("the menu never reached " + label)

    def choose(self, label):
        self.move_to(label)
        self.press("a")

    @property
    def at_table(self):
        return self.name in TABLES

    def my_turn(self):
        """At a table, with a choice of the server's legal actions open."""
        return self.at_table and self.screen.play.mine and self.screen.choice.mode in (TILES, WAYS)

    def play_on(self):
        """A on this handheld's turn (whatever the cursor is on: the server's legal
        actions only are offered), else a frame."""
        if self.my_turn():
            self.press("a")
        else:
            self.frames()

    def drop_link(self):
        """The connection breaks under the handheld (its socket shut from outside,
        as a WiFi that went away): the server and the handheld each find it closed."""
        self.client.link._stream._sock.shutdown(socket.SHUT_RDWR)

    def power_cut(self):
        """The handheld goes dark: its link drops without a word, nothing more runs
        (the test stops stepping it)."""
        self.drop_link()
