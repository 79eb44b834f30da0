"""Print the event streams of seeded Domino Poker matches, one event per line.

    micropython tests/core/poker_stream.py [MATCHES]    (or python3 ...)

The output must be identical on MicroPython and CPython (RULES.md section 7): every
level at the table, some actions late (the handheld acting for the player), and
the record of each match replayed to the same text.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware")
if sys.implementation.name != "micropython":
    sys.path.insert(0, HERE + "/../../sim/shims")

from core import events as ev  # noqa: E402
from core.poker import Options  # noqa: E402
from core.pokerreplay import replay  # noqa: E402
from players.pokermatch import play_match  # noqa: E402

TABLES = (
    ("hard", "medium", "easy", "medium"),
    ("medium", "hard", "hard", "easy"),
    ("easy", "easy", "medium", "hard"),
)


def main():
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    for i in range(matches):
        names = TABLES[i % len(TABLES)]
        length = (5, 7, 10)[i % 3]
        print("match seed=%d hands=%d players=%s" % (i, length, ",".join(names)))

        def show(game, events):
            for e in events:
                print(ev.text(e))

        game, record = play_match(Options(length), i, names, show, lambda n: n % 9 == 4)
        text = record.text()
        again, out = replay(text)
        same = out.text() == text
        print("final %s standings %s round-trip %s" % (game.scores, game.standings(), same))


main()
