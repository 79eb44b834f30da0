"""A virtual board: a pseudo-terminal that answers like a MicroPython board, backed
by the real MicroPython unix port running in a folder that plays the board's
filesystem. mpremote (and so `make flash`) talks to it as to any serial port.

    python -m sim.vboard FOLDER [--heap BYTES]      # prints the port, runs until Ctrl-C

    with VirtualBoard(folder) as board:
        subprocess.run(["mpremote", "connect", board.port, "ls"])
        board.wait_for(b">>> ")

The board runs repl.py (this folder) under MicroPython, with FOLDER mounted as
its filesystem and lib/ after it on its path: lib/machine.py and lib/time.py
stand in for the board's own modules (pins whose buttons follow buttons.txt in
the filesystem, buses that go nowhere, a clock that only moves when the program
sleeps). A reset ends that process; the board
starts the next one, saying "soft reboot" after a soft reset the way a board
does, and running main.py unless the reset came from the raw REPL. A Ctrl-C from
the host also interrupts the running program (SIGINT, which MicroPython turns
into KeyboardInterrupt).
"""

import argparse
import os
import pathlib
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import tty

HERE = pathlib.Path(__file__).resolve().parent
BIN = pathlib.Path(sys.executable).parent
SOFT_RESET_RAW, SOFT_RESET, HARD_RESET = 10, 11, 12  # repl.py's exit statuses
READY = b"\x00"  # repl.py's first byte: it takes SIGINT as KeyboardInterrupt
SOFT_REBOOT = b"MPY: soft reboot\r\n"


class VirtualBoard:
    def __init__(self, folder, heap=512 * 1024, rom=0):
        """`rom`: the size of the board's ROM partition (0: none), kept in the
        host file FOLDER.rom beside the filesystem."""
        self.folder = pathlib.Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.heap = heap
        self.rom_size = rom
        self.rom = None
        if rom:
            self.rom = self.folder.parent / (self.folder.name + ".rom")
            if not self.rom.is_file() or self.rom.stat().st_size != rom:
                self.rom.write_bytes(b"\xff" * rom)
        self.output = bytearray()  # everything the board has sent on its line
        self.hard_resets = []  # where in output each hard reset (machine.reset()) came
        self._changed = threading.Condition()
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.port = os.ttyname(self._slave)
        self._process = None
        self._pending = b""  # bytes from the host while the board restarts
        self._stopping = False
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        self._process = self._boot("boot")
        self._thread.start()

    def stop(self):
        self._stopping = True
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._thread.join(timeout=5)
        os.close(self._master)
        os.close(self._slave)

    def wait_for(self, text, since=0, timeout=60):
        """Wait until the board has sent `text` after output[since:]; its position."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = self.output.find(text, since)
                if found >= 0:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(
                        "the virtual board did not send %r; it sent:\n%s"
                        % (text, self.output[since:].decode(errors="replace"))
                    )
                self._changed.wait(left)

    def wait_for_hard_reset(self, count, timeout=60):
        """Wait for hard reset number `count` (from 1); where its output starts."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while len(self.hard_resets) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the virtual board was not reset")
                self._changed.wait(left)
            return self.hard_resets[count - 1]

    # --- the board's life -------------------------------------------------------

    def _boot(self, mode):
        self._ready = False
        self._interrupted = False
        micropython = shutil.which("micropython", path=str(BIN)) or "micropython"
        command = [
            micropython,
            "-X",
            "heapsize=%d" % (self.heap + self.rom_size),  # the ROM is read into the heap
            str(HERE / "repl.py"),
            mode,
            str(self.folder.resolve()),
            str(HERE / "lib"),
        ]
        if self.rom is not None:
            command.append(str(self.rom.resolve()))
        return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)

    def _send(self, data):
        os.write(self._master, data)
        with self._changed:
            self.output += data
            self._changed.notify_all()

    def _serve(self):
        while not self._stopping:
            process = self._process
            ready, _, _ = select.select([self._master, process.stdout], [], [], 0.2)
            if process.stdout in ready:
                data = os.read(process.stdout.fileno(), 4096)
                if not data:  # the process has ended: a reset
                    if not self._stopping:
                        self._restart(process.wait())
                    continue
                if data.startswith(READY) and not self._ready:
                    self._ready = True
                    data = data[1:]
                    if self._interrupted:  # a Ctrl-C came while it started
                        process.send_signal(signal.SIGINT)
                if data:
                    self._send(data)
            if self._master in ready:
                self._from_host(os.read(self._master, 4096))

    def _from_host(self, data):
        if b"\x03" in data:
            self._interrupted = not self._ready  # before READY a SIGINT would kill it
            if self._ready and self._process.poll() is None:
                self._process.send_signal(signal.SIGINT)
        self._pending += data
        try:
            self._process.stdin.write(self._pending)
            self._pending = b""
        except BrokenPipeError:
            pass  # the board is restarting: the bytes go to the next process

    def _restart(self, status):
        if status in (SOFT_RESET_RAW, SOFT_RESET):
            self._send(SOFT_REBOOT)
        elif status == HARD_RESET:
            with self._changed:
                self.hard_resets.append(len(self.output))
                self._changed.notify_all()
        self._process = self._boot("raw" if status == SOFT_RESET_RAW else "boot")
        if self._pending:
            self._from_host(b"")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="the board's filesystem (created if missing)")
    parser.add_argument("--heap", type=int, default=512 * 1024, help="MicroPython heap, bytes")
    parser.add_argument("--rom", type=int, default=0, help="ROM partition for ROMFS, bytes")
    args = parser.parse_args()
    with VirtualBoard(args.folder, args.heap, args.rom) as board:
        print("virtual board on", board.port, "(Ctrl-C stops it)", flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
