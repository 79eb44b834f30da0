"""The drawing helpers leave the same bytes on CPython (framebuf shim) as under real
MicroPython, and under MicroPython drawing a tile or a line of text allocates nothing."""

import binascii

from gfx_support import run_micropython


def test_same_frames_on_both_interpreters():
    import gfx_scene

    out = run_micropython("import gfx_scene; gfx_scene.main()")
    expected = [(label, binascii.unhexlify(hexed))
                for label, hexed in (line.split() for line in out.splitlines())]
    actual = [(label, bytes(buf)) for label, buf in gfx_scene.run()]
    assert [label for label, _ in actual] == [label for label, _ in expected]
    differ = [label for (label, a), (_, e) in zip(actual, expected, strict=True) if a != e]
    assert differ == []
    assert all(any(buf) for _, buf in actual)


HEAP_CHECK = """
import framebuf, micropython
from gfx import domino, text

def check():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    line = "Score 125 [6|6] \\u2190\\u2192 ok?"
    looks = (domino.NORMAL, domino.DIM, domino.BACK, domino.LIT)
    micropython.heap_lock()
    try:
        for look in looks:
            domino.draw(fb, 26, 10, 10, False, 6, look)
            domino.draw(fb, 20, 40, 10, True, -1, look)
        end = text.draw(fb, line, 0, 40)
        w = text.width(line)
        text.draw(fb, line, 0, 50, 0)
    finally:
        micropython.heap_unlock()
    print(end, w, sum(buf))

check()
"""


def test_drawing_allocates_nothing_under_micropython():
    end, width, ink = (int(v) for v in run_micropython(HEAP_CHECK).split())
    assert end == width + 1  # it really drew the whole line
    assert ink > 0


SCREEN_HEAP_CHECK = """
import framebuf, micropython, screen_script
from hw.buttons import A, B, DOWN, RIGHT, UP
from screens.testscreen import TestScreen

def check():
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    buttons = screen_script.FakeButtons()
    screen = TestScreen(fb, buttons)
    pages = bytearray(0)
    for mask in (0, DOWN, B, 0, RIGHT, 0, RIGHT, 0, RIGHT, UP, UP | A, A | B, 0):
        buttons.hold(mask)
        micropython.heap_lock()
        try:
            screen.update()
            screen.draw()
        finally:
            micropython.heap_unlock()
        pages.append(screen.page)
    print(" ".join(str(p) for p in pages))

check()
"""


def test_the_test_screen_frame_loop_allocates_nothing_under_micropython():
    pages = [int(p) for p in run_micropython(SCREEN_HEAP_CHECK).split()]
    assert pages == [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 0, 0]  # every page was drawn


SMALL_HEAP_TEXT = """
import binascii, framebuf
from gfx import text

buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
words = ["w%d" % i for i in range(3 * text.SHORT)]
words += ["a long line of text, number %d of them" % i for i in range(3 * text.LONG)]

def drawn(s):
    fb.fill(0)
    text.draw(fb, s, 1, 2)
    return binascii.crc32(buf)

first = [drawn(w) for w in words]
again = [drawn(w) for w in reversed(words)]
print(text.SHORT, text.LONG, first == list(reversed(again)), len(set(first)) == len(words))
"""


def test_a_small_heap_keeps_fewer_text_images_and_draws_the_same():
    # 100 KB, an ESP32 without PSRAM: a few kept images, given up and made again.
    short, long, same, distinct = run_micropython(SMALL_HEAP_TEXT, heap="100k").split()
    assert (int(short), int(long)) == (10, 2)
    assert same == "True" and distinct == "True"
