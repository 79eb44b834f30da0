"""One seeded handheld draw-and-block match, for MicroPython (used by bench).

    micropython tools/bench/mpy_line_match.py FIRMWARE_DIR GAME OPTIONS SEED PLAYER1 PLAYER2 ...

OPTIONS as a record writes them ("players=4 pairs=no target=125"). Prints
"final S1 S2 ..." when the match is over; a MemoryError ends it with a traceback.
"""

import sys

sys.path.insert(0, sys.argv[1])

from core.blockrules import Options  # noqa: E402
from players.autoplay import play_line_match  # noqa: E402

game_name = sys.argv[2]
options = Options.parse(game_name, sys.argv[3])
game, _ = play_line_match(game_name, options, int(sys.argv[4]), sys.argv[5:])
print("final " + " ".join(str(s) for s in game.scores))
