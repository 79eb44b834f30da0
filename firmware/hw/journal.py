"""The match in progress, kept apart from the profiles and settings (hw/storage.py)
and grown by appending, so that a save costs the same at the thousandth action
as at the first.

    journal.start(7, b"seed: 1 ...")      # a new match, number 7
    journal.append(chunk(b"A", b"\\x05"))  # then, after each action
    journal.head()                        # (7, b"seed: 1 ..."): reads one chunk
    journal.load()                        # [(b"H", ...), (b"A", b"\\x05")]

Two copies, `path` and `path + ".2"`, get the same chunks in the same order:
each write goes to one copy, then to the other. A power cut leaves at least
one copy whole up to the chunk before, and a damaged sector in one copy
leaves the other. Reading a copy stops at its first torn or damaged chunk;
the copy trusted is the one of the newest match (its number), then the
longest. When the copies differ, `whole` is False after load(): appending
would then leave the shorter copy with a gap, so the caller rewrites the
match with start().

On littlefs one copy is kept (`copies=1`, hw/storage.py decides): littlefs
keeps a file as it was before a write that a power cut tore, so the second
copy would only guard against a sector damaged later, and on a board each
append to a journal past littlefs's inline size (512 bytes, about 50 saves)
erases a 4 KB block per copy, 45 ms of flash time each.

A chunk: kind (1 byte), payload length (2, big-endian), payload, CRC-16 of
kind, length and payload (2). A copy's first chunk, kind b"H", is its match's
number (4 bytes) and the caller's header.

A third file, `path + ".sum"`, holds one chunk: the match's number and a short
summary the caller writes when it changes (the game, who plays, the scores),
so the main menu can say what Continue brings back by reading a few dozen
bytes, never the match. It is a cache: a summary torn by a power cut, or left
by another match, is simply not shown.

    journal.note(7, b"All Fives vs CPU medium")
    journal.summary()                     # b"All Fives vs CPU medium" (match 7 kept)
    journal.note_of(7, (0, 0), make)      # make() called, and written, only when
                                          # match 7's state (the scores) changed
"""

from micropython import const

from hw.crc import crc16

HEADER = b"H"
_FRAME = const(5)  # kind, length, CRC
SUMMARY = b"S"
SUMMARY_MAX = const(120)  # the most bytes of a summary kept (and read)
NOT_NOTED = (-1, None, b"")  # no summary known to be written (numbers are >= 0)

WHOLE = "whole"  # nothing was damaged
TORN = "torn"  # a copy ends in a chunk cut short (a power cut): nothing lost
DAMAGED = "damaged"  # a chunk was damaged in the copy trusted: what followed is lost


def chunk(kind, payload):
    """The bytes of one chunk."""
    frame = kind + len(payload).to_bytes(2, "big") + payload
    return frame + crc16(frame).to_bytes(2, "big")


def parse(data):
    """(chunks, how): the whole chunks of a copy's bytes, in order, up to the first
    bad one, and how they end (WHOLE, TORN or DAMAGED)."""
    chunks: list = []
    i = 0
    while i < len(data):
        if i + _FRAME > len(data):
            return chunks, TORN
        end = i + 3 + int.from_bytes(data[i + 1:i + 3], "big")
        if end + 2 > len(data):
            return chunks, TORN
        if crc16(data[i:end]) != int.from_bytes(data[end:end + 2], "big"):
            return chunks, DAMAGED
        chunks.append((bytes(data[i:i + 1]), bytes(data[i + 3:end])))
        i = end + 2
    return chunks, WHOLE


def number_of(chunks, kind=HEADER):
    """The match number of a copy's chunks, or -1 if they do not start with a
    chunk of `kind` (the header)."""
    if not chunks or chunks[0][0] != kind or len(chunks[0][1]) < 4:
        return -1
    return int.from_bytes(chunks[0][1][:4], "big")


class Kept:
    """What every keeper of the match in progress shares (this module's files,
    hw/flashlog.py's raw flash): the state after a read or write, and note_of()
    over the keeper's own note()."""

    def __init__(self):
        self.whole = True
        self.status = WHOLE
        self.failed = False  # the last write failed
        self._noted = NOT_NOTED  # (number, state, summary) of the summary written last

    def note(self, number, summary):
        """Keep `summary` as what match `number` is now (each keeper its own way)."""
        raise NotImplementedError

    def note_of(self, number, state, make):
        """note() the summary `make()` gives, made only when match `number`'s
        `state` (what the summary is made of, such as the scores) is not that of
        the summary written last (on a board making it takes milliseconds), and
        written only when it differs. False if the write failed (the next call
        tries again)."""
        noted = self._noted
        same = noted[0] == number  # the match noted last
        if same and noted[1] == state:
            return True
        summary = make()[:SUMMARY_MAX]
        if not (same and noted[2] == summary) and not self.note(number, summary):
            return False
        self._noted = (number, state, summary)
        return True


class Journal(Kept):
    def __init__(self, path, os_module, open_file, copies=2):
        super().__init__()
        self._os = os_module
        self._open = open_file
        self._every = (path, path + ".2")  # removed by clear(), however many are kept
        self._paths = self._every[:copies]
        self._summary = path + ".sum"
        self._trusted = 0  # the copy to write last when both are rewritten

    def head(self):
        """(number, header) of the newest match kept, reading no more than the
        first chunk of each copy; None if neither has one."""
        best = None
        found = []  # how each copy that is there but has no header ends
        for path in self._paths:
            data = self._read(path, True)
            chunks, how = parse(data)
            number = number_of(chunks)
            if number >= 0 and (best is None or number > best[0]):
                best = (number, chunks[0][1][4:])
            elif number < 0 and data:
                found.append(how)
        # A power cut while the first match was started tears the first copy
        # before the second exists: not damage, nothing was lost.
        damaged = best is None and (len(found) == 2 or DAMAGED in found)
        self.status = DAMAGED if damaged else WHOLE
        return best

    def load(self):
        """The chunks of the copy to trust (the header first), or [] if neither
        copy has a header. Sets `whole` and `status`."""
        copies = [parse(self._read(path, False)) for path in self._paths]
        best = -1
        trusted = (0, 0, False)
        for i in range(len(copies)):
            number = number_of(copies[i][0])
            if number < 0:
                continue
            rank = (number, len(copies[i][0]), copies[i][1] == WHOLE)
            if best < 0 or rank > trusted:
                best, trusted = i, rank
        if best < 0:
            self.whole = not any(chunks for chunks, _ in copies)
            self.status = WHOLE if self.whole else DAMAGED
            return []
        self._trusted = best
        chunks, self.status = copies[best]
        self.whole = all(copy == (chunks, WHOLE) for copy in copies)
        return chunks

    def start(self, number, header, more=b""):
        """The copies made anew: the header chunk of match `number`, then `more`
        (chunks already made), the copy not trusted first. False if a write failed."""
        data = chunk(HEADER, number.to_bytes(4, "big") + header) + more
        others = tuple(i for i in range(len(self._paths)) if i != self._trusted)
        if self._write(others + (self._trusted,), data, "wb"):
            self.whole = True
            return True
        return False

    def append(self, data):
        """Chunks added at the end of each copy; False (and `whole` False) if a
        write failed."""
        return self._write(range(len(self._paths)), data, "ab")

    def note(self, number, summary):
        """Keep `summary` (bytes, cut to SUMMARY_MAX) as what match `number` is
        now; False if the write failed (the menu then shows no summary)."""
        summary = summary[:SUMMARY_MAX]
        data = chunk(SUMMARY, number.to_bytes(4, "big") + summary)
        self._noted = NOT_NOTED
        try:
            with self._open(self._summary, "wb") as f:
                f.write(data)
                f.flush()
            self._sync()
        except OSError:
            return False
        self._noted = (number, None, summary)
        return True

    def summary(self):
        """The summary of the newest match kept, or None when there is none, or it
        is torn, damaged or another match's. Reads the first chunks only."""
        head = self.head()
        if head is None:
            return None
        chunks, _ = parse(self._read(self._summary, True))
        if number_of(chunks, SUMMARY) != head[0]:
            return None
        return chunks[0][1][4:]

    def clear(self):
        """Remove the copies and the summary (the match is over, or abandoned)."""
        for path in self._every + (self._summary,):
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                self._os.remove(path)
            except OSError:
                pass
        self.whole = True
        self.status = WHOLE
        self._noted = NOT_NOTED

    def _write(self, order, data, mode):
        try:
            for i in order:
                with self._open(self._paths[i], mode) as f:
                    f.write(data)
                    f.flush()
            self._sync()
        except OSError:
            self.whole = False  # a copy may end in a torn chunk now
            self.failed = True
            return False
        self.failed = False
        return True

    def _sync(self):
        sync = getattr(self._os, "sync", None)
        if sync is not None:
            sync()

    def _read(self, path, first_only):
        try:
            with self._open(path, "rb") as f:
                if not first_only:
                    return f.read()
                data = f.read(3)
                if len(data) == 3:
                    data += f.read(int.from_bytes(data[1:3], "big") + 2)
                return data
        except OSError:
            return b""
