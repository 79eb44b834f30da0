"""Put the game on a handheld: `make flash BOARD=name [PORT=...]`.

    python tools/device/flash.py BOARD [--port PORT]

Builds the board (tools/device/build.py), asks the device over mpremote whether its
firmware has a ROMFS partition big enough for the image, then either deploys
build/BOARD.romfs there and copies main.py beside it, or copies build/BOARD/
onto the filesystem (files whose hash matches are skipped, as "Up to date"),
and resets the device, which then starts the game. Without PORT, mpremote picks
the first USB serial device; BOARD=virtual without PORT starts a virtual board
(sim/vboard) in build/virtual-board/, flashes it and watches the game run.

A board with WiFi (its board file says "wifi": True) also gets its network's
settings file, net.json, when WIFI_SSID, WIFI_PASSWORD and SERVER are in the
environment (`make flash BOARD=pico-w WIFI_SSID=home WIFI_PASSWORD=... SERVER=
ws://192.168.1.20:8765`): written into a temporary folder, copied onto the board
with the firmware, and never kept in the repository or build/ (firmware/hw/wifi.py
reads it). Without them, a settings file already on the board stays as it is.

The RP2040 boards without PORT get the frozen firmware instead (tools/device/firmware.py,
build/BOARD/firmware.uf2): copied onto the board's BOOTSEL drive (RPI-RP2, or
--drive), or else loaded with a `picotool` found on PATH.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: F401  (firmware/ and the rooms of tools/ on sys.path)
from hw.wifi import SETTINGS
from hw.wsclient import parse_url

import build
import firmware

BIN = pathlib.Path(sys.executable).parent
ROOT = build.ROOT
DEMO = ROOT / "sim" / "vboard" / "buttons.txt"  # a demo match to 61, then the end

# Prints the size of ROMFS partition 0 (0 when the firmware has none).
ROMFS_SIZE = (
    "import vfs\n"
    "n = 0\n"
    "if hasattr(vfs, 'rom_ioctl') and vfs.rom_ioctl(1) > 0:\n"
    "    d = vfs.rom_ioctl(2, 0)\n"
    "    n = d.ioctl(4, 0) * d.ioctl(5, 0) if hasattr(d, 'ioctl') else len(d)\n"
    "print(n)\n"
)
# Removes copies of the firmware from the filesystem: they would come before the
# ROMFS on sys.path. {names} is filled in.
REMOVE = (
    "import os\n"
    "def rm(p):\n"
    "    try:\n"
    "        mode = os.stat(p)[0]\n"
    "    except OSError:\n"
    "        return\n"
    "    if mode & 0x4000:\n"
    "        for n in os.listdir(p):\n"
    "            rm(p + '/' + n)\n"
    "        os.rmdir(p)\n"
    "    else:\n"
    "        os.remove(p)\n"
    "for p in {names}:\n"
    "    rm(p)\n"
)
NOBODY = """flash: no MicroPython device answered on {where}.
  Plug the handheld in (a data cable, MicroPython already installed), or name its port:
      make flash BOARD={board} PORT=/dev/ttyACM0
  `{mpremote} devs` lists the serial ports; `make flash BOARD=virtual` needs no hardware."""


NO_BOOTSEL = """flash: no Pico in BOOTSEL mode was found (no RPI-RP2 drive{picotool}).
  Hold the board's BOOTSEL button while plugging it in, wait for the RPI-RP2 drive,
  then run this again (or name the drive: make flash BOARD={board} DRIVE=/path).
  {uf2} is built and can be copied by hand. To copy the game onto stock
  MicroPython instead, name its serial port: make flash BOARD={board} PORT=/dev/ttyACM0"""
# Where desktops mount the Pico's BOOTSEL drive.
DRIVES = ("/media/*/RPI-RP2", "/run/media/*/RPI-RP2", "/media/RPI-RP2", "/Volumes/RPI-RP2")


class NoDevice(Exception):
    pass


def network_settings(board, environ):
    """The settings file's dict from WIFI_SSID, WIFI_PASSWORD and SERVER, or None
    when none is set; BuildError when they do not make a whole one."""
    given = {name: environ.get(name, "") for name in ("WIFI_SSID", "WIFI_PASSWORD", "SERVER")}
    if not any(given.values()):
        return None
    if not build.board_config(board).get("wifi"):
        raise build.BuildError("board %r has no WiFi: WIFI_SSID, WIFI_PASSWORD and SERVER are "
                               "for pico-w, heltec-wifikit32 and virtual" % board)
    if not given["SERVER"]:
        raise build.BuildError("SERVER=ws://host:port is needed with the WiFi settings")
    try:
        parse_url(given["SERVER"])
    except ValueError as e:
        raise build.BuildError("SERVER=%s: %s" % (given["SERVER"], e)) from None
    if given["WIFI_PASSWORD"] and not given["WIFI_SSID"]:
        raise build.BuildError("WIFI_PASSWORD without WIFI_SSID")
    settings = {"server": given["SERVER"]}
    if given["WIFI_SSID"]:
        settings.update(ssid=given["WIFI_SSID"], password=given["WIFI_PASSWORD"])
    return settings


class NoBootsel(Exception):
    pass


def bootsel_drive():
    for pattern in DRIVES:
        for path in sorted(pathlib.Path("/").glob(pattern.lstrip("/"))):
            if (path / "INFO_UF2.TXT").is_file():
                return path
    return None


def flash_uf2(board, drive=None):
    """Build the frozen firmware and write it to a Pico in BOOTSEL mode."""
    uf2 = firmware.firmware(board)
    drive = pathlib.Path(drive) if drive else bootsel_drive()
    if drive is not None:
        if not (drive / "INFO_UF2.TXT").is_file():
            raise NoBootsel("%s is not a BOOTSEL drive (it has no INFO_UF2.TXT)" % drive)
        print("copying %s onto %s" % (uf2.relative_to(ROOT), drive), flush=True)
        shutil.copyfile(uf2, drive / uf2.name)
    else:
        picotool = shutil.which("picotool")
        if picotool is None:
            raise NoBootsel("")
        # -f: a board running MicroPython is rebooted into BOOTSEL first; -x: run it after.
        if subprocess.run([picotool, "load", "-v", "-x", "-f", str(uf2)]).returncode != 0:
            raise NoBootsel(", and picotool found no board either")
    print("flashed %s: the board restarts into the game" % board)


def mpremote():
    return shutil.which("mpremote", path=str(BIN)) or shutil.which("mpremote") or "mpremote"


def connect(port):
    return [mpremote(), "connect", port or "auto"]


def ask(port, code, timeout=20):
    """Run code on the device; its output, or NoDevice when nothing answers."""
    try:
        run = subprocess.run(
            connect(port) + ["exec", code], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        raise NoDevice() from None
    if run.returncode != 0:
        raise NoDevice()
    return run.stdout


def mpremote_run(port, *commands):
    """mpremote with its output shown (file by file, with progress)."""
    subprocess.run(connect(port) + list(commands), check=True)


def flash(board, port, out=build.BUILD, settings=None):
    """Build and copy onto the device; `settings` (network_settings) become its
    net.json, written only into a temporary folder on the way."""
    with tempfile.TemporaryDirectory(prefix="pocket-net-") as scratch:
        extra = []
        if settings is not None:
            path = pathlib.Path(scratch) / SETTINGS
            path.write_text(json.dumps(settings))
            path.chmod(0o600)
            extra = [str(path)]
        _flash(board, port, out, extra)
        if extra:
            print("wrote the network's settings (%s) onto the board" % SETTINGS)


def _flash(board, port, out, extra):
    tree = build.build(board, out)
    image = tree.parent / (board + ".romfs")
    print("asking the device on %s" % (port or "the first USB serial port"), flush=True)
    romfs = int(ask(port, ROMFS_SIZE).split()[-1])
    entries = sorted(path.name for path in tree.iterdir()
                     if path.name not in build.FIRMWARE_PRODUCTS)
    if romfs >= image.stat().st_size:
        print("ROMFS partition of %d bytes: deploying the image" % romfs)
        names = [name for name in entries if name != build.ENTRY]
        mpremote_run(
            port,
            "exec",
            REMOVE.format(names=names),
            "+",
            "romfs",
            "deploy",
            str(image),
            "+",
            "cp",
            str(tree / build.ENTRY),
            *extra,
            ":",
            "+",
            "reset",
        )
    else:
        if romfs:
            print("the ROMFS partition (%d bytes) is too small: copying files" % romfs)
        sources = [str(tree / name) for name in entries] + extra
        mpremote_run(port, "cp", "-r", *sources, ":", "+", "reset")
    print("flashed %s; the device has been reset and starts the game" % board)


def flash_virtual(settings=None):
    """A virtual board in build/virtual-board/: flash it, then watch it play."""
    sys.path.insert(0, str(ROOT))
    from sim.vboard import VirtualBoard

    folder = ROOT / "build" / "virtual-board"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / DEMO.name).write_text(DEMO.read_text())
    with VirtualBoard(folder) as board:
        print("virtual board on %s, its filesystem in build/virtual-board/" % board.port)
        flash("virtual", board.port, settings=settings)
        start = board.wait_for_hard_reset(1)
        board.wait_for(b">>> ", start, timeout=600)
        print("the virtual board after its reset (buttons from %s):" % DEMO.name)
        print(board.output[start:].decode(errors="replace").replace("\r\n", "\n"))
    print(last_match(folder / "save.bin"))


def last_match(save_path):
    """The last finished match kept in a save, in a sentence."""
    from hw.storage import Storage
    from ui.restore import decode

    last = Storage(str(save_path)).get("last")
    if last is None:
        return "no match was finished"
    match = decode(last)
    scores = match.game.scores
    return "the match it played: %s %d, %s %d (to %d)" % (
        match.seats[0],
        scores[0],
        match.seats[1],
        scores[1],
        match.options.target,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", help="a board file of boards/: " + ", ".join(build.board_names()))
    parser.add_argument("--port", default="", help="serial port (default: the first USB one)")
    parser.add_argument("--out", default=str(build.BUILD), help="build folder (default: build)")
    parser.add_argument("--drive", help="RP2040 boards: the BOOTSEL drive (default: found)")
    args = parser.parse_args()
    try:
        build.check_board(args.board)
        settings = network_settings(args.board, os.environ)
        if args.board == "virtual" and not args.port:
            flash_virtual(settings)
        elif args.board in firmware.firmware_boards() and not args.port:
            flash_uf2(args.board, args.drive)
        else:
            flash(args.board, args.port, pathlib.Path(args.out), settings)
    except build.BuildError as error:
        sys.exit("flash: %s" % error)
    except NoDevice:
        sys.exit(
            NOBODY.format(
                where=args.port or "the first USB serial port (PORT not given)",
                board=args.board,
                mpremote=os.path.relpath(mpremote()),
            )
        )
    except NoBootsel as error:
        if str(error).startswith("/"):
            sys.exit("flash: " + str(error))
        sys.exit(NO_BOOTSEL.format(
            picotool=str(error) or ", and no picotool on PATH", board=args.board,
            uf2=os.path.relpath(firmware.ROOT / "build" / args.board / "firmware.uf2")))
    except subprocess.CalledProcessError as error:
        sys.exit(
            "flash: mpremote failed (exit status %d); see its message above" % error.returncode
        )


if __name__ == "__main__":
    main()
