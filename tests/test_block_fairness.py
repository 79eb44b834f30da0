"""The draw-and-block players decide from their seat's view only (RULES.md section 6).

At every decision of seeded matches of every game, the hidden tiles (the other
hands and the stock) are dealt again in a way consistent with everything the seat
has seen; its view and its decision must not change.
"""

import copy
import random

import pytest
from core.allfives import HAND_OVER, MATCH_OVER
from core.blockrules import Options
from core.blockview import LineView
from core.line import LineGame
from core.rng import Rng
from core.tiles import count, NUMBER
from players import BLOCK_NAMES, thinker
from test_fairness import public

SETUPS = (
    ("1x1", ""),
    ("classic", "players=3"),
    ("kozel", "players=2"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=2"),
    ("international", "players=4 target=50"),
)


def consistent_redeal(game, seat, shuffler):
    """A copy of the game with the hidden tiles dealt again, or None if none was found."""
    others = [s for s in range(game.SEATS) if s != seat]
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


def lacked(game, seat):
    m = 0
    for n in range(7):
        if game.lacks[seat] >> n & 1:
            m |= NUMBER[n]
    return m


def chooser(name):
    t = thinker(name, "block")
    if hasattr(t, "budget"):
        t.budget = 16  # every decision still samples and compares several deals

    def choose(view, rng):
        t.start(view, rng)
        while not t.step():
            pass
        return t.action

    return choose


def block_public(view):
    fields = public(view)
    fields["options"] = view.options.text()
    return fields


@pytest.mark.parametrize("name", BLOCK_NAMES)
def test_decisions_do_not_depend_on_hidden_tiles(name):
    choose = chooser(name)
    shuffler = random.Random(11)
    checked = changed = 0
    for seed in range(24):
        game_name, options_text = SETUPS[seed % len(SETUPS)]
        game = LineGame(game_name, Options.parse(game_name, options_text), seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            seat = game.turn
            view = LineView(game, seat)
            action = choose(view, Rng(seed))
            if len(view.legal) > 1:
                other = consistent_redeal(game, seat, shuffler)
                if other is not None:
                    other_view = LineView(other, seat)
                    assert block_public(other_view) == block_public(view)
                    assert choose(other_view, Rng(seed)) == action
                    checked += 1
                    changed += other.hands != game.hands
            game.apply(action)
    assert checked > 500 and changed > checked // 2
