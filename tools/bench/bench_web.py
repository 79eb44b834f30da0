"""Figures of the web page (printed, never asserted): `make web-bench`.

In headless Chromium (Debian's chromium, through Playwright), the page built and
served on 127.0.0.1:
- the bytes transferred on a first load (an empty cache), and the time from the
  start of the navigation to the title screen on the canvas (median of RUNS);
- the table's frames per second mid-match with the cursor moving (each frame run
  and painted as the requestAnimationFrame loop does, the keys held on the
  keyboard), and the expert's decision time (tools/bench/mpy_web_figures.py run by the
  page's own MicroPython);
and the same frames (sim/web/page.py without the canvas) and decisions under the
MicroPython unix port, on this machine.
"""

import json
import pathlib
import statistics
import sys
import tempfile

from unix_port import figures, ROOT

sys.path.insert(0, str(ROOT))
from sim import boards  # noqa: E402
from sim.web import build  # noqa: E402
from sim.web.chromium import Browser, KEY_OF, wait_ready, why_not  # noqa: E402

FIGURES = ROOT / "tools" / "bench" / "mpy_web_figures.py"
RUNS = 3
# Milliseconds of n frames of the page, each run and painted.
TIMED_FRAMES = ("n => { const t = performance.now(); pocket.advance(n);"
                " return performance.now() - t; }")
BROWSER_STAND_IN = '"""The page\'s functions, for page.py under the unix port."""\n\n\n' \
    "def say(text):\n    pass\n\n\ndef keep(name, data):\n    pass\n\n\n" \
    "def forget(name):\n    pass\n"
SAVES = "saves"  # sim/web/page.py's SAVES, which pocket.js makes in the page


def first_load(browser):
    """(bytes transferred, ms to the title) of one load in a fresh context."""
    context = browser.fresh_context()
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(browser.url)
    wait_ready(page)
    title_ms = page.evaluate("pocket.titleMs")
    sizes = [request.sizes() for request in finished]
    context.close()
    return sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes), title_ms


def in_the_page(browser):
    """(table frames per second, expert decisions "N MEAN_US WORST_US") in the page."""
    page = browser.open(paused=True)
    page.evaluate("text => pocket.python.FS.writeFile('/mpy_web_figures.py', text)",
                  FIGURES.read_text())
    figures_module = "pocket.python.pyimport('mpy_web_figures')"
    page.evaluate("() => %s.to_the_table(pocket.python.pyimport('page'))" % figures_module)
    hold = page.evaluate("() => %s.HOLD" % figures_module)
    elapsed = 0.0
    for key in ("right", "left", "right", "left"):
        page.keyboard.down(KEY_OF[key])
        elapsed += page.evaluate(TIMED_FRAMES, hold)
        page.keyboard.up(KEY_OF[key])
    decisions = page.evaluate("() => %s.expert_decisions()" % figures_module)
    return 4 * hold * 1000 / elapsed, decisions


def under_the_unix_port():
    with tempfile.TemporaryDirectory() as site:
        for path, text in build.python_files(boards.DEFAULT).items():
            target = pathlib.Path(site) / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
        (pathlib.Path(site) / "browser.py").write_text(BROWSER_STAND_IN)
        (pathlib.Path(site) / SAVES).mkdir()  # the page's writes cost here as there
        return figures([str(FIGURES), site])


def main():
    reason = why_not()
    if reason:
        sys.exit("bench_web: " + reason)
    with Browser() as browser:
        loads = [first_load(browser) for _ in range(RUNS)]
        fps, decisions = in_the_page(browser)
    unix = under_the_unix_port()
    n, mean, worst = (int(v) for v in decisions.split())
    results = {
        "page_bytes_first_load": loads[0][0],
        "page_ms_to_title": round(statistics.median(ms for _, ms in loads)),
        "page_table_frames_per_s": round(fps),
        "page_expert_decision_mean_ms": mean / 1000,
        "page_expert_decision_worst_ms": worst / 1000,
        "unix_table_frames_per_s": int(unix["table_frames_per_s"]),
        "unix_expert_decision_mean_ms": int(unix["expert_decision_mean_us"]) / 1000,
        "unix_expert_decision_worst_ms": int(unix["expert_decision_worst_us"]) / 1000,
        "expert_decisions": n,
    }
    print("%-60s %12s" % ("the web page (headless Chromium) and the unix port", "value"))
    for key, value in results.items():
        print("%-60s %12s" % (key, value))
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "bench_web.json").write_text(json.dumps(results, indent=2) + "\n")
    print("written build/bench_web.json")


if __name__ == "__main__":
    main()
