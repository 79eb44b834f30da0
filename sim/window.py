"""The emulator window: the 128x64 glass scaled up, OLED colours, keyboard play.

Runs the emulator in real time; see CONTROLS (also in the README and on the
F1 help overlay).
"""

import datetime
import os
import pathlib

from sim import render, ROOT
from sim.audio import Speaker
from sim.clock import RealTime
from sim.emulator import Emulator, PROGRAMS
from sim.terminal import ASKED

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

CAPTURE_DIR = ROOT / "build" / "captures"
GIF_LIMIT_FRAMES = 30 * 60  # a minute at 30 fps: recordings stop themselves there
MARGIN = 12
STATUS_HEIGHT = 26
BACKGROUND = (24, 26, 30)
TEXT = (200, 205, 215)

# (keys as shown, what they do); BUTTON_KEYS and the handlers below follow this list.
CONTROLS = (
    ("Arrow keys", "Up, down, left, right"),
    ("Z or A", "Button A (the joystick centre on the PicoBoy)"),
    ("X or B", "Button B (on the PicoBoy: holds the centre, a long press)"),
    ("1", "Say the last move (the game program; said like the narration)"),
    ("2", "Say the open ends and their numbers, and the count"),
    ("3", "Say everyone's tile count and the stock"),
    ("4", "Say the scores"),
    ("5", "Say your tiles"),
    ("F1 or H", "Show or hide this help"),
    ("T", "Next colour theme: white, blue, yellow-blue"),
    ("M", "Mute or unmute (the firmware's mute, kept in the save)"),
    ("N", "Play a test tune"),
    ("P or F12", "Screenshot (PNG) into build/captures/"),
    ("G", "Start or stop a GIF recording into build/captures/"),
    ("Esc or Q", "Quit"),
)
BUTTON_KEYS = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_z: "a", pygame.K_a: "a", pygame.K_x: "b", pygame.K_b: "b",
}
# The questions App.ask answers, on the number keys of the main row and of the keypad.
QUESTION_KEYS = {
    **{pygame.K_1 + n: q for n, q in enumerate(ASKED)},
    **dict(zip((pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5), ASKED,
               strict=True)),
}
TEST_TUNE = bytes((72, 4, 76, 4, 79, 4, 84, 8, 0, 4, 79, 3, 84, 10))


class Window:
    def __init__(self, board, theme="white", scale=6, save_dir=None, fps=30,
                 capture_dir=CAPTURE_DIR, program="test", net=None):
        pygame.display.init()
        pygame.font.init()
        self.message = "F1: help"
        self.emulator = Emulator(board, save_dir=save_dir, time=RealTime(), fps=fps, net=net,
                                 screen=lambda hw: PROGRAMS[program](hw, self.narrate),
                                 notice=self.narrate)
        self.theme = theme
        size = (128 * scale + 2 * MARGIN, 64 * scale + 2 * MARGIN + STATUS_HEIGHT)
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(f"Pocket Dominoes - {self.emulator.config['name']}")
        self.font = pygame.font.Font(None, 22)
        self.speaker = Speaker()
        self.help = False
        self.recording = None  # list of frames while a GIF is being recorded
        self.message = self.speaker.problem or self.message
        self.running = True
        self.capture_dir = pathlib.Path(capture_dir)

    def narrate(self, text):
        """The game's narration for players who cannot see: the terminal and the status line."""
        print(text, flush=True)
        self.message = text

    # -- the loop ----------------------------------------------------------------

    def run(self, frames=None, script=None):
        """Play until quit (or for `frames` frames, with scripted buttons)."""
        script = script or {}
        while self.running and (frames is None or self.emulator.frames < frames):
            for event in pygame.event.get():
                self._event(event)
            keys = pygame.key.get_pressed()
            held = {name for key, name in BUTTON_KEYS.items() if keys[key]}
            held |= script.get(self.emulator.frames + 1, set())
            self.emulator.step(held)
            self.speaker.play(self.emulator.board.tone_hz)
            if self.recording is not None:
                self._record()
            self.draw()

    def close(self):
        if self.recording:
            self._stop_recording()
        self.speaker.close()
        pygame.quit()

    def _event(self, event):
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key):
        hw = self.emulator.hw
        if key in (pygame.K_ESCAPE, pygame.K_q):
            self.running = False
        elif key in QUESTION_KEYS:
            ask = getattr(self.emulator.screen, "ask", None)
            self.narrate(ask(QUESTION_KEYS[key]) if ask else "No game here: --program game")
        elif key in (pygame.K_F1, pygame.K_h):
            self.help = not self.help
        elif key == pygame.K_t:
            names = render.THEME_NAMES
            self.theme = names[(names.index(self.theme) + 1) % len(names)]
            self.message = f"theme: {self.theme}"
        elif key == pygame.K_m:
            hw.sound.set_muted(not hw.sound.muted)
            self.message = "muted" if hw.sound.muted else "sound on"
        elif key == pygame.K_n:
            hw.sound.play(TEST_TUNE)
            self.message = "test tune" + (" (muted: M)" if hw.sound.muted else "")
        elif key in (pygame.K_p, pygame.K_F12):
            path = self._capture_path("png")
            render.image(self.emulator.controller, self.theme, 4).save(path)
            self.message = f"saved {_shown(path)}"
        elif key == pygame.K_g:
            if self.recording is None:
                self.recording = []
                self.message = "recording GIF (G to stop)"
            else:
                self._stop_recording()

    # -- pictures ----------------------------------------------------------------

    def draw(self):
        surface = self.surface
        surface.fill(BACKGROUND)
        width, height = surface.get_size()
        area_h = max(1, height - STATUS_HEIGHT - 2 * MARGIN)
        area_w = max(1, width - 2 * MARGIN)
        scale = max(1, min(area_w // 128, area_h // 64)) if area_w >= 128 else 1
        glass = render.image(self.emulator.controller, self.theme)
        picture = pygame.image.frombytes(glass.tobytes(), glass.size, "RGB")
        picture = pygame.transform.scale(picture, (128 * scale, 64 * scale))
        left = (width - 128 * scale) // 2
        top = MARGIN + (area_h - 64 * scale) // 2
        surface.blit(picture, (left, top))
        if self.help:
            self._draw_help()
        self._draw_status(width, height)
        pygame.display.flip()

    def _draw_status(self, width, height):
        state = [self.emulator.config["name"], self.theme]
        if self.emulator.hw.sound.muted:
            state.append("muted")
        if self.recording is not None:
            state.append(f"REC {len(self.recording)}")
        line = "  |  ".join(state + [self.message])
        self.surface.blit(self.font.render(line, True, TEXT), (MARGIN, height - STATUS_HEIGHT + 4))

    def _draw_help(self):
        shade = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 215))
        self.surface.blit(shade, (0, 0))
        y = MARGIN
        for keys, action in CONTROLS:
            self.surface.blit(self.font.render(keys, True, (255, 214, 90)), (MARGIN, y))
            self.surface.blit(self.font.render(action, True, TEXT), (MARGIN + 110, y))
            y += 20

    def _record(self):
        self.recording.append(render.image(self.emulator.controller, self.theme, 2))
        if len(self.recording) >= GIF_LIMIT_FRAMES:
            self._stop_recording()

    def _stop_recording(self):
        frames, self.recording = self.recording, None
        if not frames:
            self.message = "nothing recorded"
            return
        path = self._capture_path("gif")
        render.save_gif(path, frames, self.emulator.hw.clock.frame_ms)
        self.message = f"saved {_shown(path)} ({len(frames)} frames)"

    def _capture_path(self, extension):
        self.capture_dir.mkdir(parents=True, exist_ok=True)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        return self.capture_dir / f"{self.emulator.board_name}-{stamp}.{extension}"


def _shown(path):
    """A capture's path as the user would type it: relative to the repo when inside it."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path
