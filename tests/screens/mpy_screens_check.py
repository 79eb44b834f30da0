"""Every menu and settings screen under real MicroPython (the unix port), on the
real hardware layer with fake pins and bus (tools/bench/mpy_hardware.py): scripted
presses, and each frame's draw() run under micropython.heap_lock(), which raises
at the first allocation.

Prints one line per frame drawn: `label screen ok` or `label screen ALLOCATES`.
tests/test_screens_micropython.py runs it.
Usage: micropython tests/screens/mpy_screens_check.py <firmware dir> <scratch dir>
"""

import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/../tools/bench")
SCRATCH = sys.argv[2]

from core.allfives import Options  # noqa: E402
from mpy_hardware import allocates, hardware, hold  # noqa: E402
from ui import profiles  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import Session  # noqa: E402


class HeapCheckedApp(App):
    """The app whose draw() runs with the heap locked. The table screen is not
    checked here: going to it shows the match's pause menu instead."""

    failure = ""

    def go(self, name, *args):
        super().go("pause" if name == "table" else name, *args)

    def draw(self):
        self.failure = "heap locked" if allocates(self.screen) else ""


def frame(app, held=""):
    hold(app.hw, held)
    app.hw.run_frame(app)


def check(app, label, presses):
    """Each press held two frames and released two; every frame drawn heap-locked."""
    frames = [""] if not presses else []
    for press in presses:
        frames += [press, press, "", ""]
    for held in frames:
        app.failure = ""
        frame(app, held)
        name = app._module.split(".")[-1]
        for part in ("bubble", "confirm"):
            widget = getattr(app.screen, part, None)
            if widget is not None and widget.open:
                name += "+" + part
        replacing = getattr(app.screen, "replacing", None)
        if replacing is not None and replacing.confirm.open:
            name += "+replacing"  # the question before a kept match is replaced
        if getattr(app.screen, "picked", ""):
            name += "+actions"
        print(label, name, "ALLOCATES" if app.failure else "ok")


def main():
    app = HeapCheckedApp(hardware(SCRATCH + "/save.bin"), "menu")
    storage = app.storage
    profiles.add(storage, "ANN")
    profiles.record_result(storage, "ANN", True, 100, 45)
    session = Session(Options(), 4321, ["human:ANN", "handheld:tactics"])
    session.deal()
    session.save(storage)

    app.go("title")
    check(app, "splash", ["", "", ""])
    check(app, "title", ["a"] + [""] * 40)
    app.go("menu")
    check(app, "menu", ["down", "up", "up", "down"])
    app.go("newmatch", "handheld")
    check(app, "newmatch-handheld", ["down", "right", "down", "left"])
    storage.set("player2", profiles.active(storage))
    app.go("newmatch", "two")
    check(app, "newmatch-two", ["a"])  # the same player twice: the bubble
    check(app, "newmatch-two", ["b"])
    app.go("newmatch", "demo")
    check(app, "newmatch-demo", ["down", "left"])
    app.go("newmatch", "demo")
    check(app, "newmatch-replace", ["a", "right", "left", "b"])  # the match kept: the question
    storage.set("opponent", "human:" + profiles.active(storage))
    app.go("newmatch", "bid")
    check(app, "newmatch-bid", ["a"])  # the same player twice: the bubble
    check(app, "newmatch-bid", ["b", "down", "down", "left"])
    app.go("options")
    check(app, "options", ["down", "right", "down", "down"])
    app.go("settings")
    check(app, "settings", ["down", "right", "down", "right", "left"])
    app.go("profiles")
    check(app, "profiles", ["down", "a", "down", "a"])  # actions, then the question
    check(app, "profiles", ["b"])
    app.go("newprofile")
    check(app, "newprofile", ["down", "down", "left", "a"])  # Done with no name: the bubble
    check(app, "newprofile", ["b", "right", "a", "up", "a", "left", "a", "b"])
    app.go("records")
    check(app, "records", ["down"])
    app.go("help")
    check(app, "help", ["right", "right", "right", "down", "down", "left"])
    duel = Session(Options(), 4321, ["human:ANN", "handheld:bid"], game="bid")
    duel.deal()
    app.go("help", duel)  # Spectacular Bid's pages
    check(app, "help-bid", ["right", "down", "left"])
    app.go("pause", session)
    check(app, "pause", ["down", "down", "right", "down", "down", "a", "right"])  # the question
    check(app, "pause", ["b", "up", "up", "up", "a", "down", "b"])  # the rules, and back
    import screens

    # Only the screen shown is held: the others' modules were let go.
    print("loaded", "screens", "+".join(k for k in dir(screens) if not k.startswith("_")))
    app.screen = Allocating()
    check(app, "sanity", [])


class Allocating:
    """A screen that allocates while drawing: the check must catch it."""

    def update(self):
        pass

    def draw(self):
        return [0] * 4


main()
