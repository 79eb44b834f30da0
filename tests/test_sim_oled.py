"""The controller model itself: addressing modes and the I2C control bytes."""

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
    sh.command(bytes((0x20, 0x8D)))
    assert sh.unknown == [0x20, 0x8D]
    ssd = oled.Controller(oled.SSD1306)
    ssd.command(bytes((0xAD, 0x8B)))
    assert ssd.unknown == [0xAD, 0x8B]


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
