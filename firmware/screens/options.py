"""Rules options (docs/rules.md section 1): target, drawing, the kept stock tiles and
who leads. Each change is saved at once; a match in progress keeps the options
it started with (they are in its save)."""

from core.allfives import Options, TARGETS
from ui.controls import BACK, CHANGED, Menu
from ui.widgets import footer, title

_LABELS = ("Target", "Drawing", "Stock keeps", "Leader")
_VALUES = (
    tuple(str(t) for t in TARGETS),
    ("any time", "when stuck"),
    ("none", "2 tiles"),
    ("next player", "top double"),
)
_NOTES = (
    "Points that win the match",
    "When a player may draw",
    "Stock tiles never drawn",
    "Who leads each new hand",
)
TARGET = 0
DRAWING = 1
KEEP = 2
LEADER = 3


class Screen:
    def __init__(self, app):
        self.app = app
        self.menu = Menu(app, _LABELS, _VALUES, rows=4)
        o = app.options()
        self.menu.set_value(TARGET, TARGETS.index(o.target))
        self.menu.set_value(DRAWING, 1 if o.draw_stuck else 0)
        self.menu.set_value(KEEP, 1 if o.keep else 0)
        self.menu.set_value(LEADER, 1 if o.lead_double else 0)
        self.menu.announce("Rules options")

    def update(self):
        event = self.menu.update()
        if event == BACK:
            self.app.go("menu", "options")
        elif event == CHANGED:
            self.app.set_options(self.options())

    def options(self):
        """The options the menu shows."""
        menu = self.menu
        o = Options()
        o.target = TARGETS[menu.value(TARGET)]
        o.draw_stuck = menu.value(DRAWING) == 1
        o.keep = 2 if menu.value(KEEP) else 0
        o.lead_double = menu.value(LEADER) == 1
        return o

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Rules options")
        self.menu.draw()
        footer(fb, _NOTES[self.menu.cursor])
