"""Classic (RULES.md 3b), a draw-and-block rule set on core.blockbase, imported by
core.blockrules.rules_for.
"""

from core import events as ev
from core.blockbase import extreme_tile, led, lowest_double, others, Rules, score


class Classic(Rules):
    """3b: 2 to 4 players to 125; doubling up, the closed line, eggs."""

    NAME = "classic"
    PLAYERS: tuple = (2, 3, 4)
    TARGETS: tuple = (125,)
    closes = True
    pairs = True

    def hand_size(self, players):
        return 7 if players == 2 else 5

    def lead(self, game):
        t = lowest_double(game.hands)
        return led(game.hands, t if t >= 0 else extreme_tile(game.hands, False))

    def pair_refused(self, game, seat, w, e):
        return None

    def domino(self, game, seat):
        self._win(game, seat, others(game, seat))

    def fish(self, game):
        c = game.counts()
        low = min(c)
        if c.count(low) > 1:
            game.carry += sum(c)
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.EGGS, -1, game.carry, 0))
            return
        w = c.index(low)
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w, sum(c) - low * game.SEATS)

    def _win(self, game, seat, points):
        points += game.carry
        game.carry = 0
        score(game, seat, points)
