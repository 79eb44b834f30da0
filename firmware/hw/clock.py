"""A fixed frame rate, Arduboy style.

    clock = Clock(30, time)          # on a board: MicroPython's time module
    while True:
        clock.wait()                 # sleeps what is left of the frame
        ...one frame...
        if clock.every(15): blink()

`source` is anything with ticks_ms(), ticks_add(t, ms), ticks_diff(a, b) and
sleep_ms(ms): MicroPython's time module on a board, a virtual time in the
tests and the emulator. Ticks wrap around on MicroPython, so they are only
combined through ticks_add and ticks_diff.
"""


class Clock:
    def __init__(self, fps, source, idle=None):
        """`idle(ms)`, when given, is called with the time a frame has to spare
        before it is slept (see hw.board.collector)."""
        if not 1 <= fps <= 1000:
            raise ValueError("fps must be 1..1000")
        self.fps = fps
        self.frame_ms = 1000 // fps
        self._source = source
        self.frame = 0  # frames started so far
        self.busy_ms = 0  # how long the last frame's work took, for the bench
        # How long the last whole frame lasted (longer than frame_ms when its work
        # overran): what match clocks count, so they keep real time.
        self.last_ms = self.frame_ms
        self._started = source.ticks_ms()
        self._due = self._started
        self._idle = idle

    def wait(self):
        """Sleep until the next frame is due, then start it.

        Frames are due every frame_ms after the previous due time, so sleeps
        that return late do not drift the rate. A frame that overran is not
        made up for by rushing: the schedule restarts from now.
        """
        source = self._source
        now = source.ticks_ms()
        self.busy_ms = source.ticks_diff(now, self._started)
        remaining = source.ticks_diff(self._due, now)
        if remaining > 0 and self._idle is not None:
            self._idle(remaining)
            remaining = source.ticks_diff(self._due, source.ticks_ms())
        if remaining > 0:
            source.sleep_ms(remaining)
        else:
            self._due = now
        started = source.ticks_ms()
        self.last_ms = source.ticks_diff(started, self._started)
        self._started = started
        self._due = source.ticks_add(self._due, self.frame_ms)
        self.frame += 1

    def elapsed_ms(self):
        """How long the frame started by the last wait() has run so far."""
        return self._source.ticks_diff(self._source.ticks_ms(), self._started)

    def every(self, frames):
        """True once every `frames` frames."""
        return self.frame % frames == 0
