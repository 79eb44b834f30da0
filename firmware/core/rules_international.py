"""International (RULES.md 3e), a draw-and-block rule set on core.blockbase, imported by
core.blockrules.rules_for.
"""

from core import events as ev
from core.blockbase import extreme_tile, highest_double, led, others, Rules, score


class International(Rules):
    """3e: the highest double leads; the winner scores the others' counts."""

    NAME = "international"
    PLAYERS: tuple = (2, 3, 4)
    PAIRS: tuple = (False, True)
    TARGETS = (0, 50, 100)

    def lead(self, game):
        t = highest_double(game.hands)
        return led(game.hands, t if t >= 0 else extreme_tile(game.hands, True))

    def domino(self, game, seat):
        self._win(game, seat)

    def fish(self, game):
        w = game.lowest(game.counts(), game.leader)
        game.events.append((ev.FISH, w, 0, 0))
        self._win(game, w)

    def _win(self, game, seat):
        score(game, seat, others(game, seat))
        if not game.options.target:
            game.end_match(game.side_mask(seat))
