"""`python -m sim` (what `make sim` runs): the emulator window.

With no display to open a window on, it says how to run headless instead.
"""

import argparse
import os
import sys

from sim import boards, headless, net, render

NO_DISPLAY = """No display to open the emulator window on (DISPLAY is not set).
Run the game headless instead: this presses A past the splash, the title and the
main menu's "All Fives vs handheld", then on Start, which deals a match; moves the
cursor; prints the game's narration and writes every 10th frame to build/frames:

    .venv/bin/python -m sim.headless --program game --frames 160 \\
        --press "20:a,40:a,60:a,80:a,120-122:right" --out build/frames --every 10 \\
        --scale 4 --theme blue

(buttons are up, down, left, right, a, b, joined with + when held together: 40:a+b;
see `.venv/bin/python -m sim.headless --help`), or use a virtual display:
    xvfb-run make sim"""


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim", description="The emulator window.")
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.names())
    parser.add_argument("--program", choices=("game", "test"), default="game",
                        help="the game (its narration is printed), or the test screen")
    parser.add_argument("--theme", choices=render.THEME_NAMES, default="white")
    parser.add_argument("--scale", type=int, default=6)
    parser.add_argument("--save-dir", help="save folder (default: saves/)")
    parser.add_argument("--frames", type=int, help="quit after this many frames")
    parser.add_argument("--press", default="", help="scripted buttons, as for sim.headless")
    parser.add_argument("--screenshot", help="at the end, save the whole window as PNG here")
    parser.add_argument("--server", default=net.DEFAULT_SERVER,
                        help="the room server the Online menu joins (ws://host:port)")
    args = parser.parse_args(argv)
    try:
        script = headless.parse_script(args.press)
    except ValueError as e:
        parser.error(str(e))
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        print(NO_DISPLAY, file=sys.stderr)
        return 0  # not a failure: the message is the answer here

    from sim.window import pygame, Window

    try:
        window = Window(args.board, args.theme, max(1, args.scale), args.save_dir,
                        program=args.program, net=net.socket_net(args.server))
    except pygame.error as e:
        print(f"Could not open a window: {e}\n\n{NO_DISPLAY}", file=sys.stderr)
        return 1
    except OSError as e:  # a save folder that cannot be made, for one
        print(f"Could not start the emulator: {e}", file=sys.stderr)
        return 1
    speaker = window.speaker
    print(f"{speaker.problem} ({speaker.reason})" if speaker.problem else
          "F1 in the window shows the keys.")
    try:
        window.run(args.frames, script)
        if args.screenshot:
            pygame.image.save(window.surface, args.screenshot)
    finally:
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
