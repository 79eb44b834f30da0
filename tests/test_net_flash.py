"""`make flash` puts a WiFi board's network settings (WIFI_SSID, WIFI_PASSWORD,
SERVER) into net.json on the board, and nowhere else: shown on the virtual board
(sim/vboard, mpremote over a pseudo-terminal), whose firmware then reads them
back with hw/wifi.py under the MicroPython unix port."""

import json
import os
import shutil
import subprocess
import sys

import build
from sim.vboard import HERE as VBOARD
from sim.vboard import VirtualBoard

ROOT = build.ROOT
FLASH = [sys.executable, str(ROOT / "tools" / "device" / "flash.py")]
SETTINGS = {"WIFI_SSID": "Home net", "WIFI_PASSWORD": "s3cret-pass-for-test",
            "SERVER": "ws://127.0.0.1:8765"}
READ_BACK = """
import sys
sys.path.insert(0, %r)
from hw import wifi
net = wifi.net_from_settings(%r)
print(net.server, net.status() == "")
"""


def flash(port, out, extra_env):
    env = dict(os.environ, **extra_env)
    command = FLASH + ["virtual", "--port", port, "--out", str(out)]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)


def test_flash_writes_the_network_settings_onto_the_board_only(tmp_path):
    folder = tmp_path / "board"
    folder.mkdir()
    (folder / "buttons.txt").write_text((VBOARD / "buttons.txt").read_text())
    out = tmp_path / "build"
    # The board already holds this firmware, so the flash copies only net.json
    # (mpremote skips files whose hash matches; the full copy is test_build_flash's).
    shutil.copytree(build.build("virtual", out), folder, dirs_exist_ok=True)
    with VirtualBoard(folder) as board:
        run = flash(board.port, out, SETTINGS)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "wrote the network's settings (net.json) onto the board" in run.stdout
        board.wait_for_hard_reset(1)
    written = json.loads((folder / "net.json").read_text())
    assert written == {"server": "ws://127.0.0.1:8765", "ssid": "Home net",
                       "password": "s3cret-pass-for-test"}
    # Nowhere in the build, nor in the repository's folders.
    for where in (out, ROOT / "build", ROOT / "firmware", ROOT / "boards"):
        for path in where.rglob("*") if where.exists() else ():
            if path.is_file() and path.stat().st_size < 1_000_000:
                assert b"s3cret-pass-for-test" not in path.read_bytes(), path
    # The firmware reads them back under MicroPython (the unix port has no
    # network module: no WiFi to join, the host's network).
    script = READ_BACK % (str(ROOT / "firmware"), str(folder / "net.json"))
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "micropython"), "-c", script],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["ws://127.0.0.1:8765", "True"], done.stderr


def test_flash_refuses_settings_it_cannot_use_in_words(tmp_path):
    cases = [
        ("pico-spi", {"SERVER": "ws://10.0.0.2:8765"}, "board 'pico-spi' has no WiFi"),
        ("pico-w", {"WIFI_SSID": "x"}, "SERVER=ws://host:port is needed"),
        ("pico-w", {"SERVER": "http://x"}, "the server address must start with ws://"),
        ("pico-w", {"WIFI_PASSWORD": "p", "SERVER": "ws://h:1"}, "WIFI_PASSWORD without"),
    ]
    for board, env, words in cases:
        run = subprocess.run(FLASH + [board, "--port", str(tmp_path / "ttyNONE")],
                             capture_output=True, text=True, timeout=120,
                             env=dict(os.environ, **env))
        assert run.returncode != 0
        assert words in run.stderr and "Traceback" not in run.stderr, run.stderr
