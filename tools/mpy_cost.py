"""What the handheld players' decisions cost under MicroPython (used by bench).

    micropython tools/mpy_cost.py FIRMWARE_DIR [MATCHES]

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


def main():
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    ref = min(timed(reference)[1] for _ in range(5))
    print("reference %d" % ref)
    choosers = [get(name) for name in NAMES]
    totals = [[0, 0, 0, 0, 0] for _ in NAMES]  # decisions, us, worst us, bytes, max bytes
    for seed in range(matches):
        game = AllFives(Options(), seed)
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            view = View(game, game.turn)
            rng = Rng(seed * 1000 + len(game.log))
            action = choosers[NAMES.index("defensive")](view, rng)
            if game.turn == 0:
                for i, choose in enumerate(choosers):
                    chosen, us, allocated = timed(choose, view, Rng(rng.state()))
                    if NAMES[i] == "expert":
                        action = chosen
                    row = totals[i]
                    row[0] += 1
                    row[1] += us
                    row[2] = max(row[2], us)
                    row[3] += allocated
                    row[4] = max(row[4], allocated)
            game.apply(action)
    for i, name in enumerate(NAMES):
        n, us, worst, allocated, most = totals[i]
        print(
            "cost %s %d %d %d %d %d"
            % (name, n, us * 1000 // (n * ref), worst * 1000 // ref, allocated // n, most)
        )


if __name__ == "__main__":  # (tools/mpy_poker.py and mpy_saves.py reuse the reference)
    main()
