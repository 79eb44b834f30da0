"""The web page's network: the page's own WebSocket handed to the firmware on
MicroPython's WebAssembly port (sim/web/page.py, pocket.js) carries the same
room session (firmware/hw/roomclient.py) to a room server on 127.0.0.1 that the
test starts (tests/net/fake_rooms.py): hello with a key kept in the browser's
storage, a request answered, a dropped link reconnected with the seat's token;
then, against the real room server (tests/server_support.py), the page's own
screens pressed from the menu to a duel's table, where the page plays a move."""

import json
import pathlib
import sys
import urllib.parse

import pytest
from server_support import FAST, ServerProcess

from sim.web.chromium import Browser, play, why_not

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "net"))
from fake_rooms import FakeRooms  # noqa: E402

CANNOT = why_not()
pytestmark = pytest.mark.skipif(bool(CANNOT), reason=CANNOT or "-")

START = """
import page
from hw import netkeys, roomclient
handheld = page._handheld
key = netkeys.key_for(handheld.hw.storage, "WEB", handheld.net.random)
client = roomclient.RoomClient(handheld.net, key, client="browser")
client.start()
"""


def python(page, code):
    """Run code in the page's MicroPython; the value it left in `out`, as JSON."""
    page.evaluate("code => pocket.python.runPython(code)",
                  code + "\nimport json\n_out = json.dumps(out)")
    return json.loads(page.evaluate("pocket.python.globals.get('_out')"))


def step_until(page, condition, most=300):
    """Step the client a frame at a time (the browser's events run between steps)
    until `condition` (Python) is true; the number of steps it took."""
    for steps in range(most):
        if python(page, "client.step(33)\nout = bool(%s)" % condition):
            return steps
        page.wait_for_timeout(10)
    raise AssertionError("not so after %d steps: %s" % (most, condition))


@pytest.fixture(scope="module")
def browser():
    with Browser() as running:
        yield running


@pytest.fixture(scope="module")
def online(browser):
    with FakeRooms() as rooms:
        page = browser.open(query="server=" + urllib.parse.quote(rooms.url, safe=""))
        yield page, rooms, browser


def test_the_page_joins_the_room_server_over_its_own_websocket(online):
    page, rooms, browser = online
    assert page.input_value("#server") == rooms.url
    python(page, START + "out = 0")
    step_until(page, "client.state == roomclient.ONLINE")
    assert rooms.hellos[-1]["client"] == "browser" and rooms.hellos[-1]["protocol"] == 1
    python(page, "asked = client.request('register', name='Web')\nout = asked")
    step_until(page, "not client.pending(asked)")
    assert python(page, "out = client.answer(asked)['player']['name']") == "Web"
    # The key is in the browser's storage (the save the page keeps in localStorage).
    key = rooms.hellos[-1]["key"]
    assert len(key) == 32
    assert python(page, "out = key") == key
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.includes('save.bin'))")
    assert kept
    assert browser.errors == []


def test_a_dropped_page_link_reconnects_with_the_token(online):
    page, rooms, browser = online
    # The page's client, if the test before it ran on another worker (pytest -n).
    if not python(page, "out = 'client' in globals()"):
        python(page, START + "out = 0")
        step_until(page, "client.state == roomclient.ONLINE")
    python(page, "asked = client.request('create', game='poker')\nout = 0")
    step_until(page, "client.token == 'T1'")
    python(page, "client.request('drop')\nclient.view = None\nout = 0")
    step_until(page, "client.state == roomclient.RETRYING")
    step_until(page, "client.view is not None", most=600)  # 1-1.25 s of backoff, in frames
    assert rooms.hellos[-1]["token"] == "T1"
    assert python(page, "out = client.view['turn']") == 4
    assert browser.errors == []


def frames_until(page, condition, most=400):
    """Frames of the page's handheld (the browser's events run between them) until
    `condition` (Python, with `app` the page's App) is true."""
    for _ in range(most):
        if python(page, "app = page._handheld.app\nout = bool(%s)" % condition):
            return
        play(page, [("wait", 1)])
        page.wait_for_timeout(5)
    shown = python(page, "s = page._handheld.app.screen\nout = repr((type(s).__name__, "
                         "getattr(s, 'message', None), getattr(getattr(s, 'play', None), 'view',"
                         " None)))")
    raise AssertionError("not so: %s (the screen, its message, its view: %s)" % (condition, shown))


def test_the_page_goes_online_through_its_screens_and_plays_a_move(browser, tmp_path):
    # (bots a little slower: the view of the page's move is seen before the next; the
    # product's 10 s a turn, since each of the page's frames is a round trip from here
    # and 1.5 s ran out once on a busy machine, the server playing the move as late)
    with ServerProcess(tmp_path / "rooms.sqlite", *FAST, "--bot-ms", "400",
                       "--turn-ms", "10000") as server:
        page = browser.open(query="server=" + urllib.parse.quote(server.url, safe=""))
        python(page, "import page\nout = 0")
        play(page, [("press", "a"), ("press", "a")])  # the splash, the title
        frames_until(page, "app._module == 'screens.menu'")
        play(page, [("press", "up"), ("press", "up"), ("press", "a")])  # Online
        frames_until(page, "getattr(app.screen, 'menu', None) is not None")
        play(page, [("press", "a")])  # sign in
        frames_until(page, "app._module == 'screens.lobby'")
        play(page, [("press", "right")] + [("press", "down")] * 5 + [("press", "a")])
        frames_until(page, "app._module == 'screens.quick' and app.screen.menu is not None")
        play(page, [("press", "a")])  # the professional
        # (no message up: a button first puts a message away, as a player reads it;
        # on a busy machine the turn's warning can be up by then)
        frames_until(page, "app._module == 'screens.onlineline' and app.screen.play.mine"
                     " and app.screen.choice.mode in (1, 2) and not app.screen.message_frames")
        turn = python(page, "out = page._handheld.app.screen.play.turn")
        you = python(page, "out = page._handheld.app.screen.play.you")
        play(page, [("press", "a")])
        frames_until(page, "app.screen.play.mine and app.screen.choice.mode == 2"
                     " or app.screen.play.turn > %d" % turn)
        if python(page, "out = page._handheld.app.screen.play.turn == %d" % turn):
            play(page, [("press", "a")])  # a tile with two ways: the first of them
            frames_until(page, "app.screen.play.turn > %d" % turn)
        last = python(page, "out = page._handheld.app.screen.play.view['last']")
        assert last["seat"] == you and last["late"] is False
        assert browser.errors == []
