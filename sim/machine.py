"""Doubles for MicroPython's `machine` module, wired to a virtual board.

    board = VirtualBoard(boards.load("picoboy"), time)
    hw = firmware_board.build(board.config, board.machine, time)

`board.machine` has Pin, SPI, I2C, SoftI2C and PWM with MicroPython's
signatures. What the firmware does with them lands on the virtual board: bus
writes reach the display controller model (sim/oled.py) through its chip
select, data/command or I2C control bytes; the panel's reset pin resets it;
buttons are switches between a pin and its active level; the speaker's PWM
frequency and duty become a tone log.

Plain Python that MicroPython runs too: the web page (sim/web/) uses these
doubles on MicroPython's WebAssembly port.
"""

import collections
import errno

from sim import oled

_NO_PULL = -1


class VirtualBoard:
    def __init__(self, config, time):
        self.config = config
        self.time = time
        self.controller = oled.Controller(config["display"])
        self.address = config.get("address", 0x3C)
        self.levels = {}  # pin -> level driven by the firmware
        self.pulls = {}  # pin -> pull configured by the firmware
        self.pressed = set()  # logical button names held by the user
        self.tone_hz = 0  # what the speaker plays now, 0 = silent
        self.tones = collections.deque((), 10000)  # (ms, hz) at each change of tone
        self.machine = _machine_for(self)

    # -- the user's side -------------------------------------------------------

    def set_pressed(self, names):
        self.pressed = set(names)

    def button_pin_level(self, pin_id):
        """The level of a button's pin, or None when no button is on that pin."""
        active_low = self.config.get("active_low", True)
        for name, number in self.config.get("buttons", {}).items():
            if number == pin_id:
                pressed = name in self.pressed or (
                    name == "a" and "b" in self.pressed and self._b_is_long_a())
                return (0 if active_low else 1) if pressed else (1 if active_low else 0)
        return None

    def _b_is_long_a(self):
        # A joystick board has no B pin: holding the B key holds the centre.
        return self.config.get("b_from_long_a", 0) > 0

    # -- the firmware's side ---------------------------------------------------

    def pin_written(self, pin_id, level):
        before = self.levels.get(pin_id)
        self.levels[pin_id] = level
        if pin_id == self.config.get("reset") and before != 0 and level == 0:
            self.controller.reset()

    def pin_read(self, pin_id):
        level = self.button_pin_level(pin_id)
        if level is not None:
            return level
        if pin_id in self.levels:
            return self.levels[pin_id]
        return 1 if self.pulls.get(pin_id) == Pin.PULL_UP else 0

    def spi_write(self, bus, data):
        config = self.config
        if config.get("spi") != bus:
            return
        cs = config.get("cs")
        if cs is not None and self.levels.get(cs, 1) != 0:
            return
        if self.levels.get(config["dc"], 0):
            self.controller.data(data)
        else:
            self.controller.command(data)

    def i2c_write(self, bus, address, data):
        """One transaction: the OLED's control bytes say what follows."""
        if self.config.get("i2c") != bus or address != self.address:
            raise OSError(errno.ENODEV, "no device at 0x%02x" % address)
        i = 0
        while i < len(data):
            control = data[i]
            continue_bit, is_data = control & 0x80, control & 0x40
            send = self.controller.data if is_data else self.controller.command
            if not continue_bit:  # every byte up to the stop is of that kind
                send(data[i + 1:])
                return
            send(data[i + 1:i + 2])
            i += 2

    def pwm_changed(self, freq, duty):
        hz = freq if duty else 0
        if hz != self.tone_hz:
            self.tone_hz = hz
            self.tones.append((self.time.now_ms, hz))


class _Machine:
    """A module-like namespace whose classes talk to one board."""


def _machine_for(board):
    # Subclasses made by class statements (MicroPython has no three-argument type()).
    class BoardPin(Pin):
        _board = board

    class BoardSPI(SPI):
        _board = board

    class BoardI2C(I2C):
        _board = board

    class BoardSoftI2C(SoftI2C):
        _board = board

    class BoardPWM(PWM):
        _board = board

    machine = _Machine()
    machine.Pin, machine.SPI, machine.I2C = BoardPin, BoardSPI, BoardI2C
    machine.SoftI2C, machine.PWM = BoardSoftI2C, BoardPWM
    return machine


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    _board: VirtualBoard

    def __init__(self, id, mode=-1, pull=_NO_PULL, *, value=None):
        self.id = id
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=_NO_PULL, *, value=None):
        if pull != _NO_PULL:
            self._board.pulls[self.id] = pull
        if value is not None:
            self.value(value)

    def value(self, level=None):
        if level is None:
            return self._board.pin_read(self.id)
        self._board.pin_written(self.id, 1 if level else 0)
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class SPI:
    _board: VirtualBoard

    def __init__(self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8,
                 firstbit=0, sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate

    def write(self, buf):
        self._board.spi_write(self.id, bytes(buf))


class I2C:
    _board: VirtualBoard

    def __init__(self, id=0, *, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.freq = freq

    def scan(self):
        return [self._board.address] if self._board.config.get("i2c") == self.id else []

    def writeto(self, addr, buf, stop=True):
        self._board.i2c_write(self.id, addr, bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        self._board.i2c_write(self.id, addr, b"".join(bytes(part) for part in vector))


class SoftI2C(I2C):
    def __init__(self, scl=None, sda=None, *, freq=400000, timeout=50000):
        super().__init__("soft", scl=scl, sda=sda, freq=freq, timeout=timeout)


class PWM:
    _board: VirtualBoard

    def __init__(self, pin, *, freq=1000, duty_u16=0):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self._board.pwm_changed(freq, duty_u16)

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value
        self._board.pwm_changed(self._freq, self._duty)
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value
        self._board.pwm_changed(self._freq, self._duty)
        return None

    def deinit(self):
        self.duty_u16(0)
