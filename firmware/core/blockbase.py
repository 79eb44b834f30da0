"""What the five games of the draw-and-block family (core.blockrules) share: the
base rule set, which each game's module overrides where it differs, and the
helpers their leads and scores are made of.

A rule set is called by the engine with the game (`LineGame`) and works through
its public helpers: `add`, `end_match`, `lowest`, `counts`, `side_mask`.
"""

from core import events as ev
from core.tiles import DOUBLES, HIGH, LOW


def lowest_double(hands, low=0, high=6):
    """The lowest double from [low|low] to [high|high] in any hand, or -1."""
    held = 0
    for h in hands:
        held |= h
    for n in range(low, high + 1):
        if held >> DOUBLES[n] & 1:
            return DOUBLES[n]
    return -1


def highest_double(hands):
    held = 0
    for h in hands:
        held |= h
    for n in range(6, -1, -1):
        if held >> DOUBLES[n] & 1:
            return DOUBLES[n]
    return -1


def extreme_tile(hands, heaviest):
    """The lightest tile held (ties to the smaller lower half) or the heaviest
    (ties to the larger half)."""
    best = -1
    for h in hands:
        t = 0
        while h >> t:
            if h >> t & 1 and (best < 0 or _beats(t, best, heaviest)):
                best = t
            t += 1
    return best


def _beats(t, best, heaviest):
    w = LOW[t] + HIGH[t]
    wb = LOW[best] + HIGH[best]
    if heaviest:
        return w > wb or (w == wb and HIGH[t] > HIGH[best])
    return w < wb or (w == wb and LOW[t] < LOW[best])


def _holder(hands, t):
    for s in range(len(hands)):
        if hands[s] >> t & 1:
            return s
    return -1


def led(hands, t):
    """(the holder of t, t): that tile must lead; (-1, -1) when nobody holds it."""
    return (_holder(hands, t), t) if t >= 0 else (-1, -1)


def others(game, seat):
    """The sum of the counts of the hands not on `seat`'s side."""
    side = game.side_mask(seat)
    counts = game.counts()
    return sum(counts[s] for s in range(game.SEATS) if not side >> s & 1)


def score(game, seat, points):
    game.add(seat, points)
    game.events.append((ev.SCORED, seat, points, points))
    if game.options.target and game.scores[seat] >= game.options.target:
        game.end_match(game.side_mask(seat))


class Rules:
    """What the five games share; each game overrides what it changes."""

    NAME = ""
    PLAYERS: tuple = (2,)  # the player counts allowed, the default first
    PAIRS: tuple = (False,)  # whether 4 players play in pairs (the default first)
    TARGETS: tuple = (-1,)  # match targets (0: one hand); -1: the game has none
    keep = 0  # stock tiles that are never drawn
    closes = False  # Classic's closed line ends the hand
    pairs = False  # two doubles may at times be played together (`pair_refused` says when)

    def setup(self, game):
        game.carry = 0  # points carried by eggs or a pool to the next decided hand

    def hand_size(self, players):
        return 7

    def taker(self, game):
        """Who takes [6|6] before the deal (Yard Kozel), or -1."""
        return -1

    def lead(self, game):
        """(the seat that leads, the tile it must lead or -1 for any); (-1, -1)
        when the players must draw for a double (Kozel)."""
        return game.next_leader, -1

    def pair_refused(self, game, seat, w, e):
        """Why [w|w] and [e|e] may not be played together now, or None."""
        return "one tile at a time"

    def after_lead(self, game, seat):
        pass

    def domino(self, game, seat):
        pass

    def fish(self, game):
        pass
