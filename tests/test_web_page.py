"""The web page in a real browser: headless Chromium plays the unchanged firmware on
MicroPython's WebAssembly port (sim/web/), and it must agree with the pygame
emulator bit for bit: the same keys from the title into a match give the same
frames on the canvas, in the same colours, the same sentences in the page's live
region as the terminal mode says, and the same save, which a reload resumes.
"""

import base64

import pytest

from sim import render
from sim.emulator import Emulator, game
from sim.web.chromium import Browser, play, play_emulated, said, wait_ready, why_not

CANNOT = why_not()  # "" where chromium and node are here
pytestmark = pytest.mark.skipif(bool(CANNOT), reason=CANNOT or "-")

# From the title into a match against the handheld, moves on the table, a
# question, a press on the touch pad, the handheld's replies, the colour themes.
INTO_A_MATCH = [
    ("wait", 20), ("look", "title"),
    ("press", "a"), ("wait", 15), ("look", "title at once"),
    ("press", "a"), ("wait", 15), ("look", "menu"),
    ("press", "a"), ("wait", 15), ("look", "new match"),
    ("press", "a"), ("wait", 30), ("look", "dealt"),
    ("press", "right"), ("press", "right"), ("look", "cursor moved"),
    ("press", "a"), ("wait", 90), ("look", "played"),
    ("ask", "2"),
    ("press", "left"), ("touch", "a"), ("wait", 90), ("look", "played again"),
    ("ask", "4"),
    ("theme", "next"), ("look", "in blue"), ("theme", "next"), ("look", "in yellow and blue"),
    ("theme", "next"),
]
# After a reload (or a reboot of the emulated handheld): the title, then Continue.
RESUMED = [("wait", 20), ("press", "a"), ("wait", 15), ("press", "a"), ("wait", 15),
           ("look", "menu"), ("press", "a"), ("wait", 30), ("look", "resumed"), ("ask", "5")]


@pytest.fixture(scope="module")
def browser():
    with Browser() as browser:
        yield browser


@pytest.fixture
def fresh(browser):
    """The browser with a new context (empty storage) and no errors seen yet."""
    browser.context.close()
    browser.context = browser.fresh_context()
    browser.errors.clear()
    return browser


@pytest.fixture(scope="module")
def played(browser, tmp_path_factory):
    """Both sides played: the page (then reloaded) and the emulator (then rebooted)."""
    save_dir = tmp_path_factory.mktemp("web-save")
    emulated_said = []

    def emulator():
        return Emulator(save_dir=save_dir, screen=lambda hw: game(hw, emulated_said.append))

    first = emulator()
    expected = play_emulated(first, INTO_A_MATCH, render)
    expected_said = list(emulated_said)
    expected_tones = [hz for ms, hz in first.board.tones]
    assert type(first.screen.screen).__module__ == "screens.table"  # a match is on
    save = first.save_path.read_bytes()
    del emulated_said[:]
    expected_resumed = play_emulated(emulator(), RESUMED, render)
    page = browser.open()
    silent_at_first = not page.evaluate("pocket.audible")
    shown = play(page, INTO_A_MATCH)
    audible = page.evaluate("pocket.audible")
    tones = page.evaluate("pocket.tones")
    shown_said = said(page)
    kept = page.evaluate("() => localStorage.getItem('pocket-dominoes:pico-spi')")
    page.reload()
    wait_ready(page)
    shown_resumed = play(page, RESUMED)
    resumed_said = said(page)
    errors = list(browser.errors)
    return {
        "expected": expected, "shown": shown, "expected said": expected_said,
        "shown said": shown_said, "save": save, "kept": kept,
        "expected resumed": expected_resumed, "shown resumed": shown_resumed,
        "resumed said": resumed_said, "emulated resumed said": list(emulated_said),
        "errors": errors, "silent at first": silent_at_first, "audible": audible,
        "tones": tones, "expected tones": expected_tones,
    }


@pytest.mark.parametrize("name", [what for kind, what in INTO_A_MATCH if kind == "look"])
def test_the_canvas_shows_the_emulators_frame_bit_for_bit(played, name):
    assert played["errors"] == []
    assert played["shown"][name] == played["expected"][name]


def test_the_frames_differ_along_the_script(played):
    # The checks above compare real frames: the match moves on between them.
    assert len(set(played["expected"].values())) == len(played["expected"])


def test_sound_starts_with_the_first_key_and_follows_the_piezo(played):
    assert played["silent at first"] and played["audible"]
    assert played["tones"] == played["expected tones"]
    assert len(set(played["tones"])) > 2  # tunes of several notes were played


def test_the_live_region_says_what_the_terminal_mode_says(played):
    assert played["shown said"] == played["expected said"]
    assert any("Open ends" in s for s in played["shown said"])  # the answer to key 2


def test_the_save_kept_in_the_browser_is_the_emulators_save(played):
    assert base64.b64decode(played["kept"]) == played["save"]


def test_a_reload_resumes_the_saved_match(played):
    assert played["shown resumed"] == played["expected resumed"]
    # The page's region starts afresh after the reload, with what the game says:
    # Continue brings back the hand and the table as they were left.
    assert played["resumed said"] == played["emulated resumed said"]
    assert "Main menu, playing as PLAYER 1. Continue." in played["resumed said"]
    tiles = [s for s in played["shown said"] if s.startswith("Your tiles")]
    ends = [s for s in played["shown said"] if s.startswith("Open ends")]
    assert played["resumed said"][-1] == tiles[-1]
    assert ends[-1] in played["resumed said"]


@pytest.mark.parametrize("kept, save", [("not base64 at all!", None),
                                        (base64.b64encode(b"PDKV torn").decode(), b"PDKV torn")])
def test_a_damaged_save_in_the_browser_starts_as_the_emulator_does(fresh, kept, save, tmp_path):
    """Text that is no base64 is no save; bytes that are no save go to the firmware,
    whose storage reports them and starts afresh, as with the same file in the emulator."""
    if save is not None:
        (tmp_path / "pico-spi.bin").write_bytes(save)
    expected_said = []
    emulator = Emulator(save_dir=tmp_path, screen=lambda hw: game(hw, expected_said.append))
    script = [("wait", 40), ("look", "title"), ("press", "a"), ("wait", 15), ("look", "after a")]
    expected = play_emulated(emulator, script, render)
    page = fresh.open()
    page.evaluate("kept => localStorage.setItem('pocket-dominoes:pico-spi', kept)", kept)
    page.reload()
    wait_ready(page)
    assert play(page, script) == expected
    assert said(page) == expected_said
    assert fresh.errors == []
