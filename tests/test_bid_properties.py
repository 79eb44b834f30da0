"""Spectacular Bid properties over thousands of seeded matches (docs/rules.md section 2).

At every action: all 28 tiles accounted for, the 300 points conserved, no balance
negative, balances moved only by transfer events and each transfer capped by the
payer's balance, a draw only by a player who could not play, a playable drawn
tile played at once, banks never refilled. Every match ends, by points (a
balance at 0) or by time; every record replays to the same match and text.
`make test` runs 1,000 matches each way; `make properties N=2000` (BID_MATCHES) runs N.
"""

import os

import pytest
from core import events as ev
from core.allfives import HAND_OVER, MATCH_OVER
from core.bid import TOTAL
from core.replay import replay
from core.rng import derive
from core.tiles import ALL, count
from players import tactics
from players.autoplay import play_bid_match

MATCHES = int(os.environ.get("BID_MATCHES", "1000"))


def wild(view, rng):
    """Any legal action at random, bids included."""
    return view.legal[rng.below(len(view.legal))]


def careful(view, rng):
    """Tactics' tiles, and a random call in the auction."""
    plays = [a for a in view.legal if a < 240]
    return tactics.choose(view, rng) if plays else wild(view, rng)


def thinking(seed):
    def times(n):
        rng = derive(seed ^ 0x5A5A, n)
        return 30000 if rng.below(10) == 0 else rng.below(12000)

    return times


class Referee:
    def __init__(self):
        self.before = None

    def snapshot(self, game):
        return (
            list(game.scores),
            list(game.hands),
            game.table.playable(),
            game.turn,
            game.must_play,
            list(game.clock.bank),
        )

    def check(self, game, events):
        stock = game.stock[game.drawn : game.stock_size]
        masks = [game.hands[0], game.hands[1], game.table.mask] + [1 << t for t in stock]
        union = 0
        for m in masks:
            assert not union & m
            union |= m
        assert union == ALL and sum(count(m) for m in masks) == 28
        assert sum(game.scores) == TOTAL and min(game.scores) >= 0
        if events[0][0] == ev.DEAL:
            assert [count(h) for h in game.hands] == [7, 7]
            self.before = self.snapshot(game)
            return
        scores, hands, playable, turn, must_play, bank = self.before
        moved = [0, 0]
        for kind, seat, a, b in events:
            if kind == ev.TRANSFER:
                assert 0 <= a <= b and a % 5 == 0
                assert a == b or scores[1 - seat] + moved[1 - seat] - a == 0  # capped
                moved[seat] += a
                moved[1 - seat] -= a
            elif kind == ev.DREW:
                assert not hands[seat] & playable, "drew while able to play"
            elif kind == ev.PLAYED and must_play >= 0:
                assert a == must_play, "a playable drawn tile must be played at once"
            elif kind == ev.DOMINO:
                assert a == 0 and game.hands[seat] == 0
        assert [scores[i] + moved[i] for i in (0, 1)] == game.scores
        assert all(game.clock.bank[i] <= bank[i] for i in (0, 1))
        if game.state == MATCH_OVER:
            last = events[-1]
            assert last[0] == ev.MATCH_OVER and last[1] == game.winner
            by_time = events[0][0] == ev.TIMED_OUT
            assert by_time or game.scores[1 - game.winner] == 0
        elif game.state == HAND_OVER:
            assert events[-1][0] == ev.HAND_OVER
        self.before = self.snapshot(game)


@pytest.mark.parametrize("timed", (False, True))
def test_thousands_of_matches_keep_every_rule(timed):
    endings = {"points": 0, "time": 0}
    for seed in range(MATCHES):
        referee = Referee()
        players = [wild, careful] if seed % 2 else [careful, wild]
        times = thinking(seed) if timed else None
        game, record = play_bid_match(seed, players, ["A", "B"], times, referee.check)
        assert game.state == MATCH_OVER
        if game.scores[1 - game.winner] == 0:
            endings["points"] += 1
        else:
            endings["time"] += 1
            assert timed
        text = record.text()
        again, rewritten = replay(text)
        assert rewritten.text() == text
        assert again.scores == game.scores and again.winner == game.winner
        assert again.clock.bank == game.clock.bank
    assert endings["points"] > 0 and (endings["time"] > 0) == timed
