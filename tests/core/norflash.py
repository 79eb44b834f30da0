"""A NOR flash chip for tests, behind the block-device methods rp2.Flash has
(readblocks, writeblocks with an offset to program, ioctl 4/5/6), so that
hw/flashlog.py runs on it as on a board. Runs on CPython and MicroPython.

What NOR flash does and the model keeps: a 4 KB sector erases to 0xff; a
program only clears bits (the bytes land ANDed with what is there), a page
(256 bytes) at a time, page-aligned. Power cuts: `cut` is the number of the
program or erase step (a page programmed, a sector erased, counted from 0 in
`steps`) that the power goes in; that step is left torn and PowerCut raised.
A torn program lands a prefix of the page's bytes and one byte more with
only some of its bits; a torn erase leaves a part of the sector 0xff and the
rest as it was with some bits set (neither erased nor the old bytes). `seed`
picks where the tear falls.

    flash = NorFlash(16, cut=5)   # 16 sectors; the sixth step is torn
"""

PAGE = 256
SECTOR = 4096
ERASED = b"\xff" * SECTOR


class PowerCut(Exception):
    pass


class NorFlash:
    def __init__(self, sectors, cut=-1, seed=1):
        self.data = bytearray(sectors * SECTOR)
        for i in range(sectors):
            self.data[i * SECTOR:(i + 1) * SECTOR] = ERASED
        self.sectors = sectors
        self.cut = cut
        self.seed = seed
        self.steps = 0  # program and erase steps begun
        self.programs = 0  # pages programmed whole
        self.erases = 0  # sectors erased whole

    def copy(self, cut=-1, seed=1):
        """The same chip's contents, as a power-on after a cut finds them."""
        other = NorFlash(self.sectors, cut, seed)
        other.data[:] = self.data
        return other

    def _torn(self):
        """True if this step is the one the power goes in (the caller tears it)."""
        step = self.steps
        self.steps += 1
        return step == self.cut

    def _where(self, size):
        # Where the tear falls in a step of `size` bytes: varies with the step.
        return (self.seed * 7919 + self.steps * 104729) % size

    def readblocks(self, block, buf, offset=0):
        at = block * SECTOR + offset
        if at < 0 or at + len(buf) > len(self.data):
            raise OSError("read outside the flash")
        buf[0:len(buf)] = self.data[at:at + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple interface: erase, then program
            for i in range((len(buf) + SECTOR - 1) // SECTOR):
                self.erase(block + i)
            offset = 0
        at = block * SECTOR + offset
        if at % PAGE or len(buf) % PAGE or at + len(buf) > len(self.data):
            raise OSError("program not in whole pages")
        for i in range(0, len(buf), PAGE):
            self._program(at + i, buf[i:i + PAGE])

    def _program(self, at, page):
        data = self.data
        if self._torn():
            landed = self._where(PAGE)
            self._and(at, page[:landed])
            data[at + landed] &= page[landed] | 0x5A  # some of its bits only
            raise PowerCut()
        self._and(at, page)
        self.programs += 1

    def _and(self, at, new):
        size = len(new)
        if size:
            old = int.from_bytes(self.data[at:at + size], "big")
            self.data[at:at + size] = (old & int.from_bytes(new, "big")).to_bytes(size, "big")

    def erase(self, sector):
        if not 0 <= sector < self.sectors:
            raise OSError("erase outside the flash")
        at = sector * SECTOR
        data = self.data
        if self._torn():
            done = self._where(SECTOR)
            rest = int.from_bytes(data[at + done:at + SECTOR], "big")
            garbage = int.from_bytes(b"\x96" * (SECTOR - done), "big")
            data[at:at + done] = ERASED[:done]
            data[at + done:at + SECTOR] = (rest | garbage).to_bytes(SECTOR - done, "big")
            raise PowerCut()
        data[at:at + SECTOR] = ERASED
        self.erases += 1

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.sectors
        if op == 5:  # block size
            return SECTOR
        if op == 6:  # erase a block
            self.erase(arg)
            return 0
        return 0
