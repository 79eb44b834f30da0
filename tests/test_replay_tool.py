"""`make replay RECORD=...`: one JSON object per action; bad lines stop it with a reason."""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "tests" / "records" / "allfives-sample.txt"
KEYS = {"n", "seat", "action", "count", "scored", "scores", "stock", "hands", "event"}


def replay(path):
    return subprocess.run(
        [sys.executable, "tools/records/replay.py", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_sample_record_replays_to_the_end():
    run = replay(SAMPLE)
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    actions = [
        line
        for line in SAMPLE.read_text().split("---\n", 1)[1].splitlines()
        if line and not line.startswith("#")
    ]
    assert [r["action"] for r in rows] == actions
    assert [r["n"] for r in rows] == list(range(1, len(rows) + 1))
    for row in rows:
        assert set(row) >= KEYS
        assert sum(row["hands"]) + row["stock"] <= 28
    assert rows[0]["count"] == 10 and rows[0]["scores"] == [10, 0]  # [4|6] leads
    assert rows[-1]["event"] == "match_over" and max(rows[-1]["scores"]) >= 100
    assert any(r["event"] == "domino" for r in rows)
    draws = [r for r in rows if r["event"] == "drew"]
    assert draws and all(r["stock"] < 14 for r in draws)


def test_an_illegal_line_stops_the_replay_with_its_number(tmp_path):
    lines = SAMPLE.read_text().splitlines()
    bad_at = lines.index("---") + 4
    lines[bad_at - 1] = "2 play [6|6] N"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    run = replay(bad)
    assert run.returncode == 1
    assert run.stderr.strip().startswith("%s:%d: " % (bad, bad_at))
    assert len(run.stdout.splitlines()) == 2  # the two lines before it, nothing after


def test_a_missing_file_is_reported_plainly(tmp_path):
    run = replay(tmp_path / "nope.txt")
    assert run.returncode == 1 and "cannot read" in run.stderr and "Traceback" not in run.stderr


def test_make_replay_is_the_stable_command():
    run = subprocess.run(
        ["make", "-s", "replay", "RECORD=" + str(SAMPLE.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.splitlines()[-1])["event"] == "match_over"


def test_hostile_files_stop_make_replay_with_the_line_and_no_traceback(tmp_path):
    head = b"game: bid\nseed: 11\nplayers: Ann, Bo\n---\n"
    cases = (
        ("latin1.txt", b"game: allfives\nseed: 1\nplayers: Ren\xe9, Bo\n---\n", 3, "not UTF-8"),
        ("binary.bin", bytes(range(256)), 2, "not UTF-8"),  # 0x0a ends line 1
        ("huge-time.txt", head + b"2 play [4|4] +4294967.296s\n", 5, "a time is at most"),
        ("options-first.txt", b"options: target=100\n" + head, 1, "a record starts with"),
        ("seed.txt", b"game: allfives\nseed: abc\n---\n", 2, "the seed must be"),
        # Every game's reader shares the header's checks and the exit status.
        ("kozel-seed.txt", "game: kozel\nseed: \u0661\n---\n".encode(), 2, "the seed must be"),
        ("poker-seed.txt", b"game: poker\nseed: " + b"9" * 5000 + b"\n---\n", 2, "the seed"),
        ("poker-first.txt", b"seed: 4\ngame: poker\n---\n", 1, "a record starts with"),
        ("yard-twice.txt", b"game: yard\nseed: 1\nseed: 2\n---\n", 3, "'seed:' is given twice"),
    )
    for name, data, line, reason in cases:
        path = tmp_path / name
        path.write_bytes(data)
        command = ["make", "-s", "replay", "RECORD=" + str(path)]
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.startswith("%s:%d: %s" % (path, line, reason)), run.stderr


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + SAMPLE.read_bytes())
    run = replay(path)
    assert run.returncode == 0, run.stderr
    assert run.stdout == replay(SAMPLE).stdout


def test_a_refusal_shows_the_records_control_characters_escaped(tmp_path):
    # NUL, ESC (a terminal's clear-screen) and the C1 CSI quoted by three readers.
    cases = (
        (b"game: \x1b[2J\x00evil\n---\n", "unknown game \\x1b[2J\\x00evil"),
        (
            "game: classic\noptions: \x9b0m\nseed: 1\n---\n".encode(),
            "unknown option \\x9b0m for classic",
        ),
        (b"game: poker\nseed: 1\n---\n1 play \x07\x7f\n", "\\x07\\x7f"),
    )
    for i, (data, shown) in enumerate(cases):
        path = tmp_path / ("hostile%d.txt" % i)
        path.write_bytes(data)
        run = replay(path)
        assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
        assert shown in run.stderr, run.stderr
        assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in run.stderr.rstrip("\n"))


def test_an_escaped_reason_is_cut_between_escapes():
    from core.recordparse import RecordError

    reason = RecordError(3, "unknown option " + "\x1b" * 200).reason
    assert len(reason) <= 100 and reason.endswith("\\x1b...")
    assert RecordError(3, "plain").reason == "plain"
