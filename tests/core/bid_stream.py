"""Print the event streams of seeded Spectacular Bid matches, one event per line.

    micropython tests/core/bid_stream.py [MATCHES]    (or python3 ...)

The output must be identical on MicroPython and CPython (docs/rules.md section 7): the
handheld bid player against its declining self, and random callers with seeded
decision times that make clocks run out.
"""

import sys

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
sys.path.insert(0, HERE + "/../../firmware")
if sys.implementation.name != "micropython":
    sys.path.insert(0, HERE + "/../../sim/shims")

from core import events as ev  # noqa: E402
from core.rng import derive  # noqa: E402
from players import bidder  # noqa: E402
from players.autoplay import play_bid_match  # noqa: E402


def wild(view, rng):
    return view.legal[rng.below(len(view.legal))]


def thinking(seed):
    def times(n):
        rng = derive(seed, n)
        return 25000 if rng.below(12) == 0 else rng.below(9000)

    return times


def main():
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    for i in range(matches):
        if i % 2:
            players, names, times = [wild, wild], "wild,wild", thinking(i)
        else:
            players, names, times = [bidder.choose, bidder.declining], "bid,declining", None
        print("match seed=%d players=%s" % (i, names))

        def show(game, events):
            for e in events:
                print(ev.text(e))

        game, _ = play_bid_match(i, players, names.split(","), times, show)
        print("final %d %d banks %d %d" % tuple(game.scores + game.clock.bank))


main()
