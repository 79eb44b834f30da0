"""The firmware's real hardware layer on fake pins, bus, PWM and time, for programs run
under the MicroPython unix port (no `machine` there). Time only moves when the clock
sleeps, so a frame never waits.

    hw = hardware(SCRATCH + "/save.bin")
    hold(hw, "right")        # the buttons held from the next poll on
    hw.run_frame(app)
    allocates(app.screen)    # whether its draw() allocated, run with the heap locked
"""

import micropython
from hw.board import Hardware
from hw.buttons import Buttons, NAMES
from hw.clock import Clock
from hw.display import SPIDisplay, SSD1306
from hw.sound import Sound
from hw.storage import Storage


class FakePin:
    def __init__(self, level=1):
        self.level = level

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level

    def __call__(self, level=None):
        return self.value(level)


class FakeSPI:
    def __init__(self):
        self.sent = 0

    def write(self, buf):
        self.sent += len(buf)


class FakePWM:
    def freq(self, hz):
        pass

    def duty_u16(self, duty):
        pass


class FakeTime:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_add(self, a, b):
        return a + b

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms


def hardware(save_path):
    """An SSD1306 on SPI, six active-low buttons, a piezo, a save file, 30 fps."""
    storage = Storage(save_path)
    display = SPIDisplay(SSD1306, FakeSPI(), FakePin(), FakePin(), None, None)
    pins = [FakePin() for _ in NAMES]
    hw = Hardware(
        "fake", display, Buttons(pins), Sound(FakePWM(), storage), storage, Clock(30, FakeTime())
    )
    hw.fake_pins = pins
    return hw


def fresh_hardware(folder):
    """hardware() on a folder emptied of saves. Runs share the folder: a file left by
    an earlier run (a kept match's save.bin.match*, say) would change what the scripted
    run meets, and Poker's set-up then never reaches its match."""
    import os

    for name in os.listdir(folder):
        if name.startswith("save.bin"):
            os.remove(folder + "/" + name)
    return hardware(folder + "/save.bin")


def hold(hw, held):
    """Hold the buttons named in `held` ("a", "left+b", "" for none)."""
    names = held.split("+")
    for i in range(len(NAMES)):
        hw.fake_pins[i].value(0 if NAMES[i] in names else 1)


def allocates(screen):
    """Run `screen.draw()` under micropython.heap_lock(), which raises at the first
    allocation: True if it allocated."""
    micropython.heap_lock()
    try:
        screen.draw()
    except MemoryError:
        return True  # (the heap is still locked here: nothing more)
    finally:
        micropython.heap_unlock()
    return False
