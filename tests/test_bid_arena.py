"""`make bid-arena`: its result on stdout, and its progress on stderr as it goes."""

import io
import pathlib
import re
import subprocess
import sys

from arena import wilson  # noqa: E402
from progress import Progress  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_progress_says_matches_done_the_running_rate_its_interval_and_time_left():
    now = [0.0]
    out = io.StringIO()
    progress = Progress(10, "bid arena", "bid", out, every=5, clock=lambda: now[0])
    for second, wins in ((2, 1), (4, 2), (6, 0), (8, 2), (9, 1)):
        now[0] = second
        progress.add(2, wins)
    progress.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 2  # at most one line every 5 s, and always the last
    low, high = wilson(3, 6)
    assert lines[0] == (
        "bid arena: 6/10 matches, bid wins 50.0 %% (95 %% %.1f-%.1f %%), 1.00 matches/s, 4 s left"
        % (100 * low, 100 * high)
    )
    assert lines[1].startswith("bid arena: 10/10 matches, bid wins 60.0 % (95 % ")
    assert lines[1].endswith(", 1.11 matches/s, 0 s left")


def test_bid_arena_prints_progress_on_stderr_and_keeps_its_result_on_stdout():
    run = subprocess.run(
        [sys.executable, "tools/arenas/bid_arena.py", "--matches", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    result = run.stdout.splitlines()
    assert result[0] == "bid arena: bid vs declining, 2 matches (1 deals, seats swapped)"
    wins = int(re.match(r"bid wins (\d): ", result[1]).group(1))
    assert result[2].startswith("per match: ") and len(result) == 3
    last = run.stderr.splitlines()[-1]
    assert last.startswith("bid arena: 2/2 matches, bid wins %.1f %% (95 %% " % (50.0 * wins))
