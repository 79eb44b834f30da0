"""The virtual board's clock: milliseconds that pass only when the program sleeps,
so the firmware runs its frames as fast as the host allows and the same script of
buttons always gives the same game. It shadows MicroPython's own time module.

buttons.txt (see machine.py) may end the run: `end FRAME` stops the firmware at
that frame (the board's power is cut: main.py ends with SystemExit).
"""

_now = 0
end_ms = -1  # machine.py sets it from buttons.txt


def ticks_ms():
    return _now


def ticks_us():
    return _now * 1000


def ticks_add(ticks, delta):
    return ticks + delta


def ticks_diff(end, start):
    return end - start


def sleep_ms(ms):
    global _now
    _now += max(0, ms)
    if 0 <= end_ms <= _now:
        raise SystemExit("the script of buttons.txt ended")


def sleep(seconds):
    sleep_ms(int(seconds * 1000))
