"""The web page in headless Chromium, for the tests and the web bench.

    with Browser() as browser:                 # Debian's chromium, driven by Playwright
        page = browser.open(paused=True)       # the page built and served on 127.0.0.1
        play(page, SCRIPT)                     # the same keys, frame for frame...
        play_emulated(emulator, SCRIPT)        # ...as in the headless emulator

A script is a list of steps: ("press", button) holds it for two frames and
releases it for two (Emulator.press), ("touch", button) does the same on the
on-screen pad, ("wait", n) runs n frames, ("ask", digit) types one of the keys
1-5, ("theme", "next") goes on to the next colour theme (T in the page), and
("look", name) takes the frame on screen under that name.
"""

import base64
import pathlib
import shutil
import tempfile
import threading

from sim.terminal import QUESTIONS
from sim.web import build

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
]
KEY_OF = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
          "a": "z", "b": "x"}


def chromium():
    """The browser's path, or None where there is none."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def why_not():
    """Why the page cannot be tested here, or "" when it can."""
    if chromium() is None:
        return "no chromium on this machine (Debian's package `chromium`)"
    if shutil.which("node") is None:
        return "no node on this machine (the WebAssembly MicroPython comes from npm)"
    return ""


class Browser:
    """The built page served on 127.0.0.1, and a headless Chromium with a fresh profile."""

    def __enter__(self):
        from playwright.sync_api import sync_playwright

        self._site = tempfile.TemporaryDirectory(prefix="pocket-web-")
        build.build(pathlib.Path(self._site.name))
        self._httpd = build.server(self._site.name)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d/" % self._httpd.server_address[1]
        self._playwright = sync_playwright().start()
        # launch() starts it on a fresh profile in a temporary folder of its own.
        self._browser = self._playwright.chromium.launch(executable_path=chromium(),
                                                         args=CHROMIUM_FLAGS)
        self.context = self.fresh_context()
        self.errors = []
        return self

    def fresh_context(self):
        """A new browser context: an empty cache and empty storage."""
        return self._browser.new_context(viewport={"width": 900, "height": 860})

    def open(self, paused=True, query=""):
        """The page, ready; `query` adds to its address (server=ws://...)."""
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        parts = (["paused"] if paused else []) + ([query] if query else [])
        page.goto(self.url + ("?" + "&".join(parts) if parts else ""))
        wait_ready(page)
        return page

    def __exit__(self, *exc):
        self._browser.close()
        self._playwright.stop()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._site.cleanup()


def wait_ready(page):
    page.wait_for_function("window.pocket && window.pocket.titleMs !== null", timeout=60000)


def canvas_rgb(page):
    """The canvas's 128x64 pixels as RGB bytes (what Pillow's tobytes() gives)."""
    text = page.evaluate("""() => {
        const data = document.getElementById("glass").getContext("2d")
            .getImageData(0, 0, 128, 64).data;
        let out = "";
        for (let i = 0; i < data.length; i += 4)
            out += String.fromCharCode(data[i], data[i + 1], data[i + 2]);
        return btoa(out);
    }""")
    return base64.b64decode(text)


def said(page):
    return page.locator("#said p").all_inner_texts()


def play(page, script):
    """Run the script in the paused page; {name: RGB bytes} of the frames looked at."""
    looks = {}
    for kind, what in script:
        if kind == "press":
            page.keyboard.down(KEY_OF[what])
            page.evaluate("pocket.advance(2)")
            page.keyboard.up(KEY_OF[what])
            page.evaluate("pocket.advance(2)")
        elif kind == "touch":
            page.locator("#pad [data-button=%s]" % what).hover()
            page.mouse.down()
            page.evaluate("pocket.advance(2)")
            page.mouse.up()
            page.evaluate("pocket.advance(2)")
        elif kind == "wait":
            page.evaluate("n => pocket.advance(n)", what)
        elif kind == "ask":
            page.keyboard.press(what)
        elif kind == "theme":
            page.keyboard.press("t")
        else:
            looks[what] = canvas_rgb(page)
    return looks


def play_emulated(emulator, script, render):
    """The same script in the headless emulator; {name: RGB bytes} of its frames
    in the theme the page would show (render: sim.render)."""
    looks = {}
    theme = 0
    for kind, what in script:
        if kind in ("press", "touch"):
            emulator.press(what)
        elif kind == "wait":
            for _ in range(what):
                emulator.step()
        elif kind == "ask":
            emulator.screen.speak(emulator.screen.ask(QUESTIONS[what]))
        elif kind == "theme":
            theme = (theme + 1) % len(render.THEME_NAMES)
        else:
            picture = render.image(emulator.controller, render.THEME_NAMES[theme])
            looks[what] = picture.tobytes()
    return looks
