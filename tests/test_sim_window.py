"""The pygame window, opened for real on a virtual X display (Xvfb)."""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from PIL import Image

from sim import render
from sim.emulator import Emulator
from sim.headless import parse_script, run

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PRESS = "5:right,10:right,15:right,20-25:up,30-31:a"
FRAMES = 40


@pytest.fixture(scope="module")
def xvfb_display():
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed (.ci/run installs it): the window is not opened")
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1024x768x24",
                               "-nolisten", "tcp"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    try:
        number = server.stdout.readline().strip().decode()
        assert number.isdigit(), "Xvfb did not report its display"
        yield ":" + number
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_window_shows_the_same_glass_as_the_headless_emulator(xvfb_display, tmp_path):
    shot = tmp_path / "window.png"
    env = {**os.environ, "DISPLAY": xvfb_display, "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-m", "sim", "--program", "test", "--board", "picoboy",
         "--theme", "yellow-blue",
         "--frames", str(FRAMES), "--press", PRESS, "--screenshot", str(shot),
         "--save-dir", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    window = Image.open(shot).convert("RGB")
    assert window.size == (128 * 6 + 24, 64 * 6 + 24 + 26)

    emulator = Emulator("picoboy", save_dir=tmp_path)
    run(emulator, FRAMES, parse_script(PRESS))
    expected = render.image(emulator.controller, "yellow-blue")
    lit = 0
    for y in range(64):
        for x in range(128):
            shown = window.getpixel((12 + x * 6 + 3, 12 + y * 6 + 3))
            assert shown == expected.getpixel((x, y)), (x, y)
            lit += shown != render.BLACK
    assert lit > 200  # the button tester page, not a blank screen


def test_readme_and_help_overlay_list_the_same_keys():
    from sim.window import CONTROLS

    readme = (ROOT / "README.md").read_text()
    for keys, _ in CONTROLS:
        assert f"| {keys} |" in readme, keys


def test_window_keys_on_a_dummy_video_driver(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from sim.window import pygame, Window

    window = Window("pico-spi", save_dir=tmp_path / "saves", capture_dir=tmp_path / "shots")

    def keys_then_frames(keys, frames=1):
        for key in keys:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        window.run(window.emulator.frames + frames)

    try:
        keys_then_frames([pygame.K_t, pygame.K_t])
        assert window.theme == "yellow-blue"
        keys_then_frames([pygame.K_F1])
        assert window.help
        keys_then_frames([pygame.K_n], 3)
        assert window.emulator.board.tones and window.emulator.board.tones[0][1] == 523
        keys_then_frames([pygame.K_g])
        start = window.emulator.frames  # record a page turn, twice
        window.run(start + 8, {start + 2: {"right"}, start + 6: {"right"}})
        keys_then_frames([pygame.K_g, pygame.K_p])
        shots = sorted(p.suffix for p in (tmp_path / "shots").iterdir())
        assert shots == [".gif", ".png"]
        gif = Image.open(next((tmp_path / "shots").glob("*.gif")))
        assert gif.n_frames == 3 and gif.size == (256, 128)  # still frames are merged
        keys_then_frames([pygame.K_m])
        assert window.emulator.hw.sound.muted
        keys_then_frames([pygame.K_q])
        assert not window.running
    finally:
        window.close()
    assert (tmp_path / "saves" / "pico-spi.bin").exists()


def test_make_sim_without_a_display_explains_the_headless_run(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, "-m", "sim"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert "No display" in result.stderr
    # The command it suggests (the same as the README's) starts the game and deals.
    command = result.stderr.split("\n\n")[1].replace("\\\n", " ").split()
    assert command[:3] == [".venv/bin/python", "-m", "sim.headless"], command
    assert " ".join(command) in " ".join(README.read_text().replace("\\\n", " ").split())
    out = tmp_path / "frames"
    arguments = [word.strip('"') for word in command[3:]]
    arguments[arguments.index("--out") + 1] = str(out)
    run = subprocess.run([sys.executable, "-m", "sim.headless", *arguments], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Hand 1." in run.stdout and "Your tiles: " in run.stdout, run.stdout
    assert len(list(out.glob("frame-*.png"))) == 16
