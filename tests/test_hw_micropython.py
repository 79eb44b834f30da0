"""The hardware layer under the real MicroPython unix port: it runs there, and
one show() and one button poll allocate nothing (checked with heap_lock)."""

import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"
SETUPS = ["ssd1306_spi", "sh1106_spi", "ssd1306_i2c", "sh1106_i2c"]


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    scratch = tmp_path_factory.mktemp("mpy")
    out = subprocess.run(
        [str(MICROPYTHON), str(ROOT / "tests" / "hw" / "mpy_hw_check.py"),
         str(ROOT / "firmware"), str(scratch)],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    return dict(line.split(" ", 1) for line in out.splitlines())


def test_heap_lock_really_catches_allocations(figures):
    assert figures["heap_lock_works"] == "1"


@pytest.mark.parametrize("setup", SETUPS)
def test_show_allocates_nothing(figures, setup):
    assert figures[setup + "_show_alloc"] == "0"
    assert figures[setup + "_show_heap_locked_ok"] == "1"


def test_button_poll_and_sound_update_allocate_nothing(figures):
    assert figures["buttons_poll_alloc"] == "0"
    assert figures["buttons_poll_heap_locked_ok"] == "1"
    assert figures["sound_update_alloc"] == "0"
    assert figures["sound_update_heap_locked_ok"] == "1"


@pytest.mark.parametrize("setup", SETUPS)
def test_a_moved_tile_sends_two_pages_not_eight(figures, setup):
    assert figures[setup + "_show_unchanged_pages"] == "0"
    assert figures[setup + "_show_tile_pages"] == "2"
    tile, full = int(figures[setup + "_tile_bus_bytes"]), int(figures[setup + "_full_bus_bytes"])
    assert 256 < tile < 270 and 1024 < full < 1070


def test_clock_and_storage_work_on_micropython(figures):
    assert 40 <= int(figures["clock_5_frames_ms"]) < 60
    assert figures["storage_round_trip"] == "1"
    assert figures["storage_truncated_status"] == "restored"
    assert figures["storage_truncated_kept"] == "micropython"
    assert figures["storage_both_truncated_status"] == "corrupt"


BOARDS = sorted(p.stem for p in (ROOT / "boards").glob("*.py"))


def test_every_board_file_builds_on_micropython(figures):
    assert figures["boards_built"] == str(len(BOARDS))


@pytest.mark.parametrize("board", BOARDS)
def test_a_whole_frame_of_the_loop_allocates_nothing(figures, board):
    # clock.wait (really sleeping), buttons.poll, display.show and sound.update.
    assert figures["run_frame_alloc_" + board] == "0"
    assert figures["run_frame_heap_locked_ok_" + board] == "1"


def test_power_cuts_on_micropythons_littlefs_and_fat_keep_old_or_new():
    out = subprocess.run(
        [str(MICROPYTHON), str(ROOT / "tests" / "hw" / "mpy_storage_vfs.py"),
         str(ROOT / "firmware")],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    outcomes = {}
    for line in out.splitlines():
        fs, result, count = line.split()
        outcomes.setdefault(fs, {})[result] = int(count)
    # littlefs keeps a file whole through a cut, so the journal is kept once there.
    copies = {fs: outcomes[fs].pop("copies") for fs in outcomes}
    assert copies == {"lfs2": 1, "lfs2-journal": 1, "lfs2-restart": 1,
                      "fat": 2, "fat-journal": 2, "fat-restart": 2}
    for fs in ("lfs2", "fat", "lfs2-journal", "fat-journal", "lfs2-restart", "fat-restart"):
        cuts = outcomes[fs].pop("cuts")
        # A cut before every block write of the save, and none: littlefs starts
        # a small journal anew in one write.
        assert cuts >= (2 if fs == "lfs2-restart" else 5)
        assert outcomes[fs].pop("cut") == cuts - 1
        assert set(outcomes[fs]) == {"old", "new"}, outcomes[fs]
        assert sum(outcomes[fs].values()) == cuts
