"""tools/assets/png2bitmap.py: PNG sprite sheets to MONO_VLSB bytes and back, exactly."""

import pytest
from gfx_support import ROOT  # first: it puts the asset tools on sys.path
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

# isort: split
import png2bitmap
from png2bitmap import CLEAR, INK, PAPER, Sheet

ASSETS = ROOT / "tools" / "assets"


def test_pack_puts_bit_0_on_top_and_pages_one_after_another():
    rows = [[0, 0] for _ in range(10)]
    rows[0][0] = rows[7][0] = 1  # column 0, first page: bits 0 and 7
    rows[8][1] = 1  # column 1, second page: bit 0
    assert png2bitmap.pack(rows, 2, 10) == b"\x81\x00\x00\x01"


@given(st.integers(1, 12), st.integers(1, 20), st.data())
def test_unpack_reverses_pack(width, height, data):
    rows = [[data.draw(st.integers(0, 1)) for _ in range(width)] for _ in range(height)]
    packed = png2bitmap.pack(rows, width, height)
    assert len(packed) == width * ((height + 7) // 8)
    assert png2bitmap.unpack(packed, width, height) == rows


def _pixels(image):
    # What the converter promises to keep: ink, paper, or transparent (any colour).
    image = image.convert("RGBA")
    pixels = (image.getpixel((x, y)) for y in range(image.height) for x in range(image.width))
    return [CLEAR if p[3] == 0 else p for p in pixels]


@pytest.mark.parametrize("name, width, height", [
    ("tile_h.png", 17, 9), ("tile_v.png", 9, 17), ("pips.png", 7, 7)])
def test_every_sheet_round_trips_png_to_bytes_to_png(name, width, height):
    sheet = Sheet(ASSETS / name, width, height)
    mask = sheet.mask() if sheet.has_mask else None
    again = png2bitmap.to_image(sheet.bitmap(), mask, width, height, sheet.columns, sheet.rows)
    assert _pixels(again) == _pixels(Image.open(ASSETS / name))


def _sheet_png(tmp_path, pixels, size):
    image = Image.new("RGBA", size, PAPER)
    for xy, colour in pixels.items():
        image.putpixel(xy, colour)
    path = tmp_path / "tiny-art.png"
    image.save(path)
    return path


def test_frames_are_cut_left_to_right_then_down_and_transparency_makes_a_mask(tmp_path):
    # Four 3x2 frames on a 6x4 sheet; frame n has a pixel at column n % 3 of its top row.
    pixels = {(0, 0): INK, (4, 0): INK, (2, 2): INK, (3, 2): CLEAR}
    sheet = Sheet(_sheet_png(tmp_path, pixels, (6, 4)), 3, 2)
    assert sheet.name == "TINY_ART"
    assert sheet.bitmap() == b"\x01\x00\x00" b"\x00\x01\x00" b"\x00\x00\x01" b"\x00\x00\x00"
    assert sheet.has_mask
    assert sheet.mask() == b"\x03\x03\x03" b"\x03\x03\x03" b"\x03\x03\x03" b"\x02\x03\x03"


def test_an_opaque_sheet_has_no_mask():
    assert not Sheet(ASSETS / "pips.png", 7, 7).has_mask
    assert "PIPS_MASK" not in png2bitmap.module([Sheet(ASSETS / "pips.png", 7, 7)])


@pytest.mark.parametrize("colour", [(128, 128, 128, 255), (255, 255, 255, 100), (255, 0, 0, 255)])
def test_grey_colour_or_half_transparent_pixels_are_refused(tmp_path, colour):
    path = _sheet_png(tmp_path, {(1, 1): colour}, (4, 4))
    with pytest.raises(ValueError, match=r"pixel \(1, 1\)"):
        Sheet(path, 2, 2)


def test_a_sheet_must_hold_whole_frames(tmp_path):
    path = _sheet_png(tmp_path, {}, (10, 9))
    with pytest.raises(ValueError, match="whole number"):
        Sheet(path, 3, 9)


def test_the_module_states_its_layout_and_holds_the_bytes(tmp_path):
    sheet = Sheet(ASSETS / "tile_h.png", 17, 9)
    text = png2bitmap.module([sheet])
    assert "17x9 pixels, 4 frames, 34 bytes per frame\n" in text  # opaque: no mask
    names = {}
    exec(compile(text, "sprites", "exec"), names)  # const() comes from sim/shims
    assert b"".join(names["TILE_H"]) == sheet.bitmap()
    assert "TILE_H_MASK" not in names
    assert (names["TILE_H_WIDTH"], names["TILE_H_HEIGHT"], names["TILE_H_FRAMES"]) == (17, 9, 4)
    assert [len(frame) for frame in names["TILE_H"]] == [34] * 4  # a bytes a frame
    assert str(ROOT) not in text  # no path of this machine in a checked-in module


def test_command_line_writes_the_module(tmp_path):
    out = tmp_path / "sprites.py"
    png2bitmap.main(["-o", str(out), str(ASSETS / "pips.png") + ":7x7"])
    assert out.read_text() == png2bitmap.module([Sheet(ASSETS / "pips.png", 7, 7)])
    with pytest.raises(SystemExit):
        png2bitmap.main(["-o", str(out), "pips.png:7by7"])
