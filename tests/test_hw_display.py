"""The display driver against the controller model, for both controllers on both buses."""

import pytest
from hw import board as firmware_board
from hw.display import SH1106, SSD1306

from sim.clock import VirtualTime
from sim.machine import VirtualBoard

SPI_WIRING = {"spi": 0, "sck": 18, "mosi": 19, "cs": 17, "dc": 20, "reset": 21}
I2C_WIRING = {"i2c": 0, "sda": 8, "scl": 9, "address": 0x3C}
SETUPS = [(kind, bus) for kind in ("ssd1306", "sh1106") for bus in ("spi", "i2c")]


def make(kind, bus):
    config = {"display": kind, **(SPI_WIRING if bus == "spi" else I2C_WIRING)}
    virtual = VirtualBoard(config, VirtualTime())
    display = firmware_board.make_display(config, virtual.machine, virtual.time)
    return display, virtual.controller, virtual


def glass_pixels(controller):
    return {(x, y) for y in range(64) for x in range(128) if controller.lit(x, y)}


def scene(display):
    display.fill(0)
    display.rect(0, 0, 128, 64, 1)
    display.fill_rect(10, 10, 17, 9, 1)
    display.line(0, 63, 127, 0, 1)
    display.pixel(127, 0, 1)


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_init_leaves_a_blank_upright_panel_on(kind, bus):
    display, controller, _ = make(kind, bus)
    assert controller.on and not controller.inverted and not controller.all_on
    assert controller.remap and controller.com_reverse
    assert controller.unknown == [] and controller.overflow == 0
    assert controller.visible_ram() == bytes(1024)
    assert display.controller == (SSD1306 if kind == "ssd1306" else SH1106)


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_show_puts_the_framebuffer_on_the_glass(kind, bus):
    display, controller, _ = make(kind, bus)
    scene(display)
    assert display.show() == 8
    assert controller.visible_ram() == bytes(display.buffer)
    expected = {(x, y) for y in range(64) for x in range(128) if display.pixel(x, y)}
    assert glass_pixels(controller) == expected
    assert controller.unknown == [] and controller.overflow == 0


def test_sh1106_writes_columns_2_to_129_and_leaves_the_margins():
    display, controller, _ = make("sh1106", "spi")
    display.fill(1)
    display.show()
    for page in range(8):
        row = controller.ram[page * 132:(page + 1) * 132]
        assert row[2:130] == b"\xff" * 128
        assert row[:2] == b"\x00\x00" and row[130:] == b"\x00\x00"


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_show_sends_only_changed_pages(kind, bus):
    display, controller, _ = make(kind, bus)
    scene(display)
    display.show()
    before = controller.data_bytes
    assert display.show() == 0
    assert controller.data_bytes == before
    display.fill_rect(40, 13, 17, 9, 1)  # a tile across pages 1 and 2
    assert display.show() == 2
    assert controller.data_bytes - before == 256
    assert controller.visible_ram() == bytes(display.buffer)
    display.pixel(0, 0, 0)  # pages 0 and 7 change: not adjacent
    display.pixel(5, 60, 1)
    assert display.show() == 2
    assert controller.visible_ram() == bytes(display.buffer)


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_a_show_with_a_limit_leaves_the_other_pages_for_the_next(kind, bus):
    display, controller, _ = make(kind, bus)
    scene(display)
    assert display.show(3) == 3
    assert controller.visible_ram()[:384] == bytes(display.buffer)[:384]
    assert controller.visible_ram()[384:] != bytes(display.buffer)[384:]
    display.pixel(1, 1, 1)  # page 0 changes again meanwhile: it goes first
    assert display.show(3) == 3  # pages 0, 3, 4
    assert display.show(3) == 3  # 5, 6, 7
    assert display.show(3) == 0
    assert controller.visible_ram() == bytes(display.buffer)
    display.invalidate()
    assert display.show(5) == 5 and display.show(5) == 3


def test_a_pages_time_on_the_wire_is_counted_on_i2c_only():
    i2c, _, _ = make("ssd1306", "i2c")
    spi, _, _ = make("ssd1306", "spi")
    assert spi.page_us == 0
    assert 3000 <= i2c.page_us <= 3200  # 138 bytes of 9 clocks at 400 kHz


def test_a_slow_bus_spreads_a_new_screen_over_the_frames_left_time():
    """The pages that fit in what is left of the frame; none when none fit, but
    one when the frame before sent none either."""
    config = {"display": "ssd1306", "buttons": {}, **I2C_WIRING}
    virtual = VirtualBoard(config, VirtualTime())
    hw = firmware_board.build(config, virtual.machine, virtual.time)
    pushed = []

    class Busy:
        """A screen that draws a new picture and takes `ms` of the frame to do it."""

        ms = 0

        def update(self):
            pass

        def draw(self):
            hw.display.fill(0)  # a column more every frame: every page changes
            hw.display.fill_rect(0, 0, len(pushed) + 1, 64, 1)
            virtual.time.advance(self.ms)

    screen = Busy()
    show = hw.display.show
    hw.display.show = lambda most=8: pushed.append(show(most)) or pushed[-1]
    hw.run_frame(screen)  # a frame with time to spare sends the whole screen
    assert pushed == [8]
    screen.ms = 23  # 10 ms left, 7 less 3 for what comes after: 2 pages fit (3.1 ms each)
    hw.run_frame(screen)
    assert pushed[-1] == 2
    screen.ms = 32  # nothing left: the pages wait for the next frame
    hw.run_frame(screen)
    assert pushed[-1] == 0 and hw.display.behind
    hw.run_frame(screen)  # nothing left again, but they waited a frame: one
    assert pushed[-1] == 1
    screen.ms = 0
    hw.run_frame(screen)  # all that differs
    assert pushed[-1] == 8 and not hw.display.behind


def test_ssd1306_addresses_a_run_of_dirty_pages_once():
    display, controller, _ = make("ssd1306", "spi")
    display.show()
    before = controller.command_bytes
    display.fill_rect(0, 8, 10, 24, 1)  # pages 1, 2, 3
    assert display.show() == 3
    assert controller.command_bytes - before == 6  # one column and page window
    assert controller.visible_ram() == bytes(display.buffer)


def test_sh1106_addresses_every_page():
    display, controller, _ = make("sh1106", "i2c")
    display.show()
    before = controller.command_bytes
    display.fill_rect(0, 8, 10, 24, 1)
    assert display.show() == 3
    assert controller.command_bytes - before == 9  # page, column low, column high


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_flip_rotates_the_glass_180_degrees(kind, bus):
    display, controller, _ = make(kind, bus)
    scene(display)
    display.show()
    upright = glass_pixels(controller)
    display.flip(True)
    assert glass_pixels(controller) == {(127 - x, 63 - y) for x, y in upright}
    display.flip(False)
    assert glass_pixels(controller) == upright


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_contrast_invert_and_power(kind, bus):
    display, controller, _ = make(kind, bus)
    display.pixel(3, 4, 1)
    display.show()
    display.contrast(300)
    assert controller.contrast == 255
    display.contrast(-5)
    assert controller.contrast == 0
    display.invert(True)
    assert not controller.lit(3, 4) and controller.lit(4, 4)
    display.invert(False)
    display.poweroff()
    assert glass_pixels(controller) == set()
    display.poweron()
    assert glass_pixels(controller) == {(3, 4)}


@pytest.mark.parametrize("kind,bus", SETUPS)
def test_init_after_a_panel_reset_restores_the_picture(kind, bus):
    display, controller, _ = make(kind, bus)
    scene(display)
    display.show()
    controller.reset()
    controller.ram[:] = bytes(len(controller.ram))  # a power cycle loses the RAM
    display.init()
    assert controller.on and controller.visible_ram() == bytes(display.buffer)


def test_reset_pin_pulses_the_controller_and_ends_high():
    display, controller, virtual = make("ssd1306", "spi")
    resets = []
    controller.reset = lambda: resets.append(virtual.levels[21])
    display.init()
    assert resets == [0] and virtual.levels[21] == 1


def test_i2c_to_a_missing_address_is_an_oserror():
    config = {"display": "ssd1306", **I2C_WIRING, "address": 0x3D}
    virtual = VirtualBoard({**config, "address": 0x3C}, VirtualTime())
    with pytest.raises(OSError):
        firmware_board.make_display(config, virtual.machine, virtual.time)


def test_unknown_controller_is_refused():
    with pytest.raises(ValueError):
        firmware_board.make_display({"display": "st7735", **SPI_WIRING}, None, None)
