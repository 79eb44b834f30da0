"""The match in progress on a board's raw flash, outside littlefs: a log that
a save only programs, so that no save erases (a 4 KB sector's erase is 45 ms,
400 ms at worst, and the RP2040 runs from the flash it erases: nothing else
happens meanwhile). The same methods as hw/journal.py's Journal, over a block
device with rp2.Flash's methods (readblocks, writeblocks with an offset, which
programs, ioctl 4, 5 and 6):

    log = FlashLog(rp2.Flash(start=..., len=LOG_BYTES))   # at power-on
    log.start(7, b"seed: 1 ..."); log.append(chunk(b"A", b"\\x05"))

The device is two halves. Each begins with a half chunk (kind b"L", its
generation: 4 bytes) in its first _SLOT bytes, then the journal's chunks one
after another (hw/journal.py's framing: kind, length, payload, CRC-16): a
match's header (b"H"), its chunks, the menu's summary (b"S") when it changes,
b"C" when the match is cleared; the match kept is the one of the last b"H"
not followed by a b"C". Between them, the save's writes (hw/storage.py): a
b"V" chunk of the keys changed (`store()`; b"E" at a match's end, the keys and
the match's clear in one chunk, so that neither lands without the other), read
at power-on on top of the save's files and folded into them then (hw/fold.py),
after which a b"F" chunk says that the b"V" and b"E" chunks before it are in
the files. The half with the highest generation is the one in
use; the other is erased when the log is opened (at power-on, before the
first frame), and so is ready when the one in use is full or ends in a torn
chunk: the match then moves there whole (the save's changes since the last
b"F" merged into one b"V", the match's chunks since its header copied, then
the new ones), and the half chunk, programmed last, makes it the one in use.
A half more than half full at the opening moves then, so a power-on starts
with half a half of room and a ready half: only past 48 KB of saves in one
power-on (tens of matches) does a move erase in a frame.

A write reads the pages it touches, puts its bytes into them (after the
last chunk everything is still 0xff, and programming a byte with its own
value changes nothing) and programs them whole: one page a save, two where
a chunk crosses into the next. A power cut tears at most the chunk being
written: reading stops at the first chunk whose CRC fails, and the save
before it is back. A torn move leaves a half without its half chunk, never
used. status after load(): WHOLE; TORN (bytes of a cut write after the last
good chunk: nothing lost); DAMAGED (bytes further on than a save writes: what
followed the bad chunk is lost).
"""

from micropython import const

from hw.crc import crc16
from hw.journal import (
    chunk,
    DAMAGED,
    HEADER,
    Kept,
    NOT_NOTED,
    number_of,
    parse,
    SUMMARY,
    SUMMARY_MAX,
    TORN,
    WHOLE,
)

LOG_BYTES = const(65536)  # the raw region a board keeps for the log: two halves of 32 KB
_SECTOR = const(4096)
_PAGE = const(256)
_HALF = b"L"
_CLEAR = b"C"
_STORE = b"V"  # the save's changed keys
_END = b"E"  # the same, and the match cleared (a b"C") in the same chunk
_FOLDED = b"F"  # the b"V" chunks before this one are in the save's files
_SLOT = const(9)  # the half chunk: kind, length, generation (4), CRC
_REACH = const(512)  # how far past its start a save's own write reaches (past a b"V" chunk)
_NOT_MATCH = (SUMMARY, _STORE, _END, _FOLDED)  # kinds that load() leaves out


def region(rp2, os_module, fs_path="/"):
    """The log's device on a board: the last LOG_BYTES of the rp2 port's
    flash storage, when the littlefs mounted at `fs_path` (on the storage's
    start) leaves them out; else None (the port's own _boot.py gives littlefs
    it all, and the match stays in littlefs's files)."""
    whole = rp2.Flash()
    size = whole.ioctl(4, 0) * whole.ioctl(5, 0)
    info = os_module.statvfs(fs_path)
    if info[0] * info[2] + LOG_BYTES > size:
        return None
    return rp2.Flash(start=size - LOG_BYTES, len=LOG_BYTES)


class FlashLog(Kept):
    def __init__(self, device):
        super().__init__()
        self._dev = device
        self._half = device.ioctl(4, 0) * device.ioctl(5, 0) // 2
        self._active = -1  # the half in use (none yet: both blank)
        self._gen = 0
        self._end = 0  # where the next chunk goes (after the last good one)
        self._open = False  # the bytes from _end to the half's end are all 0xff
        self._head = -1  # where the kept match's header chunk is, or -1
        self._sum = -1  # where its latest summary chunk is, or -1
        self._stores = []  # where the b"V" and b"E" chunks since the last b"F" are
        self._how = WHOLE  # how the half in use ends
        self._ready = True  # the other half is erased
        gens = [self._generation(i) for i in range(2)]
        for i in range(2):
            if gens[i] >= 0 and (self._active < 0 or gens[i] > gens[self._active]):
                self._active, self._gen = i, gens[i]
        if self._active >= 0:
            self._scan()
        self._ready_other()
        # A half in use more than half full moves now, before the first frame,
        # so that a power-on's saves have half a half and a ready half ahead.
        # (Not a torn or damaged one: load() tells of it, and the game writes
        # the match anew.)
        if self._open and self._end - self._active * self._half > self._half // 2:
            self._move(self._carried(True), b"")
            self._ready_other()

    def _ready_other(self):
        """Every half not in use erased, if it is not blank."""
        for i in range(2):
            if i != self._active and self._dirty(i * self._half, (i + 1) * self._half, True) >= 0:
                self._erase(i)

    # -- what is kept --------------------------------------------------------

    def head(self):
        """(number, header) of the match kept, or None."""
        self.status = DAMAGED if self._head < 0 and self._how == DAMAGED else WHOLE
        if self._head < 0:
            return None
        payload = self._chunk(self._head)[1]
        return int.from_bytes(payload[:4], "big"), payload[4:]

    def load(self):
        """The kept match's chunks (the header first; not the summaries), or []."""
        self.whole = self._how == WHOLE
        if self._head < 0:
            self.status = DAMAGED if self._how == DAMAGED else WHOLE
            return []
        self.status = self._how
        chunks, _ = parse(self._read(self._head, self._end - self._head))
        return [one for one in chunks if one[0] not in _NOT_MATCH]

    def summary(self):
        """The kept match's latest summary, or None."""
        if self._head < 0 or self._sum < 0:
            return None
        found = self._chunk(self._sum)
        if number_of([found], SUMMARY) != number_of([self._chunk(self._head)]):
            return None
        return found[1][4:]

    # -- writing -------------------------------------------------------------

    def start(self, number, header, more=b""):
        """Match `number` kept from now on: its header chunk, then `more`."""
        return self._add(chunk(HEADER, number.to_bytes(4, "big") + header) + more, False)

    def append(self, data):
        """Chunks added to the kept match."""
        return self._add(data, True)

    def note(self, number, summary):
        self._noted = NOT_NOTED
        data = chunk(SUMMARY, number.to_bytes(4, "big") + summary[:SUMMARY_MAX])
        if not self._add(data, True):
            return False
        self._noted = (number, None, summary[:SUMMARY_MAX])
        return True

    def clear(self):
        """No match kept (it is over, or abandoned)."""
        if self._head >= 0:
            self._add(chunk(_CLEAR, b""), False)
        self._noted = NOT_NOTED

    def store(self, payload, clear=False):
        """The save's changed keys (`payload`: hw/storage.py's entries) kept, and
        with `clear` the match cleared in the same chunk (its end). False if it
        could not be written."""
        if clear:
            self._noted = NOT_NOTED
        kind = _END if clear and self._head >= 0 else _STORE
        return self._add(chunk(kind, payload), not clear, False)

    def stored(self):
        """The payloads of the save's changes since the last fold, in order."""
        return [self._chunk(at)[1] for at in self._stores]

    def folded(self):
        """The changes stored() gave are in the save's files now. (Not said on
        a half that ends torn or damaged: its next write moves it, and the
        changes are folded again at the next power-on, to the same effect.)"""
        if self._open:
            self._add(chunk(_FOLDED, b""), True, False)

    def _add(self, data, carry, match=True):
        """`data` written after the last chunk, or, where the half in use is full
        or torn, in the other half after what _carried() takes along. `match`:
        a write of the match's, whose outcome `whole` and `failed` tell."""
        try:
            if self._open and self._end + len(data) <= (self._active + 1) * self._half:
                self._program(self._end, data)
                self._indexed(self._end, data)
                self._end += len(data)
            else:
                self._move(self._carried(carry), data)
        except OSError:
            if match:
                self.whole = False
                self.failed = True
            return False
        if match:
            self.whole = True
            self.failed = False
        return True

    def _carried(self, carry):
        """What a move takes to the other half: the save's changes since the last
        fold (b"V" and b"E"), merged into one b"V" chunk (each key's last
        entry), and with `carry` the kept match's chunks since its header (the
        changes among them as they are)."""
        match = carry and self._head >= 0
        stop = self._head if match else self._end
        last = {}  # a key: its last entry
        for at in self._stores:
            if at < stop:
                entries = self._chunk(at)[1]
                i = 0
                while i < len(entries):  # hw/storage.py's: key length, key, type, length, value
                    value = i + 1 + entries[i]
                    end = value + 3 + int.from_bytes(entries[value + 1:value + 3], "big")
                    last[entries[i:value]] = entries[i:end]
                    i = end
        kept = chunk(_STORE, b"".join(last.values())) if last else b""
        if match:
            kept += self._read(self._head, self._end - self._head)
        return kept

    def _move(self, kept, data):
        target = 1 - self._active if self._active >= 0 else 0
        base = target * self._half
        if _SLOT + len(kept) + len(data) > self._half:
            raise OSError("match too long for the log")
        if not self._ready:
            self._erase(target)  # a second move in one power-on: in its frame
        self._program(base + _SLOT, bytes(kept) + data)
        # Last, the half chunk: until it is whole, the half in use stays in use.
        gen = (self._gen + 1).to_bytes(4, "big")
        self._program(base, chunk(_HALF, gen))
        self._ready = self._active < 0  # the other half was erased at opening, unused
        self._active = target
        self._gen += 1
        self._how = WHOLE
        self._open = True
        self._head = self._sum = -1
        self._stores = []
        self._indexed(base + _SLOT, kept)
        self._indexed(base + _SLOT + len(kept), data)
        self._end = base + _SLOT + len(kept) + len(data)

    def _indexed(self, at, data):
        """Note where the header, summary, clear and the save's chunks of
        `data` (chunks written at `at`) are."""
        i = 0
        while i + 3 <= len(data):
            self._mark(data[i], at + i)
            i += 5 + int.from_bytes(data[i + 1:i + 3], "big")

    def _mark(self, kind, at):
        if kind == HEADER[0]:
            self._head, self._sum = at, -1
        elif kind == SUMMARY[0]:
            self._sum = at
        elif kind == _CLEAR[0]:
            self._head = self._sum = -1
        elif kind == _STORE[0] or kind == _END[0]:
            self._stores.append(at)
            if kind == _END[0]:
                self._head = self._sum = -1
        elif kind == _FOLDED[0]:
            self._stores = []

    # -- the flash -----------------------------------------------------------

    def _read(self, at, size):
        buf = bytearray(size)
        if size:
            self._dev.readblocks(at // _SECTOR, buf, at % _SECTOR)
        return buf

    def _chunk(self, at):
        """(kind, payload) of the chunk at `at`, or None if it is not whole."""
        stop = (at // self._half + 1) * self._half
        if at + 5 > stop:
            return None
        frame = self._read(at, 3)
        end = at + 3 + int.from_bytes(frame[1:3], "big")
        if end + 2 > stop:
            return None
        data = self._read(at, end + 2 - at)
        if crc16(memoryview(data)[:-2]) != int.from_bytes(data[-2:], "big"):
            return None
        return bytes(data[:1]), bytes(data[3:-2])

    def _generation(self, half):
        found = self._chunk(half * self._half)
        if found is None or found[0] != _HALF or len(found[1]) != 4:
            return -1
        return int.from_bytes(found[1], "big")

    def _scan(self):
        """Index the half in use, chunk by chunk up to the first that is not whole."""
        at = self._active * self._half + _SLOT
        stop = (self._active + 1) * self._half
        while True:
            found = self._chunk(at)
            if found is None:
                break
            self._mark(found[0][0], at)
            at += 5 + len(found[1])
        self._end = at
        dirty = self._dirty(at, stop, False)
        self._open = dirty < 0
        if dirty < 0:
            self._how = WHOLE
        else:
            # A save's chunk cut as it was written reaches as far as it is long.
            reach = _REACH
            frame = self._read(at, 3) if at + 3 <= stop else b""
            if frame[:1] == _STORE or frame[:1] == _END:
                reach += int.from_bytes(frame[1:3], "big")
            self._how = TORN if dirty < at + reach else DAMAGED

    def _dirty(self, at, stop, first):
        """Where the last page piece from `at` to `stop` with a byte that is not
        0xff ends (the `first` such piece's, if asked), or -1 if they are all 0xff."""
        last = -1
        blank = b"\xff" * _PAGE  # made here: kept in the heap, it would cost its bytes
        while at < stop:
            size = min(_PAGE - at % _PAGE, stop - at)
            if self._read(at, size) != blank[:size]:
                last = at + size - 1
                if first:
                    break
            at += size
        return last

    def _program(self, at, data):
        """`data` programmed at `at`: the pages it touches read, merged, programmed."""
        if not data:  # a move of no match: only its half chunk is programmed
            return
        first = at - at % _PAGE
        span = self._read(first, (at + len(data) + _PAGE - 1) // _PAGE * _PAGE - first)
        span[at - first:at - first + len(data)] = data
        self._dev.writeblocks(first // _SECTOR, span, first % _SECTOR)

    def _erase(self, half):
        for sector in range(half * self._half // _SECTOR, (half + 1) * self._half // _SECTOR):
            self._dev.ioctl(6, sector)
        if half != self._active:
            self._ready = True
