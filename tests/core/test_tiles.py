from check import raises
from core.tiles import (
    ALL,
    BIT_TILE,
    count,
    DOUBLES,
    HIGH,
    LOW,
    name,
    names,
    NUMBER,
    other_half,
    parse,
    pips,
    round5,
    tile,
)


def test_numbering_covers_the_set_once():
    seen = set()
    for t in range(28):
        assert LOW[t] <= HIGH[t]
        assert tile(LOW[t], HIGH[t]) == t == tile(HIGH[t], LOW[t])
        seen.add((LOW[t], HIGH[t]))
    assert len(seen) == 28
    assert tile(0, 0) == 0 and tile(0, 6) == 6 and tile(1, 1) == 7 and tile(6, 6) == 27


def test_number_masks_hold_seven_tiles_each():
    for n in range(7):
        assert count(NUMBER[n]) == 7
        for t in range(28):
            assert (NUMBER[n] >> t & 1) == (LOW[t] == n or HIGH[t] == n)
    assert [LOW[d] for d in DOUBLES] == [0, 1, 2, 3, 4, 5, 6]
    assert all(LOW[d] == HIGH[d] for d in DOUBLES)


def test_names_and_parsing():
    assert name(tile(3, 5)) == "[3|5]"
    assert name(tile(3, 5), 5) == "[5|3]"
    assert parse("[5|3]") == (tile(3, 5), 5)
    assert parse("3|5") == (tile(3, 5), 3)
    assert parse("35") == (tile(3, 5), 3)
    for bad in ("[7|1]", "[1|]", "x", "", "[1|2|3]"):
        raises(ValueError, parse, bad)
    assert names(1 | 1 << 27) == "[0|0] [6|6]"


def test_masks_count_and_pips():
    assert count(ALL) == 28
    assert pips(ALL) == 168  # a double-six set has 168 pips
    assert pips(1 << tile(3, 5) | 1 << tile(6, 6)) == 20
    assert other_half(tile(2, 5), 2) == 5 and other_half(tile(2, 5), 5) == 2


def test_bit_tile_names_the_tile_of_every_one_tile_mask():
    for t in range(28):
        assert BIT_TILE[(1 << t) % 37] == t
    # The loop of its comment visits a mask's tiles, lowest first.
    m = 1 << 27 | 1 << 13 | 1 << 5 | 1
    seen = []
    while m:
        b = m & -m
        m ^= b
        seen.append(BIT_TILE[b % 37])
    assert seen == [0, 5, 13, 27]


def test_rounding_to_the_nearest_five():
    assert [round5(p) for p in (0, 1, 2, 3, 4, 5, 12, 13, 17, 18)] == [
        0,
        0,
        0,
        5,
        5,
        5,
        10,
        15,
        15,
        20,
    ]
