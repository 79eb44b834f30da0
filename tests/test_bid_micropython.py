"""Spectacular Bid under the real MicroPython unix port: the same seeds, the same events."""

from test_micropython import same_on_both


def test_the_same_seeded_bid_matches_give_the_same_events_on_both_interpreters():
    events = same_on_both("tests/core/bid_stream.py", "6")
    assert events.count("match_over") == 6
    assert "timed_out" in events and "accepted" in events and "declined" in events
