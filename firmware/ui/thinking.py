"""How much of a handheld's decision one frame thinks: as many of its steps as fit.

A decision is a run of bounded steps (players/__init__.py), the same ones however
they are spread, so the move is the same; spreading fewer frames only brings it
sooner. A frame takes another step while the frame's work so far, plus as long
again as the last step took, stays within _FILL_MS of the 33 ms frame (the dots,
the panel's push and the sound take the rest). A clock that stands still within
a frame (the tests' virtual time) gets _MOST_STEPS a frame.
"""

from micropython import const

_FILL_MS = const(26)
_MOST_STEPS = const(8)


def think(step, clock):
    """Steps of the decision (`step()`, True once it is made) for this frame;
    True once it is made."""
    for _ in range(_MOST_STEPS):
        before = clock.elapsed_ms()
        if step():
            return True
        now = clock.elapsed_ms()
        if now + (now - before) > _FILL_MS:
            return False
    return False
