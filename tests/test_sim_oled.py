"""The controller model itself: addressing modes and the I2C control bytes."""

import random

import pytest

from sim import oled
from sim.clock import VirtualTime
from sim.machine import VirtualBoard


def test_ssd1306_starts_in_page_addressing_and_wraps_within_the_page():
    chip = oled.Controller(oled.SSD1306)
    chip.command(b"\xb3\x05\x17")  # page 3, column 0x75
    chip.data(bytes(range(1, 12)))  # 11 bytes: columns 117..127, then 0 of page 3
    assert chip.ram[3 * 128 + 117:3 * 128 + 128] == bytes(range(1, 12))
    chip.data(b"\xaa")
    assert chip.ram[3 * 128] == 0xAA and chip.page == 3


def test_ssd1306_horizontal_addressing_walks_the_window():
    chip = oled.Controller(oled.SSD1306)
    chip.command(bytes((0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3)))
    chip.data(bytes(range(1, 8)))  # 3 columns x 2 pages, then wraps to the start
    assert chip.ram[2 * 128 + 10:2 * 128 + 13] == b"\x07\x02\x03"
    assert chip.ram[3 * 128 + 10:3 * 128 + 13] == b"\x04\x05\x06"


def test_ssd1306_vertical_addressing_goes_down_first():
    chip = oled.Controller(oled.SSD1306)
    chip.command(bytes((0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1)))
    chip.data(b"\x01\x02\x03")
    assert (chip.ram[0], chip.ram[128], chip.ram[1]) == (1, 2, 3)


def test_commands_of_the_other_controller_are_unknown():
    sh = oled.Controller(oled.SH1106)
    sh.command(bytes((0x20, 0x8D, 0x2E, 0xA3)))  # the SSD1306's addressing, pump, scrolling
    assert sh.unknown == [0x20, 0x8D, 0x2E, 0xA3]
    ssd = oled.Controller(oled.SSD1306)
    ssd.command(bytes((0x32, 0xE0, 0xEE, 0xC3)))  # the SH1106's pump voltage, RMW, scan
    assert ssd.unknown == [0x32, 0xE0, 0xEE, 0xC3]


# Argument counts as the datasheets give them, some of each kind.
DATASHEET_ARGUMENTS = {
    oled.SSD1306: {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
                   0xA3: 2, 0x23: 1, 0xD6: 1, 0xA8: 1, 0xD3: 1, 0xDA: 1, 0xD5: 1, 0xD9: 1,
                   0xDB: 1, 0x8D: 1, 0xAD: 1, 0x2E: 0, 0x2F: 0, 0xE3: 0, 0xA4: 0},
    oled.SH1106: {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
                  0x30: 0, 0x33: 0, 0xE0: 0, 0xEE: 0, 0xE3: 0, 0xC4: 0},
}


@pytest.mark.parametrize("kind", [oled.SSD1306, oled.SH1106])
def test_every_command_takes_the_arguments_its_datasheet_gives(kind):
    for code, count in DATASHEET_ARGUMENTS[kind].items():
        chip = oled.Controller(kind)
        # Arguments of 0xAF: if the model took too few, one would turn the display
        # on; then 0xA5 (all on), which too many would swallow as an argument.
        chip.command(bytes((code, *[0xAF] * count, 0xA5)))
        assert (chip.on, chip.all_on, chip.unknown) == (False, True, []), hex(code)
        chip.command(b"\xaf")  # the controller is still in step for the next command
        assert chip.on, hex(code)


def page_bytes(picture, page):
    """The 128 RAM bytes of one page of a 128x64 picture of 0/1 rows (bit 0 on top)."""
    return bytes(
        sum(picture[page * 8 + bit][x] << bit for bit in range(8)) for x in range(128)
    )


def our_own_ssd1306_driver(chip, picture):
    """A driver written here from the SSD1306 datasheet's initialisation flow chart
    (mux, offset, start line, remap, scan, pins, contrast, RAM display, normal,
    clock, charge pump, on), with the datasheet's other set-up commands sent as a
    driver for a current module would, then page addressing to draw."""
    chip.command(bytes((0xAE, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xA1, 0xC8, 0xDA, 0x12)))
    chip.command(bytes((0x81, 0x7F, 0xA4, 0xA6, 0xD5, 0x80, 0x8D, 0x14)))
    chip.command(bytes((0xAD, 0x30, 0xD9, 0xF1, 0xDB, 0x40, 0x23, 0x00, 0xD6, 0x00)))
    chip.command(bytes((0x26, 0x00, 0x00, 0x07, 0x07, 0x00, 0xFF, 0x2E, 0xA3, 0, 64, 0xE3)))
    chip.command(bytes((0x20, 0x02, 0xAF)))  # page addressing (the reset default)
    for page in range(8):
        chip.command(bytes((0xB0 + page, 0x00, 0x10)))
        chip.data(page_bytes(picture, page))


def our_own_sh1106_driver(chip, picture):
    """The same from the SH1106 datasheet: its power-on steps (pump voltage, DC-DC
    on), the common settings, then per page its address and column 2, where the
    132-column RAM meets the 128-pixel glass."""
    chip.command(bytes((0xAE, 0x32, 0xAD, 0x8B, 0x40, 0x81, 0x80, 0xA1, 0xA4, 0xA6)))
    chip.command(bytes((0xA8, 0x3F, 0xCF, 0xD3, 0x00, 0xD5, 0x50, 0xD9, 0x22, 0xDA, 0x12)))
    chip.command(bytes((0xDB, 0x35, 0xE0, 0xEE, 0xE3, 0xAF)))
    for page in range(8):
        chip.command(bytes((0xB0 + page, 0x02, 0x10)))
        chip.data(page_bytes(picture, page))


@pytest.mark.parametrize("kind, driver", [(oled.SSD1306, our_own_ssd1306_driver),
                                          (oled.SH1106, our_own_sh1106_driver)])
def test_a_driver_written_from_the_datasheet_shows_its_picture_on_the_glass(kind, driver):
    rng = random.Random(kind)
    for _ in range(5):
        picture = [[rng.randrange(2) for _ in range(128)] for _ in range(64)]
        chip = oled.Controller(kind)
        driver(chip, picture)
        assert chip.unknown == [] and chip.overflow == 0
        for y in (0, 7, 8, 31, 63):
            assert [int(chip.lit(x, y)) for x in range(128)] == picture[y]
        assert chip.glass() == b"".join(page_bytes(picture, page) for page in range(8))


def test_sh1106_stops_at_column_131():
    chip = oled.Controller(oled.SH1106)
    chip.command(bytes((0xB0, 0x02, 0x18)))  # column 0x82 = 130
    chip.data(b"\x01\x02\x03\x04")
    assert chip.ram[130:132] == b"\x01\x02" and chip.overflow == 2


def test_arguments_may_arrive_in_a_later_transfer():
    chip = oled.Controller(oled.SSD1306)
    chip.command(b"\x81")
    chip.command(b"\x10\xaf")
    assert chip.contrast == 0x10 and chip.on


@pytest.mark.parametrize("controls", ["stream", "single"])
def test_i2c_control_bytes_split_commands_from_data(controls):
    board = VirtualBoard({"display": "ssd1306", "i2c": 0, "address": 0x3C}, VirtualTime())
    i2c = board.machine.I2C(0)
    if controls == "stream":
        i2c.writeto(0x3C, b"\x00\xb1\x04\x10")  # Co=0: everything after is commands
        i2c.writeto(0x3C, b"\x40\x11\x22")
    else:
        i2c.writeto(0x3C, b"\x80\xb1\x80\x04\x80\x10\xc0\x11\x40\x22")  # Co=1 pairs, then data
    chip = board.controller
    assert chip.ram[128 + 4:128 + 6] == b"\x11\x22"
    assert chip.command_bytes == 3 and chip.data_bytes == 2
    assert i2c.scan() == [0x3C]


def test_a_lower_multiplex_ratio_darkens_the_undriven_rows():
    chip = oled.Controller(oled.SSD1306)
    chip.command(bytes((0xA1, 0xC8, 0xAF, 0xA5)))  # upright, on, all pixels on
    assert chip.lit(5, 63)
    chip.command(bytes((0xA8, 31)))
    assert chip.lit(5, 31) and not chip.lit(5, 32)
