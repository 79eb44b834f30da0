"""Domino Poker under MicroPython, for the bench: a whole match, or what decisions cost.

    micropython tools/bench/mpy_poker.py FIRMWARE_DIR match SEED LEVEL1 LEVEL2 LEVEL3 LEVEL4
    micropython tools/bench/mpy_poker.py FIRMWARE_DIR cost MATCHES

`match` plays one seeded match between the four levels and prints "final S1 S2 S3
S4" (run by bisection on -X heapsize: a MemoryError ends it with a traceback).
`cost` plays seeded matches of hard against three medium players; at every
decision of seat 1 each level decides the same view, timed, with the heap it
allocates, and prints, as tools/bench/mpy_cost.py does (the same reference workload),

    reference US
    cost NAME DECISIONS MEAN_PER_MILLE WORST_PER_MILLE MEAN_BYTES MAX_BYTES
"""

import sys

sys.path.insert(0, sys.argv[1])

from core.poker import HAND_OVER, MATCH_OVER, Options, Poker  # noqa: E402
from core.pokerview import PokerView  # noqa: E402
from core.rng import Rng  # noqa: E402
from mpy_cost import Costs, reference, timed  # noqa: E402
from players import get, POKER_NAMES  # noqa: E402
from players.pokermatch import play_match  # noqa: E402


def match(seed, names):
    game, _ = play_match(Options(), seed, names)
    print("final %d %d %d %d" % tuple(game.scores))


def cost(matches):
    ref = min(timed(reference)[1] for _ in range(5))
    print("reference %d" % ref)
    costs = Costs(POKER_NAMES, [get(name, "poker") for name in POKER_NAMES])
    medium = get("medium", "poker")
    for seed in range(matches):
        game = Poker(Options(), seed)
        n = 0
        while game.state != MATCH_OVER:
            if game.state == HAND_OVER:
                game.start_hand()
                continue
            view = PokerView(game, game.turn)
            rng = Rng(seed * 1000 + n)
            action = medium(view, rng)
            if game.turn == 0:
                action = costs.decide(view, rng, "hard")
            game.apply(action)
            n += 1
    costs.report(ref)


if sys.argv[2] == "match":
    match(int(sys.argv[3]), sys.argv[4:8])
else:
    cost(int(sys.argv[3]))
