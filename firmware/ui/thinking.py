"""How much of a handheld's decision one frame thinks: as many of its steps as fit.

A decision is a run of bounded steps (players/__init__.py), the same ones however
they are spread, so the move is the same; spreading fewer frames only brings it
sooner. A frame takes another step while the frame's work so far, plus as long as
the longest step lately (the frame's own, and half the longest of the frame
before: steps of one decision differ, so the players keep theirs alike: a
sample's deal is a step of its own), stays within _FILL_MS of the 33 ms frame
(the dots, the panel's push and the sound take the rest), and a frame that saves
takes none (the save comes after the screen's update, App.save_soon, and takes
6-10 ms on a board, more when littlefs compacts: a step of the expert's 18-23 ms
on top of it made the longest thinking frames).
A step that only starts the decision (`step()` returns None:
the seat's view and the player's set-up) is its frame's last, since it says
nothing of how long the steps after it take (a start of 10 ms and an expert's
step of 23 after it made 36 ms frames). A clock that stands still within a frame
(the tests' virtual time) gets _MOST_STEPS.
"""

from micropython import const

_FILL_MS = const(26)
_MOST_STEPS = const(8)
_longest = [0]  # ms of the longest step lately


def think(step, app, leave_ms=0):
    """Steps of the decision (`step()`, True once it is made) for this frame of
    `app` (ui.app.App); True once it is made. `leave_ms`: what the frame will
    draw beyond the dots (a picture's rest, or parts of it: ui.redraw), for which
    the steps leave room, taking none if even one would not fit."""
    if app.saves_this_frame():
        return False
    clock = app.clock
    longest = _longest[0] // 2
    if leave_ms and clock.elapsed_ms() + longest + leave_ms > _FILL_MS:
        return False
    decided = False
    for _ in range(_MOST_STEPS):
        before = clock.elapsed_ms()
        decided = step()
        if decided is None:
            return False  # the decision only started (the estimate is kept)
        now = clock.elapsed_ms()
        if now - before > longest:
            longest = now - before
        if decided or now + longest + leave_ms > _FILL_MS:
            break
    _longest[0] = longest
    return decided
