"""tools/assets/font2py.py: a PNG glyph grid or a BDF font to the firmware's font module."""

import pytest
from gfx_support import ROOT  # first: it puts the asset tools on sys.path
from PIL import Image

# isort: split
import font2py

ASSETS = ROOT / "tools" / "assets"
CHARS = (ASSETS / "font.txt").read_text(encoding="utf-8").rstrip("\n")


def _our_font():
    return font2py.read_grid(ASSETS / "font.png", CHARS, 8, 8)


def _write_grid(glyphs, chars, path, height=6, cell=8):
    """A test's own grid writer: the format the README describes, drawn independently."""
    per_row = 16
    image = Image.new("L", (per_row * cell, (len(chars) + per_row - 1) // per_row * cell))
    for i, char in enumerate(chars):
        left, top = (i % per_row) * cell, (i // per_row) * cell
        for x, column in enumerate(glyphs[char]):
            image.putpixel((left + x, top + cell - 1), 255)  # the width bar
            for y in range(height):
                if column >> y & 1:
                    image.putpixel((left + x, top + y), 255)
    image.save(path)


def _made_up_glyphs(chars):
    # Widths 0..4 and columns that differ from glyph to glyph.
    return {c: [(ord(c) * 7 + x * 13) & 0x3F for x in range(i % 5)] for i, c in enumerate(chars)}


def test_grid_cells_give_glyph_columns_and_widths(tmp_path):
    chars = "".join(chr(c) for c in range(32, 127)) + "\u2190"
    glyphs = _made_up_glyphs(chars)
    _write_grid(glyphs, chars, tmp_path / "grid.png")
    font = font2py.read_grid(tmp_path / "grid.png", chars, 8, 8)
    assert font.height == 6
    assert font.glyphs == glyphs
    assert font.extra == "\u2190"


def test_our_font_has_ascii_and_the_game_symbols():
    font = _our_font()
    assert font.height == 6
    assert set(font.extra) == set("\u2190\u2192\u2191\u2193\u2022\u266a\u2713")
    assert font.glyphs["A"] == [0b11110, 0b00101, 0b11110]  # .#. / #.# / ### / #.# / #.#
    assert font.glyphs[" "] == [0, 0]
    assert all(len(font.glyphs[d]) == 3 for d in "0123456789")  # scores line up
    assert max(len(g) for g in font.glyphs.values()) <= 5


def test_module_strip_and_offsets_give_back_every_glyph():
    font = _our_font()
    names = {}
    exec(compile(font2py.module(font), "font", "exec"), names)
    order = [chr(c) for c in range(32, 127)] + list(names["EXTRA"])
    offsets = names["OFFSETS"]
    strip = names["COLUMNS"]
    assert len(strip) == names["WIDTH"]
    for i, char in enumerate(order):
        start = int.from_bytes(offsets[2 * i:2 * i + 2], "little")
        end = int.from_bytes(offsets[2 * i + 2:2 * i + 4], "little")
        assert list(strip[start:end]) == font.glyphs[char], char


def test_bdf_written_and_read_back_gives_the_same_module(tmp_path):
    font = _our_font()
    (tmp_path / "pocket.bdf").write_text(font2py.to_bdf(font), encoding="latin-1")
    again = font2py.read_bdf(tmp_path / "pocket.bdf", font.extra)
    assert again.glyphs == font.glyphs
    # Only the first line (the source's name) differs.
    assert font2py.module(again).split("\n", 1)[1] == font2py.module(font).split("\n", 1)[1]


def test_bdf_glyph_boxes_are_placed_by_their_offsets(tmp_path):
    bdf = font2py.to_bdf(_our_font())
    start = bdf.index("STARTCHAR U+002E")  # "."
    end = bdf.index("ENDCHAR", start)
    # A dot two columns in, on the baseline row (ascent 5), advance 4.
    dot = "STARTCHAR period\nENCODING 46\nDWIDTH 4 0\nBBX 1 1 2 0\nBITMAP\n80\n"
    (tmp_path / "f.bdf").write_text(bdf[:start] + dot + bdf[end:], encoding="latin-1")
    font = font2py.read_bdf(tmp_path / "f.bdf")
    assert font.glyphs["."] == [0, 0, 1 << 4]
    assert font.extra == ""  # only what --extra asks for


def test_ink_outside_the_width_bar_is_refused(tmp_path):
    glyphs = _made_up_glyphs(CHARS)
    _write_grid(glyphs, CHARS, tmp_path / "grid.png")
    image = Image.open(tmp_path / "grid.png")
    image.putpixel((8 * 1 + 6, 2), 255)  # cell of "!", past its bar
    image.save(tmp_path / "grid.png")
    with pytest.raises(ValueError, match="outside"):
        font2py.read_grid(tmp_path / "grid.png", CHARS, 8, 8)


def test_a_font_must_cover_ascii_and_stay_small():
    glyphs = _made_up_glyphs(CHARS)
    del glyphs["q"]
    with pytest.raises(ValueError, match="no glyph for 'q'"):
        font2py.Font(6, glyphs, "test")
    glyphs["q"] = [1] * 9
    with pytest.raises(ValueError, match="wider than 8"):
        font2py.Font(6, glyphs, "test")
    with pytest.raises(ValueError, match="1 to 8 pixels tall"):
        font2py.Font(9, _made_up_glyphs(CHARS), "test")


def test_command_line_grid_to_module_and_bdf_and_back(tmp_path):
    args = ["--grid", str(ASSETS / "font.png"), "--chars", str(ASSETS / "font.txt")]
    font2py.main(args + ["-o", str(tmp_path / "a.py"), "--bdf-out", str(tmp_path / "a.bdf")])
    font2py.main(["--bdf", str(tmp_path / "a.bdf"), "--extra", _our_font().extra,
                  "-o", str(tmp_path / "b.py")])
    a = (tmp_path / "a.py").read_text(encoding="utf-8")
    b = (tmp_path / "b.py").read_text(encoding="utf-8")
    assert a == font2py.module(_our_font())
    assert a.split("\n", 1)[1] == b.split("\n", 1)[1]
