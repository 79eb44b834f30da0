"""Scripted button presses on the test screen, for its golden frames. Runs unchanged on
CPython and under MicroPython: run() -> [(name, frame bytes)]; main() prints them."""

import framebuf
from hw.buttons import A, B, DOWN, LEFT, RIGHT, UP
from screens.testscreen import TestScreen


class FakeButtons:
    """The part of hw.buttons.Buttons a screen reads, driven by a script."""

    def __init__(self):
        self.now = 0
        self.before = 0

    def hold(self, mask):
        self.before = self.now
        self.now = mask

    def pressed(self, mask):
        return self.now & mask == mask

    def just_pressed(self, button):
        return bool(self.now & ~self.before & button)


# (buttons held for one frame, ..., name of the frame to keep after them or None)
SCRIPT = (
    ((), "lying"),
    ((DOWN, 0) * 10 + (B, 0, A, 0), "lying-picked-dimmed-flipped"),
    ((RIGHT, 0), "standing"),
    ((RIGHT, 0), "font"),
    ((RIGHT, 0, UP, 0, UP, A), "buttons-up-a"),
    ((A | B, 0), "lying-after-a-b"),
    ((LEFT, 0, LEFT, 0, DOWN, LEFT | RIGHT | DOWN | B), "buttons-many"),
)


def run():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    buttons = FakeButtons()
    screen = TestScreen(fb, buttons)
    frames = []
    for presses, name in SCRIPT:
        for mask in presses:
            buttons.hold(mask)
            screen.update()
            screen.draw()
        if not presses:
            screen.draw()
        frames.append((name, bytes(buf)))
    return frames


def main():
    import binascii

    for name, buf in run():
        print(name, binascii.hexlify(buf).decode())
