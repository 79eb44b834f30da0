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
from players import NAMES, thinker

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


def lacked(game, seat):
    """The tiles `seat` has shown it does not hold: those of the numbers it could not match."""
    tiles = 0
    for n in range(7):
        if game.lacks[seat] >> n & 1:
            tiles |= NUMBER[n]
    return tiles


def consistent_redeal(game, seat, shuffler):
    """A copy of the game (of any number of seats) with the hidden tiles, the other
    hands and the stock, dealt again consistently with what was seen; None if 50
    tries found none."""
    others = [s for s in range(len(game.hands)) if s != seat]
    pool = list(game.stock[game.drawn : game.stock_size])
    for s in others:
        pool += [t for t in range(28) if game.hands[s] >> t & 1]
    for _ in range(50):
        shuffler.shuffle(pool)
        hands = {}
        at = 0
        for s in others:
            size = count(game.hands[s])
            hands[s] = sum(1 << t for t in pool[at : at + size])
            at += size
        if all(count(hands[s] & lacked(game, s)) <= game.free[s] for s in others):
            other = copy.deepcopy(game)
            for s in others:
                other.hands[s] = hands[s]
            other.stock[other.drawn : other.stock_size] = bytes(pool[at:])
            return other
    return None


def chooser(name, family=None):
    """The player's decision function; a searching player gets a small budget,
    which keeps these tests quick while every decision still samples, searches
    and compares several deals."""
    t = thinker(name, family)
    if hasattr(t, "budget"):
        t.budget = 16

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
                changed += other.hands != game.hands
            game.apply(action)
    assert checked > 1000 and changed > checked // 2
