"""Handheld players: functions `choose(view, rng) -> action` over a seat's view.

A player sees only a `core.view.View`; `rng` is its own seeded generator. Players
are imported by name when needed, so a device holds only the ones in use.
"""

NAMES = ("random", "tactics", "defensive")
_MODULES = {"random": "random_play", "tactics": "tactics", "defensive": "defensive"}


def get(name):
    """The `choose` function of the player called `name`; ValueError if unknown."""
    module = _MODULES.get(name)
    if module is None:
        raise ValueError("unknown player %s (%s)" % (name, ", ".join(NAMES)))
    package = __import__("players." + module)
    return getattr(package, module).choose
