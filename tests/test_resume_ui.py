"""Power cuts through the screens: a whole match is played through the buttons on
a simulated flash (tests/core/check.py) and cut at a step of its storage (every
open, write chunk, flush, close and remove, inside a save or between the saves
of the match end). The handheld boots again on what the flash holds: it must
reach the main menu, Continue must bring the match back as it was at its last
whole save, the match must end as if never cut, and the player's record must
count the match exactly once."""

import pytest
from check import Flash, PowerCut
from core.allfives import HAND_OVER, Options
from core.rng import Rng
from core.view import View
from players import get
from ui import profiles
from ui.session import decode, pending, Session
from ui_driver import Handheld, respond, start_match

SEATS = ["human:ANN", "handheld:defensive"]
SEED = 9
OPTIONS = "target=61"
CUTS = 4  # cut points spread over the whole match, besides its end and one of each kind


RESTORED = "The save was damaged: its copy before the last change is back."


def choose(view):
    return get("tactics")(view, Rng(1))


def state(session):
    """What a player must get back: hands, the table in play order, scores, turn."""
    game = session.game
    table = game.table
    return (
        list(game.hands),
        bytes(table.played[: table.n]),
        bytes(table.placed[: table.n]),
        list(game.scores),
        session.to_move(),
        game.state,
    )


def uncut_match():
    """The same match never cut, played on the session alone (no screens): the
    state after each number of actions, and the finished session."""
    session = Session(Options.parse(OPTIONS), SEED, SEATS)
    session.deal()
    states = [state(session)]
    while not session.over:
        if session.between_hands:
            session.deal()
        elif session.waiting_for_human():
            session.play(choose(View(session.game, session.to_move())))
            states.append(state(session))
        else:
            session.think()
            states.append(state(session))
    return states, session


def new_flash():
    """A flash holding ANN's profile, with a win already."""
    flash = Flash(16)
    handheld = Handheld(first=None, flash=flash)
    storage = handheld.app.storage
    profiles.add(storage, "ANN")
    profiles.record_result(storage, "ANN", True, 61, 20)
    storage.save()
    return flash


def play(handheld, limit=20000):
    """Answer every screen until the match-end screen, then A back to the menu."""
    for _ in range(limit):
        if not respond(handheld, choose):
            handheld.press("a")
            return
    raise AssertionError("the match did not end")


def boot(flash=None, save_dir=None):
    """Power on again: through the splash and the title to the main menu."""
    handheld = Handheld(flash=flash, save_dir=save_dir)
    handheld.press("a")  # the splash
    handheld.press("a")  # the title
    assert handheld.screen_name() == "menu"
    return handheld


def reboot(save_dir):
    """Power on again on a save folder, and Continue the match it holds."""
    handheld = boot(save_dir=save_dir)
    assert handheld.screen.keys[0] == "continue"
    handheld.press("a")
    return handheld


def played_with_a_cut(cut):
    """A match started and played with the power cut at storage step `cut`
    (-1: never); returns the flash as the cut left it."""
    flash = new_flash()
    handheld = Handheld(first=None, flash=flash)
    flash.log = []
    flash.budget = cut
    try:
        start_match(handheld, SEATS, SEED, OPTIONS)
        play(handheld)
    except PowerCut:
        pass
    return flash


@pytest.fixture(scope="module")
def uncut():
    states, session = uncut_match()
    flash = played_with_a_cut(-1)
    return states, session, len(flash.log), flash.log


def sampled_cuts(steps, log):
    """CUTS cut points spread over the match, every kind of step among them,
    and every step of the match end (from its last action's save on)."""
    cuts = set(range(0, steps, max(1, steps // CUTS)))
    for kind in set(log):
        cuts.add(log.index(kind))
    last = max(i for i in range(steps) if log[i] == "remove")
    end = range(last - 12, last + 1)  # the match end's write, and its journal cleared
    for kind in set(log[i] for i in end):
        cuts.add(next(i for i in end if log[i] == kind))
    return sorted(cuts | set(end[::3]))


@pytest.mark.parametrize("part", range(4))
def test_a_match_cut_at_any_storage_step_resumes_and_counts_once(uncut, part):
    states, whole, steps, log = uncut
    assert {"open", "write", "flush", "close", "remove"} <= set(log)
    for cut in sampled_cuts(steps, log)[part::4]:
        flash = played_with_a_cut(cut).copy()
        handheld = boot(flash)
        if handheld.screen.bubble.open:  # a save of the settings was torn: said so
            assert handheld.said[-1] == RESTORED, (cut, handheld.said)
            handheld.press("a")
        if handheld.screen.keys[0] == "continue":
            handheld.press("a")
            assert handheld.screen_name() in ("table", "handend", "matchend"), cut
            resumed = handheld.screen.session
            done = len(resumed.record.actions)
            assert resumed.record.actions == whole.record.actions[:done], cut
            # As it was then, or with the next hand dealt (its deal was saved).
            dealt = states[done][5] == HAND_OVER and resumed.game.table.n == 0
            assert state(resumed) == states[done] or dealt, cut
            play(handheld)
        storage = handheld.app.storage
        wins, losses, _, _ = profiles.stats(storage, "ANN")
        last = storage.get("last")
        if last is None:  # cut before the match-end screen could write its results
            assert (wins, losses) == (1, 0) and pending(storage) < 0, cut
            continue
        finished = decode(last)
        assert finished.record.actions == whole.record.actions, cut
        assert wins + losses == 2, (cut, wins, losses)  # the first win and this match
        assert pending(storage) < 0 and handheld.screen_name() == "menu"


def test_a_cut_after_the_results_are_written_does_not_count_them_again(uncut):
    """The match-end screen's one write is done, its journal not yet cleared: the
    reboot finds a match retired already, and neither shows nor counts it."""
    _, _, steps, log = uncut
    first_remove = max(i for i in range(steps) if log[i] == "remove") - 1
    assert log[first_remove] == "remove"
    handheld = boot(played_with_a_cut(first_remove).copy())
    assert "continue" not in handheld.screen.keys
    assert profiles.stats(handheld.app.storage, "ANN")[:2] == (1, 1)
