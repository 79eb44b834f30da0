"""Domino Poker's pause menu, rules, Continue (with the main menu's summary), the
question keys and a profile's coins under real MicroPython (the unix port), on
the real hardware layer with fake pins (tools/bench/mpy_hardware.py) and a real save
file; every frame's draw() runs under micropython.heap_lock().

Prints `label screen ok` (or `ALLOCATES`) per frame drawn, then `said ...`,
`answer ...`, `summary ...`, `same True` (the match Continue brought back is
the one left), `totals True` (UP held) and `taken ...` (who took a trick).
tests/test_poker_micropython.py runs it.
Usage: micropython tests/poker/mpy_poker_ui_check.py <firmware dir> <scratch dir>
"""

import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")
SCRATCH = sys.argv[2]

from mpy_hardware import allocates, hardware, hold  # noqa: E402
from ui.app import App  # noqa: E402


class HeapCheckedApp(App):
    failure = ""

    def draw(self):
        self.failure = "heap locked" if allocates(self.screen) else ""


def frame(app, label, held=""):
    app.failure = ""
    hold(app.hw, held)
    app.hw.run_frame(app)
    name = app._module.split(".")[-1]
    if getattr(app.screen, "paused", None) is not None:
        name += "+pause"
        if app.screen.paused.pages is not None:
            name += "+rules"
    bubble = getattr(app.screen, "bubble", None)
    if bubble is not None and bubble.open:
        name += "+bubble"
    print(label, name, "ALLOCATES" if app.failure else "ok")


def press(app, label, *buttons):
    for button in buttons:
        for held in (button, button, "", ""):
            frame(app, label, held)


def state(screen):
    game = screen.game
    return (tuple(game.hands), bytes(game.bids), tuple(game.scores), game.turn, screen.actions)


def main():
    said = []
    app = HeapCheckedApp(hardware(SCRATCH + "/save.bin"), None, said.append)
    app.go("poker")
    press(app, "start", "a")
    while app.screen.mode != 3:  # screens.poker.YOUR_TILE: you lead the first trick
        press(app, "play", "a" if app.screen.mode == 2 else "")
    for question in ("last", "ends", "tiles", "scores", "hand"):
        print("answer", app.ask(question))
    before = state(app.screen)
    press(app, "pause", "b")
    print("said", said[-1])
    press(app, "rules", "down", "a", "right")
    print("said", said[-1])
    press(app, "back", "b", "down", "down", "a")  # Quit to menu
    print("summary", " / ".join(app.screen.summary))
    press(app, "continue", "a")
    print("same", state(app.screen) == before)
    # The table's other looks: the totals held, a taken trick and who took it.
    for _ in range(4):
        frame(app, "totals", "up")
    print("totals", app.screen.totals)
    while app.screen.mode != 6:  # screens.poker.TRICK
        if app.screen.mode in (2, 3, 4):  # your bid, tile or call
            press(app, "play", "a")
        else:
            frame(app, "play")
    frame(app, "trick")
    print("taken", app.screen.trick_words)
    app.go("profiles")
    press(app, "coins", "a", "down", "down", "down", "a")
    print("said", said[-1])


main()
