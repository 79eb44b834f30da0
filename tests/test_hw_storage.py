"""Storage and the match journal under fault injection: a power cut at every step
of a save (open, each chunk of a write, flush, close, remove), a full flash, and
every byte truncated and every bit flipped of both generations."""

import pytest
from check import Flash, PowerCut
from hw import storage
from hw.crc import crc16
from hw.journal import chunk, DAMAGED, Journal, parse, TORN, WHOLE
from hw.storage import CORRUPT, FAILED, NEW, OK, RESTORED, Storage

OLD = {"mute": 0, "best": 120, "name": "old", "record": b"\x01\x02"}
NEW_VALUES = {"mute": 1, "best": 385, "name": "new and longer", "resume": b"x" * 40}
FILES = ("/save.bin", "/save.bin.2")


def bitwise_crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE by its definition, a bit at a time."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def test_the_table_driven_crc_is_crc16_ccitt_false():
    """hw.crc's tables give the definition's CRC (so every save already on a board
    still checks): its check value, every single byte from every start, and long
    runs, from bytes and from a memoryview."""
    assert crc16(b"123456789") == 0x29B1
    for byte in range(256):
        for start in (0xFFFF, 0, 0x8000, 0x1234):
            assert crc16(bytes((byte,)), start) == bitwise_crc16(bytes((byte,)), start)
    data = bytes((i * 37 + 11) & 0xFF for i in range(3000))
    assert crc16(data) == bitwise_crc16(data)
    assert crc16(memoryview(data)[100:], crc16(data[:100])) == bitwise_crc16(data)


def open_store(flash):
    return Storage("/save.bin", flash, flash.open)


def write_values(store, values):
    for key in store.names():
        store.delete(key)
    for key, value in values.items():
        store.set(key, value)
    return store.save()


def values_of(store):
    return {key: store.get(key) for key in store.names()}


def saved_twice():
    """A flash whose save was written twice (OLD, then NEW_VALUES): both generations."""
    flash = Flash()
    write_values(open_store(flash), OLD)
    write_values(open_store(flash), NEW_VALUES)
    return flash


def test_round_trip_on_real_files(tmp_path):
    path = str(tmp_path / "save.bin")
    store = Storage(path)
    assert store.status == NEW and store.names() == []
    assert write_values(store, {"n": -7, "big": 2**40, "s": "é★", "b": bytearray(b"\0\xff")})
    assert write_values(store, {"n": 8})
    again = Storage(path)
    assert again.status == OK and values_of(again) == {"n": 8}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.bin", "save.bin.2"]


def test_saves_alternate_between_the_generations_and_never_rename():
    flash = Flash()
    store = open_store(flash)
    written = []
    for n in range(4):
        before = dict(flash.files)
        store.set("n", n)
        store.save()
        written += [p for p in flash.files if flash.files[p] != before.get(p)]
    assert written == [FILES[0], FILES[1], FILES[1], FILES[0], FILES[1]]  # the first: both
    assert set(flash.log) == {"open", "write", "flush", "close"}  # no rename, no remove


@pytest.mark.parametrize("chunk_size", [1, 8, 64])
def test_a_power_cut_at_any_step_of_a_save_keeps_the_save_before(chunk_size):
    for generations in (1, 2):  # the first save after one, or after two were written
        flash = Flash(chunk_size)
        for _ in range(generations):
            write_values(open_store(flash), OLD)
        store = open_store(flash)
        flash.log = []
        write_values(store, NEW_VALUES)
        steps = len(flash.log)
        assert steps > 3
        written = flash.log.index("flush")  # from here on the new file is whole
        for cut in range(steps):
            flash = Flash(chunk_size)
            for _ in range(generations):
                write_values(open_store(flash), OLD)
            store = open_store(flash)
            flash.budget = cut
            with pytest.raises(PowerCut):
                write_values(store, NEW_VALUES)
            rebooted = flash.copy()
            after = open_store(rebooted)
            assert values_of(after) == (OLD if cut < written else NEW_VALUES), (generations, cut)
            assert after.status in (OK, RESTORED)
            assert write_values(after, NEW_VALUES)  # and the next save works
            assert values_of(open_store(rebooted)) == NEW_VALUES


def test_every_truncation_and_bit_flip_of_either_generation_costs_at_most_the_newest_change():
    good = saved_twice()
    for path, fallback in ((FILES[1], OLD), (FILES[0], NEW_VALUES)):
        data = good.files[path]
        broken = [(data[:i], -1) for i in range(len(data))] + [(data + b"!", -1)]
        broken += [(data[:i] + bytes((data[i] ^ 1 << bit,)) + data[i + 1:], i)
                   for i in range(len(data)) for bit in range(8)]
        for bad, flipped in broken:
            flash = good.copy()
            flash.files[path] = bad
            store = open_store(flash)
            assert values_of(store) in (fallback, NEW_VALUES), (path, bad)
            # The newest lost: always said. The older one damaged: nothing lost,
            # nothing said, unless the damage hit its number or left too little
            # to hold one (then it may have been the newest).
            if fallback == OLD:
                assert store.status == RESTORED and store.problem, (bad, flipped)
            else:
                assert store.status == OK or 5 <= flipped < 9 or len(bad) < 9, (bad, flipped)
            assert write_values(store, {"after": 1})
            assert values_of(open_store(flash)) == {"after": 1}


@pytest.mark.parametrize("damage", [
    "magic", "version", "zeroed byte 8", "cut to 12", "cut to 4", "emptied", "missing",
])
def test_the_newest_generation_lost_in_its_header_or_gone_is_said(damage):
    flash = saved_twice()
    data = flash.files[FILES[1]]  # the newest: NEW_VALUES, number 2
    broken = {
        "magic": b"X" + data[1:],
        "version": data[:4] + b"\x07" + data[5:],
        "zeroed byte 8": data[:8] + b"\x00" + data[9:],
        "cut to 12": data[:12],
        "cut to 4": data[:4],
        "emptied": b"",
    }
    if damage == "missing":
        del flash.files[FILES[1]]
    else:
        flash.files[FILES[1]] = broken[damage]
    store = open_store(flash)
    assert values_of(store) == OLD
    assert store.status == RESTORED and store.problem.startswith(FILES[1] + ": "), store.problem
    assert write_values(store, {"after": 1})  # the next save goes on above both
    again = open_store(flash)
    assert again.status == OK and values_of(again) == {"after": 1}


@pytest.mark.parametrize("damage", ["magic", "version", "payload"])
def test_the_older_generation_damaged_costs_nothing_and_says_nothing(damage):
    flash = saved_twice()
    data = flash.files[FILES[0]]  # the older: OLD, number 1
    at = {"magic": 0, "version": 4, "payload": len(data) - 2}[damage]
    flash.files[FILES[0]] = data[:at] + bytes((data[at] ^ 0x10,)) + data[at + 1:]
    store = open_store(flash)
    assert store.status == OK and store.problem == "" and values_of(store) == NEW_VALUES


def test_the_first_save_is_in_both_files_so_that_a_missing_one_is_damage():
    flash = Flash()
    write_values(open_store(flash), OLD)
    assert flash.files[FILES[0]] == flash.files[FILES[1]]
    assert open_store(flash).status == OK
    flash.files[FILES[0]] = flash.files[FILES[0]][:-1]  # a copy damaged: nothing lost
    assert open_store(flash).status == OK
    del flash.files[FILES[0]]  # a copy gone: it may have been newer
    store = open_store(flash)
    assert store.status == RESTORED and store.problem == FILES[0] + ": missing"
    assert values_of(store) == OLD


def test_both_generations_damaged_start_empty_and_say_so():
    flash = saved_twice()
    flash.files = {path: data[:-3] for path, data in flash.files.items()}
    store = open_store(flash)
    assert store.status == CORRUPT and store.problem and store.names() == []
    assert write_values(store, {"a": 1})
    assert open_store(flash).status == OK and values_of(open_store(flash)) == {"a": 1}


def test_an_older_firmwares_save_carries_over():
    payload = bytes((4,)) + b"mute" + b"i" + (1).to_bytes(2, "big") + b"1"
    old = b"PDKV\x01" + len(payload).to_bytes(2, "big") + crc16(payload).to_bytes(2, "big")
    flash = Flash()
    flash.files[FILES[0]] = old + payload
    store = open_store(flash)
    assert store.status == OK and store.get("mute") == 1
    store.set("mute", 0)
    assert store.save() and flash.files[FILES[0]] == old + payload  # the other file
    assert open_store(flash).get("mute") == 0


def test_decode_rejects_entries_that_run_past_the_end():
    payload = bytes((3,)) + b"abc" + b"i" + (50).to_bytes(2, "big") + b"12"
    good = storage.encode({"abc": 12})
    data = good[:5] + good[5:9] + len(payload).to_bytes(2, "big")
    data += crc16(payload, crc16(data[5:11])).to_bytes(2, "big") + payload
    with pytest.raises(ValueError, match="bad entry"):
        storage.decode(data)


def test_a_full_flash_fails_the_save_and_keeps_the_one_before():
    flash = saved_twice()
    flash.room = 20
    store = open_store(flash)
    store.set("more", "x" * 100)
    assert store.save() is False
    assert store.status == FAILED and "no space" in store.problem
    assert values_of(open_store(flash.copy())) == NEW_VALUES
    flash.room = -1
    assert store.save() and open_store(flash).get("more") == "x" * 100


def test_bad_keys_and_values_are_refused():
    store = open_store(Flash())
    with pytest.raises(ValueError):
        store.set("", 1)
    with pytest.raises(TypeError):
        store.set("x", 1.5)


# --- the match journal -------------------------------------------------------

HEADER = b"game: allfives"


def journal_of(flash, copies=2):
    """The match journal as Storage keeps it: two copies on a simulated flash, one
    where the save is on littlefs (hw.storage.journal_copies)."""
    if copies == 2:
        return open_store(flash).match
    return Journal("/save.bin.match", flash, flash.open, copies)


def kept(flash, copies=2):
    """What a reboot finds in the journal: its chunks after the header."""
    chunks = journal_of(flash.copy(), copies).load()
    return [payload for _, payload in chunks[1:]] if chunks else None


def test_a_journal_grows_by_appending_and_both_copies_agree():
    flash = Flash()
    journal = journal_of(flash)
    assert journal.head() is None and journal.load() == []
    assert journal.start(3, HEADER)
    for n in range(5):
        assert journal.append(chunk(b"A", bytes((n,))))
    assert journal_of(flash).head() == (3, HEADER)
    assert kept(flash) == [bytes((n,)) for n in range(5)]
    first, second = (flash.files[p] for p in ("/save.bin.match", "/save.bin.match.2"))
    assert first == second and parse(first)[1] == WHOLE
    journal.clear()
    assert not flash.files and journal_of(flash).head() is None


def test_one_copy_is_written_alone_and_a_second_left_by_two_copies_is_cleared():
    flash = Flash()
    journal = journal_of(flash, 1)
    assert journal.start(3, HEADER)
    for n in range(5):
        assert journal.append(chunk(b"A", bytes((n,))))
    assert set(flash.files) == {"/save.bin.match"}
    again = journal_of(flash, 1)
    assert again.load()[0] == (b"H", (3).to_bytes(4, "big") + HEADER)
    assert again.whole and kept(flash, 1) == [bytes((n,)) for n in range(5)]
    # A firmware that kept two copies left an older match's second copy: unread,
    # and removed with the match.
    journal_of(Flash()).start(2, b"older")
    flash.files["/save.bin.match.2"] = b"older match"
    assert journal_of(flash, 1).head() == (3, HEADER)
    journal_of(flash, 1).clear()
    assert not flash.files


def test_one_copy_torn_at_its_end_keeps_the_chunks_before_and_is_written_anew():
    flash = Flash()
    journal = journal_of(flash, 1)
    journal.start(3, HEADER)
    journal.append(chunk(b"A", b"\x01"))
    flash.files["/save.bin.match"] += chunk(b"A", b"\x02")[:4]
    again = journal_of(flash, 1)
    assert [p for _, p in again.load()[1:]] == [b"\x01"]
    assert again.status == TORN and not again.whole  # the caller starts it again


# One copy started anew is safe on littlefs only, which keeps a file as it was
# until it is closed (tests/hw/mpy_storage_vfs.py cuts the power there); this
# simulated flash tears a rewritten file, as FAT can.
@pytest.mark.parametrize("copies, actions", [(2, ("append", "start")), (1, ("append",))])
def test_a_power_cut_at_any_step_of_an_append_or_a_start_loses_at_most_that_save(copies, actions):
    def before():
        flash = Flash(4)
        journal = journal_of(flash, copies)
        journal.start(1, HEADER)
        journal.append(chunk(b"A", b"\x01\x02"))
        return flash

    for action in actions:
        probe = before()
        journal = journal_of(probe, copies)
        probe.log = []
        if action == "append":
            journal.append(chunk(b"A", b"\x03"))
        else:
            journal.start(2, b"the next match")
        steps = len(probe.log)
        for cut in range(steps):
            flash = before()
            journal = journal_of(flash, copies)
            flash.budget = cut
            with pytest.raises(PowerCut):
                if action == "append":
                    journal.append(chunk(b"A", b"\x03"))
                else:
                    journal.start(2, b"the next match")
            again = journal_of(flash.copy(), copies)
            chunks = again.load()
            if action == "append":
                assert [p for _, p in chunks[1:]] in ([b"\x01\x02"], [b"\x01\x02", b"\x03"])
            else:
                assert again.head() in ((1, HEADER), (2, b"the next match"))
            assert again.status in (WHOLE, TORN)


def test_every_truncation_and_bit_flip_of_one_copy_loses_nothing():
    good = Flash()
    journal = journal_of(good)
    journal.start(4, HEADER)
    for n in range(3):
        journal.append(chunk(b"A", bytes((n, n))))
    whole = kept(good)
    for path in ("/save.bin.match", "/save.bin.match.2"):
        data = good.files[path]
        broken = [data[:i] for i in range(len(data))]
        broken += [data[:i] + bytes((data[i] ^ 1 << bit,)) + data[i + 1:]
                   for i in range(len(data)) for bit in range(8)]
        for bad in broken:
            flash = good.copy()
            flash.files[path] = bad
            assert kept(flash) == whole
            assert journal_of(flash).head() == (4, HEADER)
            # Damage in both copies: what comes before it stays, and is said.
            both = flash.copy()
            both.files = {p: bad for p in both.files}
            chunks = kept(both)
            assert chunks is None or whole[:len(chunks)] == chunks


def test_a_damaged_header_in_both_copies_is_reported():
    flash = Flash()
    journal_of(flash).start(4, HEADER)
    flash.files = {p: d[:3] + b"?" + d[4:] for p, d in flash.files.items()}
    journal = journal_of(flash)
    assert journal.head() is None and journal.status == DAMAGED


def test_a_summary_is_made_only_when_its_state_changes_and_written_only_when_it_differs():
    flash = Flash()
    journal = journal_of(flash)
    journal.start(3, HEADER)
    made = []

    def make(text):
        def summary():
            made.append(text)
            return text
        return summary

    assert journal.note_of(3, (0, 0), make(b"Scores 0, 0"))
    written = flash.files["/save.bin.match.sum"]
    assert journal.note_of(3, (0, 0), make(b"never made"))
    assert made == [b"Scores 0, 0"]
    flash.files["/save.bin.match.sum"] = b"left alone"  # a state whose summary is the same
    assert journal.note_of(3, (0, 1), make(b"Scores 0, 0"))
    assert flash.files["/save.bin.match.sum"] == b"left alone"
    flash.files["/save.bin.match.sum"] = written
    assert journal.note_of(3, (5, 0), make(b"Scores 5, 0"))
    assert journal.summary() == b"Scores 5, 0"
    assert journal.note(4, b"another match's")  # then match 3's summary is made again
    assert journal.note_of(3, (5, 0), make(b"Scores 5, 0")) and made[-1] == b"Scores 5, 0"
    assert len(made) == 4
