"""`make build` for every board, and `make flash` onto the virtual board (sim/vboard):
mpremote copies the build over a pseudo-terminal to the MicroPython unix port, the
board is reset, and the firmware plays a demo match to 61 with the buttons of
buttons.txt, which the test writes into the board's filesystem."""

import pathlib
import shutil
import subprocess
import sys

import pytest
from core.allfives import MATCH_OVER  # noqa: E402
from hw.storage import Storage  # noqa: E402
from ui.restore import decode  # noqa: E402

import build  # noqa: E402
import firmware  # noqa: E402
from sim.vboard import HERE as VBOARD  # noqa: E402
from sim.vboard import VirtualBoard

ROOT = build.ROOT
FLASH = [sys.executable, str(ROOT / "tools" / "device" / "flash.py")]


@pytest.mark.parametrize("board", build.board_names())
def test_build_compiles_every_module_and_adds_the_board_and_main(board, tmp_path):
    tree = build.build(board, tmp_path)
    sources = {p.relative_to(build.FIRMWARE) for p in build.FIRMWARE.rglob("*.py")}
    # Every module the handheld may import (not the desktop's record readers).
    reader = {pathlib.Path("core", n + ".py")
              for n in ("anyrecord", "replay", "recordparse", "blockreplay", "pokerreplay")}
    assert set(build.HOST_ONLY) == reader <= sources
    modules = {p.with_suffix(".mpy") for p in sources - set(build.HOST_ONLY)}
    modules -= {pathlib.Path("main.mpy")}
    built = {p.relative_to(tree) for p in tree.rglob("*") if p.is_file()}
    assert built == modules | {pathlib.Path("main.py"), pathlib.Path("board_config.mpy")}
    assert (tree / "main.py").read_bytes() == (build.FIRMWARE / "main.py").read_bytes()
    image = (tmp_path / (board + ".romfs")).read_bytes()
    assert image.startswith(b"\xd2\xcd\x31")  # a ROMFS image
    assert b"board_config.mpy" in image and b"allfives.mpy" in image


def test_an_unknown_board_lists_the_known_ones():
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "device" / "build.py"), "nope"],
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0
    assert "unknown board 'nope'; known boards: " in run.stderr
    assert "pico-spi" in run.stderr and "Traceback" not in run.stderr


def test_flash_says_plainly_when_no_device_answers(tmp_path):
    port = str(tmp_path / "ttyNOTHING")
    run = subprocess.run(
        FLASH + ["pico-spi", "--port", port], capture_output=True, text=True, timeout=120
    )
    assert run.returncode != 0
    assert "no MicroPython device answered on " + port in run.stderr
    assert "PORT=" in run.stderr and "Traceback" not in run.stderr + run.stdout


def flash(port, out):
    command = FLASH + ["virtual", "--port", port, "--out", str(out)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout


def check_the_match_was_played(folder):
    save = Storage(str(folder / "save.bin"))
    assert save.status == "ok"
    match = decode(save.get("last"))  # the finished match, as the firmware keeps it
    assert match.seats == ["handheld:tactics", "handheld:defensive"]
    assert match.options.target == 61
    assert match.game.state == MATCH_OVER
    assert max(match.game.scores) >= 61


def test_flash_copies_onto_the_virtual_board_then_it_plays_a_match(tmp_path):
    folder = tmp_path / "board"
    folder.mkdir()
    shutil.copy(VBOARD / "buttons.txt", folder / "buttons.txt")
    with VirtualBoard(folder) as board:
        out = flash(board.port, tmp_path / "build")
        assert "cp " in out and "main.py" in out and "ROMFS" not in out
        start = board.wait_for_hard_reset(1)
        board.wait_for(b"the script of buttons.txt ended", start, timeout=120)
        check_the_match_was_played(folder)
        again = flash(board.port, tmp_path / "build")  # nothing has changed: nothing is copied
        built = len(list(build.FIRMWARE.rglob("*.py"))) - len(build.HOST_ONLY)
        assert again.count("Up to date") == built + 1  # and the board's file
        board.wait_for_hard_reset(2)


def test_flash_deploys_romfs_where_the_board_has_a_partition(tmp_path):
    folder = tmp_path / "board"
    folder.mkdir()
    shutil.copy(VBOARD / "buttons.txt", folder / "buttons.txt")
    (folder / "core").mkdir()  # an older copy, which would come first on sys.path
    (folder / "core" / "tiles.mpy").write_bytes(b"stale")
    # The virtual board's image of every game is about 260 KB (x64 bytecode, larger
    # than a board's Thumb one): a partition of 384 KB holds it.
    with VirtualBoard(folder, rom=384 * 1024) as board:
        out = flash(board.port, tmp_path / "build")
        assert "ROMFS partition of 393216 bytes" in out and "ROMFS image deployed" in out
        start = board.wait_for_hard_reset(1)
        board.wait_for(b"the script of buttons.txt ended", start, timeout=120)
        names = sorted(p.name for p in folder.iterdir())
        # The save's two generations and the match journal's two copies.
        assert [n for n in names if not n.startswith("save.bin")] == ["buttons.txt", "main.py"]
        assert "save.bin" in names
        check_the_match_was_played(folder)


def needs_the_toolchain():
    missing = [tool for tool in firmware.TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip("no %s (.ci/run installs the toolchain): no firmware" % ", ".join(missing))


def test_flash_writes_the_frozen_firmware_onto_a_picos_bootsel_drive(tmp_path):
    needs_the_toolchain()
    drive = tmp_path / "RPI-RP2"
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\n")
    # pico-spi, as tests/test_firmware_vpico.py: one port build for both.
    run = subprocess.run(FLASH + ["pico-spi", "--drive", str(drive)], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    written = (drive / "firmware.uf2").read_bytes()
    assert written == (ROOT / "build" / "pico-spi" / "firmware.uf2").read_bytes()
    # (tests/test_firmware_vpico.py finds the board's own text in the image's payload)
    assert written[:4] == b"UF2\n"
    assert "flashed pico-spi" in run.stdout


def test_flash_says_plainly_when_no_pico_is_in_bootsel_mode(tmp_path):
    needs_the_toolchain()
    not_a_drive = tmp_path / "usbstick"
    not_a_drive.mkdir()
    run = subprocess.run(FLASH + ["pico-spi", "--drive", str(not_a_drive)], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "is not a BOOTSEL drive (it has no INFO_UF2.TXT)" in run.stderr
    assert list(not_a_drive.iterdir()) == []
