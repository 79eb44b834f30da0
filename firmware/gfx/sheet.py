"""Sprite sheets kept as `bytes` (so they stay in flash when frozen), drawn without allocating.

blit() takes a palette to recolour a one-bit source, and skips source pixels whose
recoloured value equals `key` (MicroPython compares the key after the palette). So:
    fb.blit(frame, x, y, 0)          draws the frame's 1-pixels in colour 1
    fb.blit(frame, x, y, 1, INVERT)  draws the frame's 1-pixels in colour 0
    fb.blit(frame, x, y)             copies every pixel
"""

import framebuf


def _palette(colour0, colour1):
    palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
    palette.pixel(0, 0, colour0)
    palette.pixel(1, 0, colour1)
    return palette


INVERT = _palette(1, 0)


class Sheet:
    """Frames of `width` x `height` pixels in png2bitmap's MONO_VLSB layout, a
    `bytes` each (gfx/sprites.py's tuples: frozen, they stay in flash)."""

    def __init__(self, frames, width, height):
        self.frames = frames
        # The blit source (the list form, MicroPython 1.20+), pointed at a frame
        # before each blit: one for the sheet rather than one for each frame.
        self._source = [frames[0], width, height, framebuf.MONO_VLSB]

    def blit(self, fb, n, x, y, key, palette=None):
        """Draw frame n at (x, y) as fb.blit(frame, x, y, key, palette) would."""
        source = self._source
        source[0] = self.frames[n]
        fb.blit(source, x, y, key, palette)
