"""Yard Kozel (RULES.md 3d), a draw-and-block rule set built on Kozel's
(core.rules_kozel, on core.blockbase), imported by core.blockrules.rules_for.
"""

from core import events as ev
from core.rules_kozel import FINISH, fish_winner, general, Kozel, SIX
from core.tiles import DOUBLES


class Yard(Kozel):
    """3d: no running score; a side on the goat that loses again loses the match."""

    NAME = "yard"
    PLAYERS = (4, 2)
    PAIRS = (True,)
    TARGETS = (-1,)

    def setup(self, game):
        Kozel.setup(self, game)
        game.goat = -1  # the side on the goat (its first seat), or -1

    def taker(self, game):
        return game.next_leader

    def lead(self, game):
        if game.next_leader >= 0:
            return game.next_leader, SIX  # the winner took it before the deal
        return Kozel.lead(self, game)

    def after_lead(self, game, seat):
        # The snot: after [6|6] leads, the leader then their partner lay down
        # [0|0], [1|1], ... while one of them holds the next double.
        if game.table.played[0] != SIX:
            return
        partner = seat ^ 2 if game.options.pairs else seat
        for n in range(6):
            d = DOUBLES[n]
            if game.hands[seat] >> d & 1:
                game.lay_out(seat, d)
            elif game.hands[partner] >> d & 1:
                game.lay_out(partner, d)
            else:
                break

    def domino(self, game, seat):
        if game.out_with == FINISH:
            general(game, seat)
        elif game.out_with == 1:
            game.events.append((ev.OFFICER, seat, 0, 0))
            game.end_match(game.side_mask(seat))
        else:
            self._decided(game, seat, True)

    def fish(self, game):
        w = fish_winner(game, game.counts())
        game.events.append((ev.FISH, w, 0, 0))
        if w < 0:
            game.next_leader = -1
        else:
            self._decided(game, w, False)

    def _decided(self, game, winner, by_domino):
        won = winner & 1 if game.options.pairs else winner
        lost = won ^ 1 if game.options.pairs else 1 - winner
        game.next_leader = winner
        if game.goat == lost:
            game.end_match(game.side_mask(winner))
        elif game.goat == won:
            game.events.append((ev.GOAT, won, 0, 0))
            game.goat = -1
            if by_domino:
                self._test(game, lost)
            else:
                self._goat(game, lost)
        else:
            self._test(game, lost)
        for s in range(game.SEATS):
            game.scores[s] = 1 if game.side_of(s) == game.goat else 0

    def _test(self, game, side):
        c = game.counts()
        seats = game.side_mask(side)
        total = sum(c[s] for s in range(game.SEATS) if seats >> s & 1)
        if total >= (25 if game.options.pairs else 13):
            self._goat(game, side)

    def _goat(self, game, side):
        game.goat = side
        game.events.append((ev.GOAT, side, 1, 0))
