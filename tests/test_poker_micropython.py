"""Domino Poker under the real MicroPython unix port: the same seeds, the same events;
and its screens' pause menu, rules, Continue, question keys and a profile's coins
(tests/poker/mpy_poker_ui_check.py), every frame drawn without allocating."""

from test_micropython import micropython, same_on_both


def test_the_same_seeded_poker_matches_give_the_same_events_on_both_interpreters():
    events = same_on_both("tests/core/poker_stream.py", "6")
    assert events.count("match_over") == 6 and events.count("round-trip True") == 6
    assert "timed_out" in events and events.count("trick ") > 6 * 5 * 7


def test_the_pause_menu_rules_continue_and_coins_run_and_draw_without_allocating(tmp_path):
    run = micropython("-X", "heapsize=512k", "tests/poker/mpy_poker_ui_check.py", "firmware",
                      str(tmp_path))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    frames = [line.split() for line in lines if line.endswith((" ok", " ALLOCATES"))]
    assert frames and all(verdict == "ok" for _, _, verdict in frames)
    shown = {screen for _, screen, _ in frames}
    assert {"poker", "poker+pause", "poker+pause+rules", "menu", "profiles+bubble"} <= shown
    assert "said Paused. Scores: PLAYER 1 0, CPU 2 0, CPU 3 0, CPU 4 0. Resume." in lines
    assert any(line.startswith("said Domino Poker rules, page 2 of 10") for line in lines)
    assert "summary Domino Poker vs 3 CPU medium / Hand 1/5, Scores 0, 0, 0, 0" in lines
    assert "same True" in lines
    assert any(line.startswith("answer Your tiles: [") for line in lines)
    assert "totals True" in lines and {"totals", "trick"} <= {label for label, _, _ in frames}
    assert any(line.startswith("taken ") and line.endswith(" the trick") for line in lines)
    assert any(line.startswith("said PLAYER 1: 5000 coins.") for line in lines)
