"""The save keeps one match in progress, whatever its game: starting a match of
any game while one is kept never drops it without a question that names it;
No keeps it as it was, Yes replaces it. Quit to menu keeps a match in every game
(Abandon match, after a question, loses it). A power cut at any step of Yes
leaves the kept match whole or the new one, never a damaged one.
"""

import pytest
from check import Flash
from core.allfives import Options
from core.blockrules import GAMES
from core.blockrules import Options as LineOptions
from core.poker import Options as PokerOptions
from core.poker import Poker
from core.pokerrecord import PokerRecord
from screens import poker
from ui.matchsave import game_of, pending, summary_lines
from ui.pokersave import players, PokerSave
from ui.restore import resume
from ui.session import Session
from ui_driver import Handheld

KEPT = ("allfives", "bid", "kozel", "poker")  # a match of each save format


def keep(h, game):
    """A match of `game` kept in the save, a few moves in; its summary lines."""
    storage = h.app.storage
    if game == "poker":
        record = PokerRecord(PokerOptions(5), 77, players("PLAYER 1", "medium"))
        match = Poker(PokerOptions(5), 77)
        match.start_hand()
        assert PokerSave("medium", record).save(storage, 0, match)
    else:
        options = None
        seats = ["human:PLAYER 1", "handheld:tactics"]
        if game == "allfives":
            options = Options()
        elif game == "bid":
            seats[1] = "handheld:bid"
        else:
            options = LineOptions.parse(game, "")
            seats = ["human:PLAYER 1"] + ["handheld:hard"] * (options.players - 1)
        session = Session(options, 5, seats, game)
        session.deal()
        session.save(storage)
    assert pending(storage) >= 0 and game_of(storage) == game
    return summary_lines(storage)


def kept(h):
    """What the save holds of the kept match: its journal's head and summary."""
    storage = h.app.storage
    return pending(storage), storage.match.head(), storage.match.summary()


# Every way to start a match: (the set-up screen and its argument, the presses
# that choose Start, the screen the new match is played on, its game).
STARTS = [(("newmatch", kind), ("a",), "table", "bid" if kind == "bid" else "allfives")
          for kind in ("handheld", "two", "demo", "bid")]
STARTS += [(("linesetup", game), ("a",), "linetable", game) for game in GAMES]
STARTS += [(("poker",), ("a",), "poker", "poker")]  # Start first, as in every set-up


def open_setup(h, where):
    h.app.go(*where)
    h.frame()


def started(h, screen, game):
    if h.screen_name() != screen:
        return False
    return screen != "poker" or h.screen.mode != poker.SETUP


@pytest.mark.parametrize("where, presses, screen, game", STARTS,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_with_nothing_kept_start_starts_at_once(where, presses, screen, game, tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    open_setup(h, where)
    for button in presses:
        h.press(button)
    assert started(h, screen, game)
    assert game_of(h.app.storage) == game


@pytest.mark.parametrize("old", KEPT)
@pytest.mark.parametrize("where, presses, screen, game", STARTS,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_start_over_a_kept_match_asks_no_keeps_it_yes_replaces_it(
        old, where, presses, screen, game, tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    lines = keep(h, old)
    before = kept(h)
    open_setup(h, where)
    if old == where[0] == "poker":  # Poker's set-up offers its own kept match first
        presses = ("down",) + presses
    for button in presses:
        h.press(button)
    # The question, naming the kept match's game and where it stands.
    assert not started(h, screen, game) and h.screen.replacing.confirm.open
    question = " ".join(h.screen.replacing.confirm.lines)
    assert lines[0].split(" vs ")[0] in question and lines[1] in question
    assert kept(h) == before
    h.press("b")  # No
    assert not h.screen.replacing.confirm.open and not started(h, screen, game)
    assert kept(h) == before
    h.press("a")  # Start again (the cursor stayed on it)
    assert h.screen.replacing.confirm.open and kept(h) == before
    h.press("a")  # A on the question as it opens: No is chosen
    assert kept(h) == before and not started(h, screen, game)
    h.press("a")
    h.press("right")
    h.press("a")  # Yes
    assert started(h, screen, game)
    number, head, _ = kept(h)
    assert game_of(h.app.storage) == game and number > before[0]


def test_the_question_names_a_game_whose_summary_was_lost(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    keep(h, "poker")
    h.app.storage.match.note(0, b"")  # the summary of another match: not shown
    open_setup(h, ("linesetup", "1x1"))
    h.press("a")
    assert h.screen.replacing.confirm.open
    assert "A Domino Poker match is kept." in " ".join(h.screen.replacing.confirm.lines)


@pytest.mark.parametrize("old", ("allfives", "kozel"))
def test_quit_to_menu_keeps_the_match_and_abandon_asks_then_loses_it(old, tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    keep(h, old)
    before = kept(h)
    session, _ = resume(h.app.storage)
    h.app.go("pause", session)
    h.press("up")  # round to the last item: Abandon match
    h.press("up")  # Quit to menu
    h.press("a")
    assert h.screen_name() == "menu" and kept(h) == before
    assert h.screen.keys[h.screen.menu.cursor] == "continue"
    session, _ = resume(h.app.storage)
    h.app.go("pause", session)
    h.press("up")
    h.press("a")
    assert h.screen.confirm.open and "lost" in h.said[-1]
    h.press("b")
    assert h.screen_name() == "pause" and kept(h) == before
    h.press("a")
    h.press("right")
    h.press("a")
    assert h.screen_name() == "menu" and pending(h.app.storage) < 0


def test_poker_quit_keeps_and_abandon_asks_then_loses_the_match(tmp_path):
    h = Handheld(first=None, save_dir=tmp_path)
    keep(h, "poker")
    h.app.go("poker", True)
    h.frame()
    before = kept(h)
    h.press("b")
    assert h.screen.paused is not None
    h.press("up")  # Abandon match
    h.press("a")
    assert h.screen.paused.confirm.open
    h.press("b")  # No
    assert h.screen.paused is not None and kept(h)[:2] == before[:2]
    h.press("up")  # Quit to menu
    h.press("a")
    assert h.screen_name() == "menu" and pending(h.app.storage) == before[0]
    h.app.go("poker", True)
    h.frame()
    h.press("b")
    h.press("up")
    h.press("a")
    h.press("right")
    h.press("a")  # Yes
    assert h.screen_name() == "menu" and pending(h.app.storage) < 0


class ImagedFlash(Flash):
    """A flash that keeps a copy of its files before each step (a power cut's)."""

    def __init__(self):
        super().__init__(16)
        self.images = []

    def step(self, what):
        self.images.append(dict(self.files))
        super().step(what)


@pytest.mark.parametrize("old, where, presses", [
    ("poker", ("linesetup", "1x1"), ("a",)),
    ("kozel", ("poker",), ("a",)),
    ("allfives", ("newmatch", "bid"), ("a",)),
])
def test_a_power_cut_during_yes_leaves_the_kept_match_or_the_new_one(old, where, presses):
    flash = ImagedFlash()
    h = Handheld(first=None, flash=flash)
    h.app.storage.set("contrast", 207)
    assert h.app.storage.save()  # (a save torn before it ever existed is another test's)
    keep(h, old)
    before = kept(h)
    open_setup(h, where)
    for button in presses:
        h.press(button)
    h.press("right")
    flash.images = []
    h.press("a")  # Yes: every step of the replacing, imaged
    after = kept(h)
    assert after[0] > before[0] and flash.images
    seen = set()
    for image in flash.images + [dict(flash.files)]:
        cut = Flash(16)
        cut.files = dict(image)
        again = Handheld(first=None, flash=cut)
        storage = again.app.storage
        # (A save torn mid-write is restored from its copy before, and says so.)
        assert "match" not in again.app.notice  # no match damaged nor lost
        now = kept(again)
        if now[0] < 0:
            seen.add("none")  # between the kept match's retiring and the new one
        elif now[0] == before[0]:
            assert now == before  # the kept match, whole
            seen.add("kept")
        else:
            assert now[:2] == after[:2]
            seen.add("new")
        if now[0] >= 0 and game_of(storage) != "poker":
            assert resume(storage)[0] is not None
    assert "kept" in seen and "new" in seen
