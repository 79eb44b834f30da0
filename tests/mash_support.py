"""Button mashing on the real game in the headless emulator (tests/ui_driver.py),
with a count of where the presses got: `place()` names the screen shown as the
game it belongs to and the kind of screen (its module; Domino Poker's one
screen by its mode, its pause menu and the rules in it), so that a test can
assert that its presses reach every screen it claims to."""

import collections
import os

from core import allfives, blockrules
from core.poker import HAND_OVER, Options, Poker
from core.pokerrecord import PokerRecord
from core.pokerview import PokerView
from core.rng import derive
from hw.buttons import NAMES
from line_driver import respond_line
from players.poker_medium import choose as medium
from screens import auction, linetable, poker, table
from ui import pokersave
from ui.session import Session
from ui_driver import respond

# make reliability N=...: N times the frames (N=0, every storage step cut, mashes 10 times)
SCALE = int(os.environ.get("RELIABILITY", "1")) or 10
_POKER_MODES = {getattr(poker, name): name for name in (
    "SETUP", "COUNTDOWN", "YOUR_BID", "YOUR_TILE", "YOUR_CALL", "THINKING", "TRICK",
    "HAND_END", "MATCH_END")}
_MATCH_ENDS = ("matchend", "lineover", "poker.MATCH_END")


def place(handheld):
    """(game, screen): the game of the screen shown ("" for the menus) and its kind."""
    screen = handheld.screen
    name = handheld.screen_name()
    session = getattr(screen, "session", None)
    game = session.kind if session is not None else getattr(screen, "game", "")
    if name == "poker":
        game = "poker"
        if screen.paused is not None:
            name = "pokerpause" if screen.paused.pages is None else "pokerpause.rules"
        else:
            name = "poker." + _POKER_MODES[screen.mode]
    return (game if isinstance(game, str) else ""), name


def _choosing(handheld, name):
    """Whether the player is to choose a move on the screen shown."""
    mode = getattr(handheld.screen, "mode", None)
    if name == "table":
        return mode == table.CHOOSE_TILE
    if name == "linetable":
        return mode == linetable.CHOOSE_TILE
    if name == "auction":
        return mode == auction.CALL
    return name.startswith("poker.YOUR")


def _play(handheld, name, rng):
    """Something a player does on a match's screen (True), or False: a move (now
    and then the pause menu instead), A on an end, an item of the pause menu or
    of a set-up (Start, Rules, ...)."""
    if _choosing(handheld, name) and rng.random() < 0.05:
        handheld.press("b")
    elif name in ("table", "auction", "handend"):
        respond(handheld, lambda view: view.legal[0])
    elif name in ("linetable", "lineend"):
        respond_line(handheld)
    elif name in _MATCH_ENDS or name.startswith("poker.YOUR") or name == "poker.HAND_END":
        handheld.press("a")
    elif name in ("pause", "pokerpause", "linesetup"):  # an item: Resume, the rules, ...
        for _ in range(rng.choice((0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3))):
            handheld.press("down")
        handheld.press("a")
    else:
        return False
    return True


class Masher:
    """Random buttons: mostly a press or two at a time, now and then one held long
    (auto-repeat, long presses); B seldom, so that the screens it leaves get
    their share. With `play`, on a match's screens that share of the turns is a
    move pressed as a player would (so hands and matches end). `reached` counts
    the frames seen on each place(), `presses` the presses the firmware saw."""

    def __init__(self, handheld, rng):
        self.handheld = handheld
        self.rng = rng
        self.reached = collections.Counter()
        self.presses = 0
        self.moves = 0
        self._held = set()
        self._held_left = 0

    def step(self, play=0.0):
        h, rng = self.handheld, self.rng
        where = place(h)
        self.reached[where] += 1
        # On the pause menu the player's choice always (random presses there
        # would go round to Quit often: the menus' mashing has them).
        pausing = where[1] in ("pause", "pokerpause")
        if play and (pausing or rng.random() < play) and _play(h, where[1], rng):
            self.moves += 1
            return
        if self._held_left == 0 and rng.random() < 0.02:
            self._held, self._held_left = {rng.choice(NAMES)}, rng.randint(10, 40)
        # B more seldom still on a match's screens: the pause menu it opens can
        # quit the match (UP from Resume goes round to Quit) before its end.
        b = 0.012 if where[0] else 0.04
        now = {name for name in NAMES if rng.random() < (b if name == "b" else 0.25)}
        before = h.app.buttons.state
        h.frame(*(now | self._held))
        self.presses += bin(h.app.buttons.state & ~before).count("1")
        if self._held_left:
            self._held_left -= 1
            if not self._held_left:
                self._held = set()

    def run(self, frames, play=0.0):
        end = self.handheld.emulator.frames + frames
        while self.handheld.emulator.frames < end:
            self.step(play)

    def places(self, game=None):
        """The screens reached (of `game`, or of every game)."""
        return {name for g, name in self.reached if game is None or g == game}


def options_of(game, text):
    if game == "bid":
        return None
    if game == "allfives":
        return allfives.Options.parse(text)
    return blockrules.Options.parse(game, text)


def _move(session):
    if session.between_hands:
        session.deal()
    elif session.is_human(session.to_move()):
        session.play(session.game.legal()[0])
    else:
        session.think()


def near_the_end(game, options, seats, seed, limit=20000):
    """A session dealt its last hand but one as the match played by itself goes
    (humans playing their first legal move): the mashing gets to a hand end and
    to the match end soon."""
    def fresh():
        session = Session(options_of(game, options), seed, seats, game)
        session.deal()
        return session

    session = fresh()
    deals = [0, 0]
    for _ in range(limit):
        if session.over:
            break
        if session.between_hands:
            deals.append(len(session.record.actions))
        _move(session)
    last = deals[-2]
    session = fresh()
    for _ in range(limit):
        if len(session.record.actions) == last and not session.between_hands:
            return session
        _move(session)
    raise AssertionError("the match did not play again the same")


def poker_near_the_end(storage, seed, name, hands=5):
    """A Domino Poker match against medium saved at the end of its last hand but
    one (every seat played the medium level's way), for Continue."""
    options = Options(hands)
    game = Poker(options, seed)
    record = PokerRecord(options, seed, pokersave.players(name, "medium"))
    while not (game.state == HAND_OVER and game.hand_no == hands - 1):
        if game.state == HAND_OVER:
            game.start_hand()
        else:
            action = medium(PokerView(game, game.turn), derive(seed, len(record.actions)))
            game.apply(action)
            record.add(action)
    pokersave.PokerSave("medium", record).save(storage, 0, game)
