"""The frame clock: fixed rate, no drift, no bursts after a slow frame, tick wrap-around."""

import pytest
from hw.clock import Clock

from sim.clock import TICKS_PERIOD, VirtualTime


def test_frames_are_due_every_frame_ms():
    time = VirtualTime()
    clock = Clock(30, time)
    starts = []
    for work in (5, 0, 20, 33, 1):
        clock.wait()
        starts.append(time.now_ms)
        time.advance(work)
    assert clock.frame == 5
    assert starts == [0, 33, 66, 99, 132]
    assert clock.busy_ms == 33


def test_an_overrun_restarts_the_schedule_instead_of_bursting():
    time = VirtualTime()
    clock = Clock(20, time)
    clock.wait()
    time.advance(130)  # a slow frame: 2.6 frames long
    clock.wait()
    assert time.now_ms == 130 and clock.busy_ms == 130
    clock.wait()
    assert time.now_ms == 180


def test_last_ms_is_the_real_length_of_the_last_frame():
    time = VirtualTime()
    clock = Clock(20, time)  # 50 ms frames
    clock.wait()
    time.advance(10)
    clock.wait()
    assert clock.last_ms == 50  # a quick frame still lasts its 50 ms
    time.advance(130)
    clock.wait()
    assert clock.last_ms == 130  # a slow one lasts what its work took


def test_ticks_wrap_around():
    time = VirtualTime(start_ms=TICKS_PERIOD - 40)
    clock = Clock(25, time)
    starts = []
    for _ in range(4):
        clock.wait()
        starts.append(time.now_ms - (TICKS_PERIOD - 40))
    assert starts == [0, 40, 80, 120]


def test_every():
    clock = Clock(30, VirtualTime())
    hits = []
    for _ in range(9):
        clock.wait()
        hits.append(clock.every(3))
    assert hits == [False, False, True] * 3


def test_bad_rate_is_refused():
    with pytest.raises(ValueError):
        Clock(0, VirtualTime())


def test_the_idle_hook_gets_the_spare_time_and_what_it_uses_is_not_slept_again():
    time = VirtualTime()
    spare = []

    def idle(ms):
        spare.append(ms)
        time.advance(12)  # a collection, say

    clock = Clock(25, time, idle)  # 40 ms frames
    clock.wait()
    time.advance(15)
    clock.wait()
    assert spare == [25]
    assert time.now_ms == 40  # the frame rate holds: the idle time was part of the frame
    time.advance(45)  # an overrun: nothing to spare
    clock.wait()
    assert spare == [25]


class _FakeGc:
    """MicroPython's gc as the collector sees it."""

    def __init__(self):
        self.collections = 0

    def mem_alloc(self):
        raise AssertionError("mem_alloc walks the whole heap: the collector must not ask")

    def collect(self):
        self.collections += 1


def test_garbage_is_collected_in_spare_time_every_so_many_frames():
    from hw import board

    gc = _FakeGc()
    idle = board.collector(gc)
    for _ in range(board._COLLECT_EVERY - 1):
        idle(30)
    assert gc.collections == 0
    idle(10)  # the frame it is due in has too little time to spare ...
    assert gc.collections == 0
    idle(30)  # ... the next one has
    assert gc.collections == 1
    for _ in range(3 * board._COLLECT_EVERY):
        idle(30)
    assert gc.collections == 4


def test_no_collector_on_cpython():
    import gc

    from hw.board import collector

    assert collector(gc) is None  # CPython's gc has no mem_alloc
