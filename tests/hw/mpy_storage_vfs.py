"""storage.py and journal.py on MicroPython's own file systems (littlefs v2 and
FAT) on a RAM block device that can lose power after any block write.

For every possible cut during a save (of the settings, of an action appended
to the match journal, and of a new match started over the old one), the flash
is mounted again as after a reboot and the save loaded: the outcome (old, new,
or what went wrong) is printed per file system as `name outcome count` lines
(name "lfs2", "lfs2-journal", "lfs2-restart", ...), and the copies of the
journal kept there as `name copies N` (one on littlefs, two on FAT).
Usage: micropython tests/hw/mpy_storage_vfs.py <firmware dir>
"""

import os
import sys

sys.path.insert(0, sys.argv[1])

from hw.journal import chunk  # noqa: E402
from hw.storage import Storage  # noqa: E402

BLOCK = 512
BLOCKS = 64
MOUNT = "/flash"
_COUNT, _SIZE, _ERASE = 4, 5, 6  # block device ioctl operations


class PowerCut(Exception):
    pass


class Flash:
    """Blocks in RAM; after `budget` block writes every write raises PowerCut."""

    def __init__(self, image=None):
        self.image = bytearray(image) if image else bytearray(BLOCK * BLOCKS)
        self.budget = -1  # no cut planned
        self.dead = False
        self.writes = 0

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.image[start:start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        if self.dead:
            return  # the power is off: nothing reaches the flash any more
        if self.budget == 0:
            self.dead = True
            raise PowerCut()
        self.budget -= 1
        self.writes += 1
        start = block * BLOCK + offset
        self.image[start:start + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == _COUNT:
            return BLOCKS
        if op == _SIZE:
            return BLOCK
        if op == _ERASE:
            return 0
        return None


OLD = {"mute": 0, "best": 120, "name": "old"}
NEW = {"mute": 1, "best": 385, "name": "the new one", "resume": b"r" * 1500}
ACTIONS = [bytes((n,)) * 40 for n in range(30)]  # the journal before the cut


def save(values):
    store = Storage(MOUNT + "/save.bin")
    for key in store.names():
        store.delete(key)
    for key in values:
        store.set(key, values[key])
    store.save()


def append(_):
    """The journal's next chunk, after ACTIONS (the journal of `before`)."""
    Storage(MOUNT + "/save.bin").match.append(chunk(b"A", b"new"))


def start_journal(_):
    journal = Storage(MOUNT + "/save.bin").match
    journal.start(1, b"header")
    for action in ACTIONS:
        journal.append(chunk(b"A", action))


def restart(_):
    """A new match started over the journal of `before`."""
    Storage(MOUNT + "/save.bin").match.start(2, b"the next match")


def journal_outcome():
    chunks = Storage(MOUNT + "/save.bin").match.load()
    kept = [payload for _, payload in chunks[1:]]
    if kept == ACTIONS:
        return "old"
    if kept == ACTIONS + [b"new"]:
        return "new"
    return "other"


def restart_outcome():
    head = Storage(MOUNT + "/save.bin").match.head()
    if head is not None and head[0] == 1 and journal_outcome() == "old":
        return "old"
    if head == (2, b"the next match"):
        return "new"
    return "other"


def outcome():
    store = Storage(MOUNT + "/save.bin")
    values = {}
    for key in store.names():
        values[key] = store.get(key)
    if values == OLD:
        return "old"
    if values == NEW:
        return "new"
    return "other-" + store.status


def run(name, vfs_class, prepare=save, change=save, found=outcome):
    flash = Flash()
    vfs_class.mkfs(flash)
    os.mount(vfs_class(flash), MOUNT)
    prepare(OLD)
    prepare(OLD)  # both generations written
    print(name, "copies", len(Storage(MOUNT + "/save.bin").match._paths))
    os.umount(MOUNT)
    before = bytes(flash.image)

    flash = Flash(before)
    os.mount(vfs_class(flash), MOUNT)
    change(NEW)
    os.umount(MOUNT)
    total = flash.writes

    outcomes = {}
    for cut in range(total + 1):
        flash = Flash(before)
        os.mount(vfs_class(flash), MOUNT)
        flash.budget = cut
        try:
            change(NEW)
        except PowerCut:
            assert flash.dead
        os.umount(MOUNT)  # forgets the mounted state; after a cut no write lands
        if flash.dead:
            outcomes["cut"] = outcomes.get("cut", 0) + 1
        flash.dead = False
        flash.budget = -1
        try:
            os.mount(vfs_class(flash), MOUNT)
        except OSError:
            result = "unmountable"
        else:
            try:
                result = found()
            except Exception as e:  # storage must never raise: reported as a failure
                result = "raised-" + type(e).__name__
            os.umount(MOUNT)
        outcomes[result] = outcomes.get(result, 0) + 1
    print(name, "cuts", total + 1)
    for result in sorted(outcomes):
        print(name, result, outcomes[result])


for name, vfs in (("lfs2", os.VfsLfs2), ("fat", os.VfsFat)):
    run(name, vfs)
    run(name + "-journal", vfs, start_journal, append, journal_outcome)
    run(name + "-restart", vfs, start_journal, restart, restart_outcome)
