"""What the 32-bit boards' heap figures rely on (docs/device-figures.md): All Fives'
engine (core.allfives) is loaded only for an All Fives match or a duel, never for
a draw-and-block match or Domino Poker; nor is the session of those games (ui.session)
for Domino Poker, whose screen holds its own match; and a draw-and-block match holds
its own game's rules only, and none of them the decoding of a kept match (ui.restore)."""

import sys

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


@pytest.mark.parametrize("name", ["screens.poker", "screens.menu", "ui.saved", "ui.app"])
def test_domino_poker_and_the_menus_leave_the_session_out(name):
    assert "ui.session" not in reached_from(name)


@pytest.mark.parametrize("name", ["ui.session", "ui.app", "screens.table", "screens.linetable",
                                  "screens.auction", "screens.menu"])
def test_a_match_being_played_leaves_the_restoring_of_one_out(name):
    assert "ui.restore" not in reached_from(name)


def test_the_start_up_check_lets_go_of_what_only_it_needs(tmp_path):
    """The check of the save imports the rules, wallets, ratings and network keys of
    every game; a match that needs none of them must not hold them."""
    from ui import app as app_module
    from ui_driver import Handheld

    for name in app_module._CHECK_ONLY:
        app_module._forget(name)
    storage = Handheld(save_dir=str(tmp_path), first=None).app.storage
    storage.set("rules", "target=150")  # checked by All Fives' engine
    storage.set("setup_kozel", "players=4 pairs=yes seats=human:ANN,handheld:easy")  # Kozel's rules
    storage.save()
    for name in app_module._CHECK_ONLY:
        app_module._forget(name)
    Handheld(save_dir=str(tmp_path), first=None)
    held = ("core.allfives", "core.blockrules", "core.blockbase", "core.rules_kozel",
            "core.coins", "core.elo", "hw.netkeys", "ui.lineresults", "ui.setups", "ui.wallets")
    assert [name for name in held if name in sys.modules] == []


def _forget_rules():
    from core import blockrules
    from ui import app as app_module

    for module in blockrules._MODULES:
        app_module._forget("core." + module)


@pytest.mark.parametrize("game, own", [
    ("1x1", {"rules_1x1"}), ("classic", {"rules_classic"}), ("kozel", {"rules_kozel"}),
    ("yard", {"rules_yard", "rules_kozel"}), ("international", {"rules_international"}),
])
def test_a_draw_and_block_match_loads_only_its_own_rules(game, own):
    from core import blockrules
    from core.line import LineGame

    _forget_rules()
    LineGame(game).start_hand()
    assert {m for m in blockrules._MODULES if "core." + m in sys.modules} == own
    _forget_rules()


def test_the_start_up_check_forgets_every_game_s_rules():
    from core import blockrules
    from ui import app as app_module

    assert {"core." + m for m in blockrules._MODULES} <= set(app_module._CHECK_ONLY)
