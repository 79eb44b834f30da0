"""A board's REPL for the MicroPython unix port: the program the virtual board runs.

    micropython repl.py boot|raw FOLDER LIB [ROM]   (stdin, stdout: the serial line)

FOLDER becomes the board's filesystem, mounted at / (nothing outside it is
reachable); LIB, the board's own modules, is mounted read-only at /.virtual and
comes after the filesystem on sys.path; ROM, a host file, is the board's ROM
partition (rom.py). "boot" is a board coming out of reset: it runs main.py from
its filesystem if there is one, then offers the friendly REPL. "raw" is a board
after a soft reset in the raw REPL: straight back into the raw REPL.
Both REPLs follow MicroPython's serial protocol: Ctrl-A raw REPL, Ctrl-B
friendly REPL, Ctrl-C interrupt, Ctrl-D run the code sent (raw) or soft reset
(an empty raw buffer, or the friendly REPL); raw-paste (Ctrl-E) is declined.
A soft or hard reset ends this process with an exit status that tells the
virtual board how to start the next one.
"""

import os
import sys

import micropython
import rom
import vfs

SOFT_RESET_RAW = 10  # soft reset from the raw REPL: come back in the raw REPL
SOFT_RESET = 11  # soft reset from the friendly REPL: run main.py again
HARD_RESET = 12  # machine.reset() (lib/machine.py raises SystemExit with it)
BANNER = b'MicroPython on a virtual board\r\nType "help()" for more information.\r\n'
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"
READY = b"\x00"  # first byte out: the virtual board keeps it to itself

_in = sys.stdin.buffer
_out = sys.stdout.buffer


def write(data):
    _out.write(data)


def read():
    """One byte from the line; a Ctrl-C that came as a signal is read as itself."""
    while True:
        try:
            byte = _in.read(1)
        except KeyboardInterrupt:
            continue  # the byte \x03 itself follows on the line
        if not byte:
            sys.exit(0)  # the virtual board hung up
        return byte


def run(code, env):
    """Run code as the board would; a reset ends this process."""
    try:
        exec(code, env)
    except SystemExit as error:
        if error.args and error.args[0] == HARD_RESET:
            raise
        return error
    except BaseException as error:  # noqa: BLE001 - the REPL reports everything
        return error
    return None


def raw_repl(env):
    write(RAW_BANNER)
    code = bytearray()
    while True:
        byte = read()
        if byte == b"\x01":
            code = bytearray()
            write(b"\r\n" + RAW_BANNER)
        elif byte == b"\x02":
            write(b"\r\n")
            return
        elif byte == b"\x03":
            code = bytearray()
        elif byte == b"\x05":
            read()  # "A"
            read()  # \x01
            write(b"R\x00")  # raw-paste is not supported: the host falls back
        elif byte == b"\x04":
            if not code:
                sys.exit(SOFT_RESET_RAW)
            write(b"OK")
            error = run(bytes(code), env)
            write(b"\x04")
            if error is not None:
                sys.print_exception(error, sys.stdout)
            write(b"\x04>")
            code = bytearray()
        else:
            code.extend(byte)


def friendly_repl(env):
    """A line at a time: enough for a person at the terminal."""
    write(BANNER + b">>> ")
    line = bytearray()
    while True:
        byte = read()
        if byte == b"\x01":
            write(b"\r\n")
            raw_repl(env)
            write(BANNER + b">>> ")
        elif byte == b"\x04":
            sys.exit(SOFT_RESET)
        elif byte == b"\x03":
            line = bytearray()
            write(b"\r\n>>> ")
        elif byte in b"\r\n":
            write(b"\r\n")
            if line:
                error = run(bytes(line), env)
                if error is not None:
                    sys.print_exception(error, sys.stdout)
            line = bytearray()
            write(b">>> ")
        else:
            line.extend(byte)
            write(byte)


def mount(folder, lib, rom_file):
    partition = rom.RomPartition(rom_file) if rom_file else None
    vfs.umount("/")
    vfs.mount(vfs.VfsPosix(folder), "/")
    vfs.mount(vfs.VfsPosix(lib), "/.virtual", readonly=True)
    os.chdir("/")
    sys.path[:] = ["", "/.virtual"]
    if partition is not None:
        rom.install(partition)


def main():
    micropython.kbd_intr(3)  # the virtual board turns a Ctrl-C into SIGINT
    write(READY)  # from now on a SIGINT is a KeyboardInterrupt
    mount(sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "")
    env = {"__name__": "__main__"}
    if sys.argv[1] == "raw":
        raw_repl(env)
    elif "main.py" in os.listdir():
        with open("main.py") as source:
            error = run(source.read(), {"__name__": "__main__"})
        if isinstance(error, SystemExit):  # the script of buttons ended (lib/time.py)
            write(("main.py stopped: %s\r\n" % error.args[0]).encode())
        elif error is not None:
            sys.print_exception(error, sys.stdout)
    friendly_repl(env)


main()
