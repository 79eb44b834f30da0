"""The save on a board's raw flash log: hw/storage.py's Storage with a `log`
(hw/flashlog.py), whose save() programs the keys changed into the log and writes
no file, and which at power-on reads the files with the log's changes on top and
folds them into both files (hw/fold.py), then marks them folded. A match's end
(results, finished match, its number) and the match's clear are one chunk.

Power cuts at every step of a run of power-ons, settings, matches and their
ends and abandons: the files' steps (tests/core/check.py: each open, chunk
written, flush, close) and the log's (tests/core/norflash.py: each page
programmed and sector erased, torn part way), counted as one. The next power-on
finds the state before the step or after it, never a mix and never nothing, a
match's results counted once, and saves go on from there."""

import collections
import copy
import sys

import pytest
from check import Flash, FlashFile
from check import PowerCut as FilesCut
from hw.journal import chunk
from hw.storage import CORRUPT, decode, NEW, OK, RESTORED, Storage
from norflash import NorFlash
from norflash import PowerCut as LogCut

PATH = "/save.bin"
FILES = (PATH, PATH + ".2")


class Power:
    """The steps of the files and of the log counted as one, and the one that the
    power goes in (`cut`)."""

    def __init__(self):
        self.steps = 0
        self.cut = -1

    def goes(self):
        step = self.steps
        self.steps += 1
        return step == self.cut


class Files(Flash):
    """The save's files, a step at each open, 64 bytes written, flush and close: a
    write cut part way leaves the file cut there (as FAT would); with `atomic`,
    as littlefs keeps a file, the file as it was (a write lands at its close)."""

    def __init__(self, power, atomic=False):
        super().__init__(64)
        self.power = power
        self.atomic = atomic

    def step(self, what):
        if self.power.goes():
            raise FilesCut(what)

    def open(self, path, mode):
        if not self.atomic or "r" in mode:
            return super().open(path, mode)
        self.step("open")
        return WholeFile(self, path, self.files.get(path, b"") if "a" in mode else b"")


class WholeFile(FlashFile):
    def write(self, data):
        for i in range(0, len(data), self.flash.chunk):
            self.flash.step("write")
            self.data += bytes(data[i:i + self.flash.chunk])
        return len(data)

    def __exit__(self, *exc):
        if exc[0] is None:
            self.flash.step("close")
            self.flash.files[self.path] = self.data
        return False


class Log(NorFlash):
    def __init__(self, power, sectors):
        super().__init__(sectors)
        self.power = power

    def _torn(self):
        self.steps += 1
        return self.power.goes()


class Board:
    """The save's files and the log's flash (halves of one sector: moves from
    half to half in a few matches), with one power for both."""

    def __init__(self, files=None, log=None, sectors=2, atomic=False):
        self.power = Power()
        self.flash = Files(self.power, atomic)
        self.flash.files = dict(files or {})
        self.log = Log(self.power, sectors if log is None else len(log) // 4096)
        if log is not None:
            self.log.data[:] = log
        self.storage = None

    def power_on(self):
        self.storage = Storage(PATH, self.flash, self.flash.open, self.log)
        return self.storage

    def again(self):
        """The board powered on again on what its flash holds now."""
        board = Board(self.flash.files, self.log.data, atomic=self.flash.atomic)
        board.power_on()
        return board


def finished(number):
    """A finished match as `last` keeps it: a few hundred bytes."""
    return bytes((number * 13 + i) & 0xFF for i in range(300 + 40 * number))


def run(board, step):
    kind = step[0]
    storage = board.storage
    if kind == "on":
        board.power_on()
    elif kind == "set":
        for key, value in step[1].items():
            if value is None:
                storage.delete(key)
            else:
                storage.set(key, value)
        assert storage.save()
    elif kind == "start":
        assert storage.match.start(step[1], b"game: test %d" % step[1])
    elif kind == "act":
        assert storage.match.append(chunk(b"A", bytes((step[2], step[1]))))
    elif kind == "end":  # as ui/session.py's retire() and retired()
        storage.set("wins", storage.get("wins", 0) + 1)
        storage.set("last", finished(step[1]))
        storage.set("done", step[1])
        assert storage.save(True)
    else:  # "abandon": as ui/matchsave.py's forget()
        storage.set("done", step[1])
        assert storage.save(True)


def script():
    """Three power-ons of two matches each (one ended, one abandoned or ended), a
    setting changed or deleted now and then; the last match left kept."""
    steps = []
    for on in range(3):
        steps.append(("on",))
        steps.append(("set", {"contrast": 10 + on}))
        for m in range(2):
            number = on * 2 + m + 1
            steps.append(("set", {"matches": number}))
            steps.append(("start", number))
            for i in range(40):
                steps.append(("act", number, i))
                if i == 20:
                    steps.append(("set", {"mute": on % 2, "invert": None if on == 1 else 1}))
            if (on, m) != (2, 1):
                steps.append(("abandon" if (on, m) == (1, 1) else "end", number))
    steps.append(("on",))
    return steps


def seen(files, log, told=None):
    """What a power-on finds on these flashes: (the save's values, the match kept,
    its chunks), a match already retired left out as ui/saved.py's check clears
    it (`told`, a list, gets the save's status). (The power-on folds, on copies.)"""
    storage = Board(files, log).power_on()
    if told is not None:
        told.append(storage.status)
    head = storage.match.head()
    chunks = storage.match.load()
    if head is not None and head[0] == storage.get("done"):
        head, chunks = None, []
    return dict(storage._values), head and head[0], len(chunks)


def test_a_save_programs_the_log_writes_no_file_and_is_folded_at_power_on():
    board = Board()
    storage = board.power_on()
    assert storage.status == NEW and board.flash.files == {}
    storage.set("contrast", 7)
    storage.set("player", "ANN")
    assert storage.save()
    storage.delete("player")
    storage.set("mute", 1)
    assert storage.save()
    assert board.flash.files == {} and board.log.erases == 0  # pages programmed only
    # The first write also programs the half chunk of the blank log's first half.
    assert board.log.programs == 3 and storage.status == OK
    assert storage.save() and board.log.programs == 3  # nothing changed: nothing written
    # A power-on: the files are written, both, with the log's changes on top,
    # and the log says they are folded; its code is let go.
    again = board.again()
    assert again.storage._values == {"contrast": 7, "mute": 1}
    assert again.storage.status == OK and again.storage.match.stored() == []
    assert [decode(again.flash.files[path]) for path in FILES] == [{"contrast": 7, "mute": 1}] * 2
    assert "hw.fold" not in sys.modules
    third = again.again()  # nothing to fold: nothing written
    assert third.storage._values == {"contrast": 7, "mute": 1}
    assert third.flash.files == again.flash.files and third.log.data == again.log.data


def test_a_match_s_end_is_one_chunk_with_its_clear():
    board = Board()
    storage = board.power_on()
    assert storage.match.start(5, b"game: test")
    for i in range(10):
        assert storage.match.append(chunk(b"A", bytes((i,))))
    programs = board.log.programs
    run(board, ("end", 5))
    assert storage.match.head() is None and board.log.programs - programs <= 3
    assert [board.log.data[at] for at in storage.match._stores] == [ord("E")]
    values = board.again().storage._values
    assert values["done"] == 5 and values["wins"] == 1 and values["last"] == finished(5)


def test_a_newest_file_damaged_is_written_over_at_power_on_and_told_once():
    board = Board()
    board.power_on()
    run(board, ("set", {"contrast": 1}))
    board = board.again()  # folded: both files hold it
    run(board, ("set", {"contrast": 2}))
    board = board.again()
    newest = max(FILES, key=lambda path: board.flash.files[path][5:9])
    board.flash.files[newest] = b"PDKV" + bytes(9)
    again = board.again()
    assert again.storage.status == RESTORED and again.storage.get("contrast") == 2
    assert board.again().again().storage.status == OK


@pytest.mark.parametrize("damaged", FILES)
def test_a_fold_in_both_files_loses_nothing_to_either_damaged_later(damaged):
    board = Board()
    board.power_on()
    for n in range(3):
        run(board, ("set", {"contrast": n, "mute": n % 2}))
    board = board.again()  # folded: 3 changes in one write of each file
    board.flash.files[damaged] = board.flash.files[damaged][:20]
    storage = board.again().storage
    assert storage._values == {"contrast": 2, "mute": 0}


def test_a_damaged_change_in_the_log_is_told_and_the_ones_before_it_kept():
    board = Board(sectors=4)
    storage = board.power_on()
    run(board, ("set", {"contrast": 1, "player": "ANN"}))
    at = storage.match._end
    run(board, ("set", {"contrast": 2}))
    run(board, ("start", 1))
    for i in range(120):  # past what a save's write reaches: damage, not a cut
        run(board, ("act", 1, i))
    board.log.data[at + 5] ^= 0x21
    again = board.again().storage
    assert again.status == RESTORED and again._values == {"contrast": 1, "player": "ANN"}


@pytest.mark.parametrize("sectors,atomic", [(2, False), (4, False), (2, True)])
def test_a_power_cut_at_any_step_keeps_the_state_before_it_or_after_it(sectors, atomic):
    """Cut at every step, on halves of one sector and of two, the files cut as
    FAT would leave them or kept whole as littlefs does (where the log is, on a
    board): there no cut is ever told as a save lost in both files."""
    steps = script()
    board = Board(sectors=sectors, atomic=atomic)
    before = []  # the board before each step
    states = []  # what a power-on finds after each step
    for step in steps:
        before.append(copy.deepcopy(board))
        run(board, step)
        states.append(seen(board.flash.files, board.log.data))
    # Halves of one sector: moves that erase, and the openings', are cut too;
    # of two: a match's end or abandon in a half never moved.
    assert (board.log.erases > 0) == (sectors == 2)
    assert states[-1][1] == 6 and states[-1][0]["wins"] == 4 and states[-1][0]["done"] == 5
    cuts = collections.Counter()  # (step, flash cut) cut
    for i in range(len(steps)):
        end = before[i + 1].power.steps if i + 1 < len(steps) else board.power.steps
        allowed = (states[i - 1] if i else ({}, None, 0), states[i])
        for cut in range(before[i].power.steps, end):
            cutting = copy.deepcopy(before[i])
            cutting.power.cut = cut
            cutting.log.seed = cut
            with pytest.raises((FilesCut, LogCut)) as raised:
                run(cutting, steps[i])
            cuts[steps[i][0], "files" if raised.type is FilesCut else "log"] += 1
            told = []
            got = seen(cutting.flash.files, cutting.log.data, told)
            assert got in allowed, (i, steps[i], cut)
            assert not atomic or told != [CORRUPT], (i, steps[i], cut)
            # Saves go on from there.
            later = Board(cutting.flash.files, cutting.log.data)
            later.power_on()
            run(later, ("set", {"after": cut}))
            then = seen(later.flash.files, later.log.data)
            assert then == (dict(got[0], after=cut),) + got[1:], (i, steps[i], cut)
    # Every kind of step was cut: the power-ons' folds in the files and in the
    # log (and their openings' erases and moves), the ends and the abandons in
    # the log, and no step of a match wrote a file.
    assert cuts["on", "files"] > 50 and cuts["on", "log"] >= 3, cuts
    assert cuts["end", "log"] >= 4 and cuts["abandon", "log"] >= 1, cuts
    assert cuts["act", "log"] > 100 and cuts["set", "log"] > 10, cuts
    assert {step for step, flash in cuts if flash == "files"} == {"on"}, cuts
