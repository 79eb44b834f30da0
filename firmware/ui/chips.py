"""Spectacular Bid's balances as stacks of chips: a chip is 5 points, a stack 10 chips.

A chip is drawn edge on, two pixels high (its rim, then its sides), so a stack
of ten is 20 pixels high and a balance of 150 is three stacks side by side.
"""

from micropython import const

CHIP = const(5)  # points a chip is worth
STACK = const(10)  # chips in a full stack
_PITCH = const(7)  # from one stack to the next


def width(balance):
    """Pixels across the stacks of `balance` (0 for no chip)."""
    stacks = (balance // CHIP + STACK - 1) // STACK
    return stacks * _PITCH - 2 if stacks else 0


def draw(fb, balance, x, bottom):
    """The stacks of `balance` from x rightwards, standing on row `bottom`; the last
    stack holds what is left over a full one."""
    chips = balance // CHIP
    while chips > 0:
        n = chips if chips < STACK else STACK
        for i in range(n):
            y = bottom - 2 * i
            fb.pixel(x, y, 1)
            fb.pixel(x + 4, y, 1)
            fb.hline(x, y - 1, 5, 1)
        fb.hline(x + 1, bottom - 2 * n, 3, 1)  # the rounded top of the stack
        chips -= n
        x += _PITCH
