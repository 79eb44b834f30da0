"""The draw-and-block engine and players under the real MicroPython unix port:
the same seeds give the same events."""

from test_micropython import same_on_both


def test_the_same_seeded_matches_give_the_same_events_on_both_interpreters():
    events = same_on_both("tests/core/line_stream.py", "16")
    assert events.count("match_over") == 16
    for kind in ("fish", "domino", "goat", "snot", "drew", "passed"):
        assert kind in events
