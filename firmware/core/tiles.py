"""Tiles of a double-six set as small ints, and sets of tiles as 28-bit masks.

Tile numbering: [0|0]=0, [0|1]=1, ... [0|6]=6, [1|1]=7, ... [5|6]=26, [6|6]=27,
that is the low half ascending, then the high half ascending. A set of tiles is
an int with bit t set for tile t; it stays below 2**28, so it is a MicroPython
small int and costs no heap.
"""

from micropython import const

COUNT = const(28)
ALL = const(0xFFFFFFF)  # every tile of the set

# The low and high half of every tile, indexed by tile.
LOW = (
    b"\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01\x01\x02"
    b"\x02\x02\x02\x02\x03\x03\x03\x03\x04\x04\x04\x05\x05\x06"
)
HIGH = (
    b"\x00\x01\x02\x03\x04\x05\x06\x01\x02\x03\x04\x05\x06\x02"
    b"\x03\x04\x05\x06\x03\x04\x05\x06\x04\x05\x06\x05\x06\x06"
)

# The tile showing halves a and b is _INDEX[a * 7 + b].
_INDEX = (
    b"\x00\x01\x02\x03\x04\x05\x06\x01\x07\x08\x09\x0a\x0b\x0c"
    b"\x02\x08\x0d\x0e\x0f\x10\x11\x03\x09\x0e\x12\x13\x14\x15"
    b"\x04\x0a\x0f\x13\x16\x17\x18\x05\x0b\x10\x14\x17\x19\x1a"
    b"\x06\x0c\x11\x15\x18\x1a\x1b"
)

# Every tile that shows number n (on either half) is in NUMBER[n]: 0x7F, 0x1F82,
# 0x3E104, ... Made at import, not written out: a frozen module keeps an int
# constant beyond +-8191 as a big int (MicroPython's mpy-tool, for any board), and
# every `&` with one allocates, where an int computed on the board is small.
NUMBER = tuple(
    sum(1 << t for t in range(COUNT) if LOW[t] == n or HIGH[t] == n) for n in range(7)
)

# The doubles [0|0] .. [6|6] as tiles.
DOUBLES = b"\x00\x07\x0d\x12\x16\x19\x1b"

# The tile t of a one-tile mask b = 1 << t is BIT_TILE[b % 37] (the powers of two
# below 2**36 leave distinct remainders modulo 37; 255 marks the others), so a
# loop visits only the tiles of a mask, lowest first:
#     while m:  b = m & -m;  m ^= b;  t = BIT_TILE[b % 37]
BIT_TILE = (
    b"\xff\x00\x01\x1a\x02\x17\x1b\xff\x03\x10\x18\xff\xff"
    b"\x0b\xff\x0d\x04\x07\x11\xff\x19\x16\xff\x0f\xff\x0a"
    b"\x0c\x06\xff\x15\x0e\x09\x05\x14\x08\x13\x12"
)


def tile(a, b):
    """The tile with halves a and b (in either order)."""
    return _INDEX[a * 7 + b]


def other_half(t, n):
    """The half of tile t opposite to number n (n must be on t)."""
    low = LOW[t]
    return HIGH[t] if low == n else low


def weight(t):
    return LOW[t] + HIGH[t]


def is_double(t):
    return LOW[t] == HIGH[t]


def has(t, n):
    return LOW[t] == n or HIGH[t] == n


def name(t, first=-1):
    """The tile's name, "[3|5]"; `first` names the half written first."""
    low = LOW[t]
    high = HIGH[t]
    if first == high:
        low, high = high, low
    return "[%d|%d]" % (low, high)


def parse(text):
    """Read "[3|5]" (or "3|5", "35", "3-5"); returns (tile, first half) or raises ValueError."""
    s = text.strip()
    if s.startswith("[") and s.endswith("]"):
        s = s[1:-1]
    if len(s) == 3 and s[1] in "|-:":
        s = s[0] + s[2]
    if len(s) != 2 or s[0] not in "0123456" or s[1] not in "0123456":
        raise ValueError("not a tile: " + text)
    a = ord(s[0]) - 48
    b = ord(s[1]) - 48
    return _INDEX[a * 7 + b], a


def bit(t):
    return 1 << t


def count(mask):
    """How many tiles are in the mask."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def pips(mask):
    """The pips of every tile in the mask."""
    total = 0
    while mask:
        b = mask & -mask
        mask ^= b
        t = BIT_TILE[b % 37]
        total += LOW[t] + HIGH[t]
    return total


def lowest(mask):
    """The lowest-numbered tile in a non-empty mask."""
    t = 0
    while not mask >> t & 1:
        t += 1
    return t


def spread(mask, out):
    """Write the tiles of the mask into the buffer `out` from its start, in tile
    order (the players' samplers shuffle them there); returns how many."""
    k = 0
    t = 0
    while mask >> t:
        if mask >> t & 1:
            out[k] = t
            k += 1
        t += 1
    return k


def names(mask):
    """Space-separated names of the tiles in the mask, in tile order."""
    out = []
    for t in range(COUNT):
        if mask >> t & 1:
            out.append(name(t))
    return " ".join(out)


def round5(points):
    """Round to the nearest multiple of 5: a remainder of 1 or 2 goes down, 3 or 4 up."""
    return (points + 2) // 5 * 5
