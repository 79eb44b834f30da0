"""A pin toggled from MicroPython on the virtual Pico, the figure that checks its
timing model against a board's (about 63 kHz published for a Pico at 125 MHz):

    python tools/bench/pin_toggle.py [BOARD]

Needs the frozen firmware of `make firmware BOARD=...` (pico-spi by default)."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))

from sim.vpico import VirtualPico  # noqa: E402

PERIODS = 5000
CODE = """
import machine, time
p = machine.Pin(25, machine.Pin.OUT)
def toggle(n):
    for _ in range(n):
        p.value(1)
        p.value(0)
t = time.ticks_us()
toggle(%d)
print(time.ticks_diff(time.ticks_us(), t))
""" % PERIODS


def main():
    board = sys.argv[1] if len(sys.argv) > 1 else "pico-spi"
    with VirtualPico(board) as pico:
        micros = int(pico.repl(CODE).split()[-1])
    print("%s: %d periods in %d us of device time: %.1f kHz"
          % (board, PERIODS, micros, PERIODS * 1000 / micros))


if __name__ == "__main__":
    main()
