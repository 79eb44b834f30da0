"""The frozen _boot.py (tools/device/frozen/_boot.py) under MicroPython's unix
port, on a stand-in for rp2.Flash (start=, len=, over a RAM flash) and the real
littlefs, its mount at "/" moved to /flash. Prints `name value` lines:

    blank_size, blank_log       a blank flash: littlefs's size, and whether
                                hw/flashlog.region() gives the match log room
    again_size, again_file      powered on again: the same layout, a file kept
    whole_size, whole_file,     a littlefs on the whole storage (a stock
      whole_log                 firmware's): kept as it was, files and all, no log
Usage: micropython tests/hw/mpy_boot.py <_boot.py> <firmware dir>
"""

import os
import sys

import vfs as real_vfs

sys.path.insert(0, sys.argv[2])

from hw.flashlog import region  # noqa: E402

BLOCK = 4096
BLOCKS = 48  # 192 KB of storage: 128 KB of littlefs and the 64 KB log
MOUNT = "/flash"
image = bytearray(BLOCK * BLOCKS)


class Flash:
    """rp2.Flash's block device over `image`: the storage, or a part of it."""

    def __init__(self, start=0, len=BLOCK * BLOCKS):  # noqa: A002 (rp2.Flash's own names)
        self.start = start
        self.blocks = len // BLOCK

    def readblocks(self, block, buf, offset=0):
        at = self.start + block * BLOCK + offset
        buf[:] = image[at:at + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            for i in range((len(buf) + BLOCK - 1) // BLOCK):
                self.ioctl(6, block + i)
            offset = 0
        at = self.start + block * BLOCK + offset
        for i in range(len(buf)):
            image[at + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            at = self.start + arg * BLOCK
            image[at:at + BLOCK] = b"\xff" * BLOCK
        return 0


class Rp2:
    Flash = Flash


class Vfs:
    """vfs, its mount at "/" made at MOUNT."""

    VfsLfs2 = real_vfs.VfsLfs2

    def mount(self, fs, point):
        assert point == "/"
        real_vfs.mount(fs, MOUNT)


def power_on(name):
    """Run _boot.py as at power-on, then say what it mounted."""
    sys.modules["rp2"] = Rp2()
    sys.modules["vfs"] = Vfs()
    with open(sys.argv[1]) as f:
        code = f.read()
    exec(code, {"__name__": "_boot"})
    del sys.modules["rp2"]
    del sys.modules["vfs"]
    info = os.statvfs(MOUNT)
    print(name + "_size", info[0] * info[2])
    try:
        with open(MOUNT + "/save.bin") as f:
            print(name + "_file", f.read())
    except OSError:
        print(name + "_file", "-")
    print(name + "_log", 0 if region(Rp2(), os, MOUNT) is None else 1)
    real_vfs.umount(MOUNT)


for i in range(BLOCKS):
    image[i * BLOCK:(i + 1) * BLOCK] = b"\xff" * BLOCK
power_on("blank")
real_vfs.mount(real_vfs.VfsLfs2(Flash(0, BLOCK * (BLOCKS - 16)), progsize=256), MOUNT)
with open(MOUNT + "/save.bin", "w") as f:
    f.write("kept")
real_vfs.umount(MOUNT)
power_on("again")
real_vfs.VfsLfs2.mkfs(Flash(), progsize=256)  # as the port's own _boot.py leaves a board
real_vfs.mount(real_vfs.VfsLfs2(Flash(), progsize=256), MOUNT)
with open(MOUNT + "/save.bin", "w") as f:
    f.write("stock")
real_vfs.umount(MOUNT)
power_on("whole")
