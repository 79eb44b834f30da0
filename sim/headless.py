"""Run the emulator without a window: N frames, scripted buttons, frames to files.

    python -m sim.headless --board picoboy --frames 90 --press "10-12:right,40:a+b" \\
        --out build/frames --format png --every 10

--press is a comma-separated list of FRAME[-LAST]:BUTTONS, BUTTONS being names
joined by "+" (up, down, left, right, a, b), held from FRAME to LAST inclusive
(frames count from 1). Frames are written as frame-0001.png (or .pbm); with
--gif the run is also one animated GIF. Saves go to a fresh temporary folder
unless --save-dir is given, so a run never touches your own saves.
"""

import argparse
import pathlib
import sys
import tempfile

from hw.buttons import NAMES

from sim import boards, net, render
from sim.emulator import Emulator, PROGRAMS


def parse_script(text):
    """{frame: set of button names} from the --press syntax; ValueError if malformed."""
    held = {}
    for item in filter(None, (part.strip() for part in (text or "").split(","))):
        when, sep, names = item.partition(":")
        first, _, last = when.partition("-")
        try:
            start, end = int(first), int(last or first)
        except ValueError:
            raise ValueError(f"bad frame range in {item!r}") from None
        buttons = {name.strip().lower() for name in names.split("+") if name.strip()}
        if not sep or not buttons or not buttons <= set(NAMES) or not 1 <= start <= end:
            raise ValueError(f"bad press {item!r}: use FRAME[-LAST]:a+b with buttons "
                             + ", ".join(NAMES))
        for frame in range(start, end + 1):
            held.setdefault(frame, set()).update(buttons)
    return held


def run(emulator, frames, script=None, on_frame=None):
    """Run `frames` frames with the scripted buttons; on_frame(number) after each."""
    held = script or {}
    for number in range(1, frames + 1):
        emulator.step(held.get(number, ()))
        if on_frame is not None:
            on_frame(number)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.headless", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.names())
    parser.add_argument("--program", choices=sorted(PROGRAMS), default="test",
                        help="test screen or the game (whose narration is printed)")
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--press", default="", help="scripted buttons, see above")
    parser.add_argument("--out", help="folder for the frames (none written without it)")
    parser.add_argument("--format", choices=("png", "pbm"), default="png")
    parser.add_argument("--every", type=int, default=1, help="write every Nth frame")
    parser.add_argument("--gif", help="also write the run as an animated GIF")
    parser.add_argument("--theme", choices=render.THEME_NAMES, default="white")
    parser.add_argument("--scale", type=int, default=1, help="PNG/GIF pixel size")
    parser.add_argument("--save-dir", help="save folder (default: a temporary one)")
    parser.add_argument("--server", default=net.DEFAULT_SERVER,
                        help="the room server the Online menu joins (ws://host:port)")
    args = parser.parse_args(argv)
    try:
        script = parse_script(args.press)
    except ValueError as e:
        parser.error(str(e))
    if args.frames < 1 or args.every < 1 or not 1 <= args.scale <= 16:
        parser.error("--frames and --every must be positive, --scale 1..16")

    emulator = None

    def narrate(text):  # the game's narration, with the frame it was said in
        print(f"[{emulator.frames + 1 if emulator else 0}] {text}")

    def notice(text):  # what the emulator itself says (B on a board without B)
        print(f"[{emulator.frames + 1}] emulator: {text}")

    with tempfile.TemporaryDirectory() as scratch:
        out = pathlib.Path(args.out) if args.out else None
        try:
            emulator = Emulator(args.board, save_dir=args.save_dir or scratch,
                                net=net.socket_net(args.server),
                                screen=lambda hw: PROGRAMS[args.program](hw, narrate),
                                notice=notice)
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # a save or output folder that cannot be made
            parser.error(str(e))
        pictures = []
        written = []

        def keep(number):
            controller = emulator.controller
            if args.gif:
                pictures.append(render.image(controller, args.theme, args.scale))
            if out is None or number % args.every:
                return
            path = out / f"frame-{number:04d}.{args.format}"
            if args.format == "pbm":
                path.write_bytes(render.pbm(controller))
            else:
                render.image(controller, args.theme, args.scale).save(path)
            written.append(path)

        run(emulator, args.frames, script, keep)
        if args.gif:
            render.save_gif(args.gif, pictures, emulator.hw.clock.frame_ms)
    controller = emulator.controller
    print(f"{args.frames} frames on {args.board}: {len(written)} files written"
          f"{' to ' + str(out) if out else ''}; display received {controller.data_bytes} data"
          f" and {controller.command_bytes} command bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
