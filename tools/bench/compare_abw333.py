"""Our engine against abw333/dominoes on the same play-outs, side by side in one
CPython process.

    python tools/bench/compare_abw333.py [--hands N] [--rounds R]

abw333/dominoes (https://github.com/abw333/dominoes, MIT) is a Python library
with an object per domino, for the 4-player partnership game with 7 tiles each
and no stock. It is never a requirement of the project: this installs the
release below from PyPI into build/abw333/ (pip --target, once) and imports it
from there.

Both play random legal play-outs of one hand of that game, a fresh deal each:
theirs `Game.new()`, then `make_move(*random.choice(game.valid_moves))` until
the game has a result (their passes are made inside `make_move`); ours
International in pairs for one hand, tools/bench/mpy_playout.py's play-outs two
ways: through the engine (`legal`, a pick by core.rng, `apply_legal`; our
passes are actions), and the players' way (players.block_deal's `play_out` on
masks, the same deals, the lead the rules name). R rounds (7) of N hands
(1,500) each, the three interleaved, the best round of each in hands per CPU
second; prints the rates and their ratios to theirs.
"""

import argparse
import pathlib
import random
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # (firmware/ and the rooms of tools/ on sys.path)

ROOT = paths.ROOT
import mpy_playout  # noqa: E402  (it imports the engines: firmware/ must be on sys.path)

RELEASE = "dominoes==6.1.0"
TARGET = ROOT / "build" / "abw333"
GAME = "international"  # mpy_playout's setting: 4 players in pairs, one hand, no stock


def theirs():
    """abw333/dominoes, installed into build/abw333/ if it is not there yet."""
    if not (TARGET / "dominoes").is_dir():
        print("installing %s into %s" % (RELEASE, TARGET.relative_to(ROOT)), file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target",
                        str(TARGET), RELEASE], check=True)
    sys.path.insert(0, str(TARGET))
    import dominoes

    return dominoes


def their_play_outs(dominoes, hands):
    for _ in range(hands):
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*random.choice(game.valid_moves))


def best_rates(dominoes, hands, rounds):
    """(their hands per CPU second, ours through the engine, ours the players'
    way), each the best of `rounds` rounds."""
    maker = mpy_playout.Maker(GAME)
    dealer = mpy_playout.Dealer(GAME)
    random.seed(1)
    best = [0.0, 0.0, 0.0]
    for r in range(rounds):
        for side, play in enumerate((lambda: their_play_outs(dominoes, hands),
                                     lambda: mpy_playout.play_out(maker, hands),
                                     lambda: mpy_playout.players_play_out(dealer, hands))):
            start = time.process_time()
            play()
            best[side] = max(best[side], hands / (time.process_time() - start))
        print("round %d of %d: abw333 %d, ours %d (engine), %d (players) hands/s"
              % ((r + 1, rounds) + tuple(best)), file=sys.stderr, flush=True)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    dominoes = theirs()
    abw, engine, players = best_rates(dominoes, args.hands, args.rounds)
    print("random legal play-outs of one 4-player partnership hand (7 tiles each, no stock),")
    print("hands per CPU second, best of %d rounds of %d hands, CPython %s:"
          % (args.rounds, args.hands, sys.version.split()[0]))
    print("%-50s %8d" % ("abw333/dominoes " + RELEASE.split("==")[1], abw))
    print("%-50s %8d %6.2fx" % ("ours, the engine (legal, apply_legal)", engine, engine / abw))
    print("%-50s %8d %6.2fx" % ("ours, the players' way (block_deal.play_out)", players,
                                players / abw))


if __name__ == "__main__":
    main()
