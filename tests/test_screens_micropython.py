"""Under the real MicroPython unix port, every menu and settings screen runs on the
real hardware layer, and drawing any of its frames allocates nothing (draw() runs
under micropython.heap_lock(); see tests/screens/mpy_screens_check.py)."""

import collections
import subprocess

import pytest
from gfx_support import MICROPYTHON, ROOT

CHECK = ROOT / "tests" / "screens" / "mpy_screens_check.py"
# (script label, screen and what is open on it) that the run must reach.
STATES = [
    ("splash", "title"), ("title", "title"), ("menu", "menu"),
    ("newmatch-handheld", "newmatch"), ("newmatch-two", "newmatch+bubble"),
    ("newmatch-demo", "newmatch"), ("newmatch-replace", "newmatch"),
    ("newmatch-replace", "newmatch+replacing"), ("newmatch-bid", "newmatch"),
    ("newmatch-bid", "newmatch+bubble"), ("options", "options"), ("settings", "settings"),
    ("profiles", "profiles"), ("profiles", "profiles+actions"),
    ("profiles", "profiles+confirm+actions"), ("newprofile", "newprofile"),
    ("newprofile", "newprofile+bubble"), ("records", "records"), ("help", "help"),
    ("help-bid", "help"), ("pause", "pause"), ("pause", "pause+confirm"), ("pause", "help"),
]


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    scratch = tmp_path_factory.mktemp("mpy-screens")
    out = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=512k", str(CHECK), str(ROOT / "firmware"),
         str(scratch)],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout
    results = collections.defaultdict(set)
    for line in out.splitlines():
        label, state, verdict = line.split()
        results[label, state].add(verdict)
    return results


@pytest.mark.parametrize("label, state", STATES, ids=lambda v: v)
def test_drawing_the_screen_allocates_nothing(frames, label, state):
    assert frames[label, state] == {"ok"}


def test_the_check_catches_a_draw_that_allocates(frames):
    assert frames["sanity", "pause"] == {"ALLOCATES"}


def test_only_the_screen_shown_stays_in_memory(frames):
    assert frames["loaded", "screens"] == {"pause"}


def test_every_frame_drawn_is_one_the_test_expects(frames):
    assert set(frames) - {("sanity", "pause"), ("loaded", "screens")} <= set(STATES) | {
        ("newmatch-two", "newmatch")}
