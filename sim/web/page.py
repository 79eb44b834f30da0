"""The handheld inside the web page, run by MicroPython's WebAssembly port.

The page's script (sim/web/pocket.js) lays the firmware, the board file (as
board_config.py), this module and the emulator's portable doubles (sim/machine.py,
sim/oled.py, sim/clock.py, sim/themes.py) into MicroPython's file system,
writes every file of the save folder the browser kept into SAVES (made in any
case), then drives the frames from JavaScript:

    start(server)      build the hardware on the doubles and show the title;
                       `server` is the page's server field (ws://host:port)
    set_server(url)    the field changed: the next link goes there
    step(mask)         one frame with the buttons of mask held (bit i: NAMES[i]);
                       returns the tone the piezo sounds (Hz, 0 for silence)
    glass()            the frame the panel shows (1024 bytes of 128x64 MONO_VLSB,
                       in base64) when it changed since the last call, else None
    palette(theme)     the theme's 4 colours (12 numbers, comma-separated) at the
                       panel's contrast
    ask(question)      the answer for a player who cannot see the screen

Everything the game does happens in firmware/, exactly as in the pygame
emulator (sim/emulator.py): the same board.build() on the same doubles, virtual
time that moves a frame at a time, App.run_frame. Sentences go to the page's
`browser.say`; after every completed write of the save or of the match journal,
each file of SAVES goes to `browser.keep` (name, bytes), and a file the firmware
removes to `browser.forget` (name), so that the browser holds the folder as the
firmware left it. Bytes cross to JavaScript as base64 text: strings are what
this port hands over as they are.

The network is the page's own WebSocket: `browser.ws_open(url)` and the calls
after it (pocket.js) move the text of each message and the socket's state,
and _BrowserLink gives them the face of the firmware's own client
(hw/wsclient.py), so the Online screens and hw/roomclient.py run unchanged.
"""

import binascii
import os

import board_config  # type: ignore[import-not-found]
import browser  # type: ignore[import-not-found]  # the page's functions, registered by pocket.js
from hw import board as firmware_board
from hw.buttons import NAMES
from ui.app import App

from sim.clock import VirtualTime
from sim.machine import VirtualBoard
from sim.themes import palette_for

SAVES = "saves"  # the save folder, from the root of the file system (the working folder)
SAVE = SAVES + "/save.bin"  # hw/storage.py adds its other files' suffixes to it
FPS = 30

_handheld = None


class _KeptFiles:
    """The os module for the firmware's Storage and its match journal. Both call
    sync() after each write that completed (a save's generation, a journal's
    append to both copies, a match started), and remove() only to clear the
    journal; so at each sync the whole folder, two generations and two copies,
    goes to the browser, and a removed file leaves it."""

    def sync(self):
        for name in os.listdir(SAVES):
            with open(SAVES + "/" + name, "rb") as f:
                browser.keep(name, _base64(f.read()))

    def remove(self, path):
        os.remove(path)
        browser.forget(path[len(SAVES) + 1:])


class _BrowserLink:
    """A link over the page's WebSocket, with hw/wsclient.WebSocket's face."""

    def __init__(self, url):
        self._id = browser.ws_open(url)
        self.state = "connecting"
        self.problem = ""
        self.close_code = None

    def step(self, ms=0):
        if self.state == "closed":
            return
        self.state = browser.ws_state(self._id)
        if self.state == "closed":
            self.close_code = browser.ws_code(self._id)
            self.problem = browser.ws_problem(self._id) or "the link closed"

    def send(self, text):
        return self.state == "open" and bool(browser.ws_send(self._id, text))

    def receive(self):
        text = browser.ws_take(self._id)
        return text if isinstance(text, str) else None

    def close(self, code=1000, reason=""):
        browser.ws_close(self._id, code, reason)


class _BrowserNet:
    """hw/net.py's face: links to the server of the page's field."""

    def __init__(self, server):
        self.server = server

    def status(self):
        return ""

    def random(self, n):
        """n bytes of the browser's crypto.getRandomValues."""
        return binascii.a2b_base64(browser.random(n).encode())

    def open(self, url=None, **options):
        return _BrowserLink(url or self.server)


class _Handheld:
    def __init__(self, server):
        self.time = VirtualTime()
        self.board = VirtualBoard(board_config.BOARD, self.time)
        self.net = _BrowserNet(server)
        self.hw = firmware_board.build(board_config.BOARD, self.board.machine, self.time,
                                       save_path=SAVE, fps=FPS, os_module=_KeptFiles(),
                                       net=self.net)
        self.app = App(self.hw, speak=browser.say)
        self.shown = -1  # the controller's byte count when glass() was last read


def start(server=""):
    global _handheld
    _handheld = _Handheld(server)
    return _handheld.hw.clock.frame_ms


def set_server(url):
    _handheld.net.server = url


def step(mask):
    h = _handheld
    names = []
    for i in range(6):
        if mask >> i & 1:
            names.append(NAMES[i])
    h.board.set_pressed(names)
    h.hw.run_frame(h.app)
    return h.board.tone_hz


def glass():
    h = _handheld
    controller = h.board.controller
    sent = controller.data_bytes + controller.command_bytes
    if sent == h.shown:
        return None
    h.shown = sent
    return _base64(controller.glass())


def palette(theme):
    return ",".join(str(c) for c in palette_for(theme, _handheld.board.controller.contrast))


def ask(question):
    return _handheld.app.ask(question)


def _base64(data):
    return binascii.b2a_base64(data).decode().strip()

