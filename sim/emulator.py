"""The emulated handheld: a board file, the virtual hardware and the real firmware.

    emu = Emulator("picoboy")
    emu.step({"a"})            # one frame with A held
    emu.controller.glass()     # what the panel shows

The firmware's own board.build() makes the display, buttons, sound, storage
and clock on top of the machine doubles, and Hardware.run_frame() runs each
frame, exactly as on a device. Only time differs: virtual by default (instant,
deterministic), real time for the window.
"""

import pathlib

from hw import board as firmware_board

from sim import boards, ROOT
from sim.clock import VirtualTime
from sim.machine import VirtualBoard

SAVE_DIR = ROOT / "saves"


def test_screen(hw, speak=None):
    """The default program: the test screen (tile and font galleries, a button tester)."""
    from screens.testscreen import TestScreen

    return TestScreen(hw.display, hw.buttons)


def game(hw, speak=None):
    """The game itself (firmware/ui/app.py); its narration for players who
    cannot see the screen goes to speak(text)."""
    from ui.app import App

    return App(hw, speak=speak)


PROGRAMS = {"test": test_screen, "game": game}


def no_b_notice(config):
    """What to tell a player who presses B on a board without a B button (B is then
    the centre held long: a short press is A), or None on a board that has one."""
    frames = config.get("b_from_long_a", 0)
    if not frames:
        return None
    return ("{} has no B button: B is A held for {} frames, and a shorter press is A "
            "(the default board, {}, has B).".format(config["name"], frames, boards.DEFAULT))


class Emulator:
    def __init__(self, board=boards.DEFAULT, screen=test_screen, save_dir=None, time=None,
                 fps=30, open_file=None, notice=None, net=None):
        # open_file stands in for open() in the firmware's storage (a flash that fails);
        # notice(text) hears what the emulator itself tells the player (see no_b_notice);
        # net is the network the firmware gets (sim/net.py), None for none.
        self.board_name = board
        self.config = boards.load(board)
        self.time = time if time is not None else VirtualTime()
        self.board = VirtualBoard(self.config, self.time)
        save_dir = pathlib.Path(save_dir) if save_dir is not None else SAVE_DIR
        save_dir.mkdir(parents=True, exist_ok=True)
        self.save_path = save_dir / (board + ".bin")
        self.hw = firmware_board.build(self.config, self.board.machine, self.time,
                                       save_path=str(self.save_path), fps=fps,
                                       open_file=open_file, net=net)
        self.screen = screen(self.hw)
        self.frames = 0
        self.notice = notice
        self._no_b = no_b_notice(self.config)
        self._held = frozenset()

    @property
    def controller(self):
        return self.board.controller

    def step(self, pressed=()):
        """Run one frame with the named buttons ("up", ..., "a", "b") held."""
        pressed = frozenset(pressed)
        if self._no_b and self.notice and "b" in pressed and "b" not in self._held:
            self.notice(self._no_b)
        self._held = pressed
        self.board.set_pressed(pressed)
        self.hw.run_frame(self.screen)
        self.frames += 1

    def press(self, button):
        """Press a button as a finger would: held for two frames, then released for
        two (the firmware ignores a pin for one poll after each change: contact bounce)."""
        self.step({button})
        self.step({button})
        self.step()
        self.step()
