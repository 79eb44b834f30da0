"""Regenerate firmware/gfx/sprites.py and firmware/gfx/font.py from tools/assets/, and
firmware/players/poker_tables.py from Domino Poker's rules.

usage: make_assets.py [--check]

The one list of what is converted, and how: `make assets` runs this, and the tests
call build() to check that the checked-in modules equal a fresh conversion.
--check writes nothing and fails if a module is out of date.
"""

import argparse
import pathlib
import sys

import font2py
import png2bitmap
import poker2py

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "tools" / "assets"
SPRITES = ROOT / "firmware" / "gfx" / "sprites.py"
FONT = ROOT / "firmware" / "gfx" / "font.py"

# Sheet, frame width, frame height. tile_h/tile_v: face, dimmed face, back, lit face.
# pips: a half of each value 0..6 for horizontal tiles, then the same for vertical.
# goat: Kozel's goat, drawn by a side on the goat and by the goats at a match end.
# micro: the pile's 28 small tiles, [0|0] to [6|6] in core.tiles' order, 7 a row.
SHEETS = (("tile_h.png", 17, 9), ("tile_v.png", 9, 17), ("pips.png", 7, 7), ("goat.png", 12, 8),
          ("micro.png", 9, 5))
FONT_GRID = ("font.png", "font.txt", 8, 8)


def build():
    """{path: text} of every generated module."""
    sheets = [png2bitmap.Sheet(ASSETS / name, w, h) for name, w, h in SHEETS]
    png, chars, cell_w, cell_h = FONT_GRID
    chars = (ASSETS / chars).read_text(encoding="utf-8").rstrip("\n")
    font = font2py.read_grid(ASSETS / png, chars, cell_w, cell_h)
    return {SPRITES: png2bitmap.module(sheets), FONT: font2py.module(font),
            poker2py.MODULE: poker2py.module()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a module is stale")
    args = parser.parse_args(argv)
    stale = []
    for path, text in build().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.relative_to(ROOT).as_posix())
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        sys.exit("out of date (run `make assets`): " + ", ".join(stale))
    for name in stale:
        print("wrote", name)


if __name__ == "__main__":
    main()
