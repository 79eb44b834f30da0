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

from sim.clock import RealTime
from ui.app import App

from sim import net, render
from sim.emulator import Emulator

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "online-screens"  # PNGs of what the tests saw, to look at
FPS = 200


class Handheld:
    def __init__(self, url, save_dir):
        self.said = []
        self.emulator = Emulator("pico-spi", save_dir=save_dir, net=net.socket_net(url),
                                 time=RealTime(), fps=FPS,
                                 screen=lambda hw: App(hw, first="menu", speak=self.said.append))
        self.app = self.emulator.screen

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

    def into_the_lobby(self, guest=False):
        self.press("up", 2)  # Online sits above More games, the last item
        menu = self.screen.menu
        assert menu.labels[menu.cursor] == "Online"
        self.press("a")
        self.until(lambda: getattr(self.screen, "menu", None) is not None or self.name != "online")
        if self.name == "online":  # welcomed as a guest: sign in?
            self.press("down" if guest else "a")
            if guest:
                self.press("a")
        self.until(lambda: self.name == "lobby")

    def choose(self, label):
        """Move the screen's menu to the item `label` and press A."""
        menu = self.screen.menu
        target = menu.labels.index(label)
        while menu.cursor != target:
            self.press("down" if menu.cursor < target else "up")
        self.press("a")
