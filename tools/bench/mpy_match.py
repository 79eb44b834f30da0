"""One seeded handheld-vs-handheld All Fives match, for MicroPython (used by bench).

    micropython tools/bench/mpy_match.py FIRMWARE_DIR SEED PLAYER1 PLAYER2

Prints "final S1 S2" when the match is over; a MemoryError ends it with a traceback.
"""

import sys

sys.path.insert(0, sys.argv[1])

from core.allfives import Options  # noqa: E402
from players.autoplay import play_match  # noqa: E402

game, _ = play_match(Options(), int(sys.argv[2]), (sys.argv[3], sys.argv[4]))
print("final %d %d" % (game.scores[0], game.scores[1]))
