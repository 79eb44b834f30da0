"""The virtual board's machine module: the Pin, SPI, I2C, SoftI2C and PWM a board
file names, with the buttons pressed by a script and everything sent to the
panel or the piezo dropped. It shadows the unix port's own machine module.

The script is buttons.txt in the board's filesystem, one rule a line:

    30 a            hold A at frame 30 (frames of the board's clock, 30 a second)
    60-62 down      hold Down from frame 60 to 62
    100-3000/45 a   from frame 100 to 3000, hold A for 2 frames every 45
    end 4000        stop the firmware at frame 4000

Buttons are found by the board file's wiring (board_config.BOARD["buttons"]),
so any board file deployed to the virtual board has working buttons.
"""

import time

HARD_RESET = 12  # what the virtual board's REPL takes as machine.reset()
FRAME_MS = 1000 // 30
SCRIPT = "buttons.txt"

_rules = None  # (first, last, every, button name) from buttons.txt
_wiring = None  # pin number -> button name


def _load():
    global _rules, _wiring
    _rules = []
    try:
        with open(SCRIPT) as script:
            lines = script.read().split("\n")
    except OSError:
        lines = []
    for line in lines:
        words = line.split("#")[0].split()
        if len(words) != 2:
            continue
        if words[0] == "end":
            time.end_ms = int(words[1]) * FRAME_MS
            continue
        span, _, every = words[0].partition("/")
        first, _, last = span.partition("-")
        for name in words[1].split("+"):
            _rules.append((int(first), int(last or first), int(every or 0), name))
    import board_config

    _wiring = {}
    for name, pin in board_config.BOARD["buttons"].items():
        _wiring[pin] = name


def _held(name):
    frame = time.ticks_ms() // FRAME_MS
    for first, last, every, button in _rules:
        if button == name and first <= frame <= last and (not every or (frame - first) % every < 2):
            return True
    return False


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number, mode=-1, pull=-1, value=None):
        self.number = number
        self.mode = mode
        self.level = 0 if value is None else value
        if mode == Pin.IN and _rules is None:
            _load()

    def value(self, level=None):
        if level is not None:
            self.level = level
            return None
        if self.mode != Pin.IN:
            return self.level
        name = _wiring.get(self.number)
        return 0 if name is not None and _held(name) else 1  # active low

    def __call__(self, level=None):
        return self.value(level)


class SPI:
    def __init__(self, *args, **kwargs):
        self.sent = 0

    def write(self, data):
        self.sent += len(data)


class I2C:
    def __init__(self, *args, **kwargs):
        self.sent = 0

    def writeto(self, address, data, stop=True):
        self.sent += len(data)
        return 1

    def writevto(self, address, vector, stop=True):
        for data in vector:
            self.sent += len(data)
        return 1


SoftI2C = I2C


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin

    def freq(self, hz=None):
        return 0

    def duty_u16(self, duty=None):
        return 0

    def deinit(self):
        pass


def reset():
    raise SystemExit(HARD_RESET)
