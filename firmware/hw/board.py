"""Build the hardware objects from a board file (boards/*.py, a BOARD dict).

    import machine, time, board_config          # on the device
    from hw import board
    hw = board.build(board_config.BOARD, machine, time)
    screen = TestScreen(hw.display, hw.buttons)
    while True:
        hw.run_frame(screen)

`machine` and `time` are handed in: on a board they are MicroPython's
modules, in the emulator its doubles. This is the only place that touches
`machine`. Keys of a board file:

    name                 shown in menus and logs
    display              "ssd1306" or "sh1106"
    spi, sck, mosi,      an SPI panel: hardware bus id, clock and data pins,
      baudrate, cs, dc   chip select (may be None) and data/command pins
    i2c, sda, scl,       an I2C panel: bus id (or "soft"), pins, bus speed and
      freq, address      7-bit address (0x3C on most modules)
    reset                panel reset pin, or absent
    buttons              {"up": pin, ... "b": pin}; None for a missing button
    active_low           True when a pressed button reads 0 (to ground)
    external_pull        pins with a resistor on the board: no internal pull
    b_from_long_a        frames of holding A that make B (joystick boards)
    speaker              PWM pin of the piezo, or absent
    max_tone_hz          highest PWM frequency the port can make
    wifi                 True on a board with WiFi (main.py then reads the
                         network's settings file: hw/wifi.py)
"""

import gc

from micropython import const

from hw.buttons import Buttons, NAMES
from hw.clock import Clock
from hw.display import I2CDisplay, SH1106, SPIDisplay, SSD1306
from hw.sound import Sound
from hw.storage import Storage

_CONTROLLERS = {"ssd1306": SSD1306, "sh1106": SH1106}
_ALL_PAGES = const(8)


class Hardware:
    """What the firmware gets at start-up: display, buttons, sound, storage, clock,
    and the network (hw/net.py), or None where there is none."""

    def __init__(self, name, display, buttons, sound, storage, clock, net=None):
        self.name = name
        self.net = net
        self.display = display
        self.buttons = buttons
        self.sound = sound
        self.storage = storage
        self.clock = clock
        self._held = False  # the frame before sent no page for want of time

    def run_frame(self, screen):
        """One frame: wait for it, read the buttons, let the screen update and
        draw, send what changed to the panel, move the tune along."""
        self.clock.wait()
        self.buttons.poll()
        screen.update()
        screen.draw()
        # (A screen may hold its picture back while it is half drawn: ui.app's held.)
        most = 0 if getattr(screen, "held", False) else self._pages_in_time()
        self.display.show(most)
        self._held = most == 0 and self.display.behind
        self.sound.update()

    def _pages_in_time(self):
        """The panel pages that fit in what is left of the frame (all of them where
        the bus is fast). A frame with no room left sends none, so that a frame
        that drew the picture whole stays within its time, but never two frames
        running: a picture changed on every frame still gets to the panel. (The
        screens that draw whole draw only the frames whose picture changed,
        ui.redraw: the frame after has room.)"""
        display = self.display
        page_us = display.page_us
        if not page_us:
            return _ALL_PAGES
        # (The clock counts whole ms: up to one more than it says has gone; a ms
        # for what the pages cost beyond the wire, compared with the panel's
        # first; and one for the sound after: with 2 ms for all that, frames of
        # I2C's pages after a picture's rest reached 34-35 ms on the virtual Pico.)
        left_us = (self.clock.frame_ms - 3 - self.clock.elapsed_ms()) * 1000
        fit = min(_ALL_PAGES, left_us // page_us)
        if fit <= 0:
            return 1 if self._held else 0
        return fit


# A collection takes 3-15 ms on an RP2040 at 125 MHz (the virtual Pico, 27-63 KB
# live): done in a frame's spare time, it does not land in the middle of a
# frame's work, as MicroPython's own does when an allocation finds the heap full.
# The draw-and-block hard level makes about 2.4 KB of garbage a frame while it
# thinks, which would fill the Pico's heap in about 60 frames. (gc.mem_alloc()
# would tell, but it walks the whole heap: 17 ms on the Pico.)
_COLLECT_SPARE_MS = const(20)
_COLLECT_EVERY = const(24)  # frames at least from one collection to the next


def collector(gc):
    """An idle hook for Clock: collect garbage in a frame with _COLLECT_SPARE_MS to
    spare, at most every _COLLECT_EVERY frames. None where there is no heap of
    MicroPython's to look after (CPython)."""
    if not hasattr(gc, "mem_alloc"):
        return None
    frames = [0]

    def idle(ms):
        frames[0] += 1
        if ms >= _COLLECT_SPARE_MS and frames[0] >= _COLLECT_EVERY:
            gc.collect()
            frames[0] = 0

    return idle


def raw_log():
    """The block device of the match log on a board's raw flash (hw/flashlog.py),
    or None: where there is no rp2.Flash (CPython, the emulator, other ports), or
    littlefs was given the whole flash (the port's own _boot.py)."""
    try:
        rp2 = __import__("rp2")  # by name: the rp2 stubs do not type-check
    except ImportError:
        return None
    import os

    from hw.flashlog import region

    return region(rp2, os)


def build(board, machine, time, save_path="save.bin", fps=30, os_module=None,
          open_file=None, net=None, log=None):
    """The Hardware of `board`. `log`: the match log's block device (by default,
    on a board's own flash, raw_log()'s)."""
    if log is None and os_module is None and open_file is None:
        log = raw_log()
    storage = Storage(save_path, os_module, open_file, log)
    pwm = None
    if board.get("speaker") is not None:
        pwm = machine.PWM(machine.Pin(board["speaker"]), freq=440, duty_u16=0)
    return Hardware(
        board.get("name", "board"),
        make_display(board, machine, time),
        make_buttons(board, machine),
        Sound(pwm, storage, board.get("max_tone_hz", 20000)),
        storage,
        Clock(fps, time, collector(gc)),
        net,
    )


def make_display(board, machine, time):
    controller = _CONTROLLERS.get(board.get("display"))
    if controller is None:
        raise ValueError("board display must be ssd1306 or sh1106")
    reset = _output(machine, board.get("reset"))
    if "spi" in board:
        pins = {"sck": machine.Pin(board["sck"]), "mosi": machine.Pin(board["mosi"])}
        spi = machine.SPI(board["spi"], baudrate=board.get("baudrate", 8000000), **pins)
        return SPIDisplay(controller, spi, _output(machine, board["dc"]),
                          _output(machine, board.get("cs")), reset, time.sleep_ms)
    if "i2c" in board:
        pins = {"scl": machine.Pin(board["scl"]), "sda": machine.Pin(board["sda"])}
        freq = board.get("freq", 400000)
        if board["i2c"] == "soft":
            i2c = machine.SoftI2C(freq=freq, **pins)
        else:
            i2c = machine.I2C(board["i2c"], freq=freq, **pins)
        return I2CDisplay(controller, i2c, board.get("address", 0x3C), reset, time.sleep_ms,
                          freq)
    raise ValueError("board needs an spi or an i2c display")


def make_buttons(board, machine):
    wiring = board.get("buttons", {})
    active_low = board.get("active_low", True)
    external = board.get("external_pull", ())
    pull = machine.Pin.PULL_UP if active_low else machine.Pin.PULL_DOWN
    pins: list = []
    for name in NAMES:
        number = wiring.get(name)
        if number is None:
            pins.append(None)
        elif number in external:
            pins.append(machine.Pin(number, machine.Pin.IN))
        else:
            pins.append(machine.Pin(number, machine.Pin.IN, pull))
    return Buttons(pins, active_low, b_from_long_a=board.get("b_from_long_a", 0))


def _output(machine, number):
    if number is None:
        return None
    return machine.Pin(number, machine.Pin.OUT, value=1)
