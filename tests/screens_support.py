"""The menus and settings screens in the headless emulator, for their tests.

`Handheld(save_dir)` boots the real firmware App on the pico-spi board with its
save in save_dir. The table screen is not under test here: the app's go("table",
session) is noted in `started` and shows the pause menu of that session instead,
which is also where the table hands over. Every sentence for players who cannot
see the screen is kept in `spoken`.
"""

from ui.app import App

from sim import render
from sim.emulator import Emulator

BOARD = "pico-spi"


class TestApp(App):
    def __init__(self, hw, first, spoken, started):
        self.started = started
        super().__init__(hw, first=first, speak=spoken.append)

    def go(self, name, *args):
        if name == "table":
            self.started.append(args[0])
            name = "pause"
        super().go(name, *args)


class Handheld:
    def __init__(self, save_dir, first="title"):
        self.spoken = []
        self.started = []
        self.emulator = Emulator(
            BOARD, save_dir=save_dir,
            screen=lambda hw: TestApp(hw, first, self.spoken, self.started))
        self.app = self.emulator.screen

    @property
    def screen(self):
        return self.app.screen

    @property
    def name(self):
        """The module name of the screen shown: "menu", "pause", ..."""
        return type(self.screen).__module__.rsplit(".", 1)[-1]

    def idle(self, frames=1):
        for _ in range(frames):
            self.emulator.step()

    def press(self, *buttons):
        """Each button pressed for two frames then released for two, in turn (the
        buttons ignore a pin for a poll after it changes: contact bounce)."""
        for button in buttons:
            self.emulator.step({button})
            self.emulator.step({button})
            self.emulator.step()
            self.emulator.step()

    def go(self, name, *args):
        self.app.go(name, *args)
        self.idle()

    def pbm(self):
        return render.pbm(self.emulator.controller)

    def png(self, path, scale=4):
        render.image(self.emulator.controller, "white", scale).save(path)
