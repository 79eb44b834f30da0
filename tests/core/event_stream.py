"""Print the event streams of seeded handheld matches, one event per line.

    micropython tests/core/event_stream.py [MATCHES]    (or python3 ...)

The output must be identical on MicroPython and CPython (docs/rules.md section 7).
With FIRMWARE set in the environment of CPython, or as a second argument, the
firmware is imported from that folder instead (for compiled .mpy files).
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
firmware = sys.argv[2] if len(sys.argv) > 2 else HERE + "/../../firmware"
sys.path.insert(0, firmware)
if sys.implementation.name != "micropython":
    sys.path.insert(0, HERE + "/../../sim/shims")

from core import events as ev  # noqa: E402
from core.allfives import Options  # noqa: E402
from players.autoplay import play_match  # noqa: E402

OPTIONS = ("", "draw=stuck keep=2", "lead=double target=61", "target=250 draw=stuck")
PAIRS = (
    ("random", "tactics"),
    ("tactics", "defensive"),
    ("defensive", "random"),
    ("expert", "defensive"),
)


def main():
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    for i in range(matches):
        options = OPTIONS[i % len(OPTIONS)]
        names = PAIRS[i % len(PAIRS)]
        print("match seed=%d options=%s players=%s" % (i, options, ",".join(names)))

        def show(game, events):
            for e in events:
                print(ev.text(e))

        game, _ = play_match(Options.parse(options), i, names, show)
        print("final %d %d" % (game.scores[0], game.scores[1]))


main()
