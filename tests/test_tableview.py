"""Drawing pieces of the table (firmware/ui/tableview.py) that the golden frames do not reach."""

import framebuf
from gfx import text
from ui import tableview


def screen():
    return framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def pixels(fb):
    return [fb.pixel(x, y) for y in range(64) for x in range(128)]


def lit_columns(fb, y0, y1):
    return [x for x in range(128) if any(fb.pixel(x, y) for y in range(y0, y1))]


def test_the_widest_name_fits_the_score_column_beside_the_widest_change():
    name = text.fit("WWWWWWWW", tableview.COLUMN_NAME_W)
    for change in (300, -300, 0):
        fb = screen()
        tableview.score_line(fb, name, 300, 1, False, change)
        lit = lit_columns(fb, 0, 8)
        gaps = [b - a for a, b in zip(lit, lit[1:], strict=False)]
        assert max(gaps) >= 3, "the name runs into the number"
        assert lit[-1] == 127


def test_a_score_told_shows_who_won_and_who_paid():
    for change, sign in ((10, "+10"), (-10, "-10")):
        told, expected = screen(), screen()
        tableview.score_line(told, "CPU", 45, 1, False, change)
        text.draw(expected, "CPU", 87, 1)  # the name stays, and the change ends at 127
        text.draw(expected, sign, 128 - text.width(sign), 1)
        assert pixels(told) == pixels(expected)


def test_pile_tiles_show_the_divider_between_their_halves():
    fb = screen()
    tableview.micro(fb, 0, 10, 10)  # [0|0]
    assert [fb.pixel(14, y) for y in range(10, 15)] == [1, 0, 0, 0, 1]
    assert all(fb.pixel(x, 12) for x in (11, 12, 13, 15, 16, 17))


def test_the_stock_slot_says_pass_once_the_stock_is_empty():
    back, empty = screen(), screen()
    tableview.hand(back, [], 0, 0, 0, tableview.STOCK_BACK)
    tableview.hand(empty, [], 0, 0, 0, tableview.STOCK_PASS)
    assert pixels(back) != pixels(empty)
    # Both raised 3 pixels, with the cursor's bar beneath.
    for fb in (back, empty):
        assert fb.pixel(5, tableview.HAND_Y - 3) and not fb.pixel(5, tableview.HAND_Y + 6)
        assert fb.pixel(9, 62) and fb.pixel(9, 63)
