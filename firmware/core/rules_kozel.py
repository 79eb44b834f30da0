"""Kozel (RULES.md 3c), a draw-and-block rule set on core.blockbase, imported by
core.blockrules.rules_for; Yard Kozel (core.rules_yard) is built on it.
"""

from micropython import const

from core import events as ev
from core.blockbase import led, lowest_double, Rules

SIX = const(27)
FINISH = const(0x8000001)  # [0|0] and [6|6]


class Kozel(Rules):
    """3c: points are bad; whoever reaches 125 is the goat and loses."""

    NAME = "kozel"
    PLAYERS: tuple = (2, 3, 4)
    PAIRS: tuple = (False, True)
    TARGETS: tuple = (125,)
    pairs = True

    def setup(self, game):
        Rules.setup(self, game)
        game.writing = 0  # seats that have begun to write their counts

    def lead(self, game):
        if game.next_leader >= 0:
            return game.next_leader, -1
        return led(game.hands, lowest_double(game.hands, 1, 5))

    def pair_refused(self, game, seat, w, e):
        if game.hands[seat] != FINISH or w + e != 6 or w * e:
            return "only [0|0] and [6|6], your last two tiles, may be played together"
        return None

    def domino(self, game, seat):
        if game.out_with == FINISH:
            general(game, seat)
            return
        game.next_leader = seat
        self._write(game, seat)

    def fish(self, game):
        c = game.counts()
        w = fish_winner(game, c)
        if w < 0:
            game.carry += sum(c)
            game.events.append((ev.FISH, -1, 0, 0))
            game.events.append((ev.EGGS, -1, game.carry, 0))
            game.next_leader = -1
            return
        game.events.append((ev.FISH, w, 0, 0))
        game.next_leader = w
        self._write(game, w)

    def _write(self, game, winner):
        """Every loser (in pairs, the losing side) writes its count, bonuses and
        eggs included, once one hand has given it the threshold."""
        lead = game.table.played[0]
        bonus = 25 if lead == 0 else 50 if lead == SIX else 0
        bonus += 25 if game.out_with == 1 else 50 if game.out_with == 1 << SIX else 0
        c = game.counts()
        threshold = 25 if game.options.pairs else 13
        won = game.side_mask(winner)
        done = won
        for s in range(game.SEATS):
            if done >> s & 1:
                continue
            side = game.side_mask(s)
            done |= side
            due = bonus + game.carry + sum(c[p] for p in range(game.SEATS) if side >> p & 1)
            written = due if game.writing & side or due >= threshold else 0
            if written:
                game.writing |= side
                game.add(s, written)
            game.events.append((ev.SCORED, s, written, due))
        game.carry = 0
        goats = 0
        for s in range(game.SEATS):
            if game.scores[s] >= game.options.target:
                goats |= 1 << s
                game.events.append((ev.GOAT, s, 1, 0))
        if goats:
            game.end_match(((1 << game.SEATS) - 1) & ~goats)


def fish_winner(game, c):
    """The seat that wins a fish (in pairs, the lower partner of the side with the
    lower total), or -1 for equal lowest counts; ties within a side go to the
    first of them after the player who made the last play."""
    start = game.after(game.last_player)
    if not game.options.pairs:
        w = game.lowest(c, start)
        return -1 if c.count(c[w]) > 1 else w
    a = c[0] + c[2]
    b = c[1] + c[3]
    if a == b:
        return -1
    side = 0 if a < b else 1
    masked = [c[s] if s & 1 == side else 1000 for s in range(4)]
    return game.lowest(masked, start)


def general(game, seat):
    """Out with [0|0] and [6|6] together: the other side loses at once."""
    game.events.append((ev.GENERAL, seat, 0, 0))
    game.end_match(game.side_mask(seat))
