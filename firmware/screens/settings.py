"""Settings: sound, contrast and colour inversion, each applied and saved at once."""

from ui.controls import BACK, CHANGED, Menu
from ui.widgets import footer, title

# Contrast levels the panel is set to (0-255); the app starts at 207, the fifth.
LEVELS = (15, 63, 111, 159, 207, 255)
_LABELS = ("Sound", "Contrast", "Colours")
_VALUES = (
    ("on", "off"),
    ("•", "••", "•••", "••••", "•••••", "••••••"),
    ("normal", "inverted"),
)
_NOTES = ("Tones for moves and scores", "Brightness of the screen", "Dark text on light")
SOUND = 0
CONTRAST = 1
COLOURS = 2


def _nearest(level):
    best = 0
    for i in range(len(LEVELS)):
        if abs(LEVELS[i] - level) < abs(LEVELS[best] - level):
            best = i
    return best


class Screen:
    def __init__(self, app):
        self.app = app
        self.menu = Menu(app, _LABELS, _VALUES, rows=4)
        storage = app.storage
        self.menu.set_value(SOUND, 1 if app.sound.muted else 0)
        contrast = storage.get("contrast", 207)
        self.menu.set_value(CONTRAST, _nearest(contrast if isinstance(contrast, int) else 207))
        self.menu.set_value(COLOURS, 1 if storage.get("invert", 0) else 0)
        self.menu.announce("Settings")

    def update(self):
        event = self.menu.update()
        if event == BACK:
            self.app.go("menu", "settings")
        elif event == CHANGED:
            self._apply(self.menu.cursor)

    def _apply(self, item):
        app = self.app
        menu = self.menu
        if item == SOUND:
            app.sound.set_muted(menu.value(SOUND) == 1)  # saves the mute switch
            return
        app.storage.set("contrast", LEVELS[menu.value(CONTRAST)])
        app.storage.set("invert", menu.value(COLOURS))
        app.apply_display_settings()
        app.storage.save()

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, "Settings")
        self.menu.draw()
        footer(fb, _NOTES[self.menu.cursor])
