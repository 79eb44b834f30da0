"""The checked-in modules that `make assets` makes (firmware/gfx/'s sprites and font,
Domino Poker's tables) are exactly what it makes now."""

import subprocess
import sys

from gfx_support import ROOT  # first: it puts the asset tools on sys.path

# isort: split
import make_assets


def test_checked_in_modules_equal_a_fresh_conversion():
    built = make_assets.build()
    assert set(built) == {make_assets.SPRITES, make_assets.FONT, make_assets.poker2py.MODULE}
    for path, text in built.items():
        assert path.read_text(encoding="utf-8") == text, path


def test_conversion_is_deterministic():
    assert make_assets.build() == make_assets.build()


def test_check_mode_passes_and_writes_nothing():
    before = {p: p.stat().st_mtime_ns for p in make_assets.build()}
    tool = ROOT / "tools" / "assets" / "make_assets.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert {p: p.stat().st_mtime_ns for p in before} == before
