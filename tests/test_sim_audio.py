"""The speaker: square waves on an audio device, silence without one."""

import pytest

from sim.audio import RATE, Speaker


@pytest.fixture
def speaker_with(monkeypatch):
    made = []

    def make(driver):
        monkeypatch.setenv("SDL_AUDIODRIVER", driver)
        made.append(Speaker())
        return made[-1]

    yield make
    for speaker in made:
        speaker.close()


def test_tones_are_square_waves_of_whole_periods(speaker_with):
    speaker = speaker_with("dummy")
    assert speaker.enabled and speaker.problem == ""
    speaker.play(440)
    wave = speaker._sounds[440].get_raw()
    period = round(RATE / 440)
    assert len(wave) % (2 * period) == 0  # 16-bit samples, whole periods only
    samples = memoryview(wave).cast("h")
    assert samples[0] > 0 and samples[period - 1] < 0
    speaker.play(0)
    speaker.play(440)
    assert list(speaker._sounds) == [440]  # made once, then reused


def test_no_audio_device_means_silence_not_an_error(speaker_with):
    speaker = speaker_with("no-such-driver")
    assert not speaker.enabled and speaker.problem == "no audio device: silent"
    speaker.play(440)
    speaker.play(0)
