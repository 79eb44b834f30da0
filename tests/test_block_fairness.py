"""The draw-and-block players decide from their seat's view only (RULES.md section 6).

At every decision of seeded matches of every game, the hidden tiles (the other
hands and the stock) are dealt again in a way consistent with everything the seat
has seen; its view and its decision must not change.
"""

import random

import pytest
from core.allfives import HAND_OVER, MATCH_OVER
from core.blockrules import Options
from core.blockview import LineView
from core.line import LineGame
from core.rng import Rng
from players import BLOCK_NAMES
from test_fairness import chooser, consistent_redeal, public

SETUPS = (
    ("1x1", ""),
    ("classic", "players=3"),
    ("kozel", "players=2"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=2"),
    ("international", "players=4 target=50"),
)


def block_public(view):
    fields = public(view)
    fields["options"] = view.options.text()
    return fields


@pytest.mark.parametrize("name", BLOCK_NAMES)
def test_decisions_do_not_depend_on_hidden_tiles(name):
    choose = chooser(name, "block")
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
