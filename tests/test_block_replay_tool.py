"""`make replay` on draw-and-block records: one JSON object per action, samples
that round-trip, and bad records stopped at their line with a reason."""

import json
import pathlib
import subprocess
import sys

import pytest
from core.blockreplay import replay as replay_text
from core.replay import RecordError

ROOT = pathlib.Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
SAMPLES = ("1x1", "classic", "kozel", "yard", "international")
KEYS = {"n", "seat", "action", "count", "scores", "stock", "hands", "event", "events", "next"}


def run(path):
    return subprocess.run(
        [sys.executable, "tools/records/replay.py", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def body_lines(text):
    lines = text.split("---\n", 1)[1].splitlines()
    return [line for line in lines if line and not line.startswith(("#", "deal"))]


@pytest.mark.parametrize("game", SAMPLES)
def test_each_sample_record_replays_to_the_end_and_round_trips(game):
    path = RECORDS / ("%s-sample.txt" % game)
    text = path.read_text()
    result = run(path)
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["action"] for r in rows] == body_lines(text)
    for row in rows:
        assert set(row) >= KEYS and row["count"] == 0 and row["game"] == game
        assert sum(row["hands"]) + row["stock"] <= 28
    assert rows[-1]["event"] in ("match_over", "general", "officer", "goat")
    assert "match_over" in rows[-1]["events"] and rows[-1]["next"] is None
    names = {name for r in rows for name in r["events"]}
    assert "domino" in names or "fish" in names
    if game == "yard":
        assert all(set(r["scores"]) <= {0, 1} for r in rows)
    if game in ("kozel", "yard", "international"):  # pairs: partners show the same
        assert all(r["scores"][0] == r["scores"][2] for r in rows)
    _, again = replay_text(text)
    assert again.text() == text


def test_a_two_double_play_and_drawing_show_in_the_json():
    rows = [json.loads(line) for line in run(RECORDS / "classic-sample.txt").stdout.splitlines()]
    doubled = [r for r in rows if r["action"].count("[") == 2]
    assert doubled and doubled[0]["events"][:2] == ["played", "played"]
    drew = [r for r in rows if r["event"] == "drew"]
    assert drew and all(r["next"] == r["seat"] or r["next"] is None for r in drew)


def test_an_illegal_line_stops_the_replay_with_its_number(tmp_path):
    lines = (RECORDS / "1x1-sample.txt").read_text().splitlines()
    bad_at = lines.index("---") + 3
    lines[bad_at - 1] = "2 play [3|5] N"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines) + "\n")
    result = run(bad)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("%s:%d: " % (bad, bad_at))
    assert len(result.stdout.splitlines()) == 1  # the line before it, nothing after


@pytest.mark.parametrize(
    "header, body, line, reason",
    (
        ("game: kozel\noptions: players=3 pairs=yes\nseed: 1", "", 2, "4 players"),
        (
            "game: yard\noptions: players=4 pairs=no\nseed: 1",
            "",
            2,
            "yard with 4 players is played in pairs",
        ),
        (
            "game: classic\noptions: players=4 pairs=yes\nseed: 1",
            "",
            2,
            "classic with 4 players is not played in pairs",
        ),
        ("game: 1x1\noptions: target=125\nseed: 1", "", 2, "1x1 plays to 101"),
        ("game: classic\nseed: x", "", 2, "whole number"),
        ("game: classic\nseed: 1\nplayers: A, B, C", "", 3, "the options say 2 players"),
        ("game: classic\nseed: 1\ndeal: [0|0] / stock", "", 3, "a deal is 2 hands and the stock"),
        ("game: classic\nseed: 1\nseed: 2", "", 3, "twice"),
        ("game: classic\nseed: 1", "2 play [2|2] W [3|4] E", 4, "only two doubles"),
        ("game: classic\nseed: 1", "3 play [0|0]", 4, "there is no seat 3"),
        ("game: 1x1\nseed: 1", "2 dance", 4, "unknown action"),
    ),
)
def test_bad_records_name_their_line_and_reason(header, body, line, reason):
    with pytest.raises(RecordError) as caught:
        replay_text(header + "\n---\n" + body + "\n")
    assert caught.value.line == line and reason in caught.value.reason


def test_one_double_on_both_ends_is_refused_at_its_line():
    # Both ends show 4 and seat 1 holds [4|4]: the record tries to lay it on both.
    record = (
        "game: classic\n"
        "options: players=2 pairs=no target=125\n"
        "seed: 1\n"
        "players: a, b\n"
        "deal: [0|0] [0|4] [4|4] [1|2] [1|3] [1|5] [1|6]"
        " / [0|2] [2|4] [2|3] [2|5] [2|6] [3|5] [3|6]"
        " / stock [0|1] [0|3] [0|5] [0|6] [1|1] [1|4] [2|2] [3|3] [3|4]"
        " [4|5] [4|6] [5|5] [5|6] [6|6]\n"
        "---\n"
        "1 play [0|0]\n"
        "2 play [0|2] W\n"
        "1 play [0|4] E\n"
        "2 play [2|4] W\n"
        "1 play [4|4] W [4|4] E\n"
    )
    with pytest.raises(RecordError) as caught:
        replay_text(record)
    assert caught.value.line == 11
    assert caught.value.reason == "[4|4] is one tile: it cannot lie on both ends"
    _, written = replay_text(record.rsplit("1 play", 1)[0])  # the lines before it are legal
    assert written.text().endswith("2 play [2|4] W\n")
