"""gfx.domino: what a drawn tile looks like, pixel by pixel, on CPython."""

import framebuf
import pytest
from core.tiles import HIGH, LOW
from gfx import domino


def _draw(t, vertical=False, first=-1, look=domino.NORMAL, background=0):
    buf = bytearray(3 * 17)  # room for one tile either way round
    fb = framebuf.FrameBuffer(buf, 17, 17, framebuf.MONO_VLSB)
    fb.fill(background)
    domino.draw(fb, t, 0, 0, vertical, first, look)
    return [[fb.pixel(x, y) for x in range(17)] for y in range(17)]


def _pips(picture, left, top):
    """The lit pixels of a 7x7 half whose top left is (left, top)."""
    return {(x, y) for y in range(7) for x in range(7) if picture[top + y][left + x]}


SPOTS = {1, 3, 5}  # pip rows and columns inside a half


@pytest.mark.parametrize("t", range(28))
def test_each_half_shows_its_number_of_pips_on_the_pip_grid(t):
    picture = _draw(t)
    left, right = _pips(picture, 1, 1), _pips(picture, 9, 1)
    assert (len(left), len(right)) == (LOW[t], HIGH[t])
    assert all(x in SPOTS and y in SPOTS for x, y in left | right)


def test_pip_patterns_are_the_familiar_ones():
    six = _pips(_draw(27), 1, 1)
    assert six == {(x, y) for x in SPOTS for y in (1, 5)}  # rows along the long side
    five = _pips(_draw(25), 1, 1)
    assert five == {(1, 1), (5, 1), (3, 3), (1, 5), (5, 5)}
    assert _pips(_draw(7), 1, 1) == {(3, 3)}
    standing_six = _pips(_draw(27, vertical=True), 1, 1)
    assert standing_six == {(x, y) for x in (1, 5) for y in SPOTS}


@pytest.mark.parametrize("look", [domino.NORMAL, domino.DIM, domino.LIT, domino.BACK])
@pytest.mark.parametrize("t", [0, 5, 12, 20, 27])
def test_a_standing_tile_is_the_lying_one_turned_a_quarter_clockwise(t, look):
    lying = _draw(t, False, HIGH[t], look)
    standing = _draw(t, True, HIGH[t], look)
    for y in range(9):
        for x in range(17):
            assert standing[x][8 - y] == lying[y][x]


def test_first_picks_the_half_shown_first():
    t = 19  # [3|4]
    assert len(_pips(_draw(t), 1, 1)) == 3
    assert len(_pips(_draw(t, first=4), 1, 1)) == 4
    assert len(_pips(_draw(t, first=3), 1, 1)) == 3
    assert len(_pips(_draw(t, vertical=True, first=4), 1, 1)) == 4


def test_outline_divider_and_rounded_corners_that_keep_the_background():
    picture = _draw(0, background=1)
    assert [picture[0][x] for x in (0, 16)] == [1, 1]  # corners left as they were
    assert [picture[8][x] for x in (0, 16)] == [1, 1]
    assert all(picture[0][x] for x in range(1, 16)) and all(picture[y][0] for y in range(1, 8))
    assert [picture[y][8] for y in range(1, 8)] == [0, 1, 1, 1, 1, 1, 0]  # a short divider
    assert not any(picture[y][x] for y in range(1, 8) for x in range(1, 8))  # [0|0]: cleared
    assert all(picture[9][x] for x in range(17))  # nothing drawn below the tile


def test_dim_keeps_a_solid_outline_open_mid_side_drops_the_divider_and_keeps_every_pip():
    """A tile that cannot be played: its ends solid, a gap in the middle of its
    long sides, no divider; its pips as they are, so that it stays readable."""
    for t in (0, 13, 27):
        normal, dim = _draw(t), _draw(t, look=domino.DIM)
        for y in range(9):
            for x in range(17):
                edge = x in (0, 16) or y in (0, 8)
                if edge:
                    assert dim[y][x] == (normal[y][x] and not (y in (0, 8) and 5 <= x <= 11))
                else:
                    assert dim[y][x] == (normal[y][x] and x != 8)
        assert _pips(dim, 1, 1) == _pips(normal, 1, 1)
        assert _pips(dim, 9, 1) == _pips(normal, 9, 1)
        assert dim != normal


def test_lit_is_the_normal_face_inverted_inside_the_outline():
    normal, lit = _draw(26), _draw(26, look=domino.LIT)
    for y in range(1, 8):
        for x in range(1, 16):
            assert lit[y][x] == 1 - normal[y][x]
    assert lit[0][0] == 0 and lit[0][1] == 1


def test_face_down_hides_the_tile():
    backs = {str(_draw(t, look=domino.BACK)) for t in range(28)}
    assert len(backs) == 1
    back = _draw(0, look=domino.BACK)
    assert back != _draw(0) and sum(map(sum, back)) > sum(map(sum, _draw(27)))
