"""`python -m sim.terminal` (`make play`): the game with no screen at all.

The real firmware runs headless; every sentence it says for players who cannot
see the screen is printed, and commands are read from standard input, one or
more to a line:

    up down left right a b     press that button (or u d l r)
    last ends tiles scores     ask what the last move was, the open ends with their
    hand                       numbers, everyone's tiles, the scores, your tiles
                               (or 1 2 3 4 5, the same keys as in the window); in
                               Domino Poker: the last move, the trick, the bids
                               and tricks taken, the scores, your tiles
    wait                       let the game run on (an empty line does the same)
    help                       this list
    quit                       stop (end of input does the same); the match is saved

The buttons of a line are pressed one after the other; then the game runs on
until it has said nothing for a moment, so the handheld's reply is printed
before the next line is read. Questions do not move the game on.
"""

import argparse
import sys

from hw.buttons import NAMES

from sim import boards
from sim.emulator import Emulator, game, SAVE_DIR

BUTTONS = {**{name: name for name in NAMES}, "u": "up", "d": "down", "l": "left", "r": "right"}
# The questions App.ask answers, also by number (the keys the emulator window uses).
ASKED = ("last", "ends", "tiles", "scores", "hand")
QUESTIONS = {**{q: q for q in ASKED}, **{str(n + 1): q for n, q in enumerate(ASKED)}}
QUIET_FRAMES = 48  # the game has said nothing this long: it waits for the player
MOST_FRAMES = 1500  # a command never runs the game longer than this (a demo never stops)
HELP = __doc__.split("\n\n")[2].rstrip()


class Terminal:
    def __init__(self, board=boards.DEFAULT, save_dir=SAVE_DIR, write=print):
        self.write = write
        self.sentences = 0
        self.emulator = Emulator(board, save_dir=save_dir, screen=lambda hw: game(hw, self._say),
                                 notice=write)
        self.app = self.emulator.screen

    def _say(self, text):
        self.sentences += 1
        self.write(text)

    def settle(self):
        """Run frames until the game has been quiet for a while (or for the most frames)."""
        quiet = 0
        for _ in range(MOST_FRAMES):
            said = self.sentences
            self.emulator.step()
            quiet = 0 if self.sentences != said else quiet + 1
            if quiet >= QUIET_FRAMES:
                return

    def command(self, word):
        """Carry out one command: "quit", "moved" (a button or wait: the game should
        run on), or "" (a question or help was answered)."""
        word = word.lower()
        if word in ("quit", "q"):
            return "quit"
        if word in BUTTONS:
            self.emulator.press(BUTTONS[word])
        elif word in QUESTIONS:
            self.write(self.app.ask(QUESTIONS[word]))
            return ""
        elif word in ("help", "?"):
            self.write(HELP)
            return ""
        elif word not in ("wait", "w", ""):
            self.write("Unknown command %r; help lists them." % word)
            return ""
        return "moved"

    def run(self, lines, prompt=None):
        """Play from `lines` (an iterable of text lines, such as sys.stdin) until
        they end or say quit; prompt() is called before each line is read."""
        self.settle()
        if prompt is not None:
            prompt()
        for line in lines:
            moved = False
            for word in line.split() or [""]:
                done = self.command(word)
                if done == "quit":
                    return
                moved = moved or done == "moved"
            if moved:
                self.settle()
            if prompt is not None:
                prompt()


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m sim.terminal",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--board", default=boards.DEFAULT, choices=boards.names())
    parser.add_argument(
        "--save-dir", default=SAVE_DIR, help="save folder (default: saves/, shared with the window)"
    )
    args = parser.parse_args(argv)
    print("Commands: up down left right a b, last ends tiles scores hand; help lists them.")
    try:
        terminal = Terminal(args.board, args.save_dir)
    except OSError as e:  # a save folder that cannot be made, for one
        parser.error(str(e))

    def prompt():
        print("> ", end="", flush=True)

    terminal.run(sys.stdin, prompt if sys.stdin.isatty() else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
