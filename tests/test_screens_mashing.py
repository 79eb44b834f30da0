"""Thousands of random presses on the real game in the headless emulator
(tests/mash_support.py): from every menu screen, and through a match of each of
the eight games from its set-up on (All Fives against the handheld and between
two players, a Spectacular Bid duel, the five draw-and-block games, Domino
Poker), the match dealt its last hand so that the presses get to its end. The
firmware never raises; the presses get everywhere (each game's set-up, table,
pause menu, rules, hand end and match end: counted, and asserted); then a
reboot on the same save reaches the main menu with a whole save and a match
that Continue brings back. `make reliability N=...` mashes N times as long."""

import random

import pytest
from core.allfives import Options
from hw.storage import NEW, OK
from mash_support import Masher, near_the_end, place, poker_near_the_end, SCALE
from ui import profiles
from ui.matchsave import pending
from ui.restore import resume
from ui_driver import Handheld, show

MENUS = [("title",), ("menu",), ("newmatch", "handheld"), ("newmatch", "two"),
         ("newmatch", "demo"), ("newmatch", "bid"), ("options",), ("settings",),
         ("profiles",), ("newprofile",), ("records",), ("help",)]
FRAMES = 1000
SET_UP_FRAMES = 250  # on the set-up before the match: it may start one of its own
# On the match: at least, and at most to reach every screen. The walk is random:
# Kozel for four, seeds 1-7, reached them all in 1,480 to 7,043 frames.
MATCH_FRAMES = (600, 9000)
LINE = {"linesetup", "linehelp", "linetable", "pause", "lineend", "lineover"}
MATCHES = [  # (test id, game, set-up screen, options, seats, seed, screens to reach)
    ("allfives", "allfives", ("newmatch", "handheld"), "target=61",
     ["human:PLAYER 1", "handheld:random"], 11,
     {"newmatch", "table", "pause", "help", "handend", "matchend"}),
    ("allfives-two", "allfives", ("newmatch", "two"), "target=61",
     ["human:PLAYER 1", "human:PLAYER 2"], 3,
     {"newmatch", "table", "pause", "help", "handend", "matchend"}),
    ("bid", "bid", ("newmatch", "bid"), "", ["human:PLAYER 1", "handheld:bid"], 5,
     {"newmatch", "auction", "table", "pause", "help", "handend", "matchend"}),
    ("1x1", "1x1", ("linesetup", "1x1"), "", ["human:PLAYER 1", "handheld:easy"], 7, LINE),
    ("classic", "classic", ("linesetup", "classic"), "players=3",
     ["human:PLAYER 1", "handheld:easy", "handheld:medium"], 7, LINE),
    ("kozel", "kozel", ("linesetup", "kozel"), "players=4 pairs=yes",
     ["human:PLAYER 1", "handheld:easy", "human:PLAYER 2", "handheld:easy"], 7, LINE),
    ("yard", "yard", ("linesetup", "yard"), "players=2", ["human:PLAYER 1", "human:PLAYER 2"],
     7, LINE),
    ("international", "international", ("linesetup", "international"),
     "players=4 pairs=yes target=50", ["human:PLAYER 1"] + ["handheld:easy"] * 3, 7, LINE),
    ("poker", "poker", ("poker",), "", [], 5,
     {"poker.SETUP", "poker.YOUR_BID", "poker.YOUR_TILE", "poker.TRICK", "poker.HAND_END",
      "poker.MATCH_END", "pokerpause", "pokerpause.rules"}),
]


def reboot_to_the_menu(h):
    """Power on again on the same save: the menu comes, with the save whole."""
    again = Handheld(save_dir=h.save_dir)
    again.press("a")  # the splash
    again.press("a")  # the title
    assert again.screen_name() == "menu"
    storage = again.app.storage
    # (A match begun straight at the table may leave no settings save yet: NEW.)
    assert storage.status in (OK, NEW) and not again.app.notice, storage.problem
    assert all(profiles.valid(name) for name in profiles.names(storage))
    Options.parse(storage.get("rules", ""))  # raises if a screen wrote a bad option
    if pending(storage) >= 0:
        assert again.screen.keys[0] == "continue"
        assert resume(storage) != (None, "")  # a saved match always comes back
    return again


@pytest.mark.parametrize("start", MENUS, ids=lambda s: "-".join(s))
def test_random_presses_on_the_menus_never_crash_nor_spoil_the_save(start):
    h = Handheld(first=None)
    h.app.go(*start)
    masher = Masher(h, random.Random(MENUS.index(start) * 7919))
    masher.run(FRAMES * SCALE)
    # A walk that stayed among two screens goes on, up to four times as long: the
    # menus lead everywhere, but a match's pause menu leaves it only by Quit.
    for _ in range(3 * FRAMES * SCALE // 100):
        if len(masher.places()) >= 3:
            break
        masher.run(100)
    print("\n%s: %d frames, %d presses, screens %s" % (
        "-".join(start), h.emulator.frames, masher.presses, " ".join(sorted(masher.places()))))
    assert masher.presses >= 600 * SCALE
    assert start[0] in masher.places() and len(masher.places()) >= 3
    reboot_to_the_menu(h)


def deal_near_the_end(h, game, options, seats, seed):
    """The match of `game` on its table, at its last hand (Domino Poker's: its
    save continued from its set-up screen, at the end of the hand before)."""
    if game == "poker":
        poker_near_the_end(h.app.storage, seed, profiles.active(h.app.storage))
        h.app.go("poker", True)
    else:
        session = near_the_end(game, options, seats, seed)
        show(h, session)


@pytest.mark.parametrize("test_id, game, set_up, options, seats, seed, wanted", MATCHES,
                         ids=[m[0] for m in MATCHES])
def test_random_presses_through_a_match_never_crash_nor_spoil_the_save(
        test_id, game, set_up, options, seats, seed, wanted):
    h = Handheld(first=None)
    rng = random.Random(seed)
    masher = Masher(h, rng)
    h.app.go(*set_up)
    masher.run(SET_UP_FRAMES * SCALE)  # the set-up, and whatever it leads to
    deal_near_the_end(h, game, options, seats, seed)
    least, most = (frames * SCALE for frames in MATCH_FRAMES)
    dealt = 1
    start = h.emulator.frames
    while h.emulator.frames - start < most:
        if h.emulator.frames - start >= least and wanted <= reached_of(masher, game, wanted):
            break
        if left_the_match(h, game):
            if pending(h.app.storage) >= 0:  # left for the menu: Continue
                h.app.go("menu")
                h.press("a")
            else:  # quit, or over: another
                deal_near_the_end(h, game, options, seats, seed + dealt)
                dealt += 1
        masher.step(0.6)
    reached = reached_of(masher, game, wanted)
    print("\n%s: %d frames, %d presses, %d moves, %d matches; screens of the game: %s" % (
        test_id, h.emulator.frames, masher.presses, masher.moves, dealt,
        " ".join(sorted(masher.places(game)))))
    assert wanted <= reached, wanted - reached
    reboot_to_the_menu(h)


def reached_of(masher, game, wanted):
    """The screens of `game` reached, and those of `wanted` that belong to no game
    (the set-up before a match is dealt)."""
    return masher.places(game) | (masher.places("") & wanted)


def left_the_match(h, game):
    """The presses left the match (quit it, or its end to the menu)."""
    where = place(h)
    return where[0] != game and where[1] in ("menu", "title", "games")
