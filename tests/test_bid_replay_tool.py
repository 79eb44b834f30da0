"""`make replay` on a Spectacular Bid record: balances, clocks and the auction per action."""

import json

from test_replay_tool import replay, ROOT

SAMPLE = ROOT / "tests" / "records" / "bid-sample.txt"


def test_the_bid_sample_replays_with_balances_clocks_and_auction_events():
    run = replay(SAMPLE)
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    bank = [120.0, 120.0]
    for row in rows:
        assert sum(row["scores"]) == 300 and min(row["scores"]) >= 0
        assert row["took"] == float(row["action"].split()[-1][1:-1])
        assert all(b <= was for b, was in zip(row["clocks"]["bank"], bank, strict=True))
        bank = row["clocks"]["bank"]
    assert rows[0]["action"] == "2 play [4|4] +13.679s"
    assert rows[0]["clocks"] == {"bank": [120.0, 116.321], "left": 130.0}
    bid = next(r for r in rows if r["event"] == "bid")
    assert bid["action"] == "1 bid 15 +0.023s"
    assert bid["auction"] == {"bid": 15, "bidder": 1} and bid["next"] == 2
    accepted = rows[rows.index(bid) + 1]
    assert accepted["events"] == ["accepted", "transfer"] and accepted["auction"] is None
    assert any(r["event"] == "declined" for r in rows)
    assert rows[-1]["event"] == "timed_out" and rows[-1]["next"] is None
    assert rows[-1]["clocks"]["bank"][1] == 0.0
