"""Spectacular Bid under the real MicroPython unix port: the same seeds, the same events."""

import subprocess
import sys

from test_micropython import micropython, ROOT


def test_the_same_seeded_bid_matches_give_the_same_events_on_both_interpreters():
    mp = micropython("tests/core/bid_stream.py", "6")
    assert mp.returncode == 0, mp.stderr
    cpython = subprocess.run(
        [sys.executable, "tests/core/bid_stream.py", "6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert mp.stdout.count("match_over") == 6
    assert "timed_out" in mp.stdout and "accepted" in mp.stdout and "declined" in mp.stdout
    assert mp.stdout == cpython.stdout
