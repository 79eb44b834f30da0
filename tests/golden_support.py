"""Golden frames of the game screens: a frame compared byte for byte with its .pbm,
a x2 PNG of it committed beside it, a x4 preview to look at in build/.

UPDATE_GOLDEN=1 in the environment rewrites the goldens (and the previews) from the
frames the scripts make, after a deliberate change to a screen.
"""

import os

from PIL import Image

from sim import render


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
    """The PNGs (the README's screenshots) are the goldens themselves, not older pictures."""
    for pbm in golden.glob("*.pbm"):
        body = pbm.read_bytes()[len(b"P4\n128 64\n") :]
        lit = [not body[i >> 3] & 0x80 >> (i & 7) for i in range(128 * 64)]
        picture = Image.open(pbm.with_suffix(".png")).convert("L")
        shown = [v > 0 for v in picture.resize((128, 64), Image.NEAREST).tobytes()]
        assert shown == lit, pbm.name
