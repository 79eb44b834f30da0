"""Run the hardware layer under real MicroPython (the unix port) with fake pins
and buses (tools/bench/mpy_hardware.py): it must work there, and show() and poll()
must allocate nothing.

Prints one `name value` line per figure; tests/test_hw_micropython.py runs it.
Usage: micropython tests/hw/mpy_hw_check.py <firmware dir> <scratch dir>
"""

import gc
import sys

import micropython

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")
SCRATCH = sys.argv[2]

from hw import board  # noqa: E402
from hw.buttons import A, Buttons, UP  # noqa: E402
from hw.clock import Clock  # noqa: E402
from hw.display import I2CDisplay, SH1106, SPIDisplay, SSD1306  # noqa: E402
from hw.sound import Sound  # noqa: E402
from hw.storage import OK, Storage  # noqa: E402
from mpy_hardware import FakePin, FakePWM, FakeSPI  # noqa: E402


class FakeI2C:
    def __init__(self):
        self.sent = 0

    def writevto(self, address, vector):
        for part in vector:
            self.sent += len(part)


def allocation_of(step, repeats=50):
    """(bytes allocated per call from gc.mem_alloc, whether heap_lock let it run)."""
    step()
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(repeats):
        step()
    per_call = (gc.mem_alloc() - before) // repeats
    micropython.heap_lock()
    try:
        step()
        locked_ok = 1
    except MemoryError:
        locked_ok = 0
    finally:
        micropython.heap_unlock()
    return per_call, locked_ok


def report(name, value):
    print(name, value)


def check_heap_lock_catches_allocation():
    micropython.heap_lock()
    try:
        bytearray(16)
        caught = 0
    except MemoryError:
        caught = 1
    micropython.heap_unlock()
    report("heap_lock_works", caught)


def check_displays():
    check_display("ssd1306_spi", SPIDisplay(SSD1306, FakeSPI(), FakePin(), FakePin(), FakePin()))
    check_display("sh1106_spi", SPIDisplay(SH1106, FakeSPI(), FakePin(), FakePin(), FakePin()))
    check_display("ssd1306_i2c", I2CDisplay(SSD1306, FakeI2C()))
    check_display("sh1106_i2c", I2CDisplay(SH1106, FakeI2C()))


def check_display(label, display):
    counter = [0]

    def one_tile_moves():
        counter[0] = (counter[0] + 1) % 100
        display.fill_rect(counter[0], 20, 17, 9, counter[0] & 1)
        display.show()

    per_call, locked_ok = allocation_of(one_tile_moves)
    report(label + "_show_alloc", per_call)
    report(label + "_show_heap_locked_ok", locked_ok)
    display.fill(0)
    display.show()
    bus = display._spi if hasattr(display, "_spi") else display._i2c
    bus.sent = 0
    report(label + "_show_unchanged_pages", display.show())
    display.fill_rect(40, 20, 17, 9, 1)  # a 17x9 tile appears on rows 20-28: pages 2, 3
    report(label + "_show_tile_pages", display.show())
    report(label + "_tile_bus_bytes", bus.sent)
    display.fill(1)
    bus.sent = 0
    display.show()
    report(label + "_full_bus_bytes", bus.sent)


def check_buttons():
    pins = [FakePin() for _ in range(6)]
    buttons = Buttons(pins)
    flip = [0]

    def poll_and_ask():
        flip[0] ^= 1
        pins[0].level = flip[0]
        buttons.poll()
        buttons.just_pressed(UP)
        buttons.repeat(A)
        buttons.held_for(UP, 10)

    per_call, locked_ok = allocation_of(poll_and_ask)
    report("buttons_poll_alloc", per_call)
    report("buttons_poll_heap_locked_ok", locked_ok)


def check_sound_clock_storage():
    sound = Sound(FakePWM())
    melody = bytes((69, 2, 0, 1, 81, 3)) * 20
    sound.play(melody)
    per_call, locked_ok = allocation_of(sound.update)
    report("sound_update_alloc", per_call)
    report("sound_update_heap_locked_ok", locked_ok)

    import time

    clock = Clock(100, time)
    start = time.ticks_ms()
    for _ in range(5):
        clock.wait()
    report("clock_5_frames_ms", time.ticks_diff(time.ticks_ms(), start))

    path = SCRATCH + "/save.bin"
    store = Storage(path)
    store.set("mute", 1)
    store.set("name", "micropython")
    store.set("record", b"\x00\x01\xff")
    store.save()
    again = Storage(path)
    ok = (
        again.status == OK
        and again.get("name") == "micropython"
        and again.get("record") == b"\x00\x01\xff"
        and again.get("mute") == 1
    )
    report("storage_round_trip", 1 if ok else 0)
    with open(path, "wb") as f:
        f.write(b"PDKV\x01\x00")
    one_cut = Storage(path)  # the first save's other copy is back
    report("storage_truncated_status", one_cut.status)
    report("storage_truncated_kept", one_cut.get("name"))
    with open(path + ".2", "wb") as f:
        f.write(b"PDKV\x02")
    report("storage_both_truncated_status", Storage(path).status)


class FakeMachine:
    """Just enough of `machine` for board.build(): buses that count what they get."""

    class Pin(FakePin):
        IN = 0
        OUT = 1
        PULL_UP = 1
        PULL_DOWN = 2

        def __init__(self, number, mode=-1, pull=-1, value=None):
            super().__init__(1 if value is None else value)

    class SPI(FakeSPI):
        def __init__(self, bus, baudrate=0, sck=None, mosi=None):
            super().__init__()

    class I2C(FakeI2C):
        def __init__(self, bus=0, freq=0, scl=None, sda=None):
            super().__init__()

    class SoftI2C(FakeI2C):
        def __init__(self, freq=0, scl=None, sda=None):
            super().__init__()

    class PWM(FakePWM):
        def __init__(self, pin, freq=0, duty_u16=0):
            pass


class IdleScreen:
    def update(self):
        pass

    def draw(self):
        pass


def check_boards():
    import os
    import time

    boards_dir = sys.argv[1] + "/../boards"
    names = sorted(name for name in os.listdir(boards_dir) if name.endswith(".py"))
    built = 0
    for name in names:
        namespace = {}
        with open(boards_dir + "/" + name) as f:
            exec(f.read(), namespace)
        hw = board.build(
            namespace["BOARD"], FakeMachine, time, SCRATCH + "/" + name + ".sav", fps=200
        )
        check_frame_loop(name[:-3], hw)
        built += 1
    report("boards_built", built)


def check_frame_loop(label, hw):
    screen = IdleScreen()
    per_call, locked_ok = allocation_of(lambda: hw.run_frame(screen))
    report("run_frame_alloc_" + label, per_call)
    report("run_frame_heap_locked_ok_" + label, locked_ok)


check_heap_lock_catches_allocation()
check_displays()
check_buttons()
check_sound_clock_storage()
check_boards()
