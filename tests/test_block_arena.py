"""tools/arenas/block_arena.py: who sits where, and a small seeded run adding up."""

import block_arena  # noqa: E402
import pytest
from core.blockrules import Options  # noqa: E402


def test_seats_rotate_so_that_a_sits_everywhere():
    two = block_arena.seatings("hard", "easy", Options.parse("kozel", ""))
    assert two == [(["hard", "easy"], 0b01), (["easy", "hard"], 0b10)]
    three = block_arena.seatings("hard", "easy", Options.parse("classic", "players=3"))
    assert [mine for _, mine in three] == [0b001, 0b010, 0b100]
    pairs = block_arena.seatings("hard", "easy", Options.parse("kozel", "players=4 pairs=yes"))
    assert pairs == [(["hard", "easy", "hard", "easy"], 0b0101), (["easy", "hard"] * 2, 0b1010)]


def test_a_small_run_counts_every_match_once():
    r = block_arena.run("international", "medium", "easy", 6, "players=3 target=50", 0, 1)
    assert r["matches"] == 6 and r["deals"] == 2
    assert r["a_wins"] + r["b_wins"] + r["halves"] == 6
    assert r["a_rate"] == (r["a_wins"] + r["halves"] / 2) / 6
    low, high = r["a_rate_95"]
    assert low <= r["a_rate"] <= high


def test_the_professional_is_refused_outside_domino_1x1(capsys):
    with pytest.raises(SystemExit):
        block_arena.main(["kozel", "professional", "hard", "--matches", "2"])
    assert "the professional plays Domino 1x1 only" in capsys.readouterr().err


def test_one_hand_against_the_solver_with_its_arena_table():
    # The arena's solver searches with its own table (block_solver.TABLE_MAX
    # entries, grown from the device's at its first deal).
    from players import block_solve, block_solver

    r = block_arena.run("international", "hard", "solver", 2, "players=4 pairs=yes", 0, 1)
    assert r["matches"] == 2 and r["a_wins"] + r["b_wins"] + r["halves"] == 2
    assert block_solver.TABLE_MAX > block_solve.SLOTS
