"""Golden frames of the menus and settings screens, as the emulated panel shows them
after seeded, scripted presses; compared byte for byte with tests/screens/golden/.

After a deliberate change to one of these screens, rewrite the goldens and look
at the PNGs (x2, the pictures of docs/menus.md) before committing them:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_screens_golden.py
"""

import os
import pathlib

import pytest
from core.allfives import Options
from screens_support import Handheld
from ui import profiles
from ui.session import Session

GOLDEN = pathlib.Path(__file__).parent / "screens" / "golden"


def saved_match(h, seats=("human:PLAYER 1", "handheld:tactics")):
    """A match in progress, as the table would have saved it, with a few actions played."""
    session = Session(Options(), 1234, list(seats))
    session.deal()
    for _ in range(3):
        session._apply(session.game.legal()[-1])
    session.save(h.app.storage)
    return session


def splash(h):
    h.go("title")


def title(h):
    h.go("title")
    h.idle(45 + 80)  # the splash, then every tile has dropped


def title_falling(h):
    h.go("title", False)
    h.idle(30)


def menu(h):
    h.go("menu")


def menu_continue(h):
    saved_match(h)
    h.go("menu")


def menu_scrolled(h):
    menu_continue(h)
    h.press("up")  # wraps round to the last item: the list scrolls


def play_handheld(h):
    h.go("menu")
    h.press("a")


def play_handheld_level(h):
    play_handheld(h)
    h.press("down", "left")  # Medium -> Easy


def two_players(h):
    h.go("newmatch", "two")
    h.press("down")


def two_players_refused(h):
    h.go("newmatch", "two")
    h.press("down", "right", "up", "a")


def demo(h):
    h.go("newmatch", "demo")
    h.press("down", "down", "left")


def spectacular_bid(h):
    h.go("newmatch", "bid")
    h.press("down", "down")  # the opponent: the handheld


def rules_options(h):
    h.go("options")
    h.press("right", "down", "right", "down", "down")


def settings(h):
    h.go("settings")
    h.press("down", "left", "left")


def settings_inverted(h):
    h.go("settings")
    h.press("down", "down", "right")


def profile_list(h):
    profiles.add(h.app.storage, "ANN")
    h.go("profiles")
    h.press("down")


def profile_actions(h):
    profile_list(h)
    h.press("a")


def profile_delete(h):
    profile_actions(h)
    h.press("down", "a")


def profile_refused(h):
    """Deleting one of the last two profiles is refused before any question."""
    h.go("profiles")
    h.press("a", "down", "a")
    assert not h.screen.confirm.open


def new_profile(h):
    h.go("newprofile")
    for key in ("right", "a", "down", "a", "up", "up", "a"):
        h.press(key)
    h.press("left", "left")


def new_profile_taken(h):
    h.go("newprofile")
    h.press("down", "down", "left", "a")  # Done with no name


def records(h):
    storage = h.app.storage
    profiles.add(storage, "ANN")
    profiles.record_result(storage, "ANN", True, 100, 55)
    profiles.record_result(storage, "ANN", True, 102, 95)
    profiles.record_result(storage, "ANN", False, 40, 100)
    profiles.record_result(storage, "PLAYER 1", False, 85, 150)
    h.go("records")


def records_scrolled(h):
    for name in ("ANN", "BOB", "CY", "DEE 2"):
        profiles.add(h.app.storage, name)
    profiles.record_result(h.app.storage, "DEE 2", True, 250, 5)
    h.go("records")
    h.press("down", "down", "down")  # two rows further: the last one stays in view


def rules_help(h):
    h.go("help")


def rules_help_scrolled(h):
    h.go("help")
    h.press("right", "right", "right", "down", "down")


def rules_help_bid(h):
    session = Session(Options(), 1234, ["human:PLAYER 1", "handheld:bid"], game="bid")
    session.deal()
    h.go("help", session)  # from a duel's pause menu: Spectacular Bid's first page


def pause(h):
    session = saved_match(h)
    h.go("pause", session)


def pause_long_names(h):
    """Two of the widest names, each beside a two-digit score on the top line
    (the scores are set as a long match would leave them: the header is drawn
    from them alone)."""
    session = saved_match(h, ("human:WWWWWWWW", "human:MMMMMMM1"))
    session.game.scores[0] = session.game.scores[1] = 95
    h.go("pause", session)


def pause_abandon(h):
    pause(h)
    h.press("up", "a", "left")


def replace_kept_match(h):
    """Start over a kept match: the question names its game and where it stands
    (a 1x1 set up while a Domino Poker match is kept)."""
    from core.poker import Options as PokerOptions
    from core.poker import Poker
    from core.pokerrecord import PokerRecord
    from ui.pokersave import players, PokerSave

    record = PokerRecord(PokerOptions(7), 77, players("PLAYER 1", "medium"))
    match = Poker(PokerOptions(7), 77)
    match.start_hand()
    PokerSave("medium", record).save(h.app.storage, 0, match)
    h.go("linesetup", "1x1")
    h.press("a")


SCRIPTS = [splash, title, title_falling, menu, menu_continue, menu_scrolled, play_handheld,
           play_handheld_level, two_players, two_players_refused, demo, spectacular_bid,
           rules_options, settings, settings_inverted, profile_list, profile_actions,
           profile_delete, profile_refused, new_profile, new_profile_taken, records,
           records_scrolled, rules_help, rules_help_scrolled, rules_help_bid, pause,
           pause_long_names, pause_abandon, replace_kept_match]


def golden_name(script):
    return script.__name__.replace("_", "-")


@pytest.mark.parametrize("script", SCRIPTS, ids=golden_name)
def test_frame_equals_the_checked_in_golden(script, tmp_path):
    h = Handheld(tmp_path, first="menu")
    script(h)
    h.idle()
    name = golden_name(script)
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        (GOLDEN / (name + ".pbm")).write_bytes(h.pbm())
        h.png(GOLDEN / (name + ".png"), scale=2)
    assert (GOLDEN / (name + ".pbm")).read_bytes() == h.pbm(), (
        "look at the frame; UPDATE_GOLDEN=1 rewrites the goldens")


def test_every_golden_has_its_script():
    names = {golden_name(s) for s in SCRIPTS}
    assert {p.stem for p in GOLDEN.glob("*.pbm")} == names
    assert {p.stem for p in GOLDEN.glob("*.png")} == names
