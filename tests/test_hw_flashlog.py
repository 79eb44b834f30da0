"""The match log on raw NOR flash (hw/flashlog.py) on the NOR model
(tests/core/norflash.py): saves only program pages, what it keeps reads back,
and a power cut at any program or erase step, of a match's saves, of the save's
writes among them (hw/storage.py's changed keys, the match's end with its clear
in the same write) and of the erase at power-on, brings back the last save
written whole."""

import copy
import pathlib
import subprocess

import pytest
from hw.flashlog import FlashLog, LOG_BYTES
from hw.journal import chunk, DAMAGED, HEADER, TORN, WHOLE
from hw.storage import encode, entries
from norflash import NorFlash, PowerCut

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"
SECTORS = 4  # two halves of 8 KB: a few matches move halves in a test


def test_the_model_programs_by_and_in_pages_and_erases_sectors_to_ff():
    flash = NorFlash(2)
    page = bytearray(b"\xff" * 256)
    page[0:3] = b"\x0f\xf0\x55"
    flash.writeblocks(0, page, 256)
    again = bytearray(b"\xff" * 256)
    again[0:3] = b"\xf3\x3f\xff"
    flash.writeblocks(0, again, 256)
    assert flash.data[256:259] == b"\x03\x30\x55"  # only 1 -> 0
    assert flash.data[:256] == b"\xff" * 256 and flash.programs == 2
    with pytest.raises(OSError):
        flash.writeblocks(0, b"\x00" * 100, 256)  # not whole pages
    flash.ioctl(6, 0)
    assert flash.data == b"\xff" * 8192 and flash.erases == 1
    buf = bytearray(10)
    flash.data[4090:4100] = b"0123456789"
    flash.readblocks(0, buf, 4090)  # a read may cross into the next sector
    assert buf == b"0123456789"


def test_the_model_tears_the_step_the_power_goes_in():
    flash = NorFlash(2, cut=1, seed=3)
    flash.writeblocks(0, b"\x00" * 256, 0)
    with pytest.raises(PowerCut):
        flash.writeblocks(0, b"\x00" * 256, 256)
    torn = flash.data[256:512]
    landed = torn.count(0)
    assert 0 <= landed < 256 and torn[:landed] == b"\x00" * landed
    assert torn[landed] != 0 and torn[landed + 1:] == b"\xff" * (255 - landed)
    cut = flash.copy(cut=0, seed=5)
    cut.data[:4096] = b"\x00" * 4096
    with pytest.raises(PowerCut):
        cut.ioctl(6, 0)
    sector = cut.data[:4096]
    erased = sector.index(b"\x96")  # part erased, the rest neither erased nor as it was
    assert sector[:erased] == b"\xff" * erased and sector[erased:] == b"\x96" * (4096 - erased)
    assert cut.data[4096:] == flash.data[4096:]


class Match:
    """A scripted run of saves, as the games make them: a match started, chunks
    appended (actions, a summary now and then), cleared at its end, the next
    started; enough to move from half to half several times. With `stores`, the
    save's writes too: the match count before each match, a setting changed (or
    deleted) now and then, and at a match's end its results, a finished match
    of a few hundred bytes and its number in one write with the clear (one match
    in three is abandoned instead: a plain clear). `states[i]` is what the log
    keeps after step i: (match kept, its chunks, its summary, the save's
    changes: each key's last value, None where deleted)."""

    def __init__(self, matches=6, actions=90, stores=False):
        self.steps = []
        for number in range(matches):
            header = b"seed: %d match of a few dozen bytes" % number
            if stores:
                self.steps.append(("store", {"matches": number + 1}, False))
            self.steps.append(("start", number, header))
            for i in range(actions):
                self.steps.append(("append", chunk(b"A", bytes((i % 200, number)))))
                if i % 17 == 0:
                    self.steps.append(("note", number, b"Scores %d, %d" % (i, number)))
                if stores and i % 40 == 39:
                    deleted = i % 80 == 79
                    self.steps.append(("store", {"contrast": i + number,
                                                 "invert": None if deleted else 1}, False))
            if stores and number % 3 != 2:
                last = bytes((number * 7 + i) & 0xFF for i in range(200 + 60 * number))
                self.steps.append(("store", {"wins": number, "last": last, "done": number},
                                   True))
            else:
                self.steps.append(("clear",))
        self.states = []
        kept = None
        changes: dict = {}
        for step in self.steps:
            if step[0] == "start":
                kept = [step[1], [(HEADER, step[1].to_bytes(4, "big") + step[2])], None]
            elif step[0] == "append":
                kept[1].append((step[1][:1], step[1][3:-2]))
            elif step[0] == "note":
                kept[2] = step[2]
            elif step[0] == "store":
                changes = dict(changes, **step[1])
                kept = None if step[2] else kept
            else:
                kept = None
            match = (None,) * 3 if kept is None else (kept[0], list(kept[1]), kept[2])
            self.states.append(match + (changes,))

    def run(self, log, first=0, last=None):
        """Do steps `first` to `last` (all that follow); `done` counts those
        done in full, so that a power cut leaves how many were."""
        self.done = first
        for step in self.steps[first:last]:
            if step[0] == "start":
                assert log.start(step[1], step[2])
            elif step[0] == "append":
                assert log.append(step[1])
            elif step[0] == "note":
                assert log.note(step[1], step[2])
            elif step[0] == "store":
                assert log.store(encode(step[1], 0, 0), step[2])
            else:
                log.clear()
            self.done += 1

    def before(self, done):
        """What the log keeps when `done` steps were done in full."""
        return self.states[done - 1] if done else (None, None, None, {})


def kept(log):
    """(match kept, its chunks, its summary, the save's changes) of the log."""
    changes: dict = {}
    for payload in log.stored():
        entries(payload, changes)
    head = log.head()
    chunks = log.load()
    if head is None:
        assert chunks == []
        return None, None, None, changes
    return head[0], chunks, log.summary(), changes


@pytest.mark.parametrize("stores", [False, True])
def test_what_is_kept_reads_back_at_once_and_after_a_power_on(stores):
    flash = NorFlash(SECTORS)
    log = FlashLog(flash)
    match = Match(stores=stores)
    for i in range(len(match.steps)):
        match.run(log, i, i + 1)
        assert kept(log) == match.states[i], i
        if i % 7 == 0:
            assert kept(FlashLog(flash.copy())) == match.states[i], i


def test_a_save_programs_a_page_or_two_and_erases_only_on_a_second_move():
    flash = NorFlash(SECTORS)
    log = FlashLog(flash)
    assert flash.erases == 0  # a blank flash: nothing to erase
    match = Match(matches=12, actions=300)
    erased = []
    pages = []
    moves = []
    for i in range(len(match.steps)):
        programs, erases, half = flash.programs, flash.erases, log._active
        match.run(log, i, i + 1)
        pages.append(flash.programs - programs)
        erased.append(flash.erases - erases)
        if log._active != half:
            moves.append(i)
    # A save programs one page, two where a chunk crosses a page's end; a move
    # programs the match so far and then the half chunk's page.
    saves = [pages[i] for i in range(len(pages)) if i not in moves]
    assert set(saves) == {1, 2} and saves.count(1) > 0.9 * len(saves)
    # The first match takes half 0 and the first move goes to half 1, both
    # blank since power-on; each later move in this power-on erases the half it
    # goes to (4 KB sectors: 2 a half here). No other step erases.
    assert moves[0] == 0 and len(moves) >= 4
    assert [erased[i] for i in moves] == [0, 0] + [2] * (len(moves) - 2)
    assert sum(erased) == 2 * (len(moves) - 2)
    # Powered on again: the half not in use is erased then (and a half in use
    # more than half full moves to it, its own then erased), so no save erases.
    used = log._end - log._active * (SECTORS * 4096 // 2)
    flash = flash.copy()
    log = FlashLog(flash)
    assert flash.erases == (4 if used > 4096 else 2)
    assert kept(log) == match.states[-1]
    erases = flash.erases
    Match(matches=2).run(log)
    assert flash.erases == erases


def test_the_save_s_writes_program_pages_and_move_with_the_match():
    """A write of the save programs the pages its chunk spans (a match's end with
    its finished match: a few), erases only in a second move, as a match's saves;
    a move takes the changes since the last fold along, merged into one chunk,
    before the match; after a fold (b"F") they stay behind."""
    flash = NorFlash(SECTORS)
    log = FlashLog(flash)
    match = Match(matches=12, actions=300, stores=True)
    moves = []
    for i in range(len(match.steps)):
        programs, erases, half = flash.programs, flash.erases, log._active
        match.run(log, i, i + 1)
        step = match.steps[i]
        if log._active != half:
            moves.append(i)
            assert kept(log) == match.states[i], i
            kinds = [kind for kind, _ in parse_half(log)]
            before = kinds[:kinds.index(HEADER)] if HEADER in kinds else kinds
            assert before.count(b"V") + before.count(b"E") <= 1 + (step[0] == "store"), i
        elif step[0] == "store":
            size = 5 + len(encode(step[1], 0, 0))
            assert flash.programs - programs <= size // 256 + 2, i
        assert flash.erases == erases or len(moves) > 2, i
    assert len(moves) >= 4
    assert kept(FlashLog(flash.copy())) == match.states[-1]
    # Folded: the changes are in the save's files, the log says so; a move
    # takes none of them along any more.
    log.folded()
    assert log.stored() == []
    assert kept(FlashLog(flash.copy()))[3] == {}
    assert log.start(99, b"next")
    half = log._active
    while log._active == half:
        assert log.append(chunk(b"A", b"\x07" * 200))
    assert b"V" not in [kind for kind, _ in parse_half(log)]


def parse_half(log):
    """The chunks of the log's half in use, in order."""
    from hw.journal import parse

    start = log._active * log._half + 9
    return parse(log._read(start, log._end - start))[0]


def test_a_match_too_long_for_a_half_fails_its_save_and_keeps_the_one_before():
    log = FlashLog(NorFlash(SECTORS))
    assert log.start(1, b"x")
    assert log.append(chunk(b"A", b"y" * 3000))
    assert log.append(chunk(b"A", b"y" * 3000))
    assert not log.append(chunk(b"A", b"z" * 3000))
    assert log.failed and not log.whole
    assert [kind for kind, _ in log.load()] == [HEADER, b"A", b"A"]


@pytest.mark.parametrize("stores", [False, True])
def test_a_power_cut_at_any_step_of_the_saves_keeps_the_last_whole_save(stores):
    """Cut at every program and erase step of eight matches' saves on halves of
    one sector (moves from half to half among them, and one that erases), with
    the save's writes among them or not; powered on again, the log keeps the
    save before the step cut, or that step's if it landed whole (a match's end:
    its results and its clear both, or neither), and saves go on from there."""
    match = Match(matches=8, actions=120, stores=stores)
    log = FlashLog(NorFlash(2))
    before = []  # the log (and its flash) before each step
    for i in range(len(match.steps)):
        before.append(copy.deepcopy(log))
        match.run(log, i, i + 1)
    assert log._dev.erases >= 1  # a second move, which erases, is cut too
    said = set()
    for i in range(len(match.steps)):
        start = before[i]._dev.steps
        end = before[i + 1]._dev.steps if i + 1 < len(before) else log._dev.steps
        for cut in range(start, end):
            cutting = copy.deepcopy(before[i])
            cutting._dev.cut, cutting._dev.seed = cut, cut
            with pytest.raises(PowerCut):
                match.run(cutting, i, i + 1)
            flash = cutting._dev.copy()
            after = FlashLog(flash)
            got = kept(after)
            assert got in (match.before(i), match.states[i]), (i, cut)
            said.add(after.status)
            assert after.status in (WHOLE, TORN), (i, cut)
            # Saves go on, as Continue plays on (a torn log is written anew, as
            # the games do when `whole` is False), and so do the save's.
            if got[0] is not None:
                if not after.whole:
                    assert after.start(got[0], got[1][0][1][4:], b"".join(
                        chunk(kind, payload) for kind, payload in got[1][1:]))
                assert after.append(chunk(b"A", b"\x01"))
                assert kept(FlashLog(flash.copy()))[1] == got[1] + [(b"A", b"\x01")], (i, cut)
            if stores:
                assert after.store(encode({"after": 1}, 0, 0))
                again = kept(FlashLog(flash.copy()))
                assert again[3] == dict(got[3], after=1), (i, cut)
    assert TORN in said


@pytest.mark.parametrize("actions,stores", [(300, False), (600, False), (100, True),
                                            (300, True)])
def test_a_power_cut_at_any_step_of_the_opening_keeps_the_match(actions, stores):
    """Powered on after a move (the half left behind not erased yet): the opening
    erases that half and, where the half in use is more than half full (600
    actions a match; 300 with the save's writes), moves the match to it (the
    save's changes merged before it) and erases the other. A cut at each of the
    opening's program and erase steps, whatever the tear, and the next power-on
    keeps the match and the changes all the same, and saves on without erasing."""
    moves = actions == 600 or stores and actions == 300
    match = Match(matches=4, actions=actions, stores=stores)
    uncut = NorFlash(SECTORS)
    match.run(FlashLog(uncut), 0, len(match.steps) - 1)  # the last match kept
    expected = match.states[-2]
    assert expected[0] is not None and uncut.data[:8] != b"\xff" * 8  # half 0 left for 1
    opened = uncut.copy()
    full = FlashLog(opened)
    assert kept(full) == expected and opened.erases == (4 if moves else 2)
    for cut in range(opened.steps):
        for seed in range(3):
            flash = uncut.copy(cut=cut, seed=seed)
            with pytest.raises(PowerCut):
                FlashLog(flash)
            again = flash.copy()
            log = FlashLog(again)
            assert kept(log) == expected and log.status == WHOLE, (cut, seed)
            erases = again.erases
            assert log.append(chunk(b"A", b"\x02"))
            assert log.store(encode({"contrast": 9}, 0, 0))
            later = kept(FlashLog(again.copy()))
            assert later[1] == expected[1] + [(b"A", b"\x02")]
            assert later[3] == dict(expected[3], contrast=9)
            assert again.erases == erases


def test_damage_past_a_save_s_reach_is_told_and_the_chunks_before_it_kept():
    flash = NorFlash(SECTORS)
    log = FlashLog(flash)
    Match(matches=1, actions=120).run(log, 0, 100)
    keep = kept(log)
    at = log._head + 100  # a byte of an action's chunk well before the end
    flash.data[at] ^= 0x55
    log = FlashLog(flash.copy())
    got = kept(log)
    assert log.status == DAMAGED and not log.whole
    assert got[1] == keep[1][:len(got[1])] and len(got[1]) < len(keep[1])


def test_a_damaged_save_s_chunk_is_told_and_the_changes_before_it_kept():
    flash = NorFlash(SECTORS)
    log = FlashLog(flash)
    assert log.store(encode({"contrast": 1, "player": "ANN"}, 0, 0))
    at = log._end
    assert log.store(encode({"contrast": 2}, 0, 0))
    assert log.start(3, b"seed")
    for i in range(100):
        assert log.append(chunk(b"A", bytes((i,))))
    flash.data[at + 4] ^= 0x10  # in the second change
    log = FlashLog(flash.copy())
    assert log.status == WHOLE and log.head() is None and log.status == DAMAGED
    assert kept(log)[3] == {"contrast": 1, "player": "ANN"}


def test_the_log_and_its_power_cuts_under_micropython():
    """The same module unchanged on the MicroPython unix port: a cut at every
    fourth step of four matches' saves (the save's writes among them) keeps one
    of the two saves around it; and hw/storage.py on the log with hw/fold.py at
    each power-on, a cut at every third step of the files and the log, keeps
    the state before the step or after it."""
    out = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=4M", str(ROOT / "tests" / "hw" / "mpy_flashlog.py"),
         str(ROOT / "firmware"), str(ROOT / "tests" / "core")],
        capture_output=True, text=True, timeout=300, check=True,
    ).stdout
    figures = dict(line.split() for line in out.splitlines())
    assert int(figures["steps"]) > 1400 and figures["erases"] == "2"
    assert int(figures["cuts"]) > 350 and figures["kept"] == figures["cuts"]
    assert int(figures["torn"]) > 0
    assert int(figures["fold_cuts"]) > 50 and figures["fold_kept"] == figures["fold_cuts"]


def test_the_frozen_boot_leaves_the_log_out_of_littlefs_and_keeps_a_stock_layout():
    """tools/device/frozen/_boot.py under MicroPython on a stand-in rp2.Flash:
    a blank flash gets littlefs less the log's 64 KB (and the log its room); the
    next power-on finds it again, files kept; a littlefs over the whole storage
    (a stock firmware's) is mounted as it is, and the match stays in its files."""
    out = subprocess.run(
        [str(MICROPYTHON), "-X", "heapsize=2M", str(ROOT / "tests" / "hw" / "mpy_boot.py"),
         str(ROOT / "tools" / "device" / "frozen" / "_boot.py"), str(ROOT / "firmware")],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    said = dict(line.split() for line in out.splitlines())
    boot = (ROOT / "tools" / "device" / "frozen" / "_boot.py").read_text()
    assert "log_bytes=%d)" % LOG_BYTES in boot
    assert said == {"blank_size": "131072", "blank_file": "-", "blank_log": "1",
                    "again_size": "131072", "again_file": "kept", "again_log": "1",
                    "whole_size": "196608", "whole_file": "stock", "whole_log": "0"}
