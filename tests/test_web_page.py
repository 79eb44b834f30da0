"""The web page in a real browser: headless Chromium plays the unchanged firmware on
MicroPython's WebAssembly port (sim/web/), and it must agree with the pygame
emulator bit for bit: the same keys from the title into a match give the same
frames on the canvas, in the same colours, the same sentences in the page's live
region as the terminal mode says, and the same save files (both generations of
the save, both copies of the match journal), which a reload resumes; damaged
files in the browser start the page as they start the emulator.
"""

import base64
import binascii
import contextlib

import pytest
from hw.storage import number_of

from sim import render
from sim.emulator import Emulator, game
from sim.web.chromium import Browser, play, play_emulated, said, wait_ready, why_not

CANNOT = why_not()  # "" where chromium and node are here
pytestmark = pytest.mark.skipif(bool(CANNOT), reason=CANNOT or "-")

# From the title into a match against the handheld (the level changed to Hard and
# back on the way: two generations of the save), moves on the table, a question,
# a press on the touch pad, the handheld's replies, the colour themes.
INTO_A_MATCH = [
    ("wait", 20), ("look", "title"),
    ("press", "a"), ("wait", 15), ("look", "title at once"),
    ("press", "a"), ("wait", 15), ("look", "menu"),
    ("press", "a"), ("wait", 15), ("look", "new match"),
    ("press", "down"), ("press", "right"), ("look", "harder"), ("press", "left"), ("press", "up"),
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
# The browser's keys of the save folder's files (pocket.js), and the page's name
# of the save (sim/web/page.py, which imports only on MicroPython).
KEPT = "pocket-dominoes:pico-spi:"
PAGE_SAVE = "save.bin"


def emulated_files(save_path):
    """{suffix: bytes} of the save files next to the emulator's save_path (suffix:
    "" for the save itself, ".2", ".match", ".match.2", ".match.sum")."""
    return {path.name[len(save_path.name):]: path.read_bytes()
            for path in save_path.parent.iterdir() if path.name.startswith(save_path.name)}


def kept_files(page):
    """{suffix: bytes} of the save files the browser keeps, read as the page reads
    them: a value that is no base64 is no file."""
    kept = page.evaluate("""prefix => Object.fromEntries(Object.keys(localStorage)
        .filter((key) => key.startsWith(prefix))
        .map((key) => [key.slice(prefix.length), localStorage.getItem(key)]))""", KEPT)
    files = {}
    for name, text in kept.items():
        assert name.startswith(PAGE_SAVE), name  # nothing else is kept
        with contextlib.suppress(binascii.Error):
            files[name[len(PAGE_SAVE):]] = base64.b64decode(text, validate=True)
    return files


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
    files = emulated_files(first.save_path)
    del emulated_said[:]
    expected_resumed = play_emulated(emulator(), RESUMED, render)
    page = browser.open()
    silent_at_first = not page.evaluate("pocket.audible")
    shown = play(page, INTO_A_MATCH)
    audible = page.evaluate("pocket.audible")
    tones = page.evaluate("pocket.tones")
    shown_said = said(page)
    kept = kept_files(page)
    page.reload()
    wait_ready(page)
    shown_resumed = play(page, RESUMED)
    resumed_said = said(page)
    kept_resumed = kept_files(page)
    errors = list(browser.errors)
    return {
        "expected": expected, "shown": shown, "expected said": expected_said,
        "shown said": shown_said, "files": files, "kept": kept,
        "files resumed": emulated_files(first.save_path), "kept resumed": kept_resumed,
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


def test_every_save_file_kept_in_the_browser_is_the_emulators(played):
    assert sorted(played["files"]) == ["", ".2", ".match", ".match.2", ".match.sum"]
    assert played["kept"] == played["files"]
    # After the reload and Continue, still the same folder on both sides.
    assert played["kept resumed"] == played["files resumed"]


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


def _flip(data, at):
    return data[:at] + bytes((data[at] ^ 1,)) + data[at + 1:]


def _newest_generation_damaged(files):
    newest = max(("", ".2"), key=lambda suffix: number_of(files[suffix]))
    return {**files, newest: _flip(files[newest], len(files[newest]) - 1)}


# What is in the browser (by suffix: bytes, or text that is no base64) made from
# nothing or from the files of the match played above, and what the game says
# at start-up about it.
DAMAGES = {
    "a torn save alone": (
        False, lambda files: {"": b"PDKV torn"}, "profiles, records and settings are lost"),
    "text that is no base64 alone": (
        False, lambda files: {"": "not base64 at all!"}, "PLAYER 1. All Fives vs handheld."),
    "the newest generation damaged": (
        True, _newest_generation_damaged, "its copy before the last change is back"),
    "a journal copy that is no base64": (
        True, lambda files: {**files, ".match": "not base64 at all!"}, "PLAYER 1. Continue."),
    "a journal copy cut short": (
        True, lambda files: {**files, ".match.2": files[".match.2"][:-3]}, "PLAYER 1. Continue."),
    "both journal copies damaged": (
        True, lambda files: {**files, ".match": _flip(files[".match"], 5),
                             ".match.2": _flip(files[".match.2"], 5)},
        "The saved match was damaged and is lost."),
}


@pytest.mark.parametrize("case", list(DAMAGES))
def test_damaged_save_files_in_the_browser_start_as_in_the_emulator(fresh, played, case, tmp_path):
    """Text that is no base64 is a missing file; bytes go to the firmware as they are,
    which reports them and goes on as it does with the same files in the emulator."""
    from_match, damage, says = DAMAGES[case]
    files = damage(played["files"] if from_match else {})
    emulator_save = tmp_path / "pico-spi.bin"
    for suffix, data in files.items():
        if isinstance(data, bytes):
            emulator_save.with_name(emulator_save.name + suffix).write_bytes(data)
    expected_said = []
    emulator = Emulator(save_dir=tmp_path, screen=lambda hw: game(hw, expected_said.append))
    assert emulator.save_path == emulator_save
    script = [("wait", 40), ("look", "title"), ("press", "a"), ("wait", 15), ("press", "a"),
              ("wait", 15), ("look", "menu"), ("press", "a"), ("wait", 30), ("look", "chosen")]
    expected = play_emulated(emulator, script, render)
    assert any(says in sentence for sentence in expected_said), expected_said
    page = fresh.open()
    page.evaluate("""kept => { for (const [key, value] of Object.entries(kept))
                                   localStorage.setItem(key, value); }""",
                  {KEPT + PAGE_SAVE + suffix: data if isinstance(data, str)
                   else base64.b64encode(data).decode() for suffix, data in files.items()})
    page.reload()
    wait_ready(page)
    assert play(page, script) == expected
    assert said(page) == expected_said
    assert kept_files(page) == emulated_files(emulator_save)
    assert fresh.errors == []
