"""The bench's own machinery (tools/bench.py, tools/mpy_bench.py): the heap
bisection on a program whose need is known, and the allocation count catching a
frame that allocates. The figures themselves are printed by `make bench`, never
asserted here."""

import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))

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


def test_the_device_harness_plays_each_game_to_its_end_with_the_scripted_finger(tmp_path):
    """tools/mpy_device.py, as make bench runs it on the virtual Pico and the 32-bit
    port, here on the unix port of .venv: every game's match ends (All Fives, Bid,
    four-player Kozel, Domino Poker), and the handheld's decisions are timed."""
    tree = build.build("virtual", tmp_path / "build")
    scripts = tmp_path / "harness"
    for name in ("mpy_device.py", "mpy_hardware.py"):
        build.compile_to(bench.ROOT / "tools" / name, scripts / name.replace(".py", ".mpy"),
                         "x64", name)
    launch = "import sys; sys.path.insert(0, %r); import mpy_device" % str(scripts)
    for game, opponent in bench.UNIX32_MATCHES:
        run = subprocess.run(
            [bench.tool("micropython"), "-c", launch]
            + bench.device_args(str(tree), str(tmp_path), game, opponent),
            cwd=bench.ROOT, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        figures = dict(line.split(" ", 1) for line in lines)
        assert lines[-1].startswith("final ")  # the match ended
        assert len(lines[-1].split()) == (5 if game in ("kozel", "poker") else 3)  # the scores
        if game != "poker":  # (its screen holds the match: no session to time)
            assert int(figures["decisions"]) > 2
        assert int(figures["decision_ms_max"]) >= int(figures["decision_ms_p90"])
        assert int(figures["heap_peak"]) >= int(figures["heap_base"]) > 0
        assert 0 < int(figures["panel_bytes_per_frame"]) <= 1030
