"""Handheld players: functions `choose(view, rng) -> action` over a seat's view.

A player sees only a `core.view.View`; `rng` is its own seeded generator. Players
are imported by name when needed, so a device holds only the ones in use.

The draw-and-block games and Domino Poker each have their own easy, medium and
hard players (Domino 1x1 also its professional, the blocks the arena's sampling
solver, "solver"): name the family (`get("hard", "block")`, `thinker("easy",
"poker")`); without one, a name is an All Fives or Spectacular Bid player.

A frame loop that must keep drawing while a player thinks asks for a thinker
instead: `t = thinker(name)`, then per decision `t.start(view, rng)` and
`t.step()` once per frame until it returns True; `t.action` is the move.
Searching players do a bounded piece of work per step; the others decide at once.
"""

NAMES = ("random", "tactics", "defensive", "expert")  # All Fives' levels
BID_NAMES = ("bid",)  # Spectacular Bid's handheld player
BLOCK_NAMES = ("easy", "medium", "hard")  # the draw-and-block games' levels
DUEL_NAMES = BLOCK_NAMES + ("professional",)  # Domino 1x1's: one more (rated 1600)
BLOCK_ARENA_NAMES = DUEL_NAMES + ("solver",)  # and the arena's sampling solver
POKER_NAMES = BLOCK_NAMES  # Domino Poker's levels have the same names
FAMILIES = ("block", "poker")  # their modules are players/FAMILY_LEVEL.py
_BLOCK_MORE = BLOCK_ARENA_NAMES[len(BLOCK_NAMES) :]  # the blocks' players besides the family's
_MODULES = {
    "random": "random_play",
    "tactics": "tactics",
    "defensive": "defensive",
    "expert": "expert",
    "bid": "bidder",  # Spectacular Bid's player (not an All Fives level)
}


def _module(name, family=None):
    if family is None:
        module = _MODULES.get(name)
    elif family in FAMILIES and name in BLOCK_NAMES or family == "block" and name in _BLOCK_MORE:
        module = family + "_" + name
    else:
        module = None
    if module is None:
        known = NAMES if family is None else BLOCK_NAMES
        raise ValueError("unknown player %s (%s)" % (name, ", ".join(known)))
    package = __import__("players." + module)
    return getattr(package, module)


def get(name, family=None):
    """The `choose` function of the player called `name` (of `family`, "block" or
    "poker", if given); ValueError if unknown."""
    return _module(name, family).choose


class Instant:
    """The thinker of a player that decides at once."""

    def __init__(self, choose):
        self.choose = choose
        self.action = -1

    def start(self, view, rng):
        self.action = self.choose(view, rng)

    def step(self):
        return True


def think(thinker, view, rng):
    """`thinker`'s whole decision at once, its action (a searching player's
    `choose`: autoplay, arena, tests)."""
    thinker.start(view, rng)
    while not thinker.step():
        pass
    return thinker.action


def at_once(make, **keywords):
    """A searching player's `choose(view, rng)`: the whole decision at once by a
    thinker of its own, `make(**keywords)`, made at the first call. A board's
    screens ask for thinkers (below) and never call it, so they never hold that
    one (up to 900 bytes of heap)."""
    made: list = []

    def choose(view, rng):
        if not made:
            made.append(make(**keywords))
        return think(made[0], view, rng)

    return choose


def thinker(name, family=None):
    """A thinker (start, step, action) for the player called `name` (of `family`)."""
    module = _module(name, family)
    if hasattr(module, "Thinker"):
        return module.Thinker()
    return Instant(module.choose)
