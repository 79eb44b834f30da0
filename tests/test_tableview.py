"""Drawing pieces of the table (firmware/ui/tableview.py) that the golden frames do not reach."""

import framebuf
from ui import tableview


def column(fb):
    """The pixels of the score column's first line, right of x = 100."""
    return [[fb.pixel(x, y) for x in range(100, 128)] for y in range(0, 7)]


def test_a_long_name_gives_way_to_the_score():
    for bold in (False, True):
        short = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        tableview.score_line(short, "A", 245, 1, bold)
        long = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        tableview.score_line(long, "WWWWWWWW", 245, 1, bold)
        right = [row[-12:] for row in column(short)]
        assert [row[-12:] for row in column(long)] == right  # the number, whole, and a gap
        left = [row[:-12] for row in column(short)]
        assert [row[:-12] for row in column(long)] != left  # the name reaches that far
