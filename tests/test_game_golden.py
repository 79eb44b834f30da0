"""Golden frames of the game screens: a seeded match played through the buttons of the
headless emulator (tests/ui_driver.py), each frame compared byte for byte with
tests/game/golden/.

After a deliberate change to the table or the end screens, rewrite the goldens, look
at the x4 previews left in build/golden-game/, then commit the goldens (their x2 PNGs
are docs/screens.md's pictures):
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_game_golden.py
"""

import pathlib

from core.actions import PASS
from golden_support import golden_tests
from screens import table
from ui_driver import point_at, respond, start_match

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "game" / "golden"
PREVIEWS = ROOT / "build" / "golden-game"
# The handheld plays at random (seeded) and the human the first legal play, so the
# frames follow the rules and the seed, not how the stronger players think.
ONE_PLAYER = ["human:Ann", "handheld:random"]
SEED = 1234
PASS_SEED = 19  # ONE_PLAYER: Ann must pass late in the first hand
DRAW_SEED = 9  # ... and the handheld draws early in it
LONG_NAMES = ["human:WWWWWWWW", "human:MMMMMMM1"]  # the widest names a profile may have


def first_play(view):
    return view.legal[0]  # the engine lists plays first, then draw and pass


def play_until(h, done, limit=5000):
    """Play the first legal play through the buttons until done(h) holds."""
    for _ in range(limit):
        if done(h):
            return
        respond(h, first_play)
    raise AssertionError("never reached")


def my_turn(h, tiles_down=0):
    """done(): the human chooses a tile and the table holds at least tiles_down tiles."""
    screen = h.screen
    return (
        h.screen_name() == "table"
        and screen.mode == table.CHOOSE_TILE
        and screen.session.game.table.n >= tiles_down
    )


def idle(h, frames):
    for _ in range(frames):
        h.frame()


def until_frame(h, done):
    for _ in range(100):
        if done(h.screen):
            return
        h.frame()
    raise AssertionError("the frame never came")


def table_choose_tile(h):
    """Mid-hand, four arms open, the human has drawn to nine tiles: the hand scrolls,
    tiles that do not fit are dimmed."""
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: my_turn(h, 8))
    while len(h.screen.tiles) < 9:
        h.press("down")
    point_at(h, 8)
    idle(h, 30)  # the tile played last is no longer lit


def choose_end(h):
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: my_turn(h, 8))
    idle(h, 40)  # any score has popped up and gone
    point_at(h, h.screen.tiles.index(26))  # [5|6] fits two ends
    h.press("a")
    assert h.screen.mode == table.CHOOSE_END


def table_choose_end(h):
    choose_end(h)
    until_frame(h, lambda screen: screen.frames & 8 == 0)


def table_choose_end_blink(h):
    """The other half of the blink: the tile shown where it would go."""
    choose_end(h)
    until_frame(h, lambda screen: screen.frames & 8)


def table_refused(h):
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: my_turn(h, 2))
    screen = h.screen
    point_at(h, next(i for i, t in enumerate(screen.tiles) if not screen.playable >> t & 1))
    h.press("a")
    assert screen.mode == table.MESSAGE


def table_score(h):
    """Ann has scored: "+10" on her line of the score column, and the status says
    the handheld thinks."""
    session = start_match(h, ONE_PLAYER, SEED)

    def scored(h):
        return session.game.table.n >= 4 and h.screen.popup_frames

    play_until(h, scored)
    idle(h, 6)
    assert h.screen.scorer == 0 and h.screen.mode == table.THINKING


def table_handheld_draws(h):
    """A tile the handheld drew on its way from the stock to its tiles."""
    start_match(h, ONE_PLAYER, DRAW_SEED)
    play_until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.DRAWING)
    idle(h, 5)
    assert h.screen.mode == table.DRAWING


def table_last_play(h):
    """The play that ends the hand, lit, with its score, before the message."""
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.LAST_PLAY)
    idle(h, 4)


def table_domino(h):
    """... then the message, in a bubble over the cross only."""
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: h.screen_name() == "table" and h.screen.mode == table.LAST_PLAY)
    h.press("a")
    assert h.screen.mode == table.MESSAGE


def table_forced_pass(h):
    """Ann can neither play nor draw: the pass is made for her, and said."""
    session = start_match(h, ONE_PLAYER, PASS_SEED)
    play_until(h, lambda h: list(session.record.actions[-1:]) == [PASS])
    assert h.screen.mode == table.MESSAGE and session.record.actions[-1] == PASS


def table_two_players(h):
    """Between two players with the widest names: whose turn is named, and every
    name fits beside what it labels."""
    start_match(h, LONG_NAMES, SEED)
    play_until(h, lambda h: my_turn(h, 5))
    idle(h, 30)


def table_thinking(h):
    """The handheld thinks (the dots), after a play of the human's that scored nothing."""
    start_match(h, ONE_PLAYER, SEED)

    def thinking(h):
        screen = h.screen
        return (
            screen.mode == table.THINKING
            and screen.frames < 4
            and screen.session.game.table.n > 4
            and not screen.popup_frames
        )

    play_until(h, thinking)
    until_frame(h, lambda screen: screen.frames == 12)  # three dots
    assert h.screen.mode == table.THINKING


def table_dimmed_hand(h):
    """Your turn with tiles that do not fit: they are dimmed, their pips readable."""
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: my_turn(h, 3) and h.screen.playable != h.screen.session.game.hands[0])
    idle(h, 30)
    screen = h.screen
    assert any(not screen.playable >> t & 1 for t in screen.tiles)


def table_drawn_tile(h):
    """The tile just drawn is marked in the hand (the cursor elsewhere)."""
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: my_turn(h, 3))
    h.press("down")
    screen = h.screen
    drawn = screen.drawn[0]
    assert drawn in screen.tiles
    while screen.cursor != 0:
        h.press("left")
    idle(h, 30)
    assert screen.first_slot == 0 and drawn in screen.tiles[:7]


def table_after_handover(h):
    """After a handover the other player's last tile is lit for the new viewer."""
    start_match(h, ["human:Ann", "human:Bob"], SEED)
    play_until(h, lambda h: h.screen.mode == table.HANDOVER and h.screen.session.game.table.n > 1)
    h.press("a")
    assert h.screen.mode == table.CHOOSE_TILE and h.screen.frames < 24


def table_handover(h):
    start_match(h, ["human:Ann", "human:Bob"], SEED)
    play_until(h, lambda h: h.screen.mode == table.HANDOVER and h.screen.session.game.table.n)


def hand_end(h):
    start_match(h, ONE_PLAYER, SEED)
    play_until(h, lambda h: h.screen_name() == "handend")


def match_end(h):
    start_match(h, ONE_PLAYER, SEED, "target=61")
    play_until(h, lambda h: h.screen_name() == "matchend")
    idle(h, 40)  # the title has stopped bouncing


SCRIPTS = [
    table_choose_tile,
    table_choose_end,
    table_choose_end_blink,
    table_refused,
    table_score,
    table_handheld_draws,
    table_last_play,
    table_domino,
    table_forced_pass,
    table_two_players,
    table_thinking,
    table_handover,
    table_dimmed_hand,
    table_drawn_tile,
    table_after_handover,
    hand_end,
    match_end,
]


(
    test_frame_equals_the_checked_in_golden,
    test_every_golden_has_its_script,
    test_the_pngs_show_the_goldens,
) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)


def test_the_screens_page_shows_every_game_screen():
    page = (ROOT / "docs" / "screens.md").read_text()
    for picture in GOLDEN.glob("*.png"):
        assert "(../tests/game/golden/%s)" % picture.name in page
