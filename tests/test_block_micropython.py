"""The draw-and-block engine and players under the real MicroPython unix port:
the same seeds give the same events."""

import subprocess
import sys

from test_micropython import micropython, ROOT


def cpython_stream(matches):
    run = subprocess.run(
        [sys.executable, "tests/core/line_stream.py", str(matches)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return run.stdout


def test_the_same_seeded_matches_give_the_same_events_on_both_interpreters():
    mp = micropython("tests/core/line_stream.py", "16")
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout.count("match_over") == 16
    for kind in ("fish", "domino", "goat", "snot", "drew", "passed"):
        assert kind in mp.stdout
    assert mp.stdout == cpython_stream(16)
