"""1x1 (RULES.md 3a), a draw-and-block rule set on core.blockbase, imported by
core.blockrules.rules_for.
"""

from core import events as ev
from core.blockbase import extreme_tile, highest_double, led, Rules, score


class OneByOne(Rules):
    """3a: a duel to 101; the stock's last two are locked; drawn hands fill a pool."""

    NAME = "1x1"
    TARGETS = (101,)
    keep = 2

    def lead(self, game):
        if game.hand_no > 1:
            return game.next_leader, -1
        t = highest_double(game.hands)
        return led(game.hands, t if t >= 0 else extreme_tile(game.hands, False))

    def domino(self, game, seat):
        self._win(game, seat, game.counts()[1 - seat])

    def fish(self, game):
        c = game.counts()
        if c[0] == c[1]:
            game.carry += c[0]
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.POOL, -1, game.carry, 0))
            game.next_leader = 1 - game.leader
            return
        w = 0 if c[0] < c[1] else 1
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w, c[1 - w])

    def _win(self, game, seat, points):
        if game.carry:
            game.events.append((ev.POOL, seat, game.carry, 0))
            points += game.carry
            game.carry = 0
        game.next_leader = seat
        score(game, seat, points)
