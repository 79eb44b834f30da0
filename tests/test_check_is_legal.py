"""Every game's two answers to "what may be done now" agree: at every state of
seeded matches, `check(a)` accepts exactly the actions `legal()` lists, over
the whole action space (every play code with every placement or called
number, draw, pass, the auction's calls and bids, Poker's bids, every
two-double code, and codes beyond them all).

The matches are random walks over `legal()`, dealt and chosen by seeded
generators; a two-double play is taken whenever one is offered, so the states
after it are reached too. Between hands and after the match `legal()` is
empty and `check` must refuse everything.

Two-double plays are rare in a random walk (Kozel's finish with [0|0] and
[6|6] comes in fewer than one match in a hundred), so every draw-and-block game
is also walked from positions laid out to offer them, or the one double that
would lie on both ends.

`make test` walks MATCHES matches per setup; `make properties N=...` walks
N/10 (CHECK_MATCHES). Each setup prints the states and actions it tried
(`pytest tests/test_check_is_legal.py -s`).
"""

import os

import pytest
from blockcheck import position
from core.actions import is_pair, PAIR
from core.allfives import AllFives, MATCH_OVER
from core.allfives import Options as FivesOptions
from core.bid import Bid
from core.blockrules import Options as LineOptions
from core.line import LineGame
from core.poker import Options as PokerOptions
from core.poker import Poker
from core.rng import Rng

MATCHES = int(os.environ.get("CHECK_MATCHES", "6"))
# Every code an action can have and some it cannot: below 0, every byte, the
# bids above a byte, every two-double code (W 0-7, E 0-7) and far beyond.
SPACE = tuple(range(-2, PAIR + 66)) + (1 << 16, 1 << 31)
MAX_ACTIONS = 20000  # per match: a walk that never ends is a failure

SETUPS = (
    ("allfives", ""),
    ("allfives", "target=61 draw=stuck keep=2 lead=double"),
    ("bid", ""),
    ("1x1", ""),
    ("classic", "players=2"),
    ("classic", "players=3"),
    ("classic", "players=4"),
    ("kozel", "players=2"),
    ("kozel", "players=3"),
    ("kozel", "players=4"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=2"),
    ("yard", "players=4 pairs=yes"),
    ("international", "players=2 target=100"),
    ("international", "players=3 target=50"),
    ("international", "players=4 target=0"),
    ("international", "players=4 pairs=yes target=100"),
    ("poker", "hands=5"),
)


def new_game(name, options, seed):
    if name == "allfives":
        return AllFives(FivesOptions.parse(options), seed)
    if name == "bid":
        return Bid(seed)
    if name == "poker":
        return Poker(PokerOptions.parse(options), seed)
    return LineGame(name, LineOptions.parse(name, options), seed)


def accepted(game):
    return [a for a in SPACE if game.check(a) is None]


def walk(name, options, seed, tally, game=None):
    """Play one random match (from `game`'s state if given), comparing check
    with legal at every state."""
    if game is None:
        game = new_game(name, options, seed)
    rng = Rng(seed * 7919 + 1)
    for _ in range(MAX_ACTIONS):
        legal = game.legal()
        assert len(set(legal)) == len(legal), "legal() lists an action twice: %r" % legal
        got = accepted(game)
        tally["states"] += 1
        tally["actions"] += len(SPACE)
        if got != sorted(legal):
            extra = sorted(set(got) - set(legal))
            missing = sorted(set(legal) - set(got))
            reasons = [(a, game.check(a)) for a in missing]
            raise AssertionError(
                "%s %s seed %d, hand %d, state %d: check accepts %r that legal() omits; "
                "refuses %r" % (name, options, seed, game.hand_no, game.state, extra, reasons)
            )
        if game.state == MATCH_OVER:  # (Poker's and the line games' too): all refused
            return
        if not legal:
            game.start_hand()
            continue
        pairs = [a for a in legal if is_pair(a)]
        tally["pairs"] += len(pairs)
        game.apply(pairs[0] if pairs else legal[rng.below(len(legal))])
    raise AssertionError(
        "%s %s seed %d: no match end in %d actions" % (name, options, seed, MAX_ACTIONS)
    )


@pytest.mark.parametrize("name, options", SETUPS)
def test_check_accepts_exactly_what_legal_lists(name, options):
    tally = {"states": 0, "actions": 0, "pairs": 0}
    for seed in range(1, MATCHES + 1):
        walk(name, options, seed, tally)
    print(
        "%s %s: %d matches, %d states, %d actions checked, %d two-double plays offered"
        % (name, options, MATCHES, tally["states"], tally["actions"], tally["pairs"])
    )
    assert tally["states"] >= MATCHES * 10
    if name == "classic":
        assert tally["pairs"] > 0  # the doubling up was reached and taken


# (hands, line) laid out for seat 1 to move: the ends 0 and 6 with [0|0] and
# [6|6] the last two tiles (Kozel's finish), the ends 2 and 5 with [2|2] and
# [5|5] held (Classic's doubling up), both ends 4 with [4|4] held.
FOURS = "[4|5], [5|6] E, [4|6] E"
POSITIONS = (
    (["[0|0] [6|6]", "[1|2] [3|4] [2|5]", "[1|3] [4|5]", "[2|3] [1|4]"], "[0|6]"),
    (["[2|2] [5|5] [3|4]", "[0|1] [2|6] [3|3]", "[1|1] [0|4]", "[4|4] [1|5]"], "[2|5]"),
    (["[4|4] [1|2] [3|5]", "[0|1] [2|6] [3|3]", "[1|1] [0|3]", "[2|2] [1|5]"], FOURS),
)
LINE_SETUPS = [s for s in SETUPS if s[0] not in ("allfives", "bid", "poker")]


@pytest.mark.parametrize("name, options", LINE_SETUPS)
def test_check_accepts_exactly_what_legal_lists_from_two_double_positions(name, options):
    tally = {"states": 0, "actions": 0, "pairs": 0}
    for i, (hands, line) in enumerate(POSITIONS):
        players = LineOptions.parse(name, options).players
        game = position(name, options, hands[:players], "[0|2] [3|6]", line, turn=0)
        walk(name, options, i + 1, tally, game)
    print(
        "%s %s from %d positions: %d states, %d actions checked, %d two-double plays offered"
        % (name, options, len(POSITIONS), tally["states"], tally["actions"], tally["pairs"])
    )
    assert tally["pairs"] >= (1 if name in ("classic", "kozel", "yard") else 0)
