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
    """Frames of `width` x `height` pixels in png2bitmap's MONO_VLSB layout."""

    def __init__(self, data, width, height, frames):
        step = (height + 7) & ~7  # every frame starts on a page boundary
        self._step = step
        # The whole sheet as one tall image that blit() reads in place (the tuple
        # form of a source, MicroPython 1.20+), and a buffer to cut one frame into.
        self._sheet = (data, width, step * frames, framebuf.MONO_VLSB)
        self.frame = framebuf.FrameBuffer(
            bytearray(width * (step >> 3)), width, height, framebuf.MONO_VLSB
        )

    def cut(self, n):
        """Frame n, copied into self.frame (valid until the next cut)."""
        self.frame.blit(self._sheet, 0, -n * self._step)  # type: ignore[arg-type]  # tuple source
        return self.frame
