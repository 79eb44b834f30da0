"""The easy level: any playable tile on any end it fits, chosen at random.

It draws or passes only when it cannot play (drawing at random while holding a
playable tile would only make it weaker in a dull way).
"""

from core.actions import DRAW


def choose(view, rng):
    legal = view.legal
    plays = 0
    for a in legal:
        if a < DRAW:
            plays += 1
    if not plays:
        return legal[0]
    return legal[rng.below(plays)]  # the engine lists plays before draw and pass
