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
    h.press("a")  # Start, first


def poker_setup(h):
    h.app.go("poker")
    h.frame()
    h.press("down")
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


def poker_your_lead(h):
    """You took the last trick: it is cleared, and you lead on a bare table."""
    started(h)
    for _ in range(4000):
        until(h, poker.TRICK)
        taker = h.screen.taker
        until(h, poker.YOUR_TILE if taker == 0 else poker.THINKING)
        if taker == 0 and h.screen.mode == poker.YOUR_TILE:
            return
    raise AssertionError("you never took a trick")


def poker_lead_called(h):
    """Your lead of a two-number tile, called as its other half, as two seats follow."""
    poker_call(h)
    h.press("right")  # the other number
    h.press("a")
    screen = h.screen
    while screen.game.trick_n < 3:
        h.frame()
    h.frame()


def poker_warned_turn(h):
    """Late once: your next turn shows its seconds and that you were warned."""
    poker_late(h)
    screen = h.screen
    while screen.mode != poker.YOUR_TILE:
        h.frame()
    for _ in range(45):  # 1.5 s of the 10 gone
        h.frame()


def poker_autoplay(h):
    """Three turns missed: the handheld plays for you, and your place says so."""
    started(h)
    screen = h.screen
    while screen.timer.state() != poker.AUTOPLAY or screen.notice_frames:
        h.frame()
    while screen.mode != poker.THINKING:
        h.frame()
    h.frame()


def poker_totals(h):
    """UP held in the middle of a hand: every seat's match total in place of its bid."""
    started(h)
    until(h, poker.HAND_END)
    h.press("a")  # the second hand, after a first that scored
    until(h, poker.YOUR_BID)
    for _ in range(3):
        h.frame("up")


def poker_refused(h):
    """A tile that may not follow the called number: the reason over the action
    line, every seat's figures and the lead's "as" still in view."""
    started(h)
    screen = h.screen
    for _ in range(4000):
        until(h, poker.YOUR_TILE)
        game = screen.game
        dimmed = [i for i, t in enumerate(screen.tiles) if not game.playable(0) >> t & 1]
        if game.led >= 0 and dimmed:
            break
        h.press("a")
    while screen.choice != dimmed[0]:
        h.press("right")
    h.press("a")
    assert screen.notice_frames


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
    poker_your_lead,
    poker_lead_called,
    poker_warned_turn,
    poker_autoplay,
    poker_totals,
    poker_refused,
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
