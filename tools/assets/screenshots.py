"""The README's screenshots: one of each game, made in the headless emulator.

    make screenshots          # or: .venv/bin/python tools/assets/screenshots.py [NAME ...]

Each game is dealt with a fixed seed (you against the handheld) and played by a
scripted finger, the one `make bench` plays its device matches with: RIGHT (or
LEFT), then A, twice every 40 frames, sweeping the hand one way then the other,
which in time plays, draws, passes, bids and goes on. The picture is the glass
on the first frame, at least AFTER frames in, where the game's screen is in the
mode named below (the player's turn), written as docs/images/NAME.png at
SCALE times the panel's size, in the white theme. Everything is seeded and runs
in virtual time, so a rerun gives the same pictures until a screen changes;
rerun it after changing one, look at the pictures, and commit them.
"""

import argparse
import importlib
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # tools/
import paths  # noqa: E402

sys.path.insert(0, str(paths.ROOT))
from sim import render  # noqa: E402
from sim.emulator import Emulator  # noqa: E402

OUT = paths.ROOT / "docs" / "images"
SCALE = 2
SEED = 1234
MOST_FRAMES = 20000  # a shot whose moment never comes is an error, not a hang
US = "human:PLAYER 1"

# name: (game, rules options, seats after yours, screen module, mode, AFTER frames,
#        the screen's attributes that must be 0 then: a refusal's message, say)
SHOTS = {
    "allfives": ("allfives", "", ["handheld:tactics"], "table", "CHOOSE_TILE", 500, ()),
    "bid": ("bid", None, ["handheld:bid"], "auction", "CALL", 0, ()),
    "1x1": ("1x1", "", ["handheld:medium"], "linetable", "CHOOSE_TILE", 400, ()),
    "classic": ("classic", "players=3", ["handheld:medium"] * 2, "linetable",
                "CHOOSE_TILE", 700, ()),
    "kozel": ("kozel", "players=4 pairs=yes", ["handheld:medium"] * 3, "linetable",
              "CHOOSE_TILE", 400, ()),
    "yard": ("yard", "players=2", ["handheld:medium"], "linetable", "CHOOSE_TILE", 400, ()),
    "international": ("international", "players=4 pairs=no", ["handheld:medium"] * 3,
                      "linetable", "CHOOSE_TILE", 400, ()),
    "poker": ("poker", None, None, "poker", "YOUR_TILE", 600, ("notice_frames",)),
}


def finger(frames, sweep=280):
    """The buttons the scripted finger holds on frame `frames` (from 0)."""
    step = frames % 40
    way = "right" if frames // sweep % 2 == 0 else "left"
    return {way} if step in (0, 20) else {"a"} if step in (10, 30) else set()


def start(app, game, options, others):
    """Deal the match and show its table (Domino Poker: its set-up, Start chosen)."""
    if game == "poker":
        app.go("poker")
        return
    from ui.session import Session

    if game == "allfives":
        from core.allfives import Options

        rules = Options.parse(options)
    elif game == "bid":
        rules = None
    else:
        from core.blockrules import Options

        rules = Options.parse(game, options)
    session = Session(rules, SEED, [US] + others, game)
    session.deal()
    session.save(app.storage)
    app.go(session.table_screen, session)


def through_poker_setup(emulator, app):
    """Down the set-up's menu to Start, wherever it stands, and A."""
    screen = app.screen
    labels = screen.menu.labels
    while labels[screen.menu.cursor] != "Start":
        emulator.press("down")
    emulator.press("a")


def shoot(name, out=OUT, scale=SCALE):
    """Play the shot's game to its moment; write and return the PNG's path."""
    game, options, others, module, mode, after, quiet = SHOTS[name]
    with tempfile.TemporaryDirectory() as saves:
        from ui.app import App

        emulator = Emulator(screen=lambda hw: App(hw, first=None), save_dir=saves)
        app = emulator.screen
        start(app, game, options, others)
        if game == "poker":
            through_poker_setup(emulator, app)
        wanted = getattr(importlib.import_module("screens." + module), mode)

        def moment():
            screen = app.screen
            return (app._module == "screens." + module and screen.mode == wanted
                    and not any(getattr(screen, attr, 0) for attr in quiet))

        for frames in range(MOST_FRAMES):
            if frames >= after and moment():
                emulator.step()  # the frame after a move saves and draws nothing
                if moment():
                    break
            emulator.step(finger(frames))
        else:
            raise SystemExit("%s: never reached %s.%s in %d frames"
                             % (name, module, mode, MOST_FRAMES))
        out.mkdir(parents=True, exist_ok=True)
        path = out / (name + ".png")
        render.image(emulator.controller, "white", scale).save(path, optimize=True)
        return path


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tools/assets/screenshots.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="the shots to make (default: all): " + ", ".join(SHOTS))
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--scale", type=int, default=SCALE)
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(SHOTS))
    if unknown:
        parser.error("unknown shot %s; shots: %s" % (", ".join(unknown), ", ".join(SHOTS)))
    for name in args.names or SHOTS:
        path = shoot(name, args.out, args.scale)
        print("%s (%d bytes)" % (path.relative_to(paths.ROOT) if path.is_relative_to(
            paths.ROOT) else path, path.stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
