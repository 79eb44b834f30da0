"""The bench's own machinery (tools/bench/bench.py, tools/bench/mpy_bench.py): the heap
bisection on a program whose need is known, and the allocation count catching a
frame that allocates. The figures themselves are printed by `make bench`, never
asserted here."""

import subprocess
import sys

import bench  # noqa: E402

import build  # noqa: E402


def needs(size):
    return ["-c", "b = bytearray(%d); print('final')" % size]


def test_the_bisection_finds_the_edge_of_a_known_need():
    small = bench.smallest_heap(needs(20000))
    assert bench.runs_in(small, needs(20000))
    assert not bench.runs_in(small - 256, needs(20000))
    large = bench.smallest_heap(needs(60000))
    # 40,000 more bytes of data, and the GC's tables grow a little with the pool.
    assert 40000 <= large - small <= 41500


def test_the_device_matches_can_be_played_against_another_level():
    own = bench.chosen(["block"], 2000)
    assert own == [("block", "hard", 2000)]
    assert bench.chosen(["block"], 0, "professional") == [("block", "professional", 3000)]
    assert bench.chosen(["block", "block4"], 500, "solver") == [
        ("block", "solver", 500),
        ("block4", "solver", 500),
    ]
    # The professional plays Domino 1x1 only: not Kozel in pairs, nor a game of its own.
    for games in (["block4"], ["allfives"], ["poker"]):
        run = subprocess.run([sys.executable, str(bench.ROOT / "tools" / "bench" / "bench.py"),
                              "device", "--opponent", "professional"] + games,
                             capture_output=True, text=True, timeout=60)
        assert run.returncode != 0 and "plays only in: block\n" in run.stderr, run.stderr


def test_asking_for_help_or_a_wrong_part_prints_and_runs_nothing():
    script = str(bench.ROOT / "tools" / "bench" / "bench.py")
    helped = subprocess.run([sys.executable, script, "--help"],
                            capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "bench.py device|unix32" in helped.stdout
    wrong = subprocess.run([sys.executable, script, "devices"],
                           capture_output=True, text=True, timeout=60)
    assert wrong.returncode != 0 and "no such part: devices" in wrong.stderr
    assert helped.stdout.count("measure") == 0  # no table started: the bench did not run


def test_a_leaky_frame_is_counted_and_the_tables_and_auction_allocate_nothing(tmp_path):
    tree = build.build("virtual", tmp_path / "build")
    harness = bench.compile_harness(tmp_path / "harness")
    run = subprocess.run(
        [bench.tool("micropython")] + bench.game_args(harness, tree, str(tmp_path), "figures"),
        cwd=bench.ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    figures = dict(line.split(" ", 1) for line in run.stdout.splitlines())
    assert int(figures["leaky_alloc_per_frame"]) > 0
    assert figures["table_alloc_per_frame"] == "0"
    assert figures["bid_table_alloc_per_frame"] == "0"
    assert figures["auction_alloc_per_frame"] == "0"
    assert figures["line4_table_alloc_per_frame"] == "0"
    assert int(figures["match_frames"]) > 100


def test_the_heap_by_module_is_the_matchs_own_and_adds_up(tmp_path):
    tree = build.build("virtual", tmp_path / "build")
    harness = bench.compile_harness(tmp_path / "harness")
    args = bench.game_args(harness, tree, str(tmp_path), "modules")
    rows, totals = bench.heap_by_module(args, rom=False)
    held = {name: heap for name, heap, _ in rows}
    assert {"core.allfives", "screens.table", "ui.session", "hw.display"} <= set(held)
    # The menus and their helpers were let go when the match began.
    assert not {"screens.menu", "screens.newmatch", "ui.widgets", "ui.profiles"} & set(held)
    assert all(heap > 0 for heap in held.values())
    assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True)
    assert not any(name.startswith("mpy_") for name in held)  # the bench's own, apart
    assert 0 < totals["harness"] < 20000  # the image it read left out
    assert sum(held.values()) + totals["harness"] + totals["qstr_heap"] < totals["live"]
    assert totals["qstr_names"] >= sum(names for _, _, names in rows)


def test_the_device_harness_plays_each_game_with_the_scripted_finger(tmp_path):
    """tools/bench/mpy_device.py, as make bench runs it on the virtual Pico and the 32-bit
    port, here on the unix port of .venv: the two-player classics end, the others
    play all the frames they are given, the handhelds decide, progress is told."""
    tree = build.build("virtual", tmp_path / "build")
    scripts = tmp_path / "harness"
    for name in ("mpy_device.py", "mpy_hardware.py"):
        source = bench.ROOT / "tools" / "bench" / name
        build.compile_to(source, scripts / name.replace(".py", ".mpy"), "x64", name)
    launch = "import sys; sys.path.insert(0, %r); import mpy_device" % str(scripts)
    assert [m[0] for m in bench.DEVICE_MATCHES] == ["allfives", "bid", "block", "block4",
                                                    "poker"]
    for game, opponent, most in bench.DEVICE_MATCHES:
        ends = game in ("allfives", "bid")  # the others are cut short here, for time
        most = most if ends else 900
        run = subprocess.run(
            [bench.tool("micropython"), "-c", launch]
            + bench.device_args(str(tree), str(tmp_path), game, opponent, most),
            cwd=bench.ROOT, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        told = [int(line.split()[1]) for line in lines if line.startswith("progress ")]
        figures = dict(line.split(" ", 1) for line in lines)
        frames = int(figures["frames"])
        assert told == list(range(250, frames + 1, 250))
        if ends:
            assert lines[-1].startswith("final "), game
        else:
            assert lines[-1].startswith("unfinished ") and frames == most, game
        scores = [int(n) for n in lines[-1].split()[1:]]
        assert len(scores) == (4 if game in ("block4", "poker") else 2)
        assert int(figures["decisions"]) > 2
        assert int(figures["decision_ms_max"]) >= int(figures["decision_ms_p90"])
        assert int(figures["heap_peak"]) >= int(figures["heap_base"]) > 0
        assert 0 < int(figures["panel_bytes_per_frame"]) <= 1030


def test_the_device_harness_lists_the_slow_frames_with_what_they_did(tmp_path):
    """With SLOW_MS (bench.py device --slow MS), a `slow` line for every frame over
    it, before the figures: here 0 ms on the unix port's desktop time lists
    every frame with work, the deal's screen change among them, and none of the
    lines is mistaken for a figure."""
    tree = build.build("virtual", tmp_path / "build")
    scripts = tmp_path / "harness"
    for name in ("mpy_device.py", "mpy_hardware.py"):
        source = bench.ROOT / "tools" / "bench" / name
        build.compile_to(source, scripts / name.replace(".py", ".mpy"), "x64", name)
    launch = "import sys; sys.path.insert(0, %r); import mpy_device" % str(scripts)
    args = bench.device_args(str(tree), str(tmp_path), "block", "hard", 60, 1)
    args[-1] = "0"  # every frame whose work passes 0 ms
    run = subprocess.run([bench.tool("micropython"), "-c", launch] + args, cwd=bench.ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    slow = [line.split() for line in lines if line.startswith("slow ")]
    assert slow and all(len(fields) == 11 for fields in slow)
    frames = [int(fields[1]) for fields in slow]
    assert frames == sorted(frames) and frames[0] >= 1 and frames[-1] <= 60
    assert all(int(f[2]) <= int(f[3]) <= int(f[4]) for f in slow)  # work, typical, longest
    assert all(f[7] in ("-", "change", "save", "thinking") or "+" in f[7] for f in slow)
    last_slow = max(i for i in range(len(lines)) if lines[i].startswith("slow "))
    assert lines.index("frames 60") > last_slow


def test_each_run_starts_on_a_folder_emptied_of_every_save(tmp_path):
    """Runs share one scratch folder: every save file an earlier run left (a kept
    match's too) goes, and nothing else of the folder's."""
    for name in ("save.bin", "save.bin.new", "save.bin.match", "save.bin.match.new", "keep"):
        (tmp_path / name).write_bytes(b"left by an earlier run")
    (tmp_path / "harness").mkdir()
    paths = "sys.path[:0] = [%r, %r]" % (str(bench.ROOT / "tools" / "bench"),
                                          str(bench.ROOT / "firmware"))
    program = "import sys; %s; import mpy_hardware; mpy_hardware.fresh_hardware(%r)" % (
        paths, str(tmp_path))
    run = subprocess.run([bench.tool("micropython"), "-c", program],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["harness", "keep"]


def test_the_play_outs_are_the_same_hands_on_both_interpreters(tmp_path):
    """tools/bench/playout.py times tools/bench/mpy_playout.py on CPython and
    under MicroPython: both must play the very same seeded hands, every game of
    it to the end (the draw-and-block games the players' way too), and only
    MicroPython counts the heap."""
    import mpy_playout
    import playout

    rows = list(playout.micropython_lines(mpy_playout.GAMES, 12, 1, tmp_path / "mpy"))
    lines = {row[1]: row[2:] for row in rows if row[0] == "playout"}
    players = {row[1]: row[2:] for row in rows if row[0] == "players"}
    assert sorted(lines) == sorted(mpy_playout.GAMES)
    for game in mpy_playout.GAMES:
        per_second, actions, heap = lines[game]
        assert float(per_second) > 0 and int(heap) > 0
        # A hand has more actions than its tiles spread over the seats could
        # end in, and fewer than a table's worth of plays, draws and passes.
        assert 6 < float(actions) < 100, game
        assert actions == "%.2f" % mpy_playout.rate(game, 12, 1)[1], game
    # The players' play-outs of the draw-and-block games: the same hands end
    # with a seat out on both, and the heap per hand is the deal's lead alone.
    assert sorted(players) == sorted(mpy_playout.LINE_OPTIONS)
    for game, (per_second, out, heap) in players.items():
        assert float(per_second) >= 0 and 0 < int(heap) < 100, game  # (a ms or less)
        hands = mpy_playout.PLAYERS_ROUND * 12
        assert 0 < int(out) <= hands and int(out) == mpy_playout.players_rate(game, hands, 1)[1]
    assert mpy_playout.heap_per_hand("international") == -1  # (CPython)


def test_the_saves_bench_times_the_menu_over_the_journal():
    """`make bench-saves` (tools/bench/mpy_saves.py) saves a growing match and times
    what the menu does with it: a line per size for the save, its erases and the menu;
    then a match's end written as a file and into the log, with what each erased."""
    run = subprocess.run([bench.tool("micropython"), "tools/bench/mpy_saves.py", "firmware"],
                         cwd=bench.ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    kinds = [line.split()[0] for line in run.stdout.splitlines()]
    assert kinds.count("menu") >= 3 and kinds.count("save") == kinds.count("menu"), run.stdout
    # A match's end written into the log never erases; as a file it did, now and then.
    ends = {line.split()[1]: line.split()[2:] for line in run.stdout.splitlines()
            if line.startswith("ends ")}
    assert ends["log"][1:3] == ["0", "0"] and int(ends["log"][3]) >= int(ends["log"][0])
    assert int(ends["files"][1]) > 0, run.stdout
