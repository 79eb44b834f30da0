"""hw/flashlog.py under MicroPython, on the NOR model (tests/core/norflash.py):
four matches' saves on halves of one sector, the save's writes among them (a
setting now and then; at a match's end its results and its clear in one
chunk, or a plain clear), with a power cut at every fourth program or erase
step, each followed by a power-on that must keep the save before the step cut
or that step's own. Then hw/storage.py on the log and on a file model
(tests/core/check.py), with hw/fold.py at each power-on: a cut at every third
step of the files and the log, counted as one, of two power-ons' saves,
matches and ends, and the power-on after must find the state before or after
the step. Prints `name value` lines: `steps` (program and erase steps of the
uncut run), `erases` (its erases: moves after the first), `cuts`, `kept`
(cuts after which the log kept one of the two saves), `torn` (cuts after
which it said its end was torn); `fold_steps`, `fold_cuts`, `fold_kept`
(the same for the save on the log and its folds).
Usage: micropython tests/hw/mpy_flashlog.py <firmware dir> <tests/core dir>
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])

from check import Flash  # noqa: E402
from check import PowerCut as FilesCut  # noqa: E402
from hw.crc import crc16  # noqa: E402
from hw.flashlog import FlashLog  # noqa: E402
from hw.journal import chunk, TORN  # noqa: E402
from hw.storage import encode, entries, Storage  # noqa: E402
from norflash import NorFlash, PowerCut  # noqa: E402

STEPS = 1400  # four matches of 350 saves: each started, ended or cleared at its end
done = [0]  # steps done in full


def step(log, i):
    number = i // 350
    if i % 350 == 0:
        assert log.start(number, b"seed: %d" % number)
    elif i % 350 == 349:
        if number % 2:
            log.clear()
        else:
            assert log.store(encode({"done": number, "last": bytes(150 + number)}, 0, 0), True)
    elif i % 25 == 0:
        assert log.note(number, b"Scores %d" % i)
    elif i % 50 == 7:
        assert log.store(encode({"contrast": i & 0xFF, "mute": None if i % 100 == 7 else 1},
                                0, 0))
    else:
        assert log.append(chunk(b"A", bytes((i & 0xFF, number))))
    done[0] = i + 1


def state(log):
    """What the log keeps, small: the match, its chunks' count and CRC, its summary,
    the CRC of the save's changes."""
    changes = {}
    for payload in log.stored():
        entries(payload, changes)
    crc = crc16(repr(sorted(changes.items())).encode())
    head = log.head()
    if head is None:
        return None, crc
    chunks = log.load()
    for kind, payload in chunks:
        crc = crc16(payload, crc16(kind, crc))
    return head[0], len(chunks), crc, log.summary()


uncut = NorFlash(2)
log = FlashLog(uncut)
states = [state(log)]  # what the log keeps after each number of steps
for i in range(STEPS):
    step(log, i)
    states.append(state(log))
print("steps", uncut.steps)
print("erases", uncut.erases)
cuts = kept = torn = 0
for cut in range(0, uncut.steps, 4):
    gc.collect()
    flash = NorFlash(2, cut, cut)
    log = FlashLog(flash)
    done[0] = 0
    try:
        for i in range(STEPS):
            step(log, i)
    except PowerCut:
        pass
    after = FlashLog(flash.copy())
    got = state(after)
    cuts += 1
    if got == states[done[0]] or got == states[min(done[0] + 1, STEPS)]:
        kept += 1
    if after.status == TORN:
        torn += 1
print("cuts", cuts)
print("kept", kept)
print("torn", torn)


# -- the save on the log, folded at power-on ----------------------------------

class Power:
    def __init__(self, cut):
        self.steps = 0
        self.cut = cut

    def goes(self):
        self.steps += 1
        return self.steps - 1 == self.cut


class Files(Flash):
    def __init__(self, power):
        super().__init__(64)
        self.power = power

    def step(self, what):
        if self.power.goes():
            raise FilesCut(what)


class Log(NorFlash):
    def __init__(self, power, seed):
        super().__init__(2, -1, seed)
        self.power = power

    def _torn(self):
        self.steps += 1
        return self.power.goes()


def script():
    """Two power-ons of two matches (of 30 actions) each: a setting, the match
    count, the match, its end (results, finished match, number); the last
    match kept, and a power-on after."""
    ops = []
    for on in range(2):
        ops.append(("on",))
        for m in range(2):
            number = on * 2 + m + 1
            ops.append(("set", "contrast", number))
            ops.append(("set", "matches", number))
            ops.append(("start", number))
            for at in range(30):
                ops.append(("act", number, at))
            if number != 4:
                ops.append(("end", number))
    ops.append(("on",))
    return ops


def run(board, storage, op):
    """`op` done; returns the storage (a new one at a power-on)."""
    kind = op[0]
    if kind == "on":
        return Storage("/save.bin", board[0], board[0].open, board[1])
    if kind == "set":
        storage.set(op[1], op[2])
        assert storage.save()
    elif kind == "start":
        assert storage.match.start(op[1], b"game: test %d" % op[1])
    elif kind == "act":
        assert storage.match.append(chunk(b"A", bytes((op[2], op[1]))))
    else:  # a match's end, as ui/session.py's retire() and retired()
        storage.set("wins", storage.get("wins", 0) + 1)
        storage.set("last", bytes(200 + op[1] * 40))
        storage.set("done", op[1])
        assert storage.save(True)
    return storage


def seen(board):
    """What a power-on finds (on copies): the values' CRC and the match kept."""
    files = Flash(64)
    files.files = dict(board[0].files)
    flash = NorFlash(2)
    flash.data[:] = board[1].data
    storage = Storage("/save.bin", files, files.open, flash)
    head = storage.match.head()
    if head is not None and head[0] == storage.get("done"):
        head = None
    crc = crc16(repr(sorted(storage._values.items())).encode())
    return crc, head and head[0], len(storage.match.load())


OPS = script()
power = Power(-1)
board = (Files(power), Log(power, 1))
storage = None
seen_after = []
for op in OPS:
    storage = run(board, storage, op)
    seen_after.append(seen(board))
print("fold_steps", power.steps)
cuts = kept = 0
for cut in range(0, power.steps, 3):
    gc.collect()
    power = Power(cut)
    board = (Files(power), Log(power, cut))
    storage = None
    i = 0
    try:
        for i in range(len(OPS)):
            storage = run(board, storage, OPS[i])
    except (FilesCut, PowerCut):
        pass
    got = seen(board)
    cuts += 1
    if got == seen_after[i] or i and got == seen_after[i - 1]:
        kept += 1
print("fold_cuts", cuts)
print("fold_kept", kept)
