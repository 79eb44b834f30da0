"""Golden frames of the draw-and-block screens (tests/line/golden), made by seeded
matches played through the buttons (tests/line_driver.py). After a deliberate
change, rewrite them, look at the x4 previews in build/golden-line/ and commit:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_line_golden.py
"""

import pathlib

from golden_support import golden_tests
from line_driver import respond_line, start_line
from screens import linetable
from ui import lineresults

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "line" / "golden"
PREVIEWS = ROOT / "build" / "golden-line"


def _until(h, done, limit=5000):
    for _ in range(limit):
        if done(h):
            return
        respond_line(h)
    raise AssertionError("never reached")


def _my_turn(tiles_down):
    def done(h):
        screen = h.screen
        return (
            h.screen_name() == "linetable"
            and screen.mode == linetable.CHOOSE_TILE
            and screen.session.game.table.n >= tiles_down
        )

    return done


def _at_my_turn(h, tiles_down):
    """Until the human's turn with `tiles_down` on the line, and the frame after
    it: the frame that made the move before saved it and drew nothing."""
    _until(h, _my_turn(tiles_down))
    h.frame()


def line_two_players(h):
    start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=11)
    _at_my_turn(h, 5)


def line_three_players(h):
    seats = ["human:Ann", "handheld:easy", "handheld:medium"]
    start_line(h, "classic", "players=3", seats, seed=11)
    _at_my_turn(h, 5)


def line_four_in_pairs(h):
    seats = ["human:Ann", "handheld:easy", "handheld:medium", "handheld:hard"]
    start_line(h, "kozel", "players=4 pairs=yes", seats, seed=11)
    _at_my_turn(h, 5)


def line_hand_end(h):
    seats = ["human:Ann", "handheld:easy", "handheld:medium", "handheld:hard"]
    start_line(h, "international", "players=4 pairs=no target=50", seats, seed=11)
    _until(h, lambda h: h.screen_name() == "lineend")
    h.frame()


def line_hand_scoring(h):
    line_hand_end(h)
    h.press("a")


def line_handover(h):
    start_line(h, "yard", "players=2", ["human:Ann", "human:Bob"], seed=11)
    _until(h, lambda h: h.screen_name() == "linetable" and h.screen.mode == linetable.HANDOVER)
    h.frame()


def line_kozel_goat(h):
    """The end of a Kozel match for three: the goat drawn by the loser."""
    seats = ["human:Ann", "handheld:easy", "handheld:easy"]
    start_line(h, "kozel", "players=3", seats, seed=11)
    _until(h, lambda h: h.screen_name() == "lineover", 20000)
    h.frame()


def line_yard_on_the_goat(h):
    """Yard Kozel's scoring page with a side on the goat."""
    start_line(h, "yard", "players=4", ["human:Ann"] + ["handheld:easy"] * 3, seed=11)

    def on_goat(h):
        return h.screen_name() == "lineend" and h.screen.page == 1 and "goat" in h.screen.words

    for _ in range(20000):
        if on_goat(h):
            h.frame()
            return
        if h.screen_name() == "lineend" and h.screen.page == 0:
            h.press("a")
        else:
            respond_line(h)
    raise AssertionError("never on the goat")


def line_rated_match_end(h):
    """The end of a Domino 1x1 match: the ratings before and after."""
    start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=11)
    _until(h, lambda h: h.screen_name() == "lineover", 20000)
    h.frame()


def line_chooser(h):
    h.app.go("games")
    h.frame()


def line_setup(h):
    h.app.go("linesetup", "international")
    h.press("down")
    h.press("right")


def line_setup_professional(h):
    """Domino 1x1's set-up, its second seat moved on from medium to the professional."""
    h.app.go("linesetup", "1x1")
    for key in ("down", "down", "down", "right", "right"):
        h.press(key)


WIDE = ["human:WWWWWWWW", "human:WWWWWWW2", "human:WWWWWWW3", "human:WWWWWWW4"]


def line_widest_names(h):
    """Four humans with the widest names at a table for four."""
    start_line(h, "international", "players=4 pairs=no target=50", WIDE, seed=11)
    _at_my_turn(h, 5)


def line_pause_four(h):
    line_widest_names(h)
    h.press("b")


def line_pause_pairs(h):
    line_four_in_pairs(h)
    h.press("b")


def line_profile_page(h):
    """A profile's page of the draw-and-block games: wins, losses, the rating change."""
    storage = h.app.storage
    for game, won in (("1x1", True), ("kozel", False), ("kozel", True), ("yard", False)):
        lineresults.record(storage, "PLAYER 1", game, won)
    lineresults.set_rating(storage, "PLAYER 1", 1216.0)
    h.app.go("profiles")
    for key in ("a", "down", "down", "a"):
        h.press(key)


def line_yard_goat_on_the_table(h):
    """Yard Kozel for four: a side on the goat shows it on the table."""
    start_line(h, "yard", "players=4", ["human:Ann"] + ["handheld:easy"] * 3, seed=11)

    def goat_at_my_turn(h):
        screen = h.screen
        return _my_turn(3)(h) and "goat" in screen.word

    _until(h, goat_at_my_turn, 20000)


def line_international_pairs(h):
    seats = ["human:Ann", "handheld:easy", "handheld:medium", "handheld:hard"]
    start_line(h, "international", "players=4 pairs=yes target=50", seats, seed=11)
    _at_my_turn(h, 5)


def line_classic_took_stock(h):
    """Classic: the line is closed and the next player takes the stock, said on
    the table."""
    start_line(h, "classic", "players=2", ["human:Ann", "handheld:easy"], seed=3)

    def told(h):
        screen = h.screen
        return (h.screen_name() == "linetable" and "closed" in " ".join(screen.message)
                and screen.line_drawn >= 0)

    _until(h, told)


def _until_message(h, words):
    def told(h):
        screen = h.screen
        return (h.screen_name() == "linetable" and words in " ".join(screen.message)
                and screen.line_drawn >= 0)  # (the frame that lays it out draws it next)

    _until(h, told)


def line_message_four(h):
    """A pass told at a table for four: the message over the hand, every seat's
    name and figures above it."""
    seats = ["human:Ann", "handheld:easy", "handheld:medium", "handheld:hard"]
    start_line(h, "kozel", "players=4 pairs=yes", seats, seed=11)
    _until_message(h, "passes")


def line_message_1x1(h):
    """The domino told in a 1x1 duel, under the top seat's line."""
    start_line(h, "1x1", "", ["human:Ann", "handheld:easy"], seed=11)
    _until_message(h, "Domino")


def line_pairs_match_end(h):
    """A Kozel match in pairs ended: a row a pair, both names, labelled columns."""
    seats = ["human:PLAYER 1", "handheld:easy", "human:PLAYER 3", "handheld:easy"]
    start_line(h, "kozel", "players=4 pairs=yes", seats, seed=11)
    _until(h, lambda h: h.screen_name() == "lineover", 60000)
    h.frame()


def line_viewer(h):
    """UP at the table: the whole line in play order, scrolled to its two ends."""
    line_four_in_pairs(h)
    _at_my_turn(h, 9)
    h.press("up")
    for _ in range(h.screen.line.n):
        h.press("down")


def _hand_scored(name, game, options, seats, seed=11):
    """A script showing how the first hand of `game` scored (its hand end's page 2)."""

    def script(h):
        start_line(h, game, options, seats, seed=seed)
        _until(h, lambda h: h.screen_name() == "lineend")
        h.press("a")

    script.__name__ = name
    return script


line_hand_end_1x1 = _hand_scored("line_hand_end_1x1", "1x1", "", ["human:Ann", "handheld:easy"])
line_hand_end_classic_three = _hand_scored(
    "line_hand_end_classic_three",
    "classic",
    "players=3",
    ["human:Ann", "handheld:easy", "handheld:medium"],
)
line_hand_end_kozel_pairs = _hand_scored(
    "line_hand_end_kozel_pairs",
    "kozel",
    "players=4 pairs=yes",
    ["human:Ann", "handheld:easy", "human:Bob", "handheld:easy"],
)
line_hand_end_yard_two = _hand_scored(
    "line_hand_end_yard_two", "yard", "players=2", ["human:Ann", "human:Bob"]
)


SCRIPTS = [
    line_two_players,
    line_three_players,
    line_four_in_pairs,
    line_hand_end,
    line_hand_scoring,
    line_handover,
    line_kozel_goat,
    line_yard_on_the_goat,
    line_rated_match_end,
    line_chooser,
    line_setup,
    line_setup_professional,
    line_widest_names,
    line_pause_four,
    line_pause_pairs,
    line_profile_page,
    line_yard_goat_on_the_table,
    line_international_pairs,
    line_classic_took_stock,
    line_hand_end_1x1,
    line_hand_end_classic_three,
    line_hand_end_kozel_pairs,
    line_hand_end_yard_two,
    line_message_four,
    line_message_1x1,
    line_pairs_match_end,
    line_viewer,
]
(
    test_frame_equals_the_checked_in_golden,
    test_every_golden_has_its_script,
    test_the_pngs_show_the_goldens,
) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)
