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
        [sys.executable, "-m", "sim", "--board", "picoboy", "--theme", "yellow-blue",
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
