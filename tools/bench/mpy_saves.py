"""What a save and the opening of the main menu cost as a duel grows, under
MicroPython (issue 15, item 20).

    micropython tools/bench/mpy_saves.py FIRMWARE_DIR [ACTIONS]

Plays a Spectacular Bid duel between two players who make the first legal
move, saving after every action as the table does, on littlefs over a RAM
block device formatted as the rp2 port formats its flash (as on a board, and
free of the host's disk and its sync). At 10,
250, 500 and ACTIONS (1000) actions it times the save of one more action, and
what the main menu asks of the save when it opens (the whole match replayed,
before the journal; one chunk of it since), each the best of 5 runs, relative
to mpy_cost's reference workload timed in the same run. Prints

    reference US
    save ACTIONS US PER_MILLE
    erases ACTIONS BLOCKS SAVES   the 4 KB blocks littlefs erased in those saves
    menu ACTIONS US PER_MILLE

Then a match's end as on a board whose match goes to the log on raw flash
(hw/flashlog.py, on 64 KB more of RAM), ENDS times: a match of 40 actions
kept in the log, then its end's write of save.bin (a profile's record, a
finished match of 400 bytes as `last`, its number) and the match cleared,
written as before 6 December (save.bin's file on littlefs) and as now (a
chunk of the log), each on a fresh littlefs:

    ends files ENDS ERASING BLOCKS       the writes that erased, the blocks
    ends log ENDS ERASING BLOCKS PAGES   (and the log's pages programmed)
"""

import os
import sys
import time

sys.path.insert(0, sys.argv[1])

from hw.storage import Storage  # noqa: E402
from mpy_cost import reference  # noqa: E402
from ui import session as saved  # noqa: E402

LAST = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
RUNS = 5
ENDS = 30
MOUNT = "/flash"
BLOCK, BLOCKS, PAGE = 4096, 12, 256


class RamBlocks:
    """A block device in RAM as the rp2 port formats its flash (12 blocks of 4 KB,
    written 256 bytes at a time), counting the blocks littlefs erases."""

    def __init__(self, blocks=BLOCKS):
        self.blocks = blocks
        self.data = bytearray(BLOCK * blocks)
        self.erased = 0
        self.pages = 0

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.data[start:start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        self.data[start:start + len(buf)] = buf
        self.pages += (len(buf) + PAGE - 1) // PAGE

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            self.erased += 1
            self.data[arg * BLOCK:(arg + 1) * BLOCK] = b"\xff" * BLOCK
        return 0


def best_us(func, *args):
    best = -1
    for _ in range(RUNS):
        start = time.ticks_us()
        func(*args)
        us = time.ticks_diff(time.ticks_us(), start)
        best = us if best < 0 else min(best, us)
    return best


def act(session):
    if session.between_hands:
        session.deal()
    session.elapsed = 100
    session.play(session.game.legal()[0])


def one_more(session, storage):
    act(session)
    session.save(storage)


def menu(storage):
    """What the main menu does with the save when it opens: since the journal, a
    look at the saved match's summary (ui.matchsave); before it, the match replayed
    (ui.session's resume, run on older commits to compare)."""
    try:
        from ui.matchsave import pending
    except ImportError:
        return saved.resume(storage)
    return pending(storage)


def main():
    blocks = RamBlocks()
    os.VfsLfs2.mkfs(blocks, progsize=PAGE)
    os.mount(os.VfsLfs2(blocks, progsize=PAGE), MOUNT)
    storage = Storage(MOUNT + "/save.bin")
    ref = best_us(reference)
    print("reference %d" % ref)
    session = saved.Session(None, 5, ["human:ANN", "human:BOB"], "bid")
    session.deal()
    session.save(storage)
    for mark in (10, 250, 500, LAST):
        while len(session.record.actions) < mark:
            one_more(session, storage)
        erased = blocks.erased
        us = best_us(one_more, session, storage)
        print("save %d %d %d" % (mark, us, us * 1000 // ref))
        print("erases %d %d %d" % (mark, blocks.erased - erased, RUNS))
        us = best_us(menu, storage)
        print("menu %d %d %d" % (mark, us, us * 1000 // ref))
    os.umount(MOUNT)


def match_ends(files):
    """ENDS matches' ends with the match in the log, save.bin written as a file
    (`files`) or into the log: (ends that erased, blocks erased, log pages)."""
    from hw.journal import chunk

    blocks = RamBlocks()
    os.VfsLfs2.mkfs(blocks, progsize=PAGE)
    os.mount(os.VfsLfs2(blocks, progsize=PAGE), MOUNT)
    log = RamBlocks(16)
    for block in range(16):
        log.ioctl(6, block)
    storage = Storage(MOUNT + "/save.bin", log=log)
    erasing = erased = pages = 0
    for number in range(1, ENDS + 1):
        storage.match.start(number, b"game: allfives\nseed: %d" % number)
        for i in range(40):
            storage.match.append(chunk(b"A", bytes((i, number))))
        storage.set("profiles", "PLAYER 1:0:0:0:0\nANN:%d:0:61:20" % number)
        storage.set("last", bytes((number + i) & 0xFF for i in range(400)))
        storage.set("done", number)
        before = blocks.erased + log.erased
        written = log.pages
        if files:
            storage.write_file()
            storage.match.clear()
        else:
            storage.save(True)
        erasing += blocks.erased + log.erased > before
        erased += blocks.erased + log.erased - before
        pages += log.pages - written
    os.umount(MOUNT)
    return erasing, erased, pages


main()
for files in (True, False):
    found = match_ends(files)
    if files:
        print("ends files %d %d %d" % ((ENDS,) + found[:2]))
    else:
        print("ends log %d %d %d %d" % ((ENDS,) + found))
