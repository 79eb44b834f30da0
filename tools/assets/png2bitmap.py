"""Convert PNG sprite sheets into a Python module of MONO_VLSB `bytes` for firmware/.

usage: png2bitmap.py -o firmware/gfx/sprites.py SHEET.png:WxH [SHEET.png:WxH ...]

Each sheet is cut into frames of W x H pixels, left to right, then top to bottom.
Every pixel must be opaque white (ink, 1), opaque black (0) or fully transparent:
anything else is refused, so a stray grey pixel never changes the art silently.
A sheet with a transparent pixel also gets a mask, 1 wherever the sprite is opaque.

A sheet `tile_h.png` becomes TILE_H (and TILE_H_MASK) plus TILE_H_WIDTH,
TILE_H_HEIGHT and TILE_H_FRAMES. TILE_H is a tuple of `bytes`, a frame each, so
that frozen into a firmware every frame is a constant in flash a blit reads
as it is (no view of it made in RAM). Layout, as the framebuf module's MONO_VLSB:
a byte holds 8 pixels of one column, bit 0 on top; a frame is its rows of such
bytes (pages), each `width` bytes long, top page first.
"""

import argparse
import pathlib
import sys

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
INK = (255, 255, 255, 255)
PAPER = (0, 0, 0, 255)
CLEAR = (0, 0, 0, 0)


def pages(height):
    return (height + 7) // 8


def pack(rows, width, height):
    """Rows of 0/1 pixels -> MONO_VLSB bytes."""
    out = bytearray(width * pages(height))
    for y in range(height):
        for x in range(width):
            if rows[y][x]:
                out[(y >> 3) * width + x] |= 1 << (y & 7)
    return bytes(out)


def unpack(data, width, height):
    """MONO_VLSB bytes -> rows of 0/1 pixels."""
    return [
        [(data[(y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)] for y in range(height)
    ]


class Sheet:
    """A sprite sheet cut into frames: per frame, rows of ink and of opacity."""

    def __init__(self, path, width, height):
        self.path = pathlib.Path(path)
        self.width = width
        self.height = height
        image = Image.open(self.path).convert("RGBA")
        self.columns, extra_x = divmod(image.width, width)
        self.rows, extra_y = divmod(image.height, height)
        if extra_x or extra_y or not self.columns or not self.rows:
            raise ValueError(
                "%s: %dx%d is not a whole number of %dx%d frames"
                % (self.path, image.width, image.height, width, height)
            )
        self.ink = []
        self.opaque = []
        for frame in range(self.columns * self.rows):
            left = (frame % self.columns) * width
            top = (frame // self.columns) * height
            ink_rows, opaque_rows = [], []
            for y in range(top, top + height):
                ink_row, opaque_row = [], []
                for x in range(left, left + width):
                    pixel = image.getpixel((x, y))
                    if pixel[3] == 0:
                        ink_row.append(0)
                        opaque_row.append(0)
                    elif pixel in (INK, PAPER):
                        ink_row.append(int(pixel == INK))
                        opaque_row.append(1)
                    else:
                        raise ValueError(
                            "%s: pixel (%d, %d) is %r, neither white, black nor "
                            "transparent" % (self.path, x, y, pixel)
                        )
                ink_rows.append(ink_row)
                opaque_rows.append(opaque_row)
            self.ink.append(ink_rows)
            self.opaque.append(opaque_rows)

    @property
    def name(self):
        return self.path.stem.upper().replace("-", "_")

    @property
    def has_mask(self):
        return any(0 in row for frame in self.opaque for row in frame)

    def bitmap(self):
        return b"".join(pack(rows, self.width, self.height) for rows in self.ink)

    def mask(self):
        return b"".join(pack(rows, self.width, self.height) for rows in self.opaque)


def to_image(bitmap, mask, width, height, columns, rows):
    """Bytes (and mask, or None) back into a sheet image, as the converter reads one."""
    image = Image.new("RGBA", (width * columns, height * rows))
    frame_bytes = width * pages(height)
    for frame in range(columns * rows):
        chunk = slice(frame * frame_bytes, (frame + 1) * frame_bytes)
        ink = unpack(bitmap[chunk], width, height)
        opaque = unpack(mask[chunk], width, height) if mask else None
        left = (frame % columns) * width
        top = (frame // columns) * height
        for y in range(height):
            for x in range(width):
                if opaque and not opaque[y][x]:
                    pixel = CLEAR
                else:
                    pixel = INK if ink[y][x] else PAPER
                image.putpixel((left + x, top + y), pixel)
    return image


def _lines(data, indent, per_line):
    """data as lines of b"..." literals, every byte as \\xNN so the text is stable
    and diffable."""
    chunks = [data[start : start + per_line] for start in range(0, len(data), per_line)]
    return "\n".join('%sb"%s"' % (indent, "".join("\\x%02x" % b for b in chunk))
                     for chunk in chunks)


def bytes_literal(name, data, indent="    ", per_line=20):
    """`NAME = (b"..." b"...")`."""
    return "%s = (\n%s\n)\n" % (name, _lines(data, indent, per_line))


def frames_literal(name, data, frame_bytes, indent="    ", per_line=20):
    """`NAME = (b"..." b"...", ...)`: a bytes literal a frame."""
    frames = [_lines(data[start : start + frame_bytes], indent, per_line) + ","
              for start in range(0, len(data), frame_bytes)]
    return "%s = (\n%s\n)\n" % (name, "\n".join(frames))


def relative(path):
    path = pathlib.Path(path).resolve()
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.name


def module(sheets):
    """The text of the generated module for these sheets."""
    parts = [
        "# Generated by tools/assets/png2bitmap.py from the PNG sheets named below:\n"
        "# edit those, then run `make assets`.\n"
        "#\n"
        "# MONO_VLSB: a byte holds 8 pixels of one column, bit 0 on top; a frame is its\n"
        "# pages (8 pixel rows each) of `width` bytes, top page first; NAME is a tuple of\n"
        "# the frames. NAME_MASK, where present, is 1 wherever the sprite is opaque.\n"
        "\n"
        "from micropython import const\n"
    ]
    for sheet in sheets:
        frames = len(sheet.ink)
        name = sheet.name
        parts.append(
            "\n# %s: %dx%d pixels, %d frames, %d bytes per frame%s\n"
            "%s_WIDTH = const(%d)\n%s_HEIGHT = const(%d)\n%s_FRAMES = const(%d)\n"
            % (
                relative(sheet.path),
                sheet.width,
                sheet.height,
                frames,
                sheet.width * pages(sheet.height),
                ", with a mask" if sheet.has_mask else "",
                name,
                sheet.width,
                name,
                sheet.height,
                name,
                frames,
            )
        )
        frame_bytes = sheet.width * pages(sheet.height)
        parts.append(frames_literal(name, sheet.bitmap(), frame_bytes))
        if sheet.has_mask:
            parts.append(frames_literal(name + "_MASK", sheet.mask(), frame_bytes))
    return "".join(parts)


def parse_spec(spec):
    """Parse "path.png:17x9" into (path, 17, 9)."""
    path, _, size = spec.rpartition(":")
    width, _, height = size.partition("x")
    if not path or not width.isdigit() or not height.isdigit():
        raise argparse.ArgumentTypeError("expected SHEET.png:WxH, got %r" % spec)
    return path, int(width), int(height)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", required=True, help="the Python module to write")
    parser.add_argument("sheets", nargs="+", type=parse_spec, metavar="SHEET.png:WxH")
    args = parser.parse_args(argv)
    try:
        text = module([Sheet(*spec) for spec in args.sheets])
    except ValueError as error:
        sys.exit("png2bitmap: %s" % error)
    pathlib.Path(args.output).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
