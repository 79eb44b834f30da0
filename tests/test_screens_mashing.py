"""Thousands of random presses on every menu screen, in the headless emulator: the
firmware never raises, and the save it leaves is always whole and readable (the
storage reopens OK, the profiles, options and any saved match read back)."""

import random

import pytest
from core.allfives import Options
from hw.buttons import NAMES
from hw.storage import OK, Storage
from screens_support import Handheld
from ui import profiles
from ui.session import resume, SAVE_KEY, Session

STARTS = [("title",), ("menu",), ("newmatch", "handheld"), ("newmatch", "two"),
          ("newmatch", "demo"), ("options",), ("settings",), ("profiles",), ("newprofile",),
          ("records",), ("help",), ("pause",)]
FRAMES = 2700


def mash(h, rng, frames):
    """Random buttons: mostly a press or two at a time, now and then one held long
    (auto-repeat, long presses). Returns how many presses the firmware saw."""
    presses = 0
    held_long = set()
    long_left = 0
    for _ in range(frames):
        if long_left == 0 and rng.random() < 0.02:
            held_long, long_left = {rng.choice(NAMES)}, rng.randint(10, 40)
        now = {name for name in NAMES if rng.random() < 0.25} | held_long
        before = h.app.buttons.state
        h.emulator.step(now)
        presses += bin(h.app.buttons.state & ~before).count("1")
        if long_left:
            long_left -= 1
            if not long_left:
                held_long = set()
    return presses


@pytest.mark.parametrize("start", STARTS, ids=lambda s: "-".join(s))
def test_random_presses_never_crash_nor_spoil_the_save(tmp_path, start):
    h = Handheld(tmp_path, first="menu")
    rng = random.Random(STARTS.index(start) * 7919)
    if start[0] == "pause":
        session = Session(Options(), 7, ["human:PLAYER 1", "handheld:random"])
        session.deal()
        session.save(h.app.storage)
        start = ("pause", session)
    h.go(*start)
    presses = mash(h, rng, FRAMES)
    assert presses >= 2000
    check_save(h.emulator.save_path)


def check_save(path):
    storage = Storage(str(path))
    assert storage.status == OK, storage.problem
    assert all(profiles.valid(name) for name in profiles.names(storage))
    Options.parse(storage.get("rules", ""))  # raises if the menu wrote a bad option
    if storage.get(SAVE_KEY) is not None:
        assert resume(storage) is not None  # a saved match always replays
