"""The piezo made audible: the square wave the PWM pin would drive, via pygame.mixer.

Where there is no audio device (a server, CI, a container) the speaker stays
silent and says so once; nothing else changes.
"""

import array
import contextlib
import os

RATE = 22050
VOLUME = 2500  # of 32767: a piezo is not a loudspeaker


@contextlib.contextmanager
def _quiet_stderr():
    # SDL's ALSA back end prints its failures straight to file descriptor 2.
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Speaker:
    def __init__(self):
        import pygame

        self._pygame = pygame
        self._sounds = {}
        self._playing = 0
        self.enabled = False
        self.problem = ""
        self.reason = ""
        try:
            with _quiet_stderr():
                # allowedchanges=0: SDL converts, so the raw samples below mean what they say.
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512,
                                  allowedchanges=0)
            self.enabled = True
        except pygame.error as e:
            self.problem = "no audio device: silent"
            self.reason = str(e)

    def play(self, hz):
        """Sound a tone of hz (0: silence) until told otherwise."""
        if not self.enabled or hz == self._playing:
            return
        self._pygame.mixer.stop()
        self._playing = hz
        if hz > 0:
            self._wave(hz).play(loops=-1)

    def close(self):
        if self.enabled:
            self._pygame.mixer.quit()

    def _wave(self, hz):
        if hz not in self._sounds:
            period = max(2, round(RATE / hz))
            half = period // 2
            one = [VOLUME] * half + [-VOLUME] * (period - half)
            repeats = max(1, RATE // 10 // period)  # about 0.1 s, whole periods only
            samples = array.array("h", one * repeats)
            self._sounds[hz] = self._pygame.mixer.Sound(buffer=samples.tobytes())
        return self._sounds[hz]
