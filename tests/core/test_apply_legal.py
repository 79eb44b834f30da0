"""apply_legal(action), for an action taken from legal(), does what apply(action)
does: the same events and the same state afterwards, in every game, whole seeded
matches long (core.drawgame; Spectacular Bid's clock and Domino Poker's late
mark included)."""

from core import events as ev
from core.allfives import AllFives
from core.allfives import Options as FivesOptions
from core.bid import Bid
from core.blockrules import Options
from core.line import LineGame
from core.poker import Poker
from core.rng import Rng

HAND_OVER = 1
MATCH_OVER = 2
LINE_SETUPS = (
    ("1x1", ""),
    ("classic", "players=4"),
    ("kozel", "players=3"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=4 pairs=yes"),
    ("international", "players=4 pairs=yes target=100"),
)


def state(x):
    """Everything an engine holds, as plain values that compare."""
    if isinstance(x, (list, tuple)):
        return [state(v) for v in x]
    if isinstance(x, bytearray):
        return bytes(x)
    if hasattr(x, "__dict__"):
        return {k: state(v) for k, v in x.__dict__.items()}
    return x


def same_matches(a, b, seed, extra=None):
    """Play two games made alike through a match, the same random legal actions
    made with apply on `a` and apply_legal on `b`; `extra(rng)` gives the
    actions' other argument (a time, a late mark). Returns the actions made and
    the last events."""
    rng = Rng(seed)
    out = []
    made = 0
    while a.state != MATCH_OVER:
        if a.state == HAND_OVER:
            assert a.start_hand() == b.start_hand()
            continue
        assert a.legal(out) == b.legal()
        action = out[rng.below(len(out))]
        if extra is None:
            assert a.apply(action) == b.apply_legal(action)
        else:
            more = extra(rng)
            assert a.apply(action, more) == b.apply_legal(action, more)
        assert state(a) == state(b)
        made += 1
    return made, a.events


def test_all_fives():
    for text in ("", "draw=stuck keep=2 lead=double target=150"):
        options = FivesOptions.parse(text)
        assert same_matches(AllFives(options, 3), AllFives(options, 3), 3)[0] > 50


def test_spectacular_bid_with_its_clock_running_out_at_times():
    # Up to 14 s an action: past the free 10 s now and then, so banks run down
    # and some matches end on time.
    made = timed_out = 0
    for seed in range(1, 7):
        n, events = same_matches(Bid(seed), Bid(seed), seed, lambda rng: rng.below(14000))
        made += n
        timed_out += events[0][0] == ev.TIMED_OUT
    assert made > 300 and 0 < timed_out < 6


def test_every_draw_and_block_game():
    for game, text in LINE_SETUPS:
        options = Options.parse(game, text)
        made = same_matches(LineGame(game, options, 5), LineGame(game, options, 5), 5)[0]
        assert made > 20, game


def test_domino_poker_with_late_actions():
    assert same_matches(Poker(None, 4), Poker(None, 4), 4, late)[0] > 100


def late(rng):
    return rng.below(8) == 0
