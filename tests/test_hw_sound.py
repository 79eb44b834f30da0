"""Sound: melodies advance one frame at a time, mute is remembered."""

from hw.sound import note_hz, REST, Sound
from hw.storage import Storage


class FakePWM:
    def __init__(self):
        self.hz = 0
        self.duty = 0
        self.log = []

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, duty):
        self.duty = duty
        self.log.append(self.hz if duty else 0)


def sounding(pwm):
    return pwm.hz if pwm.duty else 0


def test_note_frequencies():
    assert note_hz(69) == 440
    assert note_hz(60) == 261
    assert note_hz(72) == 523
    assert note_hz(12) == 16


def test_a_melody_plays_note_by_note_without_blocking():
    pwm = FakePWM()
    sound = Sound(pwm)
    sound.play(bytes((69, 2, REST, 1, 81, 3, 60, 0)))  # a zero-length note is skipped
    assert sounding(pwm) == 0 and sound.playing  # it starts at the end of the frame
    heard = []
    for _ in range(8):
        sound.update()
        heard.append(sounding(pwm))
    assert heard == [440, 440, 0, 880, 880, 880, 0, 0]
    assert not sound.playing


def test_play_replaces_and_stop_silences():
    pwm = FakePWM()
    sound = Sound(pwm)
    sound.play(bytes((69, 50)))
    sound.update()
    sound.play(bytes((81, 50)))
    sound.update()
    assert sounding(pwm) == 880 and sound.playing
    sound.stop()
    assert sounding(pwm) == 0 and not sound.playing


def test_high_notes_fold_into_the_ports_range():
    pwm = FakePWM()
    sound = Sound(pwm, max_hz=1000)
    sound.play(bytes((100, 1)))  # E7, 2637 Hz
    sound.update()
    assert sounding(pwm) == note_hz(100) >> 2


def test_bad_notes_are_silent_and_odd_lengths_end_cleanly():
    pwm = FakePWM()
    sound = Sound(pwm)
    sound.play(bytes((200, 2, 69)))
    sound.update()
    assert sounding(pwm) == 0 and sound.playing
    sound.update()
    sound.update()
    assert not sound.playing and sounding(pwm) == 0


def test_no_speaker_is_fine():
    sound = Sound(None)
    sound.play(bytes((69, 2)))
    sound.update()
    sound.set_muted(True)


def test_mute_is_saved_and_restored(tmp_path):
    path = str(tmp_path / "save.bin")
    pwm = FakePWM()
    sound = Sound(pwm, Storage(path))
    sound.set_muted(True)
    sound.play(bytes((69, 5)))
    sound.update()
    assert sounding(pwm) == 0 and sound.playing
    again = Sound(FakePWM(), Storage(path))
    assert again.muted
    again.set_muted(False)
    assert not Sound(FakePWM(), Storage(path)).muted
