"""The framebuf shim must leave the same bytes as MicroPython's native framebuf."""

import binascii
import pathlib
import subprocess

import framebuf
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"
SCENE_DIR = ROOT / "tests" / "hw"


def _micropython_results():
    code = "import sys; sys.path.insert(0, {!r}); import framebuf_scene; framebuf_scene.main()"
    out = subprocess.run(
        [str(MICROPYTHON), "-c", code.format(str(SCENE_DIR))],
        capture_output=True, text=True, check=True, timeout=120,
    ).stdout
    return [(label, binascii.unhexlify(hexed)) for label, hexed in
            (line.split() for line in out.splitlines())]


def _cpython_results():
    import sys

    sys.path.insert(0, str(SCENE_DIR))
    try:
        import framebuf_scene
    finally:
        sys.path.remove(str(SCENE_DIR))
    return [(label, bytes(buf)) for label, buf in framebuf_scene.run()]


def test_shim_matches_micropython_byte_for_byte():
    expected = _micropython_results()
    actual = _cpython_results()
    assert [label for label, _ in actual] == [label for label, _ in expected]
    mismatched = [label for (label, a), (_, e) in zip(actual, expected, strict=True) if a != e]
    assert mismatched == []
    # The scene really drew something in every buffer.
    assert all(any(buf) for _, buf in actual)


def test_vlsb_byte_layout():
    buf = bytearray(2 * 8)
    fb = framebuf.FrameBuffer(buf, 8, 16, framebuf.MONO_VLSB)
    fb.pixel(3, 0, 1)
    fb.pixel(3, 7, 1)
    fb.pixel(5, 9, 1)
    assert buf[3] == 0x81 and buf[8 + 5] == 0x02
    assert fb.pixel(5, 9) == 1 and fb.pixel(5, 8) == 0 and fb.pixel(8, 0) is None


def test_construction_errors_match_micropython():
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(15), 8, 9, framebuf.MONO_VLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(64), 8, 8, framebuf.RGB565)
    with pytest.raises(TypeError):
        framebuf.FrameBuffer(bytes(8), 8, 8, framebuf.MONO_VLSB)
    with pytest.raises(NotImplementedError):
        framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB).text("A", 0, 0)
