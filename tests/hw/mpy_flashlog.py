"""hw/flashlog.py under MicroPython, on the NOR model (tests/core/norflash.py):
four matches' saves on halves of one sector, the save's writes among them (a
setting now and then; at a match's end its results and its clear in one
chunk, or a plain clear), with a power cut at every fourth program or erase
step, each followed by a power-on that must keep the save before the step cut
or that step's own. Prints `name value` lines: `steps` (program and erase steps
of the uncut run), `erases` (its erases: moves after the first), `cuts`, `kept`
(cuts after which the log kept one of the two saves), `torn` (cuts after
which it said its end was torn).
Usage: micropython tests/hw/mpy_flashlog.py <firmware dir> <tests/core dir>
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])

from hw.crc import crc16  # noqa: E402
from hw.flashlog import FlashLog  # noqa: E402
from hw.journal import chunk, TORN  # noqa: E402
from hw.storage import encode, entries  # noqa: E402
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
