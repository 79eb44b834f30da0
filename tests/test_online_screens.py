"""The Online screens in the headless emulator, played through the buttons,
against a room server on 127.0.0.1 that the test starts (tests/net/fake_rooms.py):
sign in with the profile's name, the lobby's list, a private room and its code,
the host's bots, join by code entered with the arrows, leaving, and a dropped
link: the lost-connection screen, then the room again with the seat's token.
The handhelds are tests/online_support.py's: frames follow real time."""

import pathlib
import subprocess
import sys

import pytest
from online_support import Handheld
from ui.online import CODE_LETTERS, GAMES

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "net"))
from fake_rooms import FakeRooms  # noqa: E402


@pytest.fixture(scope="module")
def rooms():
    with FakeRooms() as running:
        yield running


def into_the_lobby(h):
    h.into_the_lobby()
    h.shot("lobby")


def test_a_rooms_bots_are_the_levels_the_server_seats_for_its_game():
    from server.games import LEVELS

    assert {name: levels for name, _, levels in GAMES} == LEVELS


def test_sign_in_then_the_lobby_lists_the_public_rooms(rooms, tmp_path):
    h = Handheld(rooms.url, tmp_path)
    into_the_lobby(h)
    assert rooms.requests[-2:][0] == {"type": "register", "name": "PLAYER_1", "id": 2}
    h.until(lambda: len(h.app.screen.menu.labels) == 6)
    menu = h.app.screen.menu
    assert menu.labels[5] == "Bob 2/4" and menu.values[5] == "100c"
    h.press("right")  # another game: its list (empty here)
    h.until(lambda: rooms.requests[-1] == {"type": "list", "game": "1x1",
                                           "id": rooms.requests[-1]["id"]})
    assert h.app.screen.menu.labels[5] == "Quick match"  # 1x1's
    h.press("left")
    h.until(lambda: len(h.app.screen.menu.labels) == 6)
    h.press("up")  # the listed room
    h.press("a")
    h.until(lambda: h.name == "room")
    assert rooms.requests[-1]["type"] == "join" and rooms.requests[-1]["room"] == "r9"


def test_a_private_room_shows_its_code_and_the_host_fills_it_with_bots(rooms, tmp_path):
    h = Handheld(rooms.url, tmp_path)
    into_the_lobby(h)
    h.press("down", 3)
    h.press("a")  # Create private
    h.until(lambda: h.name == "room")
    assert rooms.requests[-1]["type"] == "create" and rooms.requests[-1]["private"] is True
    screen = h.app.screen
    assert screen.menu.labels[:5] == ["1 Ann*", "2 empty", "3 empty", "4 empty", "Bots"]
    assert screen.menu.values[0] == "you"
    h.shot("room")
    h.press("down", 4)  # Bots
    h.press("right")  # hard
    h.press("down")
    h.press("a")  # Fill with bots
    h.until(lambda: h.app.screen.menu.labels[1] == "2 Bot")
    assert rooms.requests[-1] == {"type": "bot", "level": "hard", "id": rooms.requests[-1]["id"]}
    h.shot("room-bots")
    h.press("up")  # back on Bots: still hard after the room changed
    assert h.app.screen.menu.words(h.app.screen.menu.cursor) == "Bots: hard."
    asked = len(rooms.requests)
    h.press("down", 4)  # Leave
    h.press("a")
    h.until(lambda: h.name == "lobby")
    # (the lobby may have asked for its list by now: the leave came first)
    assert [r["type"] for r in rooms.requests[asked:]][:1] == ["leave"]


def test_join_by_code_with_the_arrows(rooms, tmp_path):
    h = Handheld(rooms.url, tmp_path)
    into_the_lobby(h)
    h.press("down", 4)
    h.press("a")
    assert h.name == "joincode"
    for letter in "K7Q2P":
        steps = CODE_LETTERS.index(letter)
        if steps <= len(CODE_LETTERS) // 2:
            h.press("up", steps)
        else:
            h.press("down", len(CODE_LETTERS) - steps)
        h.press("right")
    assert h.app.screen.code() == "K7Q2P"
    h.shot("joincode")
    h.press("a")
    h.until(lambda: h.name == "room")
    assert rooms.requests[-1]["code"] == "K7Q2P"
    assert h.app.screen.shown.get("code") == "K7Q2P"


def test_a_dropped_link_shows_the_lost_screen_then_the_room_again(rooms, tmp_path):
    h = Handheld(rooms.url, tmp_path)
    into_the_lobby(h)
    h.press("down", 2)
    h.press("a")  # Create public
    h.until(lambda: h.name == "room")
    client = h.app.screen.client
    client.request("drop")  # the fake server cuts the link
    h.until(lambda: h.name == "netlost")
    h.frames(2)
    h.shot("netlost")
    assert "Connection lost" in h.said[-1] and "Trying again in" in h.said[-1]
    h.until(lambda: h.name == "room")
    assert rooms.hellos[-1]["token"] == "T1"
    assert h.said[-2] == "Connected again."


def test_the_online_screens_under_the_micropython_unix_port(rooms, tmp_path):
    micropython = ROOT / ".venv" / "bin" / "micropython"
    done = subprocess.run([str(micropython), str(ROOT / "tests" / "net" / "mpy_online_screens.py"),
                           str(ROOT / "firmware"), str(tmp_path), rooms.url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert found["online"] == "online"
    for step in ("lobby", "listed", "room", "netlost", "back", "left", "joined"):
        assert found[step] == "1", step
    assert found["code"] == "K7Q2P" and found["joincode"] == "joincode"
    assert found["joined"] == "1" and rooms.requests[-1]["code"] == "BAAAA"
    assert int(found["frames"]) > 100 and found["allocating_draws"] == "0"  # draws allocate nothing
