"""Thousands of random presses on the real game in the headless emulator, from
the main menu, every menu screen, the All Fives table (against the handheld and
between two players) and a Spectacular Bid duel's auction: the firmware never
raises, the presses get everywhere (the table, the auction, the pause menu, the
ends of hands and matches), and then a reboot on the same save reaches the
main menu with a whole save and a match that Continue brings back."""

import random

import pytest
from core.allfives import Options
from hw.buttons import NAMES
from hw.storage import NEW, OK
from ui import profiles
from ui.session import pending, resume
from ui_driver import Handheld, respond, start_match

MENUS = [("title",), ("menu",), ("newmatch", "handheld"), ("newmatch", "two"),
         ("newmatch", "demo"), ("newmatch", "bid"), ("options",), ("settings",),
         ("profiles",), ("newprofile",), ("records",), ("help",)]
MATCHES = [  # (seats, seed, game): B opens the pause menu, Quit and the menu follow
    (["human:PLAYER 1", "handheld:random"], 11, "allfives"),
    (["human:PLAYER 1", "human:PLAYER 2"], 3, "allfives"),
    (["human:PLAYER 1", "handheld:bid"], 5, "bid"),  # a seed whose presses reach the pause menu
]
FRAMES = 1000
PLAYED = ("table", "auction", "handend", "matchend")


def first_legal(h):
    return lambda view: h.screen.session.game.legal()[0]


def mash(h, rng, frames, play=0.0):
    """Random buttons: mostly a press or two at a time, now and then one held long
    (auto-repeat, long presses); B seldom, so that the screens it leaves get
    their share. With `play`, on a match's screens that share of the turns is a move
    pressed as a player would (so hands and matches end). Returns the screens
    seen and how many presses the firmware saw."""
    presses = 0
    seen = set()
    held_long = set()
    long_left = 0
    while h.emulator.frames < frames:
        if h.screen_name() in PLAYED and rng.random() < play:
            respond(h, first_legal(h))
            seen.add(h.screen_name())
            continue
        if long_left == 0 and rng.random() < 0.02:
            held_long, long_left = {rng.choice(NAMES)}, rng.randint(10, 40)
        now = {name for name in NAMES if rng.random() < (0.04 if name == "b" else 0.25)}
        before = h.app.buttons.state
        h.frame(*(now | held_long))
        presses += bin(h.app.buttons.state & ~before).count("1")
        seen.add(h.screen_name())
        if long_left:
            long_left -= 1
            if not long_left:
                held_long = set()
    return seen, presses


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
    _, presses = mash(h, random.Random(MENUS.index(start) * 7919), FRAMES)
    assert presses >= 600
    reboot_to_the_menu(h)


@pytest.mark.parametrize("seats, seed, game", MATCHES, ids=["handheld", "two", "bid"])
def test_random_presses_through_a_match_never_crash_nor_spoil_the_save(seats, seed, game):
    h = Handheld(first=None)
    start_match(h, seats, seed, game=game)
    # A duel's clock runs while the buttons are mashed: played more, lest it
    # ends on time before the auction of its second hand.
    seen, _ = mash(h, random.Random(seed), 3 * FRAMES, 0.9 if game == "bid" else 0.5)
    wanted = {"table", "pause", "handend"} | ({"auction"} if game == "bid" else set())
    assert wanted <= seen, seen
    reboot_to_the_menu(h)
