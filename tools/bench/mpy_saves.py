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
MOUNT = "/flash"
BLOCK, BLOCKS, PAGE = 4096, 12, 256


class RamBlocks:
    """A block device in RAM as the rp2 port formats its flash (12 blocks of 4 KB,
    written 256 bytes at a time), counting the blocks littlefs erases."""

    def __init__(self):
        self.data = bytearray(BLOCK * BLOCKS)
        self.erased = 0

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.data[start:start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        self.data[start:start + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return BLOCKS
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            self.erased += 1
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


main()
