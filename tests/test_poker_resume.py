"""Power cuts in a Domino Poker match through the screens: a whole match is played
through the buttons on a simulated flash (tests/core/check.py), and the flash is
imaged before every one of its storage steps (each open, write chunk, flush,
close and remove): an image is what a power cut at that step leaves. The
handheld boots again on sampled images (spread over the match, and every step
of its end): the main menu's Continue must bring the match back exactly as it
was after its last whole save, and the coins of its finish must be paid once."""

import pytest
from check import Flash
from core import coins
from core.poker import MATCH_OVER
from screens import poker
from ui import profiles, wallets
from ui.matchsave import pending
from ui_driver import Handheld

CUTS = 12  # images spread over the match, besides every step of its end
NAME = "WWWWWWWW"  # the widest name a profile can have


class ImagedFlash(Flash):
    """A flash that keeps a copy of its files before each step."""

    def __init__(self):
        super().__init__(16)
        self.images = []

    def step(self, what):
        self.images.append(dict(self.files))
        super().step(what)


def state(screen):
    game = screen.game
    return (
        tuple(game.hands),
        bytes(game.bids),
        bytes(game.taken),
        bytes(game.trick[: game.trick_n]),
        game.turn,
        game.state,
        game.hand_no,
        tuple(game.scores),
        screen.timer.missed,
        screen.record.text(),
    )


def answer(h):
    """A at the end of a hand (the first press under autoplay takes control back),
    else let the game run: the player's turns run out, and from the third the
    handheld plays them at once, the medium level's way."""
    if h.screen.mode == poker.HAND_END:
        h.press("a")
    else:
        h.frame()


@pytest.fixture(scope="module")
def uncut():
    """The match never cut: the flash images, and the state after each number of
    actions (as the journal holds them)."""
    flash = ImagedFlash()
    h = Handheld(first=None, flash=flash)
    h.app.draw = lambda: None  # the frames are not under test here: drawing is most of the time
    storage = h.app.storage
    profiles.add(storage, NAME)
    profiles.set_active(storage, NAME)
    storage.save()
    flash.images = []
    h.app.go("poker")
    for button in ("down", "right", "down", "a"):  # 7 hands against medium
        h.press(button)
    screen = h.screen
    states = {}
    for _ in range(60000):
        if screen.mode == poker.MATCH_END:
            break
        if screen.actions not in states:
            states[screen.actions] = state(screen)
        answer(h)
    states[screen.actions] = state(screen)
    assert screen.game.state == MATCH_OVER and screen.timer.missed == 3
    place = screen.game.standings().index(0) + 1
    earned = coins.reward([screen.level] * 3, place)
    assert earned == 50  # this seed's match pays: "paid once" can fail
    return flash, states, earned


def boot(files):
    flash = Flash(16)
    flash.files = dict(files)
    h = Handheld(flash=flash)
    h.press("a")  # the splash
    h.press("a")  # the title
    assert h.screen_name() == "menu"
    if h.screen.bubble.open:  # a save of the settings was torn: said so
        assert h.said[-1] == "The save was damaged: its copy before the last change is back."
        h.press("a")
    return h


def sampled(images):
    steps = len(images)
    spread = set(range(steps // CUTS // 2, steps, max(1, steps // CUTS)))
    last_save = max(i for i in range(steps) if images[i] and "save.bin" in str(images[i].keys()))
    return sorted(spread | set(range(steps - 30, steps)) | {last_save})


@pytest.mark.parametrize("part", range(2))
def test_a_cut_at_any_storage_step_continues_exactly_and_pays_once(uncut, part):
    flash, states, earned = uncut
    cuts = sampled(flash.images)[part::2]
    summed = 0
    for cut in cuts:
        h = boot(flash.images[cut])
        storage = h.app.storage
        if h.screen.keys[0] == "continue":
            summary = h.screen.summary  # None where the cut tore that cache
            if summary is not None:
                assert summary[0] == "Domino Poker vs 3 CPU medium", cut
                assert summary[1].startswith("Hand "), cut
                summed += 1
            h.press("a")
            assert h.screen_name() == "poker", cut
            screen = h.screen
            assert state(screen) == states[screen.actions], cut
            if cut >= len(flash.images) - 30:  # near the end: play it to its end
                for _ in range(2000):
                    if screen.mode == poker.MATCH_END:
                        break
                    answer(h)
                assert screen.paid == earned, cut
                h.press("a")
        else:  # the match was never saved yet, or was retired: paid, if it was
            assert cut < 40 or wallets.wallet(storage, NAME)[0] == 5000 + earned, cut
        if cut >= len(flash.images) - 30:
            assert pending(storage) < 0, cut
            assert wallets.wallet(storage, NAME)[0] == 5000 + earned, cut
    assert summed >= len(cuts) // 2
