"""Properties of seeded draw-and-block matches, per game and player count (RULES.md 3).

For every action: all 28 tiles are in exactly one place (a hand, the line, the
stock, or laid out by the snot); a seat draws only when it cannot play (or while
drawing for Kozel's first lead) and passes only when it can neither play nor
draw; 1x1's last two stock tiles are never drawn; scores move only with the
events that score them; Yard Kozel's later hands deal 27 tiles to a winner who
took [6|6]. Every match ends, and its record replays to the same match and
writes back to the same text.

`make test` runs MATCHES matches per game and player count;
`make properties N=2000` (BLOCK_MATCHES=2000) runs the full count.
"""

import os

import pytest
from core import events as ev
from core.allfives import HAND_OVER, MATCH_OVER
from core.blockreplay import replay
from core.blockrules import Options
from core.tiles import ALL, count
from players.autoplay import play_line_match

MATCHES = int(os.environ.get("BLOCK_MATCHES", "60"))
SETUPS = (
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
    ("international", "players=4 target=100"),
    ("international", "players=4 pairs=yes target=100"),
)
LEVELS = ("easy", "medium")


class Referee:
    """Checks every batch of events against the state before it."""

    def __init__(self, game_name):
        self.game_name = game_name
        self.before = None

    def snapshot(self, game):
        n = game.SEATS
        return {
            "scores": list(game.scores),
            "hands": list(game.hands),
            "turn": game.turn,
            "drawn": game.drawn,
            "drawable": game.drawable(),
            "stuck": [not game.playable(s) for s in range(n)],
            "drawing_lead": game.drawing_lead,
            "next_leader": game.next_leader,
            "goat": getattr(game, "goat", -1),
        }

    def check(self, game, events):
        stock = 0
        for t in game.stock[game.drawn : game.stock_size]:
            stock |= 1 << t
        places = game.hands + [game.table.mask, stock, game.gone]
        union = 0
        for m in places:
            assert not union & m, "a tile is in two places"
            union |= m
        assert union == ALL and sum(count(m) for m in places) == 28
        assert count(game.table.mask) == game.table.n
        if self.game_name == "1x1":
            assert game.stock_size - game.drawn >= 2  # the locked two stay
        kinds = [e[0] for e in events]
        if kinds[0] == ev.DEAL:
            self.check_deal(game)
        else:
            self.check_action(game, events, kinds)
        self.before = self.snapshot(game)

    def check_deal(self, game):
        size = game.rules.hand_size(game.SEATS)
        assert [count(h) for h in game.hands] == [size] * game.SEATS
        assert game.table.n == 0 and game.gone == 0
        if self.game_name == "yard" and self.before and self.before["next_leader"] >= 0:
            taker = self.before["next_leader"]
            assert game.hands[taker] >> 27 & 1 and game.forced_lead == 27
            assert game.turn == taker
        if self.before is not None:
            assert game.scores == self.before["scores"]

    def check_action(self, game, events, kinds):
        before = self.before
        seat = before["turn"]
        if kinds[0] == ev.DREW:
            assert before["drawing_lead"] or before["stuck"][seat]
            assert before["drawable"] > 0 and game.drawn == before["drawn"] + 1
        elif kinds[0] == ev.PASSED:
            assert before["stuck"][seat] and before["drawable"] == 0
            assert game.hands == before["hands"]
        else:
            assert kinds[0] == ev.PLAYED and not before["stuck"][seat]
        if ev.FISH in kinds:
            closed = ev.TOOK_STOCK in kinds or game.table.closed()
            assert closed or game.drawable() == 0
            assert closed or all(not game.playable(s) for s in range(game.SEATS))
        if ev.DOMINO in kinds:
            assert game.hands[[e[1] for e in events if e[0] == ev.DOMINO][0]] == 0
        if game.state in (HAND_OVER, MATCH_OVER):
            assert ev.DOMINO in kinds or ev.FISH in kinds
        self.check_scores(game, events, before)

    def check_scores(self, game, events, before):
        n = game.SEATS
        if self.game_name == "yard":
            for s in range(n):
                assert game.scores[s] == (1 if game.side_of(s) == game.goat else 0)
            if game.goat != before["goat"]:
                assert any(e[0] == ev.GOAT for e in events)
            return
        gained = [0] * n
        for kind, seat, a, b in events:
            if kind == ev.SCORED:
                assert a >= 0 and (a == b or self.game_name == "kozel")
                for s in range(n):
                    if game.side_mask(seat) >> s & 1:
                        gained[s] += a
        assert [before["scores"][s] + gained[s] for s in range(n)] == game.scores
        if self.game_name != "kozel" and game.state == MATCH_OVER and game.options.target:
            assert max(game.scores) >= game.options.target
            assert game.scores[game.winner] == max(game.scores)


@pytest.mark.parametrize("game_name, options_text", SETUPS)
def test_seeded_matches_keep_every_rule_and_round_trip(game_name, options_text):
    options = Options.parse(game_name, options_text)
    for seed in range(MATCHES):
        referee = Referee(game_name)
        names = [LEVELS[(seed + s) % 2] for s in range(options.players)]
        game, record = play_line_match(game_name, options, seed, names, referee.check)
        assert game.state == MATCH_OVER
        text = record.text()
        again, rewritten = replay(text)
        assert rewritten.text() == text
        assert again.scores == game.scores and again.winners == game.winners
        assert again.hands == game.hands and again.table.played == game.table.played
