"""Domino Poker over many seeded matches: the rules' invariants and records that round-trip.

POKER_MATCHES sets how many (300 here; `make properties N=2000` runs 2,000).
"""

import os

from core import events as ev
from core.poker import BID, hand_points, NO_CALL, Options, SEATS, TRICKS, TRUMPS
from core.pokerreplay import replay
from core.tiles import ALL, HIGH, LOW
from players.pokermatch import play_match

MATCHES = int(os.environ.get("POKER_MATCHES", "300"))
TABLES = (
    ("easy", "medium", "easy", "medium"),
    ("medium", "medium", "medium", "medium"),
    ("easy", "easy", "easy", "easy"),
    ("medium", "easy", "medium", "easy"),
)


class Watcher:
    """Checks every batch of events of a match against the rules as it goes."""

    def __init__(self, length, every_action=False):
        self.length = length
        self.every_action = every_action  # also compare legal() with check() everywhere
        self.hands = 0
        self.dealer = SEATS - 1
        self.tricks = 0

    def __call__(self, game, events):
        for kind, seat, a, b in events:
            getattr(self, "on_" + ev.NAMES[kind], lambda *_: None)(game, seat, a, b)
        if self.every_action:
            legal = set(game.legal())
            for action in range(BID + TRICKS + 1):
                assert (game.check(action) is None) == (action in legal), action

    def on_deal(self, game, seat, hand_no, dealer):
        self.hands += 1
        assert hand_no == self.hands and dealer == self.dealer and seat == (dealer + 1) % SEATS
        self.seen = 0
        self.trick = []
        self.tricks = 0
        self.leader = seat
        self.bid_turn = seat

    def on_bid(self, game, seat, n, _b):
        assert seat == self.bid_turn and 0 <= n <= TRICKS
        self.bid_turn = (seat + 1) % SEATS

    def on_played(self, game, seat, t, called):
        assert not self.seen >> t & 1  # every tile once
        self.seen |= 1 << t
        assert seat == (self.leader + len(self.trick)) % SEATS  # the leader, then in turn
        if self.trick or TRUMPS >> t & 1 or LOW[t] == HIGH[t]:
            assert called == NO_CALL
        else:
            assert called in (LOW[t], HIGH[t])  # a lead calls one of its halves
        self.trick.append(t)

    def on_trick(self, game, seat, done, taken):
        assert len(self.trick) == 4  # 4 tiles a trick
        self.tricks += 1
        assert done == self.tricks and game.taken[seat] == taken
        self.trick = []
        self.leader = seat  # the taker leads the next

    def on_scored(self, game, seat, points, taken):
        assert points == hand_points(game.bids[seat], taken)

    def on_hand_over(self, game, seat, hand_no, _b):
        assert self.tricks == TRICKS and self.seen == ALL and sum(game.taken) == TRICKS
        self.dealer = seat

    def on_match_over(self, game, seat, _a, _b):
        assert self.hands == self.length and seat == game.standings()[0]


def every(period, phase):
    """A `late` for play_match: every period-th action comes too late."""
    return lambda n: n % period == phase


def test_seeded_matches_keep_the_rules_and_their_records_round_trip():
    late_actions = 0
    for seed in range(MATCHES):
        length = (5, 7, 10)[seed % 3]
        names = TABLES[seed % len(TABLES)]
        if seed % 25 == 0:
            names = ("hard",) + names[1:]
        watch = Watcher(length, seed % 20 == 1)
        late = every(13, seed % 13)
        game, record = play_match(Options(length), seed, names, watch, late)
        assert watch.hands == length and game.hand_no == length  # every match ends
        assert len(record.actions) == length * (SEATS + SEATS * TRICKS)
        assert sum(game.bid_sums) == sum(a - BID for a in record.actions if a >= BID)
        late_actions += sum(record.late)
        text = record.text()
        again, out = replay(text)
        assert out.text() == text and again.scores == game.scores
        assert again.standings() == game.standings()
    assert late_actions > MATCHES
