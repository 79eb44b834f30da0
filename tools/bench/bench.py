"""Benchmarks that print figures (never pass/fail): `make bench`.

Prints a table and writes build/bench.json (`bench.py unix32`, `make bench-heap`:
only the 32-bit port's smallest heaps, into the file already there). Measured now:
- the smallest MicroPython heap (`micropython -X heapsize=`, found by bisection)
  in which one full seeded handheld-vs-handheld All Fives match of the core
  runs, importing .mpy files compiled with mpy-cross; and the same for a
  4-player Kozel match of the draw-and-block engine (tools/bench/mpy_line_match.py);
- what one decision of each handheld level costs under the MicroPython unix
  port (tools/bench/mpy_cost.py, from .mpy files): its time as a ratio to a fixed
  reference workload timed in the same run (so a board's time is the ratio
  times the reference's time there), and the heap it allocates;
- Domino Poker: the smallest heap of seeded matches of the core from .mpy
  (poker_match_heap_mpy) and what each poker level's decision costs
  (poker_decision_cost_mpy, tools/bench/mpy_poker.py, the same reference workload);
- how fast every engine plays out hands at random, on CPython and under the
  unix port (tools/bench/playout.py, `playout.*` keys);
- the whole game through its screens (tools/bench/mpy_bench.py and the programs beside
  it): the smallest heap of a demo match from .mpy files and from the ROMFS image,
  allocations and panel traffic per frame, and what each module held during the
  match takes of the heap, with the qstr pool and the objects made since.
"""

import json
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # (firmware/ and the rooms of tools/ on sys.path)
import playout
from players import BLOCK_NAMES, DUEL_NAMES
from unix_port import compile_mpy, figures, FIRMWARE, tool

import build

ROOT = paths.ROOT
BUILD = ROOT / "build"
MATCHES = (
    (1, "defensive", "tactics"),
    (2, "tactics", "random"),
    (3, "defensive", "defensive"),
    (4, "expert", "defensive"),
    (5, "expert", "expert"),
)
# Draw-and-block matches whose heap is measured: game, options, seed, players.
LINE_MATCHES = (("kozel", "players=4 pairs=no target=125", 1, ("hard", "medium", "hard", "easy")),)
COST_MATCHES = 4  # matches of expert against defensive whose decisions are timed
# Domino Poker: seeded matches whose smallest heap is found, and the matches of
# hard against three medium players whose seat-1 decisions are timed.
POKER_MATCHES = ((1, ("hard", "medium", "medium", "medium")), (2, ("hard",) * 4))
POKER_COST_MATCHES = 3


def compile_core(out):
    """Compile firmware/core and firmware/players to .mpy files under `out`."""
    packages = ("core", "players")
    return compile_mpy([s for p in packages for s in sorted((FIRMWARE / p).glob("*.py"))], out)


def runs_in(heap, args, binary=None, ends=("final",)):
    """The command runs in `heap` bytes: it exits cleanly having printed a line
    starting with one of `ends`."""
    command = [binary or tool("micropython"), "-X", "heapsize=%d" % heap] + args
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return run.returncode == 0 and any(line.startswith(ends) for line in
                                       run.stdout.splitlines())


def smallest_heap(args, low=4096, high=1 << 20, step=256, binary=None, ends=("final",)):
    """Bisect the smallest heap (to `step` bytes) in which the command succeeds
    (under `binary`, by default the unix port of .venv; see runs_in)."""
    if not runs_in(high, args, binary, ends):
        raise RuntimeError("does not run even in %d bytes: %s" % (high, " ".join(args)))
    while high - low > step:
        mid = (low + high) // 2
        if runs_in(mid, args, binary, ends):
            high = mid
        else:
            low = mid
    return high


def decision_costs(mpy, program=("tools/bench/mpy_cost.py", str(COST_MATCHES)), game=""):
    """Run tools/bench/mpy_cost.py (or a program printing the same lines, such as
    tools/bench/mpy_poker.py) under MicroPython, print its figures and return them."""
    command = [tool("micropython"), program[0], str(mpy)] + list(program[1:])
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    if run.returncode != 0:
        raise RuntimeError("%s failed: %s" % (program[0], run.stderr[-2000:]))
    lines = run.stdout.split("\n")
    reference_us = int(lines[0].split()[1])
    costs = {"reference_us": reference_us, "levels": {}}
    print()
    print("%-56s %10s" % (game + "one decision under MicroPython (.mpy)", "value"))
    print("%-56s %10d" % ("reference workload, microseconds (unix port)", reference_us))
    for line in lines[1:]:
        if not line.startswith("cost "):
            continue
        name, n, mean, worst, allocated, most = line.split()[1:]
        costs["levels"][name] = {
            "decisions": int(n),
            "time_per_reference_mean": int(mean) / 1000,
            "time_per_reference_worst": int(worst) / 1000,
            "heap_bytes_mean": int(allocated),
            "heap_bytes_max": int(most),
        }
        print("%-56s %10.3f" % (name + ": time / reference, mean", int(mean) / 1000))
        print("%-56s %10.3f" % (name + ": time / reference, worst", int(worst) / 1000))
        print("%-56s %10d" % (name + ": heap allocated, bytes, mean", int(allocated)))
        print("%-56s %10d" % (name + ": heap allocated, bytes, worst", int(most)))
    return costs


# The program of tools/bench/mpy_bench.py's docstring that runs each mode.
PROGRAMS = {"match": "mpy_bench", "figures": "mpy_figures", "modules": "mpy_modules"}


def game_args(harness, source, scratch, mode):
    """micropython arguments running a compiled program of the harness (a script
    run from source would be parsed and compiled in the very heap being measured)."""
    launch = "import sys; sys.path.insert(0, %r); import %s" % (str(harness), PROGRAMS[mode])
    return ["-c", launch, str(source), scratch, mode]


def compile_harness(out):
    for name in list(PROGRAMS.values()) + ["mpy_hardware"]:
        source = ROOT / "tools" / "bench" / (name + ".py")
        build.compile_to(source, out / (name + ".mpy"), "x64", source.name)
    return out


def heap_pool(heap):
    """Bytes the GC can hand out from a heap of `heap` bytes (the rest is its tables)."""
    code = "import gc; print(gc.mem_free() + gc.mem_alloc())"
    run = subprocess.run(
        [tool("micropython"), "-X", "heapsize=%d" % heap, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(run.stdout)


_QSTR = re.compile(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")


def qstr_figures(line, rom):
    """(names interned, bytes of the heap they take) from a micropython.qstr_info()
    line. From a ROMFS image a name's characters stay in the image: only the
    pools' tables are in the heap."""
    names, text, total = (int(n) for n in _QSTR.search(line).groups())
    return names, total - text if rom else total


def heap_by_module(args, rom):
    """What each module held during the demo match took of the heap when it was
    first imported, from mpy_modules: its own share (what it imported is counted
    apart), without the qstr pool, which grows by doubling for whichever module
    comes when it is full and is counted as one. Returns the rows (module, heap
    bytes, names it interned) of the game's modules, largest first, and the
    totals: the bench's own modules (mpy_*, the image left out), the heap in use,
    the qstr pool's heap and the names interned."""
    lines = micropython_lines(args)
    taken = {}
    stack = []
    for i, line in enumerate(lines):
        word = line.split(" ", 1)[0]
        if word not in ("begin", "end"):
            continue
        _, name, heap = line.split()
        names, qstr_heap = qstr_figures(lines[i + 1], rom)
        now = (int(heap) - qstr_heap, names)
        if word == "begin":
            stack.append((name, now, [0, 0]))
            continue
        name, then, inner = stack.pop()
        whole = [a - b for a, b in zip(now, then, strict=True)]
        if stack:
            stack[-1][2][:] = [a + b for a, b in zip(stack[-1][2], whole, strict=True)]
        taken.setdefault(name, tuple(a - b for a, b in zip(whole, inner, strict=True)))
    values = {line.split()[0]: line.split()[1:] for line in lines if " " in line}
    loaded = [m for m in values["loaded"] if m in taken]
    rows = sorted(
        ((m,) + taken[m] for m in loaded if not m.startswith("mpy_")), key=lambda r: -r[1]
    )
    harness = sum(taken[m][0] for m in loaded if m.startswith("mpy_"))
    names, qstr_heap = qstr_figures(lines[-2], rom)
    return rows, {
        "harness": harness - int(values["image_heap"][0]),
        "live": int(values["live"][0]),
        "qstr_heap": qstr_heap,
        "qstr_names": names,
    }


def micropython_lines(args):
    run = subprocess.run(
        [tool("micropython")] + args, cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    if run.returncode != 0:
        raise RuntimeError("micropython %s failed: %s" % (" ".join(args), run.stderr[-2000:]))
    return run.stdout.splitlines()


def print_heap_by_module(where, rows, totals):
    print()
    print("%-52s %10s %8s" % ("heap 200 frames into the demo match, " + where, "bytes", "names"))
    for name, heap, names in rows:
        print("%-52s %10d %8d" % ("  " + name, heap, names))
    modules = sum(r[1] for r in rows)
    print("%-52s %10d %8d" % ("the game's modules held", modules, sum(r[2] for r in rows)))
    print("%-52s %10d" % ("the bench's own (mpy_bench, mpy_hardware)", totals["harness"]))
    print("%-52s %10d %8d" % ("the qstr pool (every name interned so far)",
                              totals["qstr_heap"], totals["qstr_names"]))
    rest = totals["live"] - modules - totals["harness"] - totals["qstr_heap"]
    print("%-52s %10d" % ("the rest: objects made since (game, hardware, ...)", rest))
    print("%-52s %10d" % ("heap in use", totals["live"]))


def game_figures(results, reference_us):
    tree = build.build("virtual", BUILD / "bench-game")
    image = tree.parent / "virtual.romfs"
    harness = compile_harness(BUILD / "bench-game" / "harness")
    with tempfile.TemporaryDirectory() as scratch:
        heap_mpy = smallest_heap(game_args(harness, tree, scratch, "match"))
        heap_rom = smallest_heap(game_args(harness, image, scratch, "match"))
        game = figures(game_args(harness, image, scratch, "figures"))
        by_module = {
            where: heap_by_module(game_args(harness, source, scratch, "modules"), rom)
            for where, source, rom in ((".mpy", tree, False), ("ROMFS", image, True))
        }
    image_heap = int(game.pop("image_heap"))
    # The image took image_heap bytes of the pool; in heap size that is a little
    # more, as the GC's tables grow with the pool.
    image_share = image_heap * heap_rom // heap_pool(heap_rom)
    rows = [
        ("game", "demo match heap, from .mpy files, bytes", heap_mpy),
        (
            "game",
            "demo match heap, from the ROMFS image (image in flash), bytes",
            heap_rom - image_share,
        ),
        (
            "game",
            "bytes allocated per table frame, the player choosing",
            int(game["table_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per Spectacular Bid table frame, clocks running",
            int(game["bid_table_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per auction frame, the player changing the call",
            int(game["auction_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per Domino Poker table frame, your turn's timer running",
            int(game["poker_table_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per Domino Poker table frame, the handheld thinking",
            int(game["poker_thinking_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per 4-player Classic table frame, the player choosing",
            int(game["line4_table_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes allocated per frame over the demo match (decisions, saves)",
            int(game["match_alloc_per_frame"]),
        ),
        (
            "game",
            "bytes sent to the panel per frame over the demo match",
            int(game["match_display_bytes_per_frame"]),
        ),
        (
            "game",
            "  of a full frame's bytes, %",
            100 * int(game["match_display_bytes_per_frame"]) // int(game["full_frame_bytes"]),
        ),
        (
            "game",
            "one table frame, time / reference (mpy_cost's), per mille",
            1000 * int(game["table_frame_us"]) // reference_us,
        ),
        (
            "game",
            "one 4-player Classic table frame, time / reference, per mille",
            1000 * int(game["line4_table_frame_us"]) // reference_us,
        ),
    ]
    results["game"] = {label: value for _, label, value in rows}
    results["game"]["image_heap_bytes_left_out"] = image_share
    for _, label, value in rows:
        print("%-66s %10d" % (label, value))
    results["game_heap_by_module"] = {}
    for where, (modules, totals) in by_module.items():
        print_heap_by_module(where, modules, totals)
        results["game_heap_by_module"][where] = dict(
            totals, modules={name: {"heap": heap, "names": names}
                             for name, heap, names in modules})


def poker_figures(results, mpy):
    """Domino Poker's rows: a match's smallest heap, and what a decision costs."""
    results["poker_match_heap_mpy"] = {}
    print()
    for seed, names in POKER_MATCHES:
        program = ["tools/bench/mpy_poker.py", str(mpy), "match", str(seed)]
        heap = smallest_heap(program + list(names))
        key = "seed %d %s" % (seed, " ".join(names))
        results["poker_match_heap_mpy"][key] = heap
        print("%-56s %10d" % ("poker match heap (.mpy), " + key, heap))
    program = ("tools/bench/mpy_poker.py", "cost", str(POKER_COST_MATCHES))
    results["poker_decision_cost_mpy"] = decision_costs(mpy, program, "poker: ")


# The scripted matches of tools/bench/mpy_device.py: each game against its strongest
# handheld level, on the seed below, ended after its most frames at the latest
# (the draw-and-block matches run longer than a sitting on the virtual Pico).
DEVICE_MATCHES = (("allfives", "expert", 12000), ("bid", "bid", 12000),
                  ("block", "hard", 3000), ("block4", "hard", 3000), ("poker", "hard", 4000))
DEVICE_SEED = 1234
# The levels --opponent may name, by match: the draw-and-block matches' (block is
# Domino 1x1, which has the professional too; block4 is Kozel in pairs) and the solver.
OPPONENTS = {"block": DUEL_NAMES + ("solver",), "block4": BLOCK_NAMES + ("solver",)}
DEVICE_FIGURES = ("frames", "frame_ms_max", "frame_ms_p99", "frame_ms_max_thinking",
                  "decisions", "decision_ms_mean", "decision_ms_p90", "decision_ms_max",
                  "heap_base", "heap_peak", "panel_bytes_per_frame",
                  "saves", "flash_erases", "fs_saves", "frame_ms_max_flash",
                  "frame_ms_max_flash_worst")
# The boards the virtual Pico benches, each under its key of build/bench.json:
# the SPI panel (a full screen 1 ms on the wire) and the I2C one (23 ms at 400 kHz).
DEVICE_BOARDS = (("pico-spi", "device"), ("pico-i2c", "device_i2c"))


def device_args(source, scratch, game, opponent, most_frames, slow_ms=0):
    args = [source, scratch, game, opponent, str(DEVICE_SEED), str(most_frames)]
    return args + [str(slow_ms)] if slow_ms else args


def chosen(games, frames=0, opponent=None):
    """The device matches of `games` (all of them when empty), each cut to `frames`
    frames when that is given and fewer than its own most, against `opponent` (a
    level's name) when that is given instead of the match's own."""
    return [(game, opponent or level, min(most, frames) if frames else most)
            for game, level, most in DEVICE_MATCHES if not games or game in games]


def unix32_binaries():
    """The 32-bit unix port with the game and the harness frozen in, the port with
    only the harness frozen in, and the `make build` tree of .mpy files that the
    second runs the game from, compiled as a stock ESP32's build compiles them
    (without line numbers: build.LEAN), the board that the figures from .mpy are for."""
    import firmware

    harness = [(ROOT / "tools" / "bench", ("mpy_device.py", "mpy_hardware.py"))]
    modules = [m for m in firmware.frozen_modules() if m != build.ENTRY]
    frozen = firmware.unix32([(FIRMWARE, modules)] + harness, "frozen")
    plain = firmware.unix32(harness, "plain")
    return frozen, plain, build.build("virtual", BUILD / "bench-unix32", lean=True)


def unix32_figures(results, games=(), frames=0):
    """The smallest heap of each scripted match on the 32-bit unix port, with the
    game frozen in and from .mpy files (bisection on -X heapsize): the heap in
    which it runs to its end, or through its most frames. The harness
    (mpy_device.py, mpy_hardware.py) is frozen into both binaries, so that its code
    is not counted in the heap of the game's .mpy files: on a board main.py stands
    for it."""
    frozen, plain, tree = unix32_binaries()
    found = results.setdefault("unix32", {"frozen": {}, "mpy": {}})
    print()
    print("%-60s %10s" % ("32-bit unix port, smallest heap of the scripted match", "bytes"))
    with tempfile.TemporaryDirectory() as scratch:
        for game, opponent, most in chosen(games, frames):
            for where, binary, source in (("frozen", frozen, "frozen"), ("mpy", plain, str(tree))):
                args = ["-c", "import mpy_device"]
                args += device_args(source, scratch, game, opponent, most)
                heap = smallest_heap(args, binary=str(binary), ends=("final", "unfinished"))
                found[where][game] = heap
                print("%-60s %10d" % ("%s vs %s, %s" % (game, opponent, where), heap),
                      flush=True)


def device_figures(results, games=(), frames=0, boards=DEVICE_BOARDS, slow_ms=0,
                   opponent=None):
    """The scripted matches on the virtual Pico (the frozen firmware of each board):
    times in device time at 125 MHz, heap as the board's own GC counts it (with
    `opponent`, against that level, kept under "GAME:LEVEL" in the results). With
    `slow_ms`, every frame longer than that (its work, or its work with the
    flash's longest write times) is told on stderr as it comes, with what it
    did (mpy_device.slow)."""
    import firmware

    sys.path.insert(0, str(ROOT))
    from sim import vpico

    harness = (ROOT / "tools" / "bench" / "mpy_device.py").read_text()
    for board, key in boards:
        uf2 = firmware.firmware(board)
        device = results.setdefault(key, {})
        print()
        for game, level, most in chosen(games, frames, opponent):
            def progress(line, game=game, board=board):
                if line.startswith("progress "):
                    print("virtual Pico (%s), %s: %s frames" % (board, game, line.split()[1]),
                          file=sys.stderr, flush=True)
                elif line.startswith("slow "):
                    print("virtual Pico (%s), %s: %s" % (board, game, line),
                          file=sys.stderr, flush=True)

            with vpico.VirtualPico(board, uf2) as pico:
                pico.run(30)  # the title is showing
                free = pico.repl("import gc; gc.collect(); print(gc.mem_free())")
                device["heap_free_boot"] = int(free)
                # main.py's objects go; the harness is compiled on the board itself.
                setup = "import sys\nsys.argv[:] = %r\ndel app, hw\n" % (
                    [""] + device_args("frozen", "", game, level, most, slow_ms))
                lines = pico.repl(setup + harness, timeout=4 * 3600,
                                  on_line=progress).splitlines()
            values = dict(line.split(" ", 1) for line in lines
                          if " " in line and not line.startswith("slow "))
            if int(values["save_failures"]):
                # A refused save is re-encoded whole at the next move: no figure holds.
                raise SystemExit("bench: the board's flash refused %s saves of %s"
                                 % (values["save_failures"], game))
            kept = game + ":" + level if opponent else game
            device[kept] = {name: int(values[name]) for name in DEVICE_FIGURES}
            for name in DEVICE_FIGURES:
                print("%-66s %10d" % ("virtual Pico (%s), %s vs %s: %s" % (
                    board, game, level, name), device[kept][name]), flush=True)
        print("%-66s %10d" % ("virtual Pico (%s): heap free at the title, bytes" % board,
                              device["heap_free_boot"]))


def device_parts(results, games=(), frames=0):
    """The device figures where the toolchain (and node) are there; else why not."""
    sys.path.insert(0, str(ROOT))
    from sim import vpico

    for part in (unix32_figures, device_figures):
        try:
            part(results, games, frames)
        except (build.BuildError, vpico.Missing) as error:
            print("\n%s left out: %s" % (part.__name__, error))


def write(results):
    BUILD.mkdir(exist_ok=True)
    (BUILD / "bench.json").write_text(json.dumps(results, indent=2) + "\n")
    print("written build/bench.json")


def only(part, args):
    """`tools/bench/bench.py device|unix32 [--board B] [--frames N] [--slow MS]
    [--opponent LEVEL] [GAME ...]`: only the virtual Pico's figures (of every board
    in DEVICE_BOARDS, or board B) or the 32-bit port's smallest heaps (of those
    games; with --frames, each match cut to its first N frames), written into the
    build/bench.json of an earlier `make bench` (its other keys kept). With
    --opponent (device only), every handheld seat plays at that level (a name of
    OPPONENTS: a draw-and-block level or `solver`; `professional` in block only)
    instead of the match's own, in the matches that have it (all of them when none
    is named), its figures kept under "GAME:LEVEL". With --slow (device only), every
    frame over MS ms, its work or its work with the flash's longest write times,
    is listed on stderr with what it did: `slow FRAME WORK_MS FLASH_MS
    FLASH_WORST_MS ERASES PAGES DID SCREEN MODE MEM_FREE`
    (tools/bench/mpy_device.py, slow())."""
    boards = DEVICE_BOARDS
    frames = slow_ms = 0
    opponent = None
    games = []
    args = list(args)
    while args:  # the options in any order, among the games
        word = args.pop(0)
        value = args.pop(0) if word.startswith("--") and args else None
        if word == "--board":
            boards = [b for b in DEVICE_BOARDS if b[0] == value]
            if not boards:
                sys.exit("bench: --board takes one of: %s"
                         % " ".join(b[0] for b in DEVICE_BOARDS))
        elif word == "--frames":
            if value is None or not value.isdigit():
                sys.exit("bench: --frames takes a number of frames")
            frames = int(value)
        elif word == "--slow":
            if value is None or not value.isdigit() or part != "device":
                sys.exit("bench: --slow takes a number of ms, and only for device")
            slow_ms = int(value)
        elif word == "--opponent":
            if value is None or part != "device":
                sys.exit("bench: --opponent takes a level's name, and only for device")
            opponent = value
        else:
            games.append(word)
    args = games
    unknown = [game for game in args if game not in [m[0] for m in DEVICE_MATCHES]]
    if unknown:
        sys.exit("bench: no such device match: %s (there are: %s)" % (
            " ".join(unknown), " ".join(m[0] for m in DEVICE_MATCHES)))
    if opponent is not None:
        taking = [game for game, levels in OPPONENTS.items() if opponent in levels]
        refusing = [game for game in args if game not in taking]
        if refusing or not taking:
            sys.exit("bench: --opponent %s plays only in: %s" % (
                opponent, " ".join(taking) or "no device match"))
        args = args or taking
    path = BUILD / "bench.json"
    results = json.loads(path.read_text()) if path.is_file() else {}
    if part == "unix32":
        try:
            unix32_figures(results, args, frames)
        except build.BuildError as error:
            sys.exit("bench: %s" % error)
    else:
        sys.path.insert(0, str(ROOT))
        from sim import vpico

        try:
            device_figures(results, args, frames, boards, slow_ms, opponent)
        except (build.BuildError, vpico.Missing) as error:
            sys.exit("bench: %s" % error)
    write(results)


def main():
    mpy = compile_core(BUILD / "bench-core-mpy")
    results = {"core_match_heap_mpy": {}}
    print("%-56s %10s" % ("measure", "bytes"))
    for seed, a, b in MATCHES:
        heap = smallest_heap(["tools/bench/mpy_match.py", str(mpy), str(seed), a, b])
        key = "seed %d %s vs %s" % (seed, a, b)
        results["core_match_heap_mpy"][key] = heap
        print("%-56s %10d" % ("core match heap (.mpy), " + key, heap))
    results["core_line_match_heap_mpy"] = {}
    for game, options, seed, names in LINE_MATCHES:
        args = ["tools/bench/mpy_line_match.py", str(mpy), game, options, str(seed)] + list(names)
        heap = smallest_heap(args)
        key = "%s %s seed %d %s" % (game, options, seed, ",".join(names))
        results["core_line_match_heap_mpy"][key] = heap
        print("%-56s %10d" % ("core match heap (.mpy), %s 4 players" % game, heap))
        print("  " + key)
    results["decision_cost_mpy"] = decision_costs(mpy)
    poker_figures(results, mpy)
    playout.measure(results)
    print()
    game_figures(results, results["decision_cost_mpy"]["reference_us"])
    device_parts(results)
    write(results)


if __name__ == "__main__":
    # The whole bench takes an hour: a mistyped or asked-for option says how to
    # run it rather than starting it.
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__ + "\n" + only.__doc__)
    elif sys.argv[1:2] in (["device"], ["unix32"]):
        only(sys.argv[1], sys.argv[2:])
    elif sys.argv[1:]:
        sys.exit("bench: no such part: %s (run with --help)" % " ".join(sys.argv[1:]))
    else:
        main()
