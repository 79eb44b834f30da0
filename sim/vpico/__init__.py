"""The virtual Pico: the real firmware image (`make firmware`) on an emulated RP2040.

    with VirtualPico("pico-spi") as pico:
        pico.run(120, script={30: {"a"}, 31: {"a"}})   # frames, buttons per frame
        pico.board.controller.glass()                   # what the panel shows

rp2040js (npm, pinned in package.json) runs the boot ROM and the firmware at
125 MHz in emulated time, in a Node process (vpico.mjs beside this file). The
firmware's frame loop reads the button pins once per frame, which is how frames
are counted and how a script's buttons reach it on exactly the frame they are
meant for, through the GPIO pins. What the firmware sends to the panel over SPI
or I2C goes to the same controller model as the pygame emulator's
(sim.machine.VirtualBoard, sim/oled.py), so frames compare bit for bit.
rp2040js emulates no flash writes; the runner puts a flash chip behind the SSI
(vpico.mjs), so the boot ROM's erase and program, which rp2.Flash calls, work:
the firmware boots on a blank flash, the port's _boot.py formats littlefs on it
and the game saves there as on a board (erases and programs take no time: the
bench adds the data sheet's).
"""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

from sim import boards, ROOT
from sim.machine import VirtualBoard

HERE = pathlib.Path(__file__).resolve().parent
RUNNER = HERE / "vpico.mjs"
BOOTROM = "rp2040-bootrom-b1.bin"


class Missing(Exception):
    """Something the virtual Pico needs is not there (its message says what)."""


def bootrom():
    """The RP2040 B1 boot ROM: VPICO_BOOTROM, or the copy `make firmware` keeps
    from MICROPY_SRC's archives, or the file in MICROPY_SRC or beside its tree."""
    given = os.environ.get("VPICO_BOOTROM")
    if given:
        return pathlib.Path(given)
    src = os.environ.get("MICROPY_SRC")
    folders = [ROOT / "build" / "micropython"]
    folders += [pathlib.Path(src), pathlib.Path(src).parent] if src else []
    for folder in folders:
        if (folder / BOOTROM).is_file():
            return folder / BOOTROM
    raise Missing("no RP2040 boot ROM: set VPICO_BOOTROM=path/to/%s (or MICROPY_SRC to the "
                  "folder holding it)" % BOOTROM)


def node():
    path = shutil.which("node")
    if path is None:
        raise Missing("node (Node.js 18+) is not installed")
    if not (ROOT / "node_modules" / "rp2040js").is_dir():
        raise Missing("rp2040js is not installed: run `npm ci` at the top of the repository")
    return path


def wiring(config):
    """What the runner needs of a board file: the button pins in the order the
    firmware reads them (hw.buttons.NAMES, those fitted) and the panel's bus."""
    from hw.buttons import NAMES

    fitted = [config["buttons"][name] for name in NAMES
              if config["buttons"].get(name) is not None]
    bus = {"reset": config.get("reset")}
    if "spi" in config:
        bus.update(spi=config["spi"], dc=config["dc"], cs=config.get("cs"))
    else:
        bus.update(i2c=config["i2c"], address=config.get("address", 0x3C))
    return {"buttons": fitted, "display": bus}


class VirtualPico:
    def __init__(self, board_name, uf2=None):
        self.config = boards.load(board_name)
        self.board = VirtualBoard(self.config, time=None)  # the panel and the buttons
        self.uf2 = pathlib.Path(uf2 or ROOT / "build" / board_name / "firmware.uf2")
        if not self.uf2.is_file():
            raise Missing("no firmware at %s: run `make firmware BOARD=%s`"
                          % (self.uf2, board_name))
        self.frame = 0  # polls seen: frame N has been started
        self.micros = 0  # emulated time at the last poll
        self.polls = []  # (micros, busy micros) at each poll
        self.serial = bytearray()  # all the REPL has printed
        self._scratch = tempfile.TemporaryDirectory()
        path = pathlib.Path(self._scratch.name) / "wiring.json"
        path.write_text(json.dumps(wiring(self.config)))
        self._process = subprocess.Popen(
            [node(), str(RUNNER), str(bootrom()), str(self.uf2), str(path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._pins = wiring(self.config)["buttons"]
        self._hold(0, ())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self._process.poll() is None:
            self._send("quit")
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
        self._scratch.cleanup()

    def _send(self, line):
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()

    def _hold(self, frame, names):
        """Hold `names` from frame `frame` on (0: now)."""
        self.board.set_pressed(names)
        levels = ",".join("%d=%d" % (pin, self.board.button_pin_level(pin))
                          for pin in self._pins)
        self._send("levels %d %s" % (frame, levels))

    def run(self, frames, script=None, on_frame=None):
        """Run until `frames` more frames have been completed, the buttons of
        script ({frame: names}, frames counted as self.frame counts them) held on
        their frames and released on the others; on_frame(n) once frame n has been
        shown (its bytes have reached the panel)."""
        script = script or {}
        last = self.frame + frames + 1  # frame N is complete when poll N + 1 starts
        held = None
        for number in range(self.frame + 1, last + 1):
            names = frozenset(script.get(number, ()))
            if names != held:
                self._hold(number, names)
                held = names
        self._send("until %d" % last)
        self._read(on_frame)

    def repl(self, code, timeout=1800, on_line=None):
        """Run `code` at the raw REPL (the running program is interrupted first,
        Ctrl-C); returns what it printed, or raises RuntimeError with its
        traceback; timeout is in seconds of wall time. on_line(text) is called
        with each line it prints as soon as the line is complete."""
        self.serial.clear()
        self._send("send " + b"\r\x03\x03\x01".hex())
        self._send("go")
        self._read(until=lambda: self.serial.endswith(b"raw REPL; CTRL-B to exit\r\n>"),
                   timeout=timeout)
        self.serial.clear()
        self._send("send " + (code.encode() + b"\x04").hex())
        self._send("go")
        told = [2]  # where the lines not yet told begin (after "OK")

        def done():
            if on_line is not None:  # the output, up to the end marker (then the error)
                marker = self.serial.find(b"\x04")
                end = self.serial.rfind(b"\n", 0, marker if marker >= 0 else len(self.serial))
                if end >= told[0]:
                    for line in bytes(self.serial[told[0]:end]).splitlines():
                        on_line(line.decode(errors="replace"))
                    told[0] = end + 1
            return self.serial.count(b"\x04") >= 2

        self._read(until=done, timeout=timeout)
        answer, error = bytes(self.serial)[2:].split(b"\x04")[:2]  # after "OK"
        if error:
            raise RuntimeError("the virtual Pico said: " + error.decode(errors="replace"))
        return answer.decode(errors="replace")

    def _read(self, on_frame=None, until=None, timeout=None):
        """Handle the runner's lines until it stops, or until until() holds (then
        pause it; RuntimeError after `timeout` seconds)."""
        start = time.monotonic()
        pausing = False
        for line in self._process.stdout:
            word, _, rest = line.rstrip("\n").partition(" ")
            if word == "poll":
                number, micros, busy = (int(part) for part in rest.split())
                self.frame, self.micros = number, micros
                self.polls.append((micros, busy))
                if on_frame is not None and number > 1:
                    on_frame(number - 1)
            elif word == "spi":
                dc, cs, data = rest.split()
                self.board.pin_written(self.config["dc"], int(dc))
                if self.config.get("cs") is not None:
                    self.board.pin_written(self.config["cs"], int(cs))
                self.board.spi_write(self.config["spi"], bytes.fromhex(data))
            elif word == "i2c":
                address, data = rest.split()
                self.board.i2c_write(self.config["i2c"], int(address), bytes.fromhex(data))
            elif word == "pin":
                pin, level = rest.split()
                self.board.pin_written(int(pin), int(level))
            elif word == "serial":
                self.serial += bytes.fromhex(rest)
            elif word == "stopped" and (until is None or pausing):
                return
            if until is not None and not pausing and until():
                self._send("pause")
                pausing = True
            if timeout is not None and time.monotonic() - start > timeout:
                raise RuntimeError("the virtual Pico did not answer in %d s" % timeout)
        raise RuntimeError("the virtual Pico stopped: node exited with %s"
                           % self._process.wait())
