"""What the 32-bit boards' heap figures rely on (docs/device-figures.md): All Fives'
engine (core.allfives) is loaded only for an All Fives match or a duel, never for
a draw-and-block match or Domino Poker."""

import pytest
from test_heap_narration import module_level_imports


def reached_from(name):
    reached, todo = set(), [name]
    while todo:
        for imported in module_level_imports(todo.pop()) - reached:
            reached.add(imported)
            todo.append(imported)
    return reached


@pytest.mark.parametrize("name", [
    "ui.app", "ui.session", "core.blockrecord", "screens.title",
    "screens.linetable", "screens.lineend", "screens.lineover",
    "screens.poker", "screens.payout", "screens.pokerpause",
])
def test_only_all_fives_and_the_duel_import_its_engine(name):
    assert "core.allfives" not in reached_from(name)


def test_the_duel_and_all_fives_screens_still_reach_it():
    assert "core.allfives" in reached_from("screens.auction") | reached_from("core.bid")
