"""How much of a handheld's decision one frame thinks: as many of its steps as fit.

A decision is a run of bounded steps (players/__init__.py), the same ones however
they are spread, so the move is the same; spreading fewer frames only brings it
sooner. A frame takes another step while the frame's work so far, plus as long
again as the last step took, stays within _FILL_MS of the 33 ms frame (the dots,
the panel's push and the sound take the rest), and no frame that saves takes
more than one (the save comes after the screen's update: App.save_soon). A clock
that stands still within a frame (the tests' virtual time) gets _MOST_STEPS.
"""

from micropython import const

_FILL_MS = const(26)
_MOST_STEPS = const(8)


def think(step, app):
    """Steps of the decision (`step()`, True once it is made) for this frame of
    `app` (ui.app.App); True once it is made."""
    clock = app.clock
    for _ in range(_MOST_STEPS):
        before = clock.elapsed_ms()
        if step():
            return True
        if app.saves_this_frame():
            return False
        now = clock.elapsed_ms()
        if now + (now - before) > _FILL_MS:
            return False
    return False
