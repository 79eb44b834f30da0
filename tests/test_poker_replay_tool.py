"""`make replay` on a Domino Poker record: bids, tricks and match totals per action."""

import json

from core.poker import hand_points
from test_replay_tool import replay, ROOT

SAMPLE = ROOT / "tests" / "records" / "poker-sample.txt"


def test_the_poker_sample_replays_with_bids_tricks_and_totals():
    run = replay(SAMPLE)
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(rows) == 5 * 32 and [r["n"] for r in rows] == list(range(1, 161))
    totals = [0, 0, 0, 0]
    for row in rows:
        assert row["count"] == 0 and row["seat"] == int(row["action"][0])
        assert row["late"] == row["action"].endswith(" timeout")
        if row["taker"] is not None:
            assert "trick" in row["events"] and row["trick"] == []
        if row["points"] is not None:
            pairs = zip(row["bids"], row["tricks"], strict=True)
            assert row["points"] == [hand_points(b, t) for b, t in pairs]
            assert sum(row["tricks"]) == 7
            totals = [a + b for a, b in zip(totals, row["points"], strict=True)]
        assert row["scores"] == totals
    assert rows[0]["bids"] == [3, None, None, None] and rows[0]["next"] == 2
    assert rows[4]["event"] == "played" and rows[4]["trick"] == ["[0|0]"]
    assert rows[7]["event"] == "trick" and rows[7]["taker"] == 1
    assert rows[7]["tricks"] == [1, 0, 0, 0]
    last = rows[-1]
    assert last["event"] == "match_over" and last["next"] is None
    assert sorted(last["standings"]) == [1, 2, 3, 4]
    assert last["scores"][last["standings"][0] - 1] == max(last["scores"])


def test_a_bad_poker_record_names_the_line_and_exits_1_as_for_every_game(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("game: poker\nseed: 4\n---\n1 bid 2\n2 lead [0|0]\n")
    run = replay(bad)
    assert run.returncode == 1
    assert run.stderr == "%s:5: bid first: how many tricks you will take, 0 to 7\n" % bad
    assert len(run.stdout.splitlines()) == 1  # the good line before it was replayed
