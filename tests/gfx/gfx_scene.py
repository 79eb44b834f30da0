"""Drawing scenes that run unchanged on CPython (with the framebuf shim) and under the
MicroPython unix port; the tests compare the frames byte for byte.

run() -> [(label, frame bytes)]; main() prints them as "label hex" lines.
"""

import framebuf
from gfx import domino, text


def _screen():
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _tiles(vertical, look, first_high):
    buf, fb = _screen()
    fb.fill(1 if look == domino.LIT else 0)  # so transparent corners show
    step_x = 10 if vertical else 18
    step_y = 18 if vertical else 10
    per_row = 128 // step_x
    for t in range(28):
        first = (t * 7 + 3) % 7 if first_high else -1
        x = (t % per_row) * step_x
        y = (t // per_row) * step_y
        domino.draw(fb, t, x, y, vertical, first, look)
    return buf


def _clipped():
    buf, fb = _screen()
    domino.draw(fb, 26, -5, -3)
    domino.draw(fb, 27, 120, 50, True)
    domino.draw(fb, 13, 60, 60, False, 2, domino.LIT)
    domino.draw(fb, 0, -4, 55, True, -1, domino.BACK)
    text.draw(fb, "Clipped text!", 100, 61)
    text.draw(fb, "left", -6, 20)
    return buf


def _text():
    buf, fb = _screen()
    y = 0
    line = ""
    for code in range(32, 127):
        line += chr(code)
        if len(line) == 24:
            text.draw(fb, line, 0, y)
            y += text.LINE
            line = ""
    text.draw(fb, line + "\u2190\u2192\u2191\u2193\u2022\u266a\u2713\u00e9", 0, y)
    fb.fill_rect(0, 40, 128, 24, 1)
    x = text.draw(fb, "Dark on light ", 2, 42, 0)
    text.draw(fb, "%d" % text.width("Dark on light "), x, 42, 0)
    return buf


def run():
    frames = []
    for look in (domino.NORMAL, domino.DIM, domino.LIT, domino.BACK):
        for vertical in (False, True):
            for first_high in (False, True):
                label = "tiles-look%d-%s-%s" % (
                    look, "v" if vertical else "h", "high" if first_high else "low")
                frames.append((label, _tiles(vertical, look, first_high)))
    frames.append(("clipped", _clipped()))
    frames.append(("text", _text()))
    return frames


def main():
    import binascii

    for label, buf in run():
        print(label, binascii.hexlify(buf).decode())
