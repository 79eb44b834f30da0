"""The All Fives table through the buttons of the headless emulator."""

import sys

import ui
from core.replay import replay
from core.rng import Rng
from players import get
from screens import table
from ui.session import decode
from ui_driver import Handheld, press_move, respond, start_match


def play_through(handheld, choose, limit=20000):
    """Answer every screen as a player would until the match-end screen."""
    tactics = get("tactics")
    for _ in range(limit):
        if not respond(handheld, lambda view: choose(tactics, view)):
            return
    raise AssertionError("the match did not end")


def test_a_whole_match_through_the_buttons_replays_from_its_saved_record():
    handheld = Handheld(first=None)
    seats = ["human:Ann", "handheld:defensive"]
    session = start_match(handheld, seats, seed=9, options="target=61")
    play_through(handheld, lambda player, view: player(view, Rng(1)))
    assert session.over
    saved = decode(handheld.app.storage.get("last"))
    assert saved.game.scores == session.game.scores and saved.over
    game, _ = replay(saved.record.text())
    assert game.scores == session.game.scores and game.winner == session.game.winner
    assert handheld.app.storage.get("match") is None  # the finished match is not resumable
    assert any("wins the match" in s or "win the match" in s for s in handheld.said)


def test_the_menus_helpers_are_let_go_while_a_match_is_played():
    handheld = Handheld(first="menu")
    assert "ui.widgets" in sys.modules and "ui.profiles" in sys.modules
    handheld.press("a")  # Play vs handheld
    handheld.press("a")  # Start
    assert handheld.screen_name() == "table"
    for helper in ("widgets", "profiles"):
        assert "ui." + helper not in sys.modules and not hasattr(ui, helper)
    handheld.press("b")
    assert handheld.screen_name() == "pause"  # its menu is made with the widgets again


def test_two_players_pass_the_handheld_and_never_see_each_others_tiles():
    handheld = Handheld(first=None)
    session = start_match(handheld, ["human:Ann", "human:Bob"], seed=3, options="target=61")
    handovers = 0
    for _ in range(400):
        screen = handheld.screen
        if handheld.screen_name() != "table":
            break
        if screen.mode == table.HANDOVER:
            handovers += 1
            # Nothing of either hand is on the glass: only the handover text.
            assert screen.viewer == -1
            handheld.press("a")
            assert screen.viewer == session.to_move()
        elif screen.mode == table.CHOOSE_TILE:
            seat = session.to_move()
            assert screen.viewer == seat
            assert screen.tiles == [t for t in range(28) if session.game.hands[seat] >> t & 1]
            press_move(handheld, session.game.legal()[0])
        else:
            handheld.press("a")
    assert handovers > 5


def test_illegal_moves_show_the_reason_and_change_nothing():
    handheld = Handheld(first=None)
    session = start_match(handheld, ["human:Ann", "handheld:tactics"], seed=5)
    handheld.frame()
    screen = handheld.screen
    press_move(handheld, session.game.legal()[0])  # the lead
    for _ in range(60):
        if screen.mode == table.CHOOSE_TILE:
            break
        handheld.press("a")
    before = bytes(session.record.actions)
    playable = session.game.playable(0)
    stuck = [t for t in screen.tiles if not playable >> t & 1]
    assert stuck, "this deal leaves Ann a tile that does not fit"
    while screen.cursor != screen.tiles.index(stuck[0]):
        handheld.press("left" if screen.cursor > screen.tiles.index(stuck[0]) else "right")
    handheld.press("a")
    assert screen.mode == table.MESSAGE
    assert "does not match the open ends" in " ".join(screen.message)
    assert bytes(session.record.actions) == before
