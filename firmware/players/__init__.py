"""Handheld players: functions `choose(view, rng) -> action` over a seat's view.

A player sees only a `core.view.View`; `rng` is its own seeded generator. Players
are imported by name when needed, so a device holds only the ones in use.

A frame loop that must keep drawing while a player thinks asks for a thinker
instead: `t = thinker(name)`, then per decision `t.start(view, rng)` and
`t.step()` once per frame until it returns True; `t.action` is the move.
Searching players do a bounded piece of work per step; the others decide at once.
"""

NAMES = ("random", "tactics", "defensive", "expert")  # All Fives' levels
BID_NAMES = ("bid",)  # Spectacular Bid's handheld player
POKER_NAMES = ("easy", "medium", "hard")  # Domino Poker's levels
_MODULES = {
    "random": "random_play",
    "tactics": "tactics",
    "defensive": "defensive",
    "expert": "expert",
    "bid": "bidder",  # Spectacular Bid's player (not an All Fives level)
    "easy": "poker_easy",  # Domino Poker's levels
    "medium": "poker_medium",
    "hard": "poker_hard",
}


def _module(name):
    module = _MODULES.get(name)
    if module is None:
        raise ValueError("unknown player %s (%s)" % (name, ", ".join(NAMES)))
    package = __import__("players." + module)
    return getattr(package, module)


def get(name):
    """The `choose` function of the player called `name`; ValueError if unknown."""
    return _module(name).choose


class Instant:
    """The thinker of a player that decides at once."""

    def __init__(self, choose):
        self.choose = choose
        self.action = -1

    def start(self, view, rng):
        self.action = self.choose(view, rng)

    def step(self):
        return True


def thinker(name):
    """A thinker (start, step, action) for the player called `name`."""
    module = _module(name)
    if hasattr(module, "Thinker"):
        return module.Thinker()
    return Instant(module.choose)
