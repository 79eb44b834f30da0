"""Storage: round trips, power cuts at every step of a save, corrupt and truncated files."""

import contextlib
import errno

import pytest
from hw import storage
from hw.storage import CORRUPT, FAILED, NEW, OK, RECOVERED, Storage


class PowerCut(Exception):
    """The device lost power: nothing after this point happens."""


class Flash:
    """An in-memory file system that can lose power after a number of steps.

    Every open, rename, remove and every 8-byte chunk of a write is a step; what
    was written before the cut stays (a torn file). With `fat=True`, rename
    refuses to replace an existing file, as FAT does.
    """

    def __init__(self, fat=False):
        self.files = {}
        self.fat = fat
        self.budget = None
        self.steps = 0

    def step(self):
        self.steps += 1
        if self.budget is not None:
            if self.budget == 0:
                raise PowerCut()
            self.budget -= 1

    def open(self, path, mode):
        self.step()
        if "r" in mode:
            if path not in self.files:
                raise OSError(errno.ENOENT, path)
            return FlashFile(self, path, self.files[path])
        self.files[path] = b""
        return FlashFile(self, path, b"")

    def rename(self, old, new):
        self.step()
        if old not in self.files:
            raise OSError(errno.ENOENT, old)
        if self.fat and new in self.files:
            raise OSError(errno.EEXIST, new)
        self.files[new] = self.files.pop(old)

    def remove(self, path):
        self.step()
        if path not in self.files:
            raise OSError(errno.ENOENT, path)
        del self.files[path]


class FlashFile:
    def __init__(self, flash, path, data):
        self.flash, self.path, self.data = flash, path, data
        self.position = 0

    def read(self, size=-1):
        end = len(self.data) if size < 0 else self.position + size
        chunk = self.data[self.position:end]
        self.position += len(chunk)
        return chunk

    def write(self, data):
        for i in range(0, len(data), 8):
            self.flash.step()
            self.flash.files[self.path] += bytes(data[i:i + 8])
        return len(data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def open_store(flash):
    return Storage("/save.bin", flash, flash.open)


OLD = {"mute": 0, "best": 120, "name": "old", "record": b"\x01\x02"}
NEW_VALUES = {"mute": 1, "best": 385, "name": "new and longer", "resume": b"x" * 40}


def write_values(store, values):
    for key in store.names():
        store.delete(key)
    for key, value in values.items():
        store.set(key, value)
    return store.save()


def values_of(store):
    return {key: store.get(key) for key in store.names()}


def test_round_trip_on_real_files(tmp_path):
    path = str(tmp_path / "save.bin")
    store = Storage(path)
    assert store.status == NEW and store.names() == []
    assert write_values(store, {"n": -7, "big": 2**40, "s": "é★", "b": bytearray(b"\0\xff")})
    again = Storage(path)
    assert again.status == OK
    assert values_of(again) == {"n": -7, "big": 2**40, "s": "é★", "b": b"\0\xff"}
    assert not (tmp_path / "save.bin.new").exists()


@pytest.mark.parametrize("fat", [False, True], ids=["littlefs", "fat"])
def test_a_power_cut_at_any_step_of_a_save_loses_nothing_old(fat):
    flash = Flash(fat)
    write_values(open_store(flash), OLD)
    flash.steps = 0
    write_values(open_store(flash), NEW_VALUES)
    total = flash.steps
    assert total > 10
    for cut in range(total + 1):
        flash = Flash(fat)
        write_values(open_store(flash), OLD)
        flash.budget = cut
        with pytest.raises(PowerCut) if cut < total else _nothing():
            write_values(open_store(flash), NEW_VALUES)
        flash.budget = None
        after = open_store(flash)
        assert values_of(after) in (OLD, NEW_VALUES), cut
        assert after.status in (OK, RECOVERED)
        assert "/save.bin.new" not in flash.files
        assert values_of(open_store(flash)) == values_of(after)


@pytest.mark.parametrize("fat", [False, True], ids=["littlefs", "fat"])
def test_a_power_cut_while_recovering_is_recovered_later(fat):
    flash = Flash(fat)
    write_values(open_store(flash), OLD)
    flash.files["/save.bin.new"] = storage.encode(NEW_VALUES)  # cut right before the rename
    for cut in range(6):
        copy = Flash(fat)
        copy.files = dict(flash.files)
        copy.budget = cut
        with contextlib.suppress(PowerCut):
            open_store(copy)
        copy.budget = None
        assert values_of(open_store(copy)) == NEW_VALUES


def test_corrupt_files_are_reported_and_replaced():
    good = storage.encode(OLD)
    broken = [b"", b"garbage", good[:-1], good[:8], good + b"!"]
    broken += [good[:i] + bytes((good[i] ^ 0x10,)) + good[i + 1:] for i in range(len(good))]
    for data in broken:
        flash = Flash()
        flash.files["/save.bin"] = data
        store = open_store(flash)
        assert store.status == CORRUPT, data
        assert store.problem and store.names() == []
        assert open_store(flash).status == OK  # replaced by a valid, empty save


def test_decode_rejects_entries_that_run_past_the_end():
    payload = bytes((3,)) + b"abc" + b"i" + (50).to_bytes(2, "big") + b"12"
    data = b"PDKV\x01" + len(payload).to_bytes(2, "big") + \
        storage.crc16(payload).to_bytes(2, "big") + payload
    with pytest.raises(ValueError):
        storage.decode(data)


def test_a_failed_write_is_reported_not_raised():
    class FullFlash(Flash):
        def open(self, path, mode):
            if "w" in mode:
                raise OSError(errno.ENOSPC, "no space")
            return super().open(path, mode)

    flash = FullFlash()
    store = open_store(flash)
    store.set("a", 1)
    assert store.save() is False
    assert store.status == FAILED and "no space" in store.problem


def test_bad_keys_and_values_are_refused():
    store = open_store(Flash())
    with pytest.raises(ValueError):
        store.set("", 1)
    with pytest.raises(TypeError):
        store.set("x", 1.5)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
