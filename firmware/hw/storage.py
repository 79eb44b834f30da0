"""A small key-value save kept in two generations, so that a power cut, a full
flash or a damaged sector costs at most the newest change.

    save = Storage("/save.bin")
    save.get("mute", 0); save.set("mute", 1); save.save()

Keys are short strings; values are ints, strings or bytes. Two files hold the
store, `path` and `path + ".2"`. save() writes the whole store over the older
one, numbered one more than the newer (the first save writes both); reading
takes the good file with the highest number. So the file written last in full
is never touched by a save, whatever happens to the flash meanwhile: a save
torn by a power cut, refused by a full flash or damaged later leaves the save
before it, and `status` and `problem` say what happened, whichever part of
the newer file is damaged and if it is gone. Nothing is ever renamed or removed.

The match in progress is kept apart, in `match` (see hw/journal.py): one copy of
it where the save is on littlefs (a board's own flash), two elsewhere; or, on a
board whose littlefs leaves the flash's end out, in a log on that raw flash
(hw/flashlog.py: `log`, its block device), where a save programs a page and
never erases. There save() never writes the files either (littlefs erases a
block now and then): the keys changed since the last save go into the log as
one chunk (the same entries as a file's payload, a key deleted as type b"x"),
read at start-up on top of the files, and folded into them then, before the
first frame (hw/fold.py), so that the log does not fill.

File layout (big-endian): b"PDKV", version 2 (1 byte), number (4), payload
length (2), CRC-16/CCITT of the number, length and payload (2), payload. The
payload is a run of entries: key length (1), key (ASCII), type (1: b"i", b"s"
or b"b"), value length (2), value (an int as decimal text, a string as UTF-8,
bytes as they are). A version 1 file (one generation: no number) reads as number 0, so the
save of an older firmware carries over.
"""

import os
import sys

from micropython import const

from hw.crc import crc16
from hw.journal import DAMAGED, Journal

_MAGIC = b"PDKV"
_VERSION = const(2)
_HEADER = const(13)
_OLD_HEADER = const(9)  # version 1
_MAX_PAYLOAD = const(65535)

OK = "ok"  # loaded the save
NEW = "new"  # no save yet
RESTORED = "restored"  # the newest file was damaged or torn: the one before it came back
CORRUPT = "corrupt"  # neither file was readable; starting empty
FAILED = "failed"  # the last save() could not write (full or broken flash)


def encode(values, number=0, head=_HEADER):
    """The file bytes (a bytearray) for a dict of values, as generation `number`;
    with `head` 0 the entries alone (a log's chunk: a value None is the key
    deleted). Written into one buffer: a save holding a long finished match
    copies its bytes once, not once per concatenation (the match's end is a heap
    peak)."""
    fields = []
    size = 0
    for key in sorted(values):
        value = values[key]
        if value is None:
            kind, raw = b"x", b""
        elif isinstance(value, int):
            kind, raw = b"i", str(int(value)).encode()
        elif isinstance(value, str):
            kind, raw = b"s", value.encode()
        else:
            kind, raw = b"b", value
        name = key.encode()
        fields.append((name, kind, raw))
        size += len(name) + len(raw) + 4  # the name's length, kind, raw's length (2)
    if size > _MAX_PAYLOAD:
        raise ValueError("save too large")
    data = bytearray(head + size)
    at = head
    for name, kind, raw in fields:
        data[at] = len(name)
        data[at + 1:at + 1 + len(name)] = name
        at += 1 + len(name)
        data[at] = kind[0]
        data[at + 1] = len(raw) >> 8
        data[at + 2] = len(raw) & 0xFF
        data[at + 3:at + 3 + len(raw)] = raw
        at += 3 + len(raw)
    if not head:
        return data
    middle = (number & 0xFFFFFFFF).to_bytes(4, "big") + size.to_bytes(2, "big")
    crc = crc16(memoryview(data)[_HEADER:], crc16(middle))
    data[:_HEADER] = _MAGIC + bytes((_VERSION,)) + middle + crc.to_bytes(2, "big")
    return data


def header_size(data):
    """How long the header of file bytes starting with `data` (5 bytes at least)
    is; raises ValueError if they do not start a save file."""
    if len(data) < 5 or data[:4] != _MAGIC:
        raise ValueError("not a save file")
    if data[4] == _VERSION:
        return _HEADER
    if data[4] == 1:
        return _OLD_HEADER
    raise ValueError("unknown save version")


def number_of(data):
    """The generation number in file bytes' header (0 in version 1), or -1 if
    the header is not whole."""
    try:
        size = header_size(data)
    except ValueError:
        return -1
    if len(data) < size:
        return -1
    return int.from_bytes(data[5:9], "big") if size == _HEADER else 0


def decode(data):
    """The dict stored in file bytes; raises ValueError if they are not a whole save."""
    size = header_size(data)
    if len(data) < size:
        raise ValueError("truncated save")
    length = int.from_bytes(data[size - 4:size - 2], "big")
    payload = data[size:]
    if len(payload) != length:
        raise ValueError("truncated save")
    # Version 2's CRC covers the number and length too: a flipped bit there
    # must not make an old file look new.
    crc = crc16(data[5:size - 2]) if size == _HEADER else 0xFFFF
    if crc16(payload, crc) != int.from_bytes(data[size - 2:size], "big"):
        raise ValueError("checksum mismatch")
    return entries(payload, {})


def entries(payload, values):
    """`values` (a dict) with the entries of `payload` put in, in order (a key
    deleted: None); raises ValueError if they are not whole."""
    length = len(payload)
    i = 0
    while i < length:
        key_end = i + 1 + payload[i]
        if key_end + 3 > length:
            raise ValueError("bad entry")
        key = payload[i + 1:key_end].decode()
        kind = payload[key_end]
        value_end = key_end + 3 + int.from_bytes(payload[key_end + 1:key_end + 3], "big")
        if value_end > length:
            raise ValueError("bad entry")
        raw = payload[key_end + 3:value_end]
        if kind == 0x69:  # "i"
            values[key] = int(raw.decode())
        elif kind == 0x73:  # "s"
            values[key] = raw.decode()
        elif kind == 0x62:  # "b"
            values[key] = bytes(raw)
        elif kind == 0x78 and not raw:  # "x": deleted
            values[key] = None
        else:
            raise ValueError("bad entry")
        i = value_end
    return values


def journal_copies(path, os_module):
    """How many copies of the match journal to keep beside the save at `path`: 1
    where it is on littlefs, which a power cut cannot leave with a torn file
    (and where every copy costs a flash erase a save), else 2 (FAT, a desktop's
    disk). Found from MicroPython's mount table (`vfs.mount()`, 1.23+)."""
    try:
        import vfs

        mounts = vfs.mount()
        littlefs = vfs.VfsLfs2
    except (ImportError, AttributeError, TypeError):
        return 2  # CPython, or a MicroPython without littlefs
    if not path.startswith("/"):
        path = os_module.getcwd().rstrip("/") + "/" + path
    found = None  # the file system of the longest mount point over path
    longest = -1
    for fs, point in mounts:
        inside = point == "/" or path.startswith(point.rstrip("/") + "/")
        if inside and len(point) > longest:
            found, longest = fs, len(point)
    return 1 if isinstance(found, littlefs) else 2


def _kept_match(path, os_module, open_file, real, log):
    """What keeps the match in progress: a FlashLog on `log`, a raw flash's block
    device, if there is one; else a Journal beside the save, in the copies
    journal_copies() says on a `real` file system (two on a simulated one)."""
    if log is not None:
        from hw.flashlog import FlashLog  # only a board with the raw region loads it

        return FlashLog(log)
    copies = journal_copies(path, os_module) if real else 2
    return Journal(path + ".match", os_module, open_file, copies)


class Storage:
    """The save at `path`, and the match journal next to it (`match`).
    `os_module` and `open_file` default to MicroPython's (or CPython's) os and
    open; tests hand in a simulated flash, which the mount table knows nothing
    of, so it keeps two copies of the journal. With `log` (a block device of raw
    flash, rp2.Flash's methods) the match goes to a FlashLog there instead, and
    save() writes the changed keys into it (folded into the files at power-on)."""

    def __init__(self, path, os_module=None, open_file=None, log=None):
        self._os = os_module if os_module is not None else os
        self._open = open_file if open_file is not None else open
        self.path = path
        self._paths = (path, path + ".2")
        self.match = _kept_match(path, self._os, self._open, os_module is None, log)
        self._logged = log is not None  # save() writes into the log, not the files
        self._values = {}
        self._changed = set()  # the keys set or deleted since the last save
        self._current = -1  # which file holds the save loaded or written last
        self._number = 0  # the highest generation number seen
        self.status = NEW
        self.problem = ""
        self.load()
        if self._logged and (self.match.stored() or self.status == RESTORED):
            # Folded into the files: at power-on only, its code let go after.
            from hw import fold

            fold.fold(self)
            sys.modules.pop("hw.fold", None)
            package = sys.modules.get("hw")
            if hasattr(package, "fold"):
                delattr(package, "fold")

    # -- the values ----------------------------------------------------------

    def get(self, key, default=None):
        return self._values.get(key, default)

    def set(self, key, value):
        if not isinstance(key, str) or not 0 < len(key.encode()) < 256:
            raise ValueError("key must be a short string")
        # A tuple of types: MicroPython has no `int | str` unions.
        if not isinstance(value, (int, str, bytes, bytearray)):
            raise TypeError("values are ints, strings or bytes")
        self._values[key] = value
        self._changed.add(key)

    def delete(self, key):
        self._values.pop(key, None)
        self._changed.add(key)

    def names(self):
        return sorted(self._values)

    # -- the files -----------------------------------------------------------

    def load(self):
        """Read the save (its files, and on the log the changes kept there since
        on top); never raises. Sets status (and problem)."""
        self._values = {}
        self._changed = set()
        self._current = -1
        self._number = 0
        self.problem = ""
        read = [self._read(path) for path in self._paths]  # (number, values, error)
        for i in range(2):
            number, values, _ = read[i]
            if values is not None and (self._current < 0 or number > read[self._current][0]):
                self._current = i
            # Numbers go on above a damaged file's too, so that it cannot pass
            # for the newer one later (unless its number is itself damaged).
            if number < 0x10000000:
                self._number = max(self._number, number)
        if self._current >= 0:
            good, self._values, _ = read[self._current]
            self.problem = self._lost(good, read[1 - self._current])
            self.status = RESTORED if self.problem else OK
        elif read[0][2] is not None or read[1][2] is not None:
            self.status = CORRUPT
            self.problem = read[0][2] or read[1][2]
        else:
            self.status = NEW
        if self._logged:
            self._logged_changes()

    def _logged_changes(self):
        """The changes kept in the log since the files were written put on top."""
        changes: dict = {}
        for payload in self.match.stored():
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                entries(payload, changes)
            except (ValueError, UnicodeError):
                pass  # whole by its CRC: only a firmware's mistake, left out
        for key in changes:
            if changes[key] is None:
                self._values.pop(key, None)
            else:
                self._values[key] = changes[key]
        if changes and self.status == NEW:
            self.status = OK
        # What followed a damaged chunk of the log is lost, changes with it.
        if self.match._how == DAMAGED and self.status in (OK, NEW):
            self.status, self.problem = RESTORED, "the log: damaged"

    def _lost(self, good, other):
        """Why the other file beside the good one numbered `good` may have held
        a newer save, or "" if it cannot have. Saves go up one by one, the first
        written to both files: an older file is numbered good - 1, or good for
        the first save's second copy (1 at least: a save's first number). A
        damaged file numbered otherwise, or too short to say (a save cut off as
        it began), may have been the newest; so may a file gone missing. (Only
        damage that turns its number into one of those two still passes for an
        older file; beside an older firmware's save, number 0, none is missing.)"""
        number, values, error = other
        if error is not None:
            older = number >= 1 and good - 1 <= number <= good
            return "" if older else error
        if values is None and good >= 1:
            return self._paths[1 - self._current] + ": missing"
        return ""

    def save(self, clear=False):
        """Keep the values: every one over the older file, or on a board's log
        the keys set or deleted since the last save, one chunk programmed (no
        erase). With `clear`, the match kept is cleared after (a match's end);
        on the log in that same chunk. Returns False (status FAILED) if it could
        not write, and then the save before stays the one to be read."""
        if not self._logged:
            if not self.write_file():
                return False
            if clear:
                self.match.clear()
            return True
        changed = {}
        for key in self._changed:
            changed[key] = self._values.get(key)
        try:
            data = encode(changed, 0, 0)
        except ValueError as e:
            return self._failed(str(e))
        if (data or clear) and not self.match.store(data, clear):
            return self._failed("the log is full or failing")
        self._changed = set()
        self.status = OK
        self.problem = ""
        return True

    def write_file(self):
        """save() into the files: the whole store over the older one."""
        try:
            data = encode(self._values, self._number + 1)
        except ValueError as e:
            return self._failed(str(e))
        first = self._current < 0
        target = 0 if first else 1 - self._current
        reason = self._write(self._paths[target], data)
        if reason:
            return self._failed(reason)
        self._current = target
        self._number += 1
        self.status = OK
        self.problem = ""
        # The first save is written twice, one copy in each file: from then on a
        # file gone missing is damage, never a save not made yet.
        if first:
            reason = self._write(self._paths[1], data)
            if reason:
                return self._failed(reason)
        return True

    def _write(self, path, data):
        """Write the file; returns "" or why it could not."""
        try:
            with self._open(path, "wb") as f:
                f.write(data)
                f.flush()
            sync = getattr(self._os, "sync", None)
            if sync is not None:
                sync()
        except OSError as e:
            return str(e)
        return ""

    def _failed(self, reason):
        self.status = FAILED
        self.problem = "could not write the save: " + reason
        return False

    def _read(self, path):
        # (number, values, None) for a good file, (0, None, None) for no file
        # and (number, None, reason) for a file that is there but unreadable
        # (number: its header's, even when its magic or version is damaged;
        # -1 when the file is too short to hold one).
        try:
            with self._open(path, "rb") as f:
                # The header first, then what it says follows (and one byte
                # more, to see a file too long): reading the largest possible
                # save at once would ask a small heap for 64 KB.
                data = f.read(5)
                try:
                    data += f.read(header_size(data) - 5)
                    data += f.read(int.from_bytes(data[-4:-2], "big") + 1)
                except ValueError:
                    data += f.read(4)  # the number, if any; decode says what is wrong
        except OSError:
            return 0, None, None
        number = number_of(data)
        try:
            return number, decode(data), None
        except (ValueError, IndexError, UnicodeError) as e:
            if number < 0 and len(data) >= 9:  # what it says, though its start is damaged
                number = int.from_bytes(data[5:9], "big")
            return number, None, path + ": " + (str(e) or "unreadable")
