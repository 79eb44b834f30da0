from core.rng import Rng


def _reference_xorshift32(x, steps):
    # The textbook 32-bit formulation, to check the two-halves implementation.
    out = []
    for _ in range(steps):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x)
    return out


def test_matches_textbook_xorshift32():
    for seed in (1, 2463534242, 0xFFFFFFFF, 12345):
        r = Rng(seed)
        for want in _reference_xorshift32(seed, 200):
            assert r.next16() == want >> 16
            assert r.state() == want


def test_zero_seed_still_moves():
    r = Rng(0)
    assert len({r.next16() for _ in range(50)}) > 40


def test_known_sequence_is_stable():
    # Pinned so that a change of generator (which would change every seeded deal,
    # record and golden frame) cannot go unnoticed.
    r = Rng(1234)
    assert [r.below(28) for _ in range(8)] == [6, 11, 26, 19, 10, 25, 9, 0]


def test_below_is_in_range_and_roughly_uniform():
    r = Rng(99)
    counts = [0] * 7
    for _ in range(7000):
        counts[r.below(7)] += 1
    assert min(counts) > 850 and max(counts) < 1150


def test_shuffle_is_a_permutation_and_seeded():
    a = bytearray(range(28))
    b = bytearray(range(28))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(28))
    assert a != bytearray(range(28))
