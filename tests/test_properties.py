"""Properties over thousands of seeded matches per option set (docs/rules.md section 1).

For every action of every match: all 28 tiles are accounted for exactly once,
scores change only by the rules, the turn moves as the rules say; every match
ends; every record replays to the same match and writes back to the same text.
`make test` runs 500 matches per option set; `make properties N=2000`
(ALLFIVES_MATCHES=2000) runs N.
"""

import os

import pytest
from core import events as ev
from core.allfives import HAND_OVER, MATCH_OVER, Options, PLAYING
from core.replay import replay
from core.tiles import ALL, count, pips, round5
from players.autoplay import play_match

MATCHES_PER_OPTION_SET = int(os.environ.get("ALLFIVES_MATCHES", "500"))
OPTION_SETS = (
    "",
    "draw=stuck",
    "keep=2",
    "lead=double",
    "target=61",
    "target=250 draw=stuck keep=2 lead=double",
)
PAIRS = (
    ("random", "random"),
    ("random", "tactics"),
    ("tactics", "defensive"),
    ("defensive", "random"),
)


class Referee:
    """Checks every batch of events against the state before and after it."""

    def __init__(self, options):
        self.options = options
        self.before = None

    def snapshot(self, game):
        return (list(game.scores), list(game.hands), game.turn, game.state, game.drawn)

    def check(self, game, events):
        stock = game.stock[game.drawn : game.stock_size]
        on_table = game.table.mask
        masks = [game.hands[0], game.hands[1], on_table] + [1 << t for t in stock]
        union = 0
        for m in masks:
            assert not union & m, "a tile is in two places"
            union |= m
        assert union == ALL and sum(count(m) for m in masks) == 28
        assert count(on_table) == game.table.n
        kinds = [e[0] for e in events]
        if kinds[0] == ev.DEAL:
            assert game.state == PLAYING and game.table.n == 0
            assert [count(h) for h in game.hands] == [7, 7]
            self.before = self.snapshot(game)
            return
        scores, hands, turn, state, drawn = self.before
        assert state == PLAYING
        gained = [0, 0]
        for kind, seat, a, _b in events:
            if kind == ev.SCORED:
                assert a == game.table.count() and a % 5 == 0 and a > 0
                gained[seat] += a
            elif kind == ev.DOMINO:
                assert game.hands[seat] == 0
                assert a == round5(pips(game.hands[1 - seat]))
                gained[seat] += a
            elif kind == ev.BLOCKED:
                totals = [round5(pips(h)) for h in game.hands]
                assert game.drawable() <= 0
                if seat < 0:
                    assert totals[0] == totals[1] and a == 0
                else:
                    assert totals[seat] < totals[1 - seat]
                    assert a == totals[1 - seat] - totals[seat]
                    gained[seat] += a
        if ev.MATCH_OVER in kinds:
            # Scoring stops the moment the target is reached.
            assert game.state == MATCH_OVER
            assert game.scores[game.winner] >= self.options.target
            assert scores[game.winner] + gained[game.winner] >= self.options.target
            assert game.scores[1 - game.winner] < self.options.target
        else:
            assert [scores[i] + gained[i] for i in (0, 1)] == game.scores
            assert max(game.scores) < self.options.target
        if kinds[0] == ev.PLAYED:
            count_now = game.table.count()
            assert (ev.SCORED in kinds) == (count_now > 0 and count_now % 5 == 0)
            if game.state == PLAYING:
                assert game.turn == 1 - turn
        elif kinds[0] == ev.DREW:
            assert game.drawn == drawn + 1 and game.turn == turn
            assert self.options.keep == 0 or game.drawable() >= 0
        elif kinds[0] == ev.PASSED:
            assert hands == game.hands and game.turn == 1 - turn
        if game.state == HAND_OVER:
            assert ev.HAND_OVER in kinds
        self.before = self.snapshot(game)


@pytest.mark.parametrize("options_text", OPTION_SETS)
def test_thousands_of_matches_keep_every_rule(options_text):
    options = Options.parse(options_text)
    for seed in range(MATCHES_PER_OPTION_SET):
        referee = Referee(options)
        names = PAIRS[seed % len(PAIRS)]
        game, record = play_match(options, seed, names, referee.check)
        assert game.state == MATCH_OVER
        text = record.text()
        again, rewritten = replay(text)
        assert rewritten.text() == text
        assert again.scores == game.scores and again.winner == game.winner
        assert again.hands == game.hands and again.table.played == game.table.played
