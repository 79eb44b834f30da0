"""What each module of the scripted device matches takes of the heap on the 32-bit
unix port (printed, never asserted): `python tools/bench/heap_modules.py [--mpy]
[--frames N] [--heap BYTES] [GAME ...]`.

Each match of tools/bench/bench.py's DEVICE_MATCHES (or only the GAMEs named) runs
once under the binary that `bench.py unix32` bisects, the game frozen in (with
--mpy: from .mpy files), in a heap of BYTES (70,000 by default: Kozel in pairs
needs more than 60,000; below gfx.text.ROOMY, as in the bisection, so the text
cache takes its small size),
through its first N frames (by default the match's own most) under
mpy_device_modules.py. Prints, module by module, largest first, the heap that
each module's own first import added (what it imported is counted apart), for the
modules still held when the match stops (a column a game, `-` where the game does
not hold it), their sum, and the heap in use at the deal and at most (the
harness's heap_base and heap_peak).
"""

import argparse
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench

SCRIPT = "tools/bench/mpy_device_modules.py"


def held_modules(binary, source, game, opponent, frames, heap):
    """{module: bytes} of the modules held at the end, and the harness's figures."""
    with tempfile.TemporaryDirectory() as scratch:
        command = [str(binary), "-X", "heapsize=%d" % heap, SCRIPT]
        command += bench.device_args(source, scratch, game, opponent, frames)
        run = subprocess.run(command, cwd=bench.ROOT, capture_output=True, text=True,
                             timeout=600)
    if run.returncode != 0:
        raise RuntimeError("%s failed: %s" % (game, run.stdout[-500:] + run.stderr[-1500:]))
    held, values = {}, {}
    for line in run.stdout.splitlines():
        words = line.split()
        if words and words[0] == "module" and words[3] == "1":
            held[words[1]] = int(words[2])
        elif len(words) == 2 and words[1].isdigit():
            values[words[0]] = int(words[1])
    return held, values


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="device matches (default: all)")
    parser.add_argument("--mpy", action="store_true", help="from .mpy files, not frozen")
    parser.add_argument("--frames", type=int, default=0, help="frames at most a match")
    parser.add_argument("--heap", type=int, default=70000, help="the heap's size, bytes")
    args = parser.parse_args()
    frozen, plain, tree = bench.unix32_binaries()
    binary, source = (plain, str(tree)) if args.mpy else (frozen, "frozen")
    matches = bench.chosen(args.games, args.frames)
    columns, figures = [], []
    for game, opponent, most in matches:
        held, values = held_modules(binary, source, game, opponent, most, args.heap)
        columns.append(held)
        figures.append(values)
    games = [m[0] for m in matches]
    names = {name for held in columns for name in held if not name.startswith("mpy_")}
    print("%-26s" % ("heap, bytes (%s)" % ("from .mpy" if args.mpy else "frozen"))
          + "".join("%10s" % g for g in games))
    for name in sorted(names, key=lambda n: (-max(h.get(n, 0) for h in columns), n)):
        print("%-26s" % name + "".join("%10s" % held.get(name, "-") for held in columns))
    print("%-26s" % "modules held" + "".join(
        "%10d" % sum(held.get(n, 0) for n in names) for held in columns))
    for key in ("heap_base", "heap_peak"):
        print("%-26s" % key + "".join("%10s" % values.get(key, "-") for values in figures))


if __name__ == "__main__":
    main()
