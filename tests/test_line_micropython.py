"""Under the real MicroPython unix port, the draw-and-block screens run on the real
hardware layer through the buttons (a 4-player Classic match against the handheld,
a 2-player Yard Kozel match between two humans), and drawing any frame of the
table (every mode), of the hand end (both pages), of the match end, of the
pause menu of a match for four, of a profile's page of these games and of the
line viewer allocates nothing: draw() runs under micropython.heap_lock()
(tools/bench/mpy_line.py)."""

import pytest
from gfx_support import heap_locked_verdicts

STATES = [
    "linetable:choose-tile",
    "linetable:choose-way+shown",
    "linetable:choose-way+blink",
    "linetable:thinking",
    "linetable:message",
    "linetable:handover",
    "lineend:1",
    "lineend:2",
    "lineover",
    "pause",
    "linerecords",
    "lineviewer",
]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    return heap_locked_verdicts("mpy_line.py", tmp_path_factory.mktemp("mpy-line"))


@pytest.mark.parametrize("state", STATES)
def test_the_scripted_matches_reach_the_state(verdicts, state):
    assert state in verdicts


def test_no_frame_of_the_line_screens_allocates_while_drawing(verdicts):
    assert "unfinished" not in verdicts
    assert set(verdicts.values()) == {"ok"}, verdicts
