"""Resume after power-off, through the screens: a match is cut after every one of its
actions (the handheld reboots on the same save folder), brought back by the title and
the main menu's "Continue", and must go on exactly as the same match played uncut
(on the session alone: whole matches through the buttons are test_table_screen's)."""

from core.allfives import Options
from core.rng import Rng
from core.view import View
from players import get
from ui.session import decode, Session
from ui_driver import Handheld, respond, start_match

SEATS = ["human:Ann", "handheld:defensive"]
SEED = 9
OPTIONS = "target=61"


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


def reboot(save_dir):
    """Power on again: through the splash and the title to the main menu, then Continue."""
    handheld = Handheld(save_dir=save_dir)
    handheld.press("a")  # the splash
    handheld.press("a")  # the title
    assert handheld.screen_name() == "menu"
    assert handheld.screen.keys[0] == "continue"
    handheld.press("a")
    return handheld


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


def actions(handheld):
    return len(handheld.screen.session.record.actions)


def test_a_match_cut_after_every_action_resumes_and_ends_as_if_never_cut():
    states, uncut = uncut_match()
    cut = Handheld(first=None)
    start_match(cut, SEATS, SEED, OPTIONS)
    cuts = []
    while cut.screen_name() != "matchend":
        done = actions(cut)
        cut = reboot(cut.save_dir)
        cuts.append(done)
        # The match that just ended may still show its last message: then the end.
        assert cut.screen_name() in ("table", "handend", "matchend")
        resumed = cut.screen.session
        assert state(resumed) == states[done], "cut after %d actions" % done
        if cut.screen_name() == "table" and cut.screen.viewer >= 0:
            hand = resumed.game.hands[cut.screen.viewer]
            assert cut.screen.tiles == [t for t in range(28) if hand >> t & 1]
        while actions(cut) == done and respond(cut, choose):
            pass
    total = len(uncut.record.actions)
    assert cuts == list(range(len(cuts))) and len(cuts) >= total > 20
    finished = decode(cut.app.storage.get("last"))
    assert finished.record.actions == uncut.record.actions
    assert finished.game.scores == uncut.game.scores
    assert cut.app.storage.get("match") is None  # nothing left to continue
