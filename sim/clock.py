"""Time sources with MicroPython's time API (ticks_ms, ticks_add, ticks_diff, sleep_ms).

Ticks wrap at 2**30 as on MicroPython, so code that compares ticks without
ticks_diff fails here too. VirtualTime only moves when slept (tests, headless
runs: deterministic and instant); RealTime follows the wall clock (the window).
"""

import time

TICKS_PERIOD = 1 << 30
_HALF = TICKS_PERIOD // 2


class _Ticks:
    def ticks_add(self, ticks, delta):
        return (ticks + delta) % TICKS_PERIOD

    def ticks_diff(self, later, earlier):
        return ((later - earlier + _HALF) % TICKS_PERIOD) - _HALF


class VirtualTime(_Ticks):
    def __init__(self, start_ms=0):
        self.now_ms = start_ms  # not wrapped: total virtual milliseconds
        self.slept_ms = 0

    def ticks_ms(self):
        return self.now_ms % TICKS_PERIOD

    def sleep_ms(self, ms):
        ms = max(0, int(ms))
        self.now_ms += ms
        self.slept_ms += ms

    def advance(self, ms):
        """Time passing while the firmware works (a test's stand-in for slow code)."""
        self.now_ms += ms


class RealTime(_Ticks):
    def __init__(self):
        self._origin = time.monotonic()

    @property
    def now_ms(self):
        return int((time.monotonic() - self._origin) * 1000)

    def ticks_ms(self):
        return self.now_ms % TICKS_PERIOD

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)
