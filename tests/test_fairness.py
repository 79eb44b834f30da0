"""Handheld players decide from their seat's view only (docs/rules.md section 6).

At every decision of many seeded matches, the hidden tiles (the opponent's hand
and the stock) are re-dealt in ways consistent with everything the seat has
seen; the view and the decision must not change.
"""

import copy
import random

import pytest
from core.allfives import AllFives, HAND_OVER, MATCH_OVER, Options
from core.rng import Rng
from core.tiles import count, NUMBER
from core.view import View
from players import get, NAMES, thinker

# The expert searches sampled deals; a small budget keeps this test quick while
# every decision still samples, searches and compares several deals.
SMALL_BUDGETS = {"expert": 16}

VIEW_FIELDS = {
    "seat",
    "hand",
    "table",
    "options",
    "scores",
    "hand_sizes",
    "stock",
    "stock_total",
    "unseen",
    "lacks",
    "free",
    "log",
    "forced_lead",
    "legal",
}


def consistent_redeal(game, seat, shuffler):
    """A copy of the game with the hidden tiles dealt again, or None if none was found."""
    opp = 1 - seat
    stock = list(game.stock[game.drawn : game.stock_size])
    pool = [t for t in range(28) if game.hands[opp] >> t & 1] + stock
    size = count(game.hands[opp])
    lacked = 0
    for n in range(7):
        if game.lacks[opp] >> n & 1:
            lacked |= NUMBER[n]
    for _ in range(50):
        shuffler.shuffle(pool)
        hand = 0
        for t in pool[:size]:
            hand |= 1 << t
        if count(hand & lacked) <= game.free[opp]:
            other = copy.deepcopy(game)
            other.hands[opp] = hand
            rest = bytes(pool[size:])
            other.stock[other.drawn : other.stock_size] = rest
            return other
    return None


def chooser(name):
    """The player's decision function, with a small budget for searching players."""
    if name not in SMALL_BUDGETS:
        return get(name)
    t = thinker(name)
    t.budget = SMALL_BUDGETS[name]

    def choose(view, rng):
        t.start(view, rng)
        while not t.step():
            pass
        return t.action

    return choose


def public(view):
    fields = dict(vars(view))
    fields["table"] = (bytes(view.table.played), view.table.n, bytes(view.table.value))
    fields["options"] = view.options.text()
    return fields


@pytest.mark.parametrize("name", NAMES)
def test_decisions_do_not_depend_on_hidden_tiles(name):
    choose = chooser(name)
    shuffler = random.Random(7)
    checked = changed = 0
    for seed in range(60):
        options = Options.parse("draw=stuck" if seed % 2 else "")
        game = AllFives(options, seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            seat = game.turn
            view = View(game, seat)
            assert set(vars(view)) == VIEW_FIELDS
            action = choose(view, Rng(seed))
            other = consistent_redeal(game, seat, shuffler)
            if other is not None:
                other_view = View(other, seat)
                assert public(other_view) == public(view)
                assert choose(other_view, Rng(seed)) == action
                checked += 1
                changed += other.hands[1 - seat] != game.hands[1 - seat]
            game.apply(action)
    assert checked > 1000 and changed > checked // 2
