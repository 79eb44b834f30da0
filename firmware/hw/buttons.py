"""Six logical buttons read from pins once per frame, Arduboy style.

    buttons.poll()                       # once per frame
    if buttons.just_pressed(A): ...
    if buttons.repeat(LEFT): ...         # on press, then auto-repeat while held
    if buttons.pressed(UP | A): ...      # both held

Buttons are bit masks so that a set of buttons is one small int: the state
lives in ints and two short lists made once, and poll() allocates nothing.

Debouncing: a change of a button is taken at once (no added latency), then
that button ignores its pin for `debounce` polls, which swallows contact
bounce (a few ms) at any frame rate of 20-60 fps.

Joystick boards without a B button (the PicoBoy: a 5-way stick) pass
`b_from_long_a=n`: the centre is wired as A, a tap of it (released before n
polls) is A, and holding it for n polls is B. On such boards A reports its
press on release, one poll long, so that a hold is never taken for an A.
"""

from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
ALL = const(63)
COUNT = const(6)

NAMES = ("up", "down", "left", "right", "a", "b")  # bit i of the mask is NAMES[i]


class Buttons:
    """`pins` lists six objects with value() (None for a button not fitted),
    in the order of NAMES; `active_low` is True when a pressed button reads 0.
    """

    def __init__(self, pins, active_low=True, debounce=1, repeat_delay=12,
                 repeat_interval=4, b_from_long_a=0):
        if len(pins) != COUNT:
            raise ValueError("six pins: up, down, left, right, a, b")
        self._pins = list(pins)
        self._pressed_level = 0 if active_low else 1
        self._debounce = debounce
        self._repeat_delay = repeat_delay
        self._repeat_interval = repeat_interval
        # Polls of holding A that make B, 0 when B is a button: screens read it
        # to tell the player how to press B.
        self.b_from_long_a = b_from_long_a
        self._lock = [0] * COUNT  # polls left during which a pin is ignored
        self._held = [0] * COUNT  # polls the logical button has been down
        self._raw = 0  # debounced pin state
        self._now = 0  # logical state this poll
        self._before = 0  # logical state at the previous poll
        self._centre_polls = 0  # joystick boards: how long the centre is down

    def poll(self):
        """Read the pins and advance one frame."""
        raw = self._raw
        for i in range(COUNT):
            pin = self._pins[i]
            if pin is None:
                continue
            if self._lock[i]:
                self._lock[i] -= 1
                continue
            bit = 1 << i
            down = pin.value() == self._pressed_level
            if down != bool(raw & bit):
                raw ^= bit
                self._lock[i] = self._debounce
        self._raw = raw
        self._before = self._now
        self._now = self._split_centre(raw) if self.b_from_long_a else raw
        for i in range(COUNT):
            if (self._now >> i) & 1:
                self._held[i] += 1
            else:
                self._held[i] = 0

    def _split_centre(self, raw):
        # The pin wired as A is the joystick centre: tap -> A, long hold -> B.
        state = raw & ~(A | B)
        if raw & A:
            self._centre_polls += 1
            if self._centre_polls >= self.b_from_long_a:
                state |= B
        else:
            if 0 < self._centre_polls < self.b_from_long_a:
                state |= A
            self._centre_polls = 0
        return state

    # -- queries (mask: one button or several or'ed together) --------------------

    def pressed(self, mask):
        """Every button in mask is down."""
        return self._now & mask == mask

    def any_pressed(self, mask=ALL):
        return self._now & mask != 0

    def just_pressed(self, button):
        """Went down at this poll."""
        return self._now & ~self._before & button != 0

    def just_released(self, button):
        """Went up at this poll."""
        return self._before & ~self._now & button != 0

    def held_frames(self, button):
        """How many polls the button has been down (0 when up)."""
        return self._held[_index(button)]

    def held_for(self, button, frames):
        """Down for at least `frames` polls."""
        return self._held[_index(button)] >= frames

    def repeat(self, button):
        """True on the press, then every repeat_interval polls after repeat_delay."""
        held = self._held[_index(button)]
        if held == 1:
            return True
        if held <= self._repeat_delay:
            return False
        return (held - self._repeat_delay - 1) % self._repeat_interval == 0

    @property
    def state(self):
        """The logical state as a mask, for records and the emulator."""
        return self._now


def _index(button):
    # The lowest set bit of a mask: held_frames(UP) looks at UP.
    for i in range(COUNT):
        if (button >> i) & 1:
            return i
    raise ValueError("no button in mask")
