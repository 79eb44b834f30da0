"""tools/arenas/arena.py: the expert's work per decision, its mean, 90th percentile and most."""

import arena  # noqa: E402
from players import expert


def test_percentile_is_a_value_that_the_share_does_not_exceed():
    values = [5, 1, 9, 3, 7, 2, 8, 4, 6, 10]
    assert arena.percentile(values, 0.9) == 9
    assert arena.percentile(values, 1.0) == 10
    assert arena.percentile(values, 0.1) == 1
    assert arena.percentile([4], 0.9) == 4
    assert arena.percentile([], 0.9) == 0


def test_a_small_run_lists_the_work_of_every_expert_decision():
    r = arena.run("expert", "random", 2, "draw=stuck", 3, 1)
    assert r["matches"] == 2 and r["a_wins"] + r["b_wins"] == 2
    decisions = r["expert_decisions"]
    assert decisions > 10  # one expert seat in each match, a decision per action or so
    assert decisions < 2 * r["actions_per_match"]  # the other seat's actions are not counted
    assert 0 < r["expert_nodes_per_decision"] <= r["expert_nodes_max"]
    assert 0 < r["expert_nodes_p90"] <= r["expert_nodes_max"] <= expert.BUDGET
