"""Golden frames of the test screen, on CPython and under MicroPython, and what it shows.

The goldens are tests/gfx/golden/NAME.pbm (128x64, lit pixels white as on the OLED).
After a deliberate change to the art or the screen, rewrite them and look at them:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_gfx_testscreen.py
Every run also leaves x4 PNG previews of the frames in build/golden/.
"""

import binascii
import os

import pytest
from gfx_support import ROOT, run_micropython
from PIL import Image

# isort: split
import screen_script
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from screen_script import FakeButtons

GOLDEN = ROOT / "tests" / "gfx" / "golden"
PREVIEW = ROOT / "build" / "golden"


def lit(frame, x, y):
    return frame[(y >> 3) * 128 + x] >> (y & 7) & 1


def pbm(frame):
    """P4 bitmap of a 128x64 MONO_VLSB frame; PBM's 1 is black, so lit pixels are 0."""
    rows = bytearray()
    for y in range(64):
        for byte in range(16):
            bits = 0
            for bit in range(8):
                bits |= (not lit(frame, byte * 8 + bit, y)) << (7 - bit)
            rows.append(bits)
    return b"P4\n128 64\n" + bytes(rows)


def preview(name, frame, scale=4):
    image = Image.new("L", (128, 64))
    image.putdata([255 * lit(frame, x, y) for y in range(64) for x in range(128)])
    PREVIEW.mkdir(parents=True, exist_ok=True)
    image.resize((128 * scale, 64 * scale), Image.NEAREST).save(PREVIEW / (name + ".png"))


@pytest.fixture(scope="module")
def frames():
    frames = screen_script.run()
    for name, frame in frames:
        preview(name, frame)
        if os.environ.get("UPDATE_GOLDEN"):
            GOLDEN.mkdir(parents=True, exist_ok=True)
            (GOLDEN / (name + ".pbm")).write_bytes(pbm(frame))
    return frames


def test_frames_equal_the_checked_in_goldens(frames):
    assert sorted(p.stem for p in GOLDEN.glob("*.pbm")) == sorted(name for name, _ in frames)
    differ = [name for name, frame in frames
              if (GOLDEN / (name + ".pbm")).read_bytes() != pbm(frame)]
    assert differ == [], "look at build/golden/*.png; UPDATE_GOLDEN=1 rewrites the goldens"


def test_micropython_draws_the_same_frames(frames):
    out = run_micropython("import screen_script; screen_script.main()")
    theirs = [(name, binascii.unhexlify(hexed))
              for name, hexed in (line.split() for line in out.splitlines())]
    assert theirs == frames


def _screen():
    import framebuf
    from screens.testscreen import BUTTONS, FONT, LYING, STANDING, TestScreen

    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    buttons = FakeButtons()
    return buf, TestScreen(fb, buttons), buttons, (LYING, STANDING, FONT, BUTTONS)


def _tap(screen, buttons, mask):
    for held in (mask, 0):
        buttons.hold(held)
        screen.update()


def test_left_and_right_turn_the_pages_round_but_not_on_the_button_page():
    _, screen, buttons, (lying, standing, font, button_page) = _screen()
    _tap(screen, buttons, RIGHT)
    assert screen.page == standing
    _tap(screen, buttons, LEFT)
    _tap(screen, buttons, LEFT)
    assert screen.page == button_page
    _tap(screen, buttons, LEFT)
    _tap(screen, buttons, RIGHT)
    assert screen.page == button_page  # arrows are under test here
    assert list(screen.presses) == [0, 0, 1, 1, 0, 0]
    buttons.hold(A)
    screen.update()
    assert screen.page == button_page
    buttons.hold(A | B)  # B joins A
    screen.update()
    assert screen.page == lying


def test_the_picked_tile_is_lit_and_moves_round_the_set():
    buf, screen, buttons, _ = _screen()
    _tap(screen, buttons, UP)
    assert screen.picked == 27
    _tap(screen, buttons, DOWN)
    _tap(screen, buttons, DOWN)
    assert screen.picked == 1
    screen.draw()
    # [0|1] is the second tile of the first row, at (19, 7): lit inside, dark pips.
    assert lit(buf, 19 + 4, 7 + 4) and lit(buf, 19 + 2, 7 + 6)
    assert not lit(buf, 19 + 12, 7 + 4)  # the pip of its 1
