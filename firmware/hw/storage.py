"""A small key-value save that survives a power cut at any moment.

    save = Storage("/save.bin")
    save.get("mute", 0); save.set("mute", 1); save.save()

Keys are short strings; values are ints, strings or bytes. save() writes the
whole store to `path + ".new"`, closes it and renames it over `path`. A reader
that finds a complete ".new" takes it (the cut came before or during the
rename: on FAT a rename over a file is remove-then-rename), otherwise the main
file; a half-written ".new" is ignored. Both files carry a length and a
CRC-16, so a torn or corrupt file is recognised: it is reported in `status`
and `problem`, the store starts empty, and the next save replaces it.

File layout (big-endian): b"PDKV", version (1 byte), payload length (2),
CRC-16/CCITT of the payload (2), payload. The payload is a run of entries:
key length (1), key (ASCII), type (1: b"i", b"s" or b"b"), value length (2),
value (an int as decimal text, a string as UTF-8, bytes as they are).
"""

import os

from micropython import const

_MAGIC = b"PDKV"
_VERSION = const(1)
_HEADER = const(9)
_MAX_PAYLOAD = const(65535)

OK = "ok"  # loaded the save
NEW = "new"  # no save yet
RECOVERED = "recovered"  # finished a save that a power cut interrupted
CORRUPT = "corrupt"  # the save was unreadable; starting empty
FAILED = "failed"  # the last save() could not write (full or broken flash)


def crc16(data):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def encode(values):
    """The file bytes for a dict of values."""
    payload = bytearray()
    for key in sorted(values):
        value = values[key]
        if isinstance(value, int):
            kind, raw = b"i", str(int(value)).encode()
        elif isinstance(value, str):
            kind, raw = b"s", value.encode()
        else:
            kind, raw = b"b", bytes(value)
        name = key.encode()
        payload += bytes((len(name),)) + name + kind + len(raw).to_bytes(2, "big") + raw
    if len(payload) > _MAX_PAYLOAD:
        raise ValueError("save too large")
    crc = crc16(payload)
    return _MAGIC + bytes((_VERSION,)) + len(payload).to_bytes(2, "big") + \
        crc.to_bytes(2, "big") + payload


def decode(data):
    """The dict stored in file bytes; raises ValueError if they are not a whole save."""
    if len(data) < _HEADER or data[:4] != _MAGIC:
        raise ValueError("not a save file")
    if data[4] != _VERSION:
        raise ValueError("unknown save version")
    length = int.from_bytes(data[5:7], "big")
    payload = data[_HEADER:]
    if len(payload) != length:
        raise ValueError("truncated save")
    if crc16(payload) != int.from_bytes(data[7:9], "big"):
        raise ValueError("checksum mismatch")
    values: dict = {}
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
        else:
            raise ValueError("bad entry")
        i = value_end
    return values


class Storage:
    """The save at `path`. `os_module` and `open_file` default to MicroPython's
    (or CPython's) os and open; tests hand in a simulated flash."""

    def __init__(self, path, os_module=None, open_file=None):
        self._os = os_module if os_module is not None else os
        self._open = open_file if open_file is not None else open
        self.path = path
        self._new_path = path + ".new"
        self._values = {}
        self.status = NEW
        self.problem = ""
        self.load()

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

    def delete(self, key):
        self._values.pop(key, None)

    def names(self):
        return sorted(self._values)

    # -- the file ------------------------------------------------------------

    def load(self):
        """Read the save; never raises. Sets status (and problem)."""
        self._values = {}
        self.problem = ""
        newer, newer_error = self._read(self._new_path)
        if newer is not None:
            self._values = newer
            self.status = RECOVERED
            try:
                self._finish_rename()
            except OSError as e:
                self.problem = "could not finish the interrupted save: " + str(e)
            return
        main, main_error = self._read(self.path)
        if main is not None:
            self._values = main
            self.status = OK
        elif main_error is None:
            self.status = NEW
        else:
            # Replace the bad file with an empty, valid one, and still report it.
            if self.save():
                self.status = CORRUPT
                self.problem = main_error
        if newer_error is not None:
            self._remove(self._new_path)  # a save torn before its rename

    def save(self):
        """Write every value atomically; returns False (status FAILED) if it could not."""
        data = encode(self._values)
        try:
            with self._open(self._new_path, "wb") as f:
                f.write(data)
            self._finish_rename()
        except OSError as e:
            self.status = FAILED
            self.problem = "could not write the save: " + str(e)
            return False
        self.status = OK
        self.problem = ""
        return True

    def _read(self, path):
        # (values, None) for a good file, (None, None) for no file and
        # (None, reason) for a file that is there but unreadable.
        try:
            with self._open(path, "rb") as f:
                # The header first, then what it says follows (and one byte
                # more, to see a file too long): reading the largest possible
                # save at once would ask a small heap for 64 KB.
                data = f.read(_HEADER)
                if len(data) == _HEADER:
                    data += f.read(int.from_bytes(data[5:7], "big") + 1)
        except OSError:
            return None, None
        try:
            return decode(data), None
        except (ValueError, IndexError, UnicodeError) as e:
            return None, path + ": " + (str(e) or "unreadable")

    def _finish_rename(self):
        try:
            self._os.rename(self._new_path, self.path)
        except OSError:
            # Some file systems refuse to rename over an existing file.
            self._remove(self.path)
            self._os.rename(self._new_path, self.path)
        sync = getattr(self._os, "sync", None)
        if sync is not None:
            sync()

    def _remove(self, path):
        try:  # noqa: SIM105 (MicroPython has no contextlib)
            self._os.remove(path)
        except OSError:
            pass
