"""Under the real MicroPython unix port, the game screens run on the real hardware
layer through the buttons, and drawing any frame of the table (in every mode, with a
message, a score told, a scrolled hand, the last play of a hand, a drawn tile
leaving the stock), of the end of a hand and of the end of a
match allocates nothing: draw() runs under micropython.heap_lock() (tools/bench/mpy_game.py)."""

import pytest
from gfx_support import heap_locked_verdicts

# Every state the scripted matches must reach (their frames are all checked).
STATES = [
    "table:choose-tile",
    "table:choose-tile+scrolled",
    "table:choose-tile+popup",
    "table:choose-end+shown",
    "table:choose-end+blink",
    "table:message+bubble",
    "table:thinking",
    "table:thinking+popup+scrolled",
    "table:handover",
    "table:last-play",
    "table:last-play+popup",
    "table:drawing+scrolled",
    "handend",
    "matchend",
]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    return heap_locked_verdicts("mpy_game.py", tmp_path_factory.mktemp("mpy-game"), "check")


@pytest.mark.parametrize("state", STATES)
def test_the_scripted_matches_reach_the_state(verdicts, state):
    assert state in verdicts


def test_no_frame_of_the_game_screens_allocates_while_drawing(verdicts):
    drawn = {state: verdict for state, verdict in verdicts.items() if state != "sanity"}
    assert drawn and set(drawn.values()) == {"ok"}, drawn


def test_the_check_catches_a_draw_that_allocates(verdicts):
    assert verdicts["sanity"] == "ALLOCATES"
