"""The virtual board's ROM partition, for the MicroPython unix port (repl.py).

A host file of the partition's size, read whole into RAM (where vfs.VfsRom maps
it) and written through. `import vfs` on the virtual board then gives the real
module plus `rom_ioctl`, the interface `mpremote romfs` uses on a board:
1 the number of partitions, 2 a partition's memory, 3 prepare (erase) for
writing, 4 write at an offset, 5 the write is complete, 6 the erase block size.
A partition that holds a ROMFS image is mounted at /rom at start, as a board
with a ROMFS partition does, and /rom and /rom/lib come first on sys.path after
the filesystem's own folder.
"""

import sys

import vfs

ROMFS_HEADER = b"\xd2\xcd\x31"
ENODEV = 19


class RomPartition:
    def __init__(self, path):
        self.file = open(path, "r+b")  # noqa: SIM115 (open while the board runs)
        self.data = bytearray(self.file.seek(0, 2))
        self.file.seek(0)
        self.file.readinto(self.data)

    def ioctl(self, op, *args):
        if op == 1:
            return 1
        if args and args[0] != 0:
            return -ENODEV
        if op == 2:
            return memoryview(self.data)
        if op == 3:  # erase what will be written
            for i in range(min(args[1], len(self.data))):
                self.data[i] = 0xFF
            return 4  # the smallest write
        if op == 4:
            offset, data = args[1], args[2]
            self.data[offset : offset + len(data)] = data
            self.file.seek(offset)
            self.file.write(data)
            return 0
        if op == 5:
            self.file.flush()
            return 0
        if op == 6:
            return -1  # no blocks: the partition is erased and written as one
        return -22


class Vfs:
    """What `import vfs` gives on the virtual board."""

    def __init__(self, partition):
        self.mount = vfs.mount
        self.umount = vfs.umount
        self.VfsRom = vfs.VfsRom
        self.VfsPosix = vfs.VfsPosix
        self.rom_ioctl = partition.ioctl


def install(partition):
    """Give the board the partition, mounted at /rom if it holds a ROMFS image."""
    sys.modules["vfs"] = Vfs(partition)
    if partition.data[:3] == ROMFS_HEADER:
        vfs.mount(vfs.VfsRom(memoryview(partition.data)), "/rom")
        sys.path[1:1] = ["/rom", "/rom/lib"]
