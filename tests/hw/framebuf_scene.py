"""Drawing calls run under both CPython (with sim/shims/framebuf.py) and real
MicroPython; tests/test_sim_framebuf.py compares the resulting buffers.

Portable on purpose: no random module, no f-strings with format specs beyond
what MicroPython supports.
"""

import framebuf

FORMATS = (
    ("vlsb", framebuf.MONO_VLSB),
    ("hlsb", framebuf.MONO_HLSB),
    ("hmsb", framebuf.MONO_HMSB),
)


def _size(w, h, fmt):
    if fmt == framebuf.MONO_VLSB:
        return ((h + 7) // 8) * w
    return ((w + 7) // 8) * h


def _new(w, h, fmt, pattern=0):
    buf = bytearray(_size(w, h, fmt))
    for i in range(len(buf)):
        buf[i] = (i * 37 + pattern) & 0xFF if pattern else 0
    return buf, framebuf.FrameBuffer(buf, w, h, fmt)


def fixed_scene(fmt):
    """A screen-sized scene touching every call and every clipping edge."""
    buf, fb = _new(128, 64, fmt)
    fb.fill(0)
    fb.rect(0, 0, 128, 64, 1)
    fb.rect(10, 5, 17, 9, 1, True)
    fb.rect(30, 5, 9, 17, 1)
    fb.fill_rect(-5, -3, 12, 9, 1)
    fb.fill_rect(120, 60, 20, 20, 1)
    fb.fill_rect(40, 30, 0, 5, 1)
    fb.fill_rect(50, 12, 30, 11, 1)
    fb.fill_rect(52, 14, 26, 7, 0)
    fb.hline(-10, 40, 200, 1)
    fb.vline(100, -10, 200, 1)
    fb.line(0, 63, 127, 0, 1)
    fb.line(5, 5, 5, 5, 1)
    fb.line(-20, 10, 60, 70, 1)
    fb.line(90, 60, 70, 2, 0)
    fb.pixel(127, 63, 0)
    fb.pixel(-1, 3, 1)
    fb.pixel(128, 3, 1)
    fb.rect(60, 45, 1, 1, 1)
    fb.rect(70, 45, 5, 0, 1)
    fb.rect(80, 45, -3, 4, 1)
    sprite_buf, sprite = _new(17, 9, framebuf.MONO_VLSB, 91)
    fb.blit(sprite, 3, 50)
    fb.blit(sprite, 120, -4)
    fb.blit(sprite, -10, 58, 0)
    fb.blit(sprite, 30, 48, 1)
    pal_buf, palette = _new(2, 1, framebuf.MONO_HLSB)
    palette.pixel(0, 0, 1)
    fb.blit(sprite, 60, 50, -1, palette)
    fb.blit((bytes(sprite_buf), 17, 9, framebuf.MONO_VLSB), 100, 20)
    fb.blit(sprite, 128, 0)
    fb.blit(sprite, 0, -9)
    tall_buf, _ = _new(17, 32, framebuf.MONO_VLSB, 57)
    fb.blit((bytes(tall_buf), 17, 32, framebuf.MONO_VLSB), 20, -16, 0)  # a frame of a sheet
    fb.blit((bytes(tall_buf), 17, 32, framebuf.MONO_VLSB), 90, 37, 1, palette)
    return buf


def scroll_scenes(fmt):
    out = []
    for dx, dy in ((1, 0), (-3, 0), (0, 5), (0, -9), (7, 3), (-2, -11), (20, 1), (0, 64)):
        buf, fb = _new(21, 19, fmt, 13)
        fb.scroll(dx, dy)
        out.append(buf)
    return out


def fuzz_scene(fmt, seed):
    """Hundreds of pseudo-random calls with coordinates well past the edges."""
    state = [seed]

    def rnd(n, lo=0):
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return lo + (state[0] >> 8) % n

    w, h = 23 + rnd(20), 13 + rnd(30)
    buf, fb = _new(w, h, fmt, seed & 0xFF)
    _, src = _new(11, 10, FORMATS[rnd(3)][1], 200)
    palettes = [None]
    for colours in ((1, 0), (0, 0), (1, 1), (0, 1)):
        _, palette = _new(2, 1, framebuf.MONO_HLSB)
        palette.pixel(0, 0, colours[0])
        palette.pixel(1, 0, colours[1])
        palettes.append(palette)
    for _ in range(300):
        op = rnd(8)
        x, y, a, b, c = rnd(w + 20, -10), rnd(h + 20, -10), rnd(40, -8), rnd(40, -8), rnd(3)
        if op == 0:
            fb.pixel(x, y, c)
        elif op == 1:
            fb.hline(x, y, a, c)
        elif op == 2:
            fb.vline(x, y, b, c)
        elif op == 3:
            fb.line(x, y, a, b, c)
        elif op == 4:
            fb.rect(x, y, a, b, c, rnd(2) == 1)
        elif op == 5:
            fb.fill_rect(x, y, a, b, c)
        elif op == 6:
            fb.blit(src, x, y, rnd(3) - 1, palettes[rnd(5)])
        else:
            fb.scroll(rnd(7, -3), rnd(7, -3))
    return buf


def run():
    """Every buffer as (label, bytes), in a fixed order."""
    results = []
    for name, fmt in FORMATS:
        results.append((name + "-fixed", fixed_scene(fmt)))
        for i, buf in enumerate(scroll_scenes(fmt)):
            results.append((name + "-scroll" + str(i), buf))
        for seed in range(1, 13):
            results.append((name + "-fuzz" + str(seed), fuzz_scene(fmt, seed)))
    return results


def main():
    import binascii

    for label, buf in run():
        print(label, binascii.hexlify(buf).decode())


if __name__ == "__main__":
    main()
