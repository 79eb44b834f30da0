"""The emulator run headless: every board boots the firmware, buttons reach it
through the pins, the speaker log, saves, scripts and the frame files."""

import pytest
from gfx import domino
from hw.buttons import B, UP

from sim import boards, render
from sim.emulator import Emulator, PROGRAMS
from sim.headless import main, parse_script, run


class MovingTile:
    """A screen on which one lying tile moves one pixel right per frame."""

    def __init__(self, hw):
        self.fb = hw.display
        self.x = 10

    def update(self):
        self.x += 1

    def draw(self):
        self.fb.fill(0)
        domino.draw(self.fb, 12, self.x, 30)


class Recorder:
    """A screen that remembers which buttons each frame saw."""

    def __init__(self, hw):
        self.buttons = hw.buttons
        self.seen = []

    def update(self):
        self.seen.append(self.buttons.state)

    def draw(self):
        pass


@pytest.mark.parametrize("board", boards.names())
def test_every_board_boots_the_test_screen_on_an_upright_panel(board, tmp_path):
    emulator = Emulator(board, save_dir=tmp_path)
    run(emulator, 3)
    controller = emulator.controller
    assert controller.kind == boards.load(board)["display"]
    assert controller.unknown == [] and controller.overflow == 0
    assert controller.glass() == bytes(emulator.hw.display.buffer)
    assert sum(bin(b).count("1") for b in controller.glass()) > 500


@pytest.mark.parametrize("board", ["pico-spi", "heltec-wifikit32", "esp8266-i2c"])
def test_buttons_travel_through_the_pins(board, tmp_path):
    emulator = Emulator(board, screen=Recorder, save_dir=tmp_path)
    run(emulator, 6, parse_script("2-3:up+b"))
    assert emulator.screen.seen == [0, UP | B, UP | B, 0, 0, 0]


def test_picoboy_b_key_is_a_long_press_of_the_centre(tmp_path):
    emulator = Emulator("picoboy", screen=Recorder, save_dir=tmp_path)
    run(emulator, 30, parse_script("2-25:b"))
    seen = emulator.screen.seen
    assert B not in seen[:20] and seen[21] == B and seen[26] == 0
    assert emulator.hw.buttons.b_from_long_a == 20
    assert Emulator("pico-spi", save_dir=tmp_path).hw.buttons.b_from_long_a == 0


def test_b_on_a_board_without_b_is_told_at_each_press(tmp_path, capsys):
    told = []
    emulator = Emulator("picoboy", screen=Recorder, save_dir=tmp_path, notice=told.append)
    run(emulator, 40, parse_script("2-3:b,10-30:b"))
    assert len(told) == 2  # once per press, however long it is held
    assert "PicoBoy has no B button" in told[0] and "20 frames" in told[0]
    assert "shorter press is A" in told[0]
    assert B not in emulator.screen.seen[:25]  # the short press and the start of the long
    # A board with a B button says nothing, and headless runs print the notice.
    Emulator("pico-spi", screen=Recorder, save_dir=tmp_path, notice=told.append).step({"b"})
    assert len(told) == 2
    assert main(["--board", "picoboy", "--frames", "4", "--press", "2:b"]) == 0
    assert "[2] emulator: PicoBoy has no B button" in capsys.readouterr().out


def test_one_moved_tile_sends_a_fraction_of_a_full_frame(tmp_path):
    for board in ("pico-spi", "picoboy"):
        emulator = Emulator(board, screen=MovingTile, save_dir=tmp_path)
        run(emulator, 2)
        controller = emulator.controller
        before = controller.data_bytes + controller.command_bytes
        emulator.step()
        moved = controller.data_bytes + controller.command_bytes - before
        emulator.hw.display.invalidate()
        before = controller.data_bytes + controller.command_bytes
        emulator.step()
        full = controller.data_bytes + controller.command_bytes - before
        assert moved == 2 * 128 + (6 if board == "pico-spi" else 6)
        assert full == 8 * 128 + (6 if board == "pico-spi" else 24)
        assert controller.glass() == bytes(emulator.hw.display.buffer)


class Jingle(Recorder):
    """A screen that starts a tune on its first frame: C7 for 3 frames, a rest of 2, A4."""

    def __init__(self, hw):
        super().__init__(hw)
        self.sound = hw.sound

    def update(self):
        if not self.seen:
            self.sound.play(bytes((96, 3, 0, 2, 69, 1)))
        super().update()


def test_tones_reach_the_speaker_log_folded_on_the_esp8266(tmp_path):
    for board, first_hz in (("pico-spi", 2093), ("esp8266-i2c", 523)):
        emulator = Emulator(board, screen=Jingle, save_dir=tmp_path)
        run(emulator, 8)
        start = emulator.board.tones[0][0]
        tones = [(ms - start, hz) for ms, hz in emulator.board.tones]
        assert tones == [(0, first_hz), (99, 0), (165, 440), (198, 0)]


def test_mute_survives_a_restart_in_the_save_folder(tmp_path):
    emulator = Emulator("picoboy", save_dir=tmp_path)
    emulator.hw.sound.set_muted(True)
    assert (tmp_path / "picoboy.bin").exists()
    assert Emulator("picoboy", save_dir=tmp_path).hw.sound.muted
    assert not Emulator("pico-spi", save_dir=tmp_path).hw.sound.muted


def test_a_corrupt_save_is_reported_and_the_emulator_still_starts(tmp_path):
    (tmp_path / "pico-spi.bin").write_bytes(b"PDKV\x01garbage")
    emulator = Emulator("pico-spi", save_dir=tmp_path)
    assert emulator.hw.storage.status == "corrupt"
    run(emulator, 2)


def test_parse_script():
    assert parse_script("1:a, 3-4:Left+B") == {1: {"a"}, 3: {"left", "b"}, 4: {"left", "b"}}
    assert parse_script("") == {}
    for bad in ("a", "x:a", "2:", "3:start", "4-2:a", "0:a"):
        with pytest.raises(ValueError):
            parse_script(bad)


def test_headless_writes_png_pbm_and_gif(tmp_path, capsys):
    assert main(["--board", "pico-i2c", "--frames", "12", "--press", "3:right",
                 "--out", str(tmp_path / "png"), "--every", "6", "--scale", "2",
                 "--gif", str(tmp_path / "run.gif")]) == 0
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == [
        "frame-0006.png", "frame-0012.png"]
    assert "2 files written" in capsys.readouterr().out
    from PIL import Image

    assert Image.open(tmp_path / "png" / "frame-0006.png").size == (256, 128)
    gif = Image.open(tmp_path / "run.gif")
    assert gif.n_frames >= 2

    assert main(["--frames", "4", "--out", str(tmp_path / "pbm"), "--format", "pbm"]) == 0
    pbm = (tmp_path / "pbm" / "frame-0004.pbm").read_bytes()
    emulator = Emulator(save_dir=tmp_path / "again")
    run(emulator, 4)
    assert pbm == render.pbm(emulator.controller) and pbm.startswith(b"P4\n128 64\n")
    assert len(pbm) == len(b"P4\n128 64\n") + 1024


def test_headless_refuses_a_bad_script(capsys):
    with pytest.raises(SystemExit):
        main(["--press", "1:start"])
    assert "bad press" in capsys.readouterr().err


class Talker(Recorder):
    """A program that narrates, as the game does for players who cannot see."""

    def __init__(self, hw, speak):
        super().__init__(hw)
        self.speak = speak
        speak("hello")

    def update(self):
        super().update()
        if self.buttons.just_pressed(B):
            self.speak("B pressed")


def test_headless_prints_the_narration_with_its_frame(monkeypatch, capsys):
    monkeypatch.setitem(PROGRAMS, "game", Talker)
    assert main(["--program", "game", "--frames", "6", "--press", "4:b"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["[0] hello", "[4] B pressed"]


def test_a_save_folder_that_is_a_file_is_an_error_message_not_a_crash(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(SystemExit):
        main(["--save-dir", str(blocker)])
    assert "File exists" in capsys.readouterr().err
