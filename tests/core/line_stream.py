"""Print the event streams of seeded draw-and-block matches, one event per line.

    micropython tests/core/line_stream.py [MATCHES]    (or python3 ...)

The output must be identical on MicroPython and CPython (RULES.md section 7):
every game and player count in turn, the three levels mixed.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware")
if sys.implementation.name != "micropython":
    sys.path.insert(0, HERE + "/../../sim/shims")

from core import events as ev  # noqa: E402
from core.blockrules import Options  # noqa: E402
from players.autoplay import play_line_match  # noqa: E402

SETUPS = (
    ("1x1", ""),
    ("classic", "players=3"),
    ("kozel", "players=2"),
    ("kozel", "players=4 pairs=yes"),
    ("yard", "players=4 pairs=yes"),
    ("yard", "players=2"),
    ("international", "players=4 pairs=yes target=50"),
    ("classic", "players=4"),
)
LEVELS = ("hard", "medium", "easy")


def main():
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    for i in range(matches):
        game_name, options_text = SETUPS[i % len(SETUPS)]
        options = Options.parse(game_name, options_text)
        names = [LEVELS[(i + s) % 3] for s in range(options.players)]
        print("match %s seed=%d %s players=%s" % (game_name, i, options_text, ",".join(names)))

        def show(game, events):
            for e in events:
                print(ev.text(e))

        game, _ = play_line_match(game_name, options, i, names, show)
        print("final %s winners %d" % (" ".join(str(s) for s in game.scores), game.winners))


main()
