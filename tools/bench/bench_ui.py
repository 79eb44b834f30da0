"""Figures of the game screens under the MicroPython unix port (printed, never
asserted): `.venv/bin/python tools/bench/bench_ui.py`.

For firmware/ imported from its .py files, then from .mpy files compiled with
mpy-cross, tools/bench/mpy_game.py plays a seeded match against the handheld through the
buttons on fake hardware and reports
- the frames per second of the table mid-match (17 actions in, 14 tiles down, the
  cursor moving): a whole frame (update, draw, and show() to a fake SPI bus; the
  clock never waits), and draw() alone;
- the heap in use after gc.collect(): mid-match, and the most at any of the
  player's turns, and before anything of firmware/ is imported (the harness alone).
The unix port is a 64-bit build: its objects and pointers take about twice the
bytes they take on a 32-bit microcontroller.
Also written to build/bench_ui.json.
"""

import json
import tempfile

from unix_port import compile_mpy, figures, FIRMWARE, ROOT

BUILD = ROOT / "build"
FIGURES = (
    ("table_frames_per_s", "table frames per second (update + draw + show)"),
    ("table_draws_per_s", "table draws per second (draw alone)"),
    ("heap_at_start", "heap in use before the firmware is imported, bytes"),
    ("heap_mid_match", "heap in use mid-match after gc.collect(), bytes"),
    ("heap_peak_at_turns", "most heap in use at a turn after gc.collect(), bytes"),
)


def game_figures(firmware):
    with tempfile.TemporaryDirectory() as scratch:
        program = ROOT / "tools" / "bench" / "mpy_game.py"
        return figures([str(program), str(firmware), scratch, "figures"])


def main():
    runs = {
        ".py": game_figures(FIRMWARE),
        ".mpy": game_figures(compile_mpy(sorted(FIRMWARE.rglob("*.py")), BUILD / "bench-ui-mpy")),
    }
    print("%-56s %10s %10s" % ("game screens under MicroPython", ".py", ".mpy"))
    for key, label in FIGURES:
        print("%-56s %10s %10s" % (label, runs[".py"][key], runs[".mpy"][key]))
    BUILD.mkdir(exist_ok=True)
    (BUILD / "bench_ui.json").write_text(json.dumps(runs, indent=2) + "\n")
    print("written build/bench_ui.json")


if __name__ == "__main__":
    main()
