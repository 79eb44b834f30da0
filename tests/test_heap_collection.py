"""Where a board's heap is tight, the app collects every so many bytes allocated
(ui.app: _COLLECT_BYTES), which the 32-bit port's smallest heaps rely on
(docs/device-figures.md); where it is roomy, as on a Pico, it leaves the
collections to the frames' spare time (hw.board's collector)."""

import pytest
from gfx_support import MICROPYTHON, ROOT, run_micropython

APP_THRESHOLD = """
import gc
sys.path.insert(0, %r)
from mpy_hardware import fresh_hardware
from ui.app import App
App(fresh_hardware(%r), None)
print(gc.threshold())
"""


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython unix port in .venv")
@pytest.mark.parametrize("heap, collects", [("120k", True), ("4M", False)])
def test_a_tight_heap_is_collected_every_so_many_bytes_a_roomy_one_is_not(
        heap, collects, tmp_path):
    code = APP_THRESHOLD % (str(ROOT / "tools" / "bench"), str(tmp_path))
    threshold = int(run_micropython(code, heap=heap))
    # -1: no threshold, MicroPython collects only when an allocation finds no room.
    assert threshold >= 4096 if collects else threshold == -1
