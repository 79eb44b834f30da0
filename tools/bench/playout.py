"""How fast the engines play out hands, on CPython and under MicroPython:
`make bench-playout` (and part of `make bench`).

    python tools/bench/playout.py [--hands N] [--rounds R] [GAME ...]

Times tools/bench/mpy_playout.py's random legal play-outs of every game (or the
GAMEs named) in this process and under the MicroPython unix port of .venv, the
engines and players.block_deal compiled to .mpy: R rounds (11) of the same N
hands (500) each, the best round's rate in hands per CPU second. Prints a row
per game as it goes and merges into build/bench.json (its other keys kept), per
game:

    playout.GAME.cpython, playout.GAME.micropython    hands per CPU second
    playout.GAME.actions_per_hand                      the same on both
    playout.GAME.micropython_heap_bytes_per_hand       allocated per hand

and for the draw-and-block games the players' play-outs (players.block_deal's
`play_out` on masks, the same deals, rounds 4 times as long):

    playout.GAME.players_cpython, playout.GAME.players_micropython
    playout.GAME.players_micropython_heap_bytes_per_hand
"""

import argparse
import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # (firmware/ and the rooms of tools/ on sys.path)
from unix_port import compile_mpy, FIRMWARE, tool

ROOT = paths.ROOT
import mpy_playout  # noqa: E402  (it imports the engines: firmware/ must be on sys.path)

BUILD = ROOT / "build"
HANDS = 500
ROUNDS = 11


def micropython_lines(games, hands, rounds, out=BUILD / "bench-playout-mpy"):
    """Run mpy_playout.py under MicroPython on the engines compiled to .mpy in
    `out`, yielding its `playout ...` and `players ...` lines as they come,
    split into words."""
    sources = sorted((FIRMWARE / "core").glob("*.py"))
    sources += [FIRMWARE / "players" / "__init__.py", FIRMWARE / "players" / "block_deal.py"]
    mpy = compile_mpy(sources, out)
    command = [tool("micropython"), "tools/bench/mpy_playout.py", str(mpy), str(hands),
               str(rounds)] + list(games)
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True) as run:
        for line in run.stdout:
            yield line.split()
    if run.returncode:
        raise RuntimeError("mpy_playout.py failed under MicroPython (status %d)" % run.returncode)


def measure(results, games=(), hands=HANDS, rounds=ROUNDS):
    """Time every game's play-outs on both interpreters into results["playout"]."""
    games = list(games) or list(mpy_playout.GAMES)
    found = results.setdefault("playout", {})
    print()
    print("play-outs, hands per CPU second (best of %d rounds of %d hands)" % (rounds, hands))
    print("%-14s %9s %12s %9s %12s  %s" % ("game", "CPython", "MicroPython", "actions",
                                           "heap B/hand", "each hand"))
    cpython = {}
    players = {}
    for game in games:
        cpython[game] = mpy_playout.rate(game, hands, rounds)
        print("playout: %s on CPython, %d hands/s" % (game, cpython[game][0]),
              file=sys.stderr, flush=True)
        if game in mpy_playout.LINE_OPTIONS:
            players[game] = mpy_playout.players_rate(game, mpy_playout.PLAYERS_ROUND * hands,
                                                     rounds)
            print("playout: %s the players' way on CPython, %d hands/s" % (game, players[game][0]),
                  file=sys.stderr, flush=True)
    for line in micropython_lines(games, hands, rounds):
        if line[0] == "players":
            _, game, per_second, out, heap = line
            rate, ended = players[game]
            if ended != int(out):
                raise RuntimeError("%s: %d hands out of %d ended with a seat out on CPython, %s "
                                   "under MicroPython" % (game, ended,
                                                          mpy_playout.PLAYERS_ROUND * hands, out))
            found[game].update(players_cpython=int(rate),
                               players_micropython=int(per_second),
                               players_micropython_heap_bytes_per_hand=int(heap))
            print("%-14s %9d %12d %9s %12d  the players' play-outs (block_deal.play_out)"
                  % ("", rate, int(per_second), "", int(heap)), flush=True)
            continue
        _, game, per_second, actions, heap = line
        rate, made = cpython[game]
        if "%.2f" % made != actions:
            raise RuntimeError("%s: %.2f actions a hand on CPython, %s under MicroPython"
                               % (game, made, actions))
        found[game] = {"cpython": int(rate), "micropython": int(per_second),
                       "actions_per_hand": float(actions),
                       "micropython_heap_bytes_per_hand": int(heap)}
        print("%-14s %9d %12d %9s %12d  %s" % (game, rate, int(per_second), actions, int(heap),
                                               mpy_playout.SETTINGS[game]), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("games", nargs="*", metavar="GAME", help=" ".join(mpy_playout.GAMES))
    args = parser.parse_args()
    unknown = [game for game in args.games if game not in mpy_playout.GAMES]
    if unknown:
        parser.error("no such game: %s" % " ".join(unknown))
    path = BUILD / "bench.json"
    results = json.loads(path.read_text()) if path.is_file() else {}
    measure(results, args.games, args.hands, args.rounds)
    BUILD.mkdir(exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n")
    print("written build/bench.json")


if __name__ == "__main__":
    main()
