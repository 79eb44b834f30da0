"""A seeded fuzzer over the record reader: every sample record in tests/records/ is
mutated thousands of ways (bytes, words, numbers and lines), and no mutant may make
the reader raise anything but its own RecordError; a mutant it accepts must write
back a record that replays to the same text.

Every sample in tests/records/ is fuzzed, so a new game's record format is covered
as soon as its sample is there. Deterministic: the same mutants on every run.
"""

import pathlib
import random
import re

import pytest
from core.anyrecord import replay_any
from core.recordparse import decode, RecordError

SAMPLES = sorted((pathlib.Path(__file__).parent / "records").glob("*.txt"))
MUTANTS = 10000  # per sample: about 6 s for the longest record today

# What a mutation may insert: the format's own words and marks, and hostile bytes.
WORDS = [
    w.encode()
    for w in (
        "game: ",
        "options: ",
        "seed: ",
        "players: ",
        "deal: ",
        "deal ",
        "---",
        "# ",
        "stock",
        "play",
        "draw",
        "pass",
        "bid",
        "accept",
        "decline",
        "timeout",
        "W",
        "E",
        "N",
        "S",
        "[0|0]",
        "[6|6]",
        "[3|5]",
        "[9|9]",
        "[",
        "]",
        "|",
        "/",
        ",",
        ":",
        "=",
        "+",
        "-",
        ".",
        "s",
        "1 ",
        "2 ",
        "3 ",
        "\n",
        "\r\n",
        "\t",
        " ",
        "target=",
        "draw=stuck",
        "keep=2",
        "lead=double",
        "allfives",
        "\u00e9",
        "\ufeff",
        "\u0661\u0662",
    )
] + [b"\x00", b"\xff", b"\xc3", b"\xe9", b"\xef\xbb\xbf"]
NUMBERS = [b"0", b"00", b"5", b"-1", b"4294967296", b"4294967.296", b"9" * 5000, b"\xd9\xa1"]
DIGITS = re.compile(rb"\d+")


def mutate(data, rng):
    """`data` with one to four random changes."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(7)
        if kind == 0:
            data = data[:at] + rng.choice(WORDS) + data[at:]
        elif kind == 1:
            data = data[:at] + data[at + rng.randint(1, 40) :]
        elif kind == 2:
            start = rng.randrange(len(data) + 1)
            data = data[:at] + data[start : start + rng.randint(1, 60)] + data[at:]
        elif kind == 3:
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == 4:
            numbers = list(DIGITS.finditer(data))
            if numbers:
                m = rng.choice(numbers)
                data = data[: m.start()] + rng.choice(NUMBERS) + data[m.end() :]
        elif kind == 5 and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        else:
            data = data[:at]
    return data


def read(data):
    """Decode and replay `data` as `make replay` does; returns the rewritten text."""
    return replay_any(decode(data))[1].text()


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.name for p in SAMPLES])
def test_no_mutant_of_a_sample_makes_the_reader_raise_anything_but_its_own_error(sample):
    original = sample.read_bytes()
    rng = random.Random(sample.name)
    refused = 0
    for _ in range(MUTANTS):
        data = mutate(original, rng)
        try:
            text = read(data)
        except RecordError as e:
            assert 1 <= e.line <= data.count(b"\n") + 1, (data, e)
            assert 0 < len(e.reason) <= 100, e.reason  # a sentence, not a quoted megabyte
            refused += 1
            continue
        assert read(text.encode()) == text, data
    assert refused > MUTANTS // 4  # the mutations do reach the reader's checks


def test_the_samples_themselves_replay():
    assert SAMPLES
    for sample in SAMPLES:
        text = read(sample.read_bytes())
        assert read(text.encode()) == text
