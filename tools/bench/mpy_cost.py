"""What the handheld players' decisions cost under MicroPython (used by bench).

    micropython tools/bench/mpy_cost.py FIRMWARE_DIR [MATCHES]

Plays seeded matches of expert against defensive; at every decision of the
expert's seat, every level decides the same view, timed and with the heap it
allocates (gc.mem_alloc before and after, no collection in between). Times are
given relative to a fixed reference workload timed in the same run, so that a
board's figure follows from timing the reference there. Prints

    reference US
    cost NAME DECISIONS MEAN_PER_MILLE WORST_PER_MILLE MEAN_BYTES MAX_BYTES

where PER_MILLE is the decision time in thousandths of the reference's time.
"""

import gc
import sys
import time

sys.path.insert(0, sys.argv[1])

from core.allfives import AllFives, HAND_OVER, MATCH_OVER, Options  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.view import View  # noqa: E402
from players import get, NAMES  # noqa: E402


def reference():
    """The fixed workload: 20,000 rounds of small-int arithmetic and bytearray writes."""
    buf = bytearray(256)
    x = 1
    for i in range(20000):
        x = (x * 75 + 74) % 65537
        buf[i & 255] = x & 255
    return x


def timed(func, *args):
    """(result, microseconds, bytes allocated) of one call."""
    gc.collect()
    before = gc.mem_alloc()
    start = time.ticks_us()
    result = func(*args)
    us = time.ticks_diff(time.ticks_us(), start)
    return result, us, gc.mem_alloc() - before


class Costs:
    """What each level's decision of the same views costs: decisions, time (mean
    and worst) and bytes allocated (mean and most)."""

    def __init__(self, names, choosers):
        self.names = names
        self.choosers = choosers
        self.totals = [[0, 0, 0, 0, 0] for _ in names]  # decisions, us, worst us, bytes, max

    def decide(self, view, rng, name):
        """Every level decides `view` (each with its own copy of `rng`), timed;
        returns the action of the level called `name`."""
        action = -1
        for i, choose in enumerate(self.choosers):
            chosen, us, allocated = timed(choose, view, Rng(rng.state()))
            if self.names[i] == name:
                action = chosen
            row = self.totals[i]
            row[0] += 1
            row[1] += us
            row[2] = max(row[2], us)
            row[3] += allocated
            row[4] = max(row[4], allocated)
        return action

    def report(self, ref):
        """Print "cost NAME DECISIONS MEAN_PER_MILLE WORST_PER_MILLE MEAN_BYTES MAX_BYTES"."""
        for i, name in enumerate(self.names):
            n, us, worst, allocated, most = self.totals[i]
            print(
                "cost %s %d %d %d %d %d"
                % (name, n, us * 1000 // (n * ref), worst * 1000 // ref, allocated // n, most)
            )


def main():
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    ref = min(timed(reference)[1] for _ in range(5))
    print("reference %d" % ref)
    costs = Costs(NAMES, [get(name) for name in NAMES])
    defensive = get("defensive")
    for seed in range(matches):
        game = AllFives(Options(), seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            view = View(game, game.turn)
            rng = Rng(seed * 1000 + len(game.log))
            action = defensive(view, rng)
            if game.turn == 0:
                action = costs.decide(view, rng, "expert")
            game.apply(action)
    costs.report(ref)


if __name__ == "__main__":  # (tools/bench/mpy_poker.py and mpy_saves.py reuse the reference)
    main()
