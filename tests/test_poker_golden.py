"""Golden frames of Domino Poker's screen: a seeded match played through the buttons.

UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_poker_golden.py rewrites them
(tests/poker/golden/, x4 previews in build/golden-poker/).
"""

import pathlib

from golden_support import golden_tests
from screens import poker
from ui import profiles

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "poker" / "golden"
PREVIEWS = ROOT / "build" / "golden-poker"


def until(h, want, limit=4000):
    """Play on (A on each of your turns) until the screen is in mode `want`, and
    the frame after that: the frame that made the move before saved it and drew
    nothing."""
    screen = h.screen
    for _ in range(limit):
        if screen.mode == want:
            h.frame()
            return
        if screen.mode in (poker.YOUR_BID, poker.YOUR_TILE, poker.YOUR_CALL, poker.HAND_END):
            h.press("a")
        else:
            h.frame()
    raise AssertionError("the screen never reached mode %d" % want)


def started(h):
    h.app.go("poker")
    h.frame()
    for button in ("down", "down", "a"):
        h.press(button)


def poker_setup(h):
    h.app.go("poker")
    h.frame()
    h.press("right")  # the opponents: hard


def poker_countdown(h):
    started(h)
    for _ in range(40):
        h.frame()


def poker_bid(h):
    started(h)
    until(h, poker.YOUR_BID)
    h.press("right")
    h.press("right")
    for _ in range(60):  # 2 s of the 10 s gone
        h.frame()


def poker_trick(h):
    started(h)
    until(h, poker.YOUR_TILE)
    h.press("a")
    until(h, poker.YOUR_TILE)  # the second trick: the first one's tiles cleared


def poker_call(h):
    started(h)
    for _ in range(400):
        until(h, poker.YOUR_TILE)
        if h.screen.game.led < 0:
            break
        h.press("a")
    screen = h.screen
    game = screen.game
    while True:  # to a two-number tile that is no trump
        t = screen.tiles[screen.choice]
        if not poker.TRUMPS >> t & 1 and poker.LOW[t] != poker.HIGH[t]:
            break
        h.press("right")
    h.press("a")
    assert screen.mode == poker.YOUR_CALL and game.led < 0


def poker_late(h):
    started(h)
    until(h, poker.YOUR_BID)
    for _ in range(310):  # the 10 s run out: the handheld bids for you
        h.frame()


def poker_hand_end(h):
    started(h)
    until(h, poker.HAND_END)


def poker_match_end(h):
    widest(h)  # the one whole match of these goldens: with the widest name
    until(h, poker.MATCH_END, limit=40000)


def poker_trick_taken(h):
    started(h)
    until(h, poker.TRICK)  # the taker's tile lit a moment


def poker_pause(h):
    started(h)
    until(h, poker.YOUR_TILE)
    h.press("b")


def poker_rules(h):
    poker_pause(h)
    h.press("down")
    h.press("a")


def poker_menu_continue(h):
    poker_trick(h)
    h.press("b")
    h.press("up")  # round to Abandon match
    h.press("up")  # Quit to menu
    h.press("a")
    assert h.screen_name() == "menu" and h.screen.keys[0] == "continue"


def poker_profile_coins(h):
    h.app.go("profiles", "PLAYER 1")
    h.frame()
    for button in ("a", "down", "down", "down", "a"):  # Coins
        h.press(button)


def widest(h):
    """The widest name a profile may have plays."""
    storage = h.app.storage
    profiles.add(storage, "WWWWWWWW")
    profiles.set_active(storage, "WWWWWWWW")
    started(h)


def poker_wide_hand_end(h):
    widest(h)
    until(h, poker.HAND_END)


def poker_wide_pause(h):
    widest(h)
    until(h, poker.YOUR_BID)
    h.press("b")


SCRIPTS = [
    poker_setup,
    poker_countdown,
    poker_bid,
    poker_trick,
    poker_call,
    poker_late,
    poker_hand_end,
    poker_match_end,
    poker_trick_taken,
    poker_pause,
    poker_rules,
    poker_menu_continue,
    poker_profile_coins,
    poker_wide_hand_end,
    poker_wide_pause,
]

(
    test_frame_equals_the_checked_in_golden,
    test_every_golden_has_its_script,
    test_the_pngs_show_the_goldens,
) = golden_tests(SCRIPTS, GOLDEN, PREVIEWS)
