"""Golden frames of the game screens: a frame compared byte for byte with its .pbm,
a x2 PNG of it committed beside it, a x4 preview to look at in build/.

UPDATE_GOLDEN=1 in the environment rewrites the goldens (and the previews) from the
frames the scripts make, after a deliberate change to a screen.

A test module of goldens made by scripts that play the emulated handheld takes
its tests from golden_tests():

    (test_frame_equals_the_checked_in_golden, test_every_golden_has_its_script,
     test_the_pngs_show_the_goldens) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)
"""

import os

import pytest
from PIL import Image
from ui_driver import Handheld

from sim import render


def golden_name(script):
    return script.__name__.replace("_", "-")


def golden_tests(scripts, golden, previews):
    """The three tests of a set of goldens, each named after the script (a function
    of a fresh Handheld) that brings its frame on screen."""

    @pytest.mark.parametrize("script", scripts, ids=golden_name)
    def frame_equals_its_golden(script, tmp_path):
        h = Handheld(first=None, save_dir=tmp_path)
        script(h)
        check_golden(h.emulator.controller, golden_name(script), golden, previews)

    def every_golden_has_its_script():
        check_every_golden_scripted(golden, {golden_name(s) for s in scripts})

    def pngs_show_the_goldens():
        """The PNGs (the pictures of docs/) are the goldens themselves."""
        check_pngs_show_goldens(golden)

    return frame_equals_its_golden, every_golden_has_its_script, pngs_show_the_goldens


def check_golden(controller, name, golden, previews):
    """The frame on the controller's glass equals golden/name.pbm."""
    frame = render.pbm(controller)
    if os.environ.get("UPDATE_GOLDEN"):
        golden.mkdir(parents=True, exist_ok=True)
        previews.mkdir(parents=True, exist_ok=True)
        (golden / (name + ".pbm")).write_bytes(frame)
        render.image(controller, "white", 2).save(golden / (name + ".png"))
        render.image(controller, "white", 4).save(previews / (name + ".png"))
    assert (golden / (name + ".pbm")).read_bytes() == frame, (
        "look at the frame; UPDATE_GOLDEN=1 rewrites the goldens"
    )


def check_every_golden_scripted(golden, names):
    """Every golden (and its PNG) is one of `names`, and every name has its golden."""
    assert {p.stem for p in golden.glob("*.pbm")} == names
    assert {p.stem for p in golden.glob("*.png")} == names


def check_pngs_show_goldens(golden):
    """The PNGs (the pictures of docs/) are the goldens themselves, not older pictures."""
    for pbm in golden.glob("*.pbm"):
        body = pbm.read_bytes()[len(b"P4\n128 64\n") :]
        lit = [not body[i >> 3] & 0x80 >> (i & 7) for i in range(128 * 64)]
        picture = Image.open(pbm.with_suffix(".png")).convert("L")
        shown = [v > 0 for v in picture.resize((128, 64), Image.NEAREST).tobytes()]
        assert shown == lit, pbm.name
