"""The project's seeded random generator: xorshift32 (Marsaglia's 13/17/5 triple).

The 32-bit state is kept as two 16-bit halves so that every intermediate value
stays below 2**30: on a 32-bit microcontroller that is a small int, so drawing
numbers never touches the heap, and the sequence is the same on MicroPython and
CPython for the same seed.
"""

from micropython import const

_MASK16 = const(0xFFFF)
_ZERO_SEED = const(0x6D2B)  # xorshift must not start from 0


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed &= 0xFFFFFFFF
        self.hi = seed >> 16
        self.lo = seed & _MASK16
        if not (self.hi or self.lo):
            self.lo = _ZERO_SEED

    def state(self):
        return (self.hi << 16) | self.lo

    def next16(self):
        """Advance one step; return the high 16 bits of the new state."""
        return self.below(65536)

    def below(self, n):
        """A uniform int in 0 .. n-1, for 1 <= n <= 65536: the high 16 bits of
        the next state, steps repeated while they fall in the uneven top end
        (rejection sampling). The steps are made here, in one call, since every
        shuffle and every random pick of a play-out comes through here."""
        limit = 65536 - 65536 % n
        hi = self.hi
        lo = self.lo
        while True:
            # x ^= x << 13
            hi ^= ((hi << 13) | (lo >> 3)) & _MASK16
            lo ^= (lo << 13) & _MASK16
            # x ^= x >> 17
            lo ^= hi >> 1
            # x ^= x << 5
            hi ^= ((hi << 5) | (lo >> 11)) & _MASK16
            lo ^= (lo << 5) & _MASK16
            if hi < limit:
                break
        self.hi = hi
        self.lo = lo
        return hi % n

    def shuffle(self, buf, length=-1):
        """Fisher-Yates shuffle of the first `length` items of a bytearray or list, in place."""
        if length < 0:
            length = len(buf)
        i = length - 1
        while i > 0:
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1

    def split(self):
        """A new generator seeded from this one (for an independent stream)."""
        return Rng((self.next16() << 16) | self.next16())


def derive(seed, index):
    """A generator for the index-th decision of the match with this seed.

    Deriving it afresh (rather than keeping one running generator) means a match
    resumed from its record makes exactly the decisions it would have made. A few
    warm-up steps decorrelate neighbouring seeds, which xorshift alone would not.
    """
    rng = Rng(seed ^ (index * 0x9E3B & 0xFFFF) << 16 ^ index)
    for _ in range(6):
        rng.next16()
    return rng
