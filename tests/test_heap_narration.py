"""What the 32-bit boards' heap figures rely on (docs/device-figures.md): a board
without speech plays All Fives and a Spectacular Bid duel without their words in
memory. The words a bubble shows (a pass, a domino, the handheld's calls) are
imported for it and let go again. A draw-and-block match keeps only its own words."""

import ast
import sys

import pytest
from test_imports import FIRMWARE
from ui_driver import Handheld, respond, start_match

NARRATION = ("ui.narrate", "ui.narrate_bid")


def loaded():
    return [name for name in NARRATION if name in sys.modules]


def forget_narration():
    """Other tests in this process may have imported the words: start without them."""
    package = sys.modules["ui"]
    for name in NARRATION:
        sys.modules.pop(name, None)
        short = name.split(".")[1]
        if hasattr(package, short):
            delattr(package, short)


def first_play(view):
    return view.legal[0]


@pytest.mark.parametrize("game, seats, options, seed, frames", [
    ("allfives", ["human:ANN", "handheld:defensive"], "target=61", 1, 20000),  # three dominoes
    ("bid", ["human:ANN", "handheld:bid"], "", 3, 2500),  # the first hands of a duel
])
def test_a_match_on_a_board_without_speech_never_holds_the_narration(
        game, seats, options, seed, frames, tmp_path):
    h = Handheld(save_dir=str(tmp_path), first=None, speaking=False)
    forget_narration()
    start_match(h, seats, seed=seed, options=options, game=game)
    told = []  # the sentences the screens asked for to show
    app_told = h.app.told
    h.app.told = lambda session, e: told.append(app_told(session, e)) or told[-1]
    for _ in range(frames):
        if not respond(h, first_play):
            break
        assert loaded() == [], "on the %s screen" % h.screen_name()
    else:
        assert game == "bid", "the match did not end"
    assert [sentence for sentence in told if sentence] != []  # needed, and let go again
    assert h.said == []


def module_level_imports(name):
    """The firmware modules `name` imports as it is imported (not in its functions)."""
    path = FIRMWARE.joinpath(*name.split(".")).with_suffix(".py")
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {node.module + "." + a.name for a in node.names}
    return {m for m in found if FIRMWARE.joinpath(*m.split(".")).with_suffix(".py").exists()}


def test_the_draw_and_block_screens_never_import_the_duels_words():
    """Their own words stay loaded (the screens show them), built on the words every
    game shares (ui.narrate); the duel's never come."""
    reached, todo = set(), ["screens.linetable", "screens.lineend", "screens.lineover"]
    while todo:
        for imported in module_level_imports(todo.pop()) - reached:
            reached.add(imported)
            todo.append(imported)
    assert "ui.narrate_line" in reached and "ui.narrate" in reached
    assert "ui.narrate_bid" not in reached
