"""Non-blocking tunes on a piezo driven by one PWM pin.

A melody is a bytes table of (note, frames) pairs: note is a MIDI note number
(60 = middle C, 69 = A 440 Hz) or REST, frames is how many frames it lasts.
play() picks a melody and returns at once; update(), called at the end of
every frame, starts and moves it along. Nothing is allocated while it plays.

    BLIP = bytes((84, 2, REST, 1, 88, 3))
    sound.play(BLIP)

The mute switch is kept in storage under "mute", so it survives power-off.
"""

from micropython import const

REST = const(0)
_LOUDNESS = const(32768)  # PWM duty (of 65535) while a note sounds: a square wave

# Frequencies of MIDI notes 120-131 (octave 9, C9 = 8372 Hz) less _OVER; a lower
# octave is a right shift, so a note's frequency needs no float and no table per
# octave. Less _OVER: a frozen module keeps an int constant beyond +-8191 as a big
# int (MicroPython's mpy-tool), and every shift of one would allocate.
_OVER = const(8192)
_TOP_OCTAVE = (180, 678, 1205, 1764, 2356, 2983, 3648, 4352, 5098, 5888, 6725, 7612)


def note_hz(note):
    """The frequency of MIDI note 12..131, rounded down to whole hertz."""
    octave_shift = 10 - note // 12
    return (_TOP_OCTAVE[note % 12] + _OVER) >> octave_shift


class Sound:
    """`pwm` is a machine.PWM on the speaker pin (or None: silent). `max_hz`
    bounds the tones the port can make (the ESP8266's PWM stops at 1 kHz);
    higher notes are played an octave or more lower."""

    def __init__(self, pwm, storage=None, max_hz=20000):
        self._pwm = pwm
        self._storage = storage
        self._max_hz = max_hz
        self._melody = b""
        self._position = 0  # index of the next (note, frames) pair
        self._frames_left = 0
        self.muted = bool(storage.get("mute", 0)) if storage is not None else False
        self._silence()

    def play(self, melody):
        """Start a melody (bytes of note, frames pairs), replacing any playing one.

        It sounds from the next update(), the end of this frame, so a note of n
        frames lasts exactly n frame periods."""
        self._melody = melody
        self._position = 0
        self._frames_left = 0

    def stop(self):
        self._melody = b""
        self._position = 0
        self._frames_left = 0
        self._silence()

    @property
    def playing(self):
        return self._frames_left > 0 or self._position < len(self._melody)

    def update(self):
        """Advance one frame: start the next note when the current one is over."""
        if self._frames_left > 0:
            self._frames_left -= 1
            if self._frames_left > 0:
                return
        melody = self._melody
        while self._position + 1 < len(melody):
            note = melody[self._position]
            frames = melody[self._position + 1]
            self._position += 2
            if frames:
                self._frames_left = frames
                self._sound(note)
                return
        if self._melody:
            self.stop()

    def set_muted(self, muted):
        """Mute or unmute, and remember it across power-off."""
        self.muted = bool(muted)
        if self.muted:
            self._silence()
        if self._storage is not None:
            self._storage.set("mute", 1 if self.muted else 0)
            self._storage.save()

    def _sound(self, note):
        if self._pwm is None or self.muted or note == REST or not 12 <= note <= 131:
            self._silence()
            return
        hz = note_hz(note)
        while hz > self._max_hz:
            hz >>= 1
        self._pwm.freq(hz)
        self._pwm.duty_u16(_LOUDNESS)

    def _silence(self):
        if self._pwm is not None:
            self._pwm.duty_u16(0)
