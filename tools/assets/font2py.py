"""Convert a small bitmap font (a PNG glyph grid or a BDF file) into a module for firmware/.

usage: font2py.py -o firmware/gfx/font.py --grid font.png --chars font.txt [--cell 8x8]
       font2py.py -o firmware/gfx/font.py --bdf font.bdf [--extra "<-->"]
       font2py.py --grid font.png --chars font.txt --bdf-out font.bdf

PNG grid: cells of WxH pixels, left to right, then top to bottom, one per character
of the --chars file (UTF-8, in grid order). In a cell the glyph is the top H-2 rows,
white on black; the bottom row is a white bar as wide as the glyph (its advance
without the blank column that text leaves between glyphs, so a space is a bar over
blank rows). BDF: each glyph's advance (DWIDTH) less that blank column.

The font must hold ASCII 32..126; any other characters become EXTRA glyphs after
them. Glyphs are at most 8 pixels tall, so a column of a glyph is one byte, and the
whole font is one strip of MONO_VLSB columns that the firmware blits from.
--bdf-out writes the grid font as BDF, to edit it in a BDF editor and convert back.
"""

import argparse
import pathlib
import sys

from PIL import Image
from png2bitmap import bytes_literal, relative

FIRST = 32
LAST = 126


class Font:
    """Glyph columns (ints, bit 0 the top row) for each character, all `height` tall."""

    def __init__(self, height, glyphs, source):
        if not 1 <= height <= 8:
            raise ValueError("%s: glyphs must be 1 to 8 pixels tall, not %d" % (source, height))
        missing = [chr(c) for c in range(FIRST, LAST + 1) if chr(c) not in glyphs]
        if missing:
            raise ValueError("%s: no glyph for %r" % (source, "".join(missing)))
        wide = [c for c, columns in glyphs.items() if len(columns) > 8]
        if wide:
            raise ValueError("%s: glyphs wider than 8 pixels: %r" % (source, "".join(wide)))
        self.height = height
        self.glyphs = glyphs
        self.source = source

    @property
    def extra(self):
        return "".join(sorted(c for c in self.glyphs if not FIRST <= ord(c) <= LAST))

    def order(self):
        return [chr(c) for c in range(FIRST, LAST + 1)] + list(self.extra)


def read_grid(png, chars, cell_width, cell_height):
    image = Image.open(png).convert("L")
    per_row = image.width // cell_width
    height = cell_height - 2
    glyphs = {}
    for i, char in enumerate(chars):
        left = (i % per_row) * cell_width
        top = (i // per_row) * cell_height
        if top + cell_height > image.height:
            raise ValueError("%s: no cell for %r (character %d)" % (png, char, i))

        def ink(x, y, left=left, top=top):
            value = image.getpixel((left + x, top + y))
            if value not in (0, 255):
                raise ValueError("%s: pixel (%d, %d) is grey" % (png, left + x, top + y))
            return value == 255

        width = sum(ink(x, cell_height - 1) for x in range(cell_width))
        stray = [x for x in range(width, cell_width) if any(ink(x, y) for y in range(height))]
        if stray or any(ink(x, cell_height - 2) for x in range(cell_width)):
            raise ValueError("%s: ink of %r outside its %d columns" % (png, char, width))
        glyphs[char] = [sum(ink(x, y) << y for y in range(height)) for x in range(width)]
    return Font(height, glyphs, relative(png))


def read_bdf(path, extra=""):
    """The ASCII glyphs and those of `extra` (by code point) of a BDF font."""
    lines = iter(pathlib.Path(path).read_text(encoding="latin-1").splitlines())
    ascent = descent = None
    glyphs = {}
    wanted = set(range(FIRST, LAST + 1)) | {ord(c) for c in extra}
    for line in lines:
        key, _, rest = line.partition(" ")
        if key == "FONT_ASCENT":
            ascent = int(rest)
        elif key == "FONT_DESCENT":
            descent = int(rest)
        elif key == "FONTBOUNDINGBOX" and ascent is None:
            _, box_height, _, box_y = map(int, rest.split())
            ascent, descent = box_height + box_y, -box_y
        elif key == "STARTCHAR":
            if ascent is None or descent is None:
                raise ValueError("%s: no FONT_ASCENT/FONT_DESCENT or FONTBOUNDINGBOX" % path)
            code, columns = _read_bdf_glyph(lines, ascent, ascent + descent)
            if code in wanted:
                glyphs[chr(code)] = columns
    return Font(ascent + descent, glyphs, relative(path))


def _read_bdf_glyph(lines, ascent, height):
    code = advance = None
    box = (0, 0, 0, 0)
    for line in lines:
        key, _, rest = line.partition(" ")
        if key == "ENCODING":
            code = int(rest.split()[0])
        elif key == "DWIDTH":
            advance = int(rest.split()[0])
        elif key == "BBX":
            box = tuple(int(v) for v in rest.split())
        elif key == "BITMAP":
            break
    box_width, box_height, box_x, box_y = box
    rows = [int(next(lines), 16) for _ in range(box_height)]
    if next(lines).strip() != "ENDCHAR":
        raise ValueError("glyph %s: BITMAP longer than its BBX" % code)
    row_bits = (box_width + 7) // 8 * 8
    width = max((advance or 1) - 1, box_x + box_width if any(rows) else 0)
    columns = [0] * width
    top = ascent - box_y - box_height  # the glyph row of the first BITMAP line
    if rows and any(rows) and (box_x < 0 or top < 0 or top + box_height > height):
        raise ValueError("glyph %s: BBX reaches outside the font's %d rows" % (code, height))
    for r, bits in enumerate(rows):
        for c in range(box_width):
            if bits >> (row_bits - 1 - c) & 1:
                columns[box_x + c] |= 1 << (top + r)
    return code, columns


def to_bdf(font, name="pocket"):
    """BDF text of the font: the baseline above the bottom row, each advance +1."""
    descent = 1 if font.height > 5 else 0
    ascent = font.height - descent
    out = [
        "STARTFONT 2.1",
        "FONT %s" % name,
        "SIZE %d 75 75" % font.height,
        "FONTBOUNDINGBOX 8 %d 0 %d" % (font.height, -descent),
        "STARTPROPERTIES 2",
        "FONT_ASCENT %d" % ascent,
        "FONT_DESCENT %d" % descent,
        "ENDPROPERTIES",
        "CHARS %d" % len(font.glyphs),
    ]
    for char in font.order():
        columns = font.glyphs[char]
        width = max(len(columns), 1)
        out += [
            "STARTCHAR U+%04X" % ord(char),
            "ENCODING %d" % ord(char),
            "SWIDTH %d 0" % ((len(columns) + 1) * 1000 // font.height),
            "DWIDTH %d 0" % (len(columns) + 1),
            "BBX %d %d 0 %d" % (width, font.height, -descent),
            "BITMAP",
        ]
        row_bits = (width + 7) // 8 * 8
        for y in range(font.height):
            bits = sum(1 << (row_bits - 1 - x) for x, col in enumerate(columns) if col >> y & 1)
            out.append("%0*X" % (row_bits // 4, bits))
        out.append("ENDCHAR")
    out.append("ENDFONT")
    return "\n".join(out) + "\n"


def module(font):
    """The text of the generated font module."""
    offsets = [0]
    strip = bytearray()
    for char in font.order():
        strip += bytes(font.glyphs[char])
        offsets.append(len(strip))
    if len(strip) > 0xFFFF:
        raise ValueError("%s: too many columns for 16-bit offsets" % font.source)
    packed = b"".join(o.to_bytes(2, "little") for o in offsets)
    return (
        "# Generated by tools/assets/font2py.py from %s:\n"
        "# edit the font there, then run `make assets`.\n"
        "#\n"
        "# Glyph i is character FIRST + i up to LAST, then the characters of EXTRA.\n"
        "# COLUMNS is one strip HEIGHT pixels tall in MONO_VLSB (a byte per column, bit 0\n"
        "# on top); glyph i is its columns OFFSETS[i] up to OFFSETS[i + 1], with OFFSETS\n"
        "# 16-bit little-endian. Text leaves one blank column between glyphs.\n"
        "\n"
        "from micropython import const\n"
        "\n"
        "HEIGHT = const(%d)\n"
        "FIRST = const(%d)\n"
        "LAST = const(%d)\n"
        "EXTRA = %s\n"
        "WIDTH = const(%d)  # of the whole strip\n"
        "%s%s"
        % (
            font.source,
            font.height,
            FIRST,
            LAST,
            _str_literal(font.extra),
            len(strip),
            bytes_literal("OFFSETS", packed),
            bytes_literal("COLUMNS", bytes(strip)),
        )
    )


def _str_literal(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def parse_size(text):
    width, _, height = text.partition("x")
    if not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError("expected WxH, got %r" % text)
    return int(width), int(height)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", help="the Python module to write")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--grid", help="a PNG glyph grid (needs --chars)")
    source.add_argument("--bdf", help="a BDF font")
    parser.add_argument("--chars", help="the characters of the grid, in order (UTF-8 text)")
    parser.add_argument("--cell", type=parse_size, default=(8, 8), help="grid cell, WxH")
    parser.add_argument("--extra", default="", help="BDF: characters beyond ASCII to keep")
    parser.add_argument("--bdf-out", help="also write the font as BDF")
    args = parser.parse_args(argv)
    if args.grid and not args.chars:
        parser.error("--grid needs --chars")
    try:
        if args.grid:
            chars = pathlib.Path(args.chars).read_text(encoding="utf-8").rstrip("\n")
            font = read_grid(args.grid, chars, *args.cell)
        else:
            font = read_bdf(args.bdf, args.extra)
        if args.output:
            _write(args.output, module(font), "utf-8")
    except ValueError as error:
        sys.exit("font2py: %s" % error)
    if args.bdf_out:
        _write(args.bdf_out, to_bdf(font), "latin-1")


def _write(path, text, encoding):
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding=encoding)


if __name__ == "__main__":
    main()
