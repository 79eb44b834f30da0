"""Whole online matches through the handheld's screens, against the real room
server (a process on 127.0.0.1 with its timers shortened: tests/server_support.py),
every move pressed on the buttons of headless handhelds (tests/online_support.py):

- Domino Poker with a 100-coin fee: two emulated handhelds, one under the
  MicroPython unix port (tests/net/mpy_online_play.py) and a bot; one player
  misses a turn (the server plays it, late, and warns), another loses power in
  the middle of a hand and, booted again, sits back down with the token its
  save kept; the payout shares the pot 70 % / 30 % and no coin is lost.
- A rated Domino 1x1 duel from the quick match, a handheld against a scripted
  registered player: both ratings move.
- The quick match's offer of the handheld professional, taken; leaving the duel
  is a forfeit, and the lobby comes back.
- All Fives hosted with bots, played to the payout.
"""

import asyncio
import subprocess
import threading
import time

import pytest
from core import elo
from core.pokertimer import WARNED
from online_support import Handheld, ROOT
from server_support import Client, FAST, play_until_over, ServerProcess

MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"


@pytest.fixture
def server(tmp_path):
    with ServerProcess(tmp_path / "rooms.sqlite", *FAST) as running:
        yield running


def host(h, game_rights=0, fee_rights=0):
    """From the lobby: a public room of a game (RIGHT from Poker) with a fee."""
    h.press("right", game_rights)
    h.move_to("Fee")
    h.press("right", fee_rights)
    h.choose("Create public")
    h.until(lambda: h.name == "room")


def fill_and_start(h, level_lefts=0):
    h.move_to("Bots")
    h.press("left", level_lefts)
    h.choose("Fill with bots")
    h.until(lambda: all(s["kind"] != "empty" for s in h.screen.shown["seats"]))
    h.choose("Start")
    h.until(lambda: h.at_table)


def humans(room):
    return sum(s["kind"] == "human" for s in room["seats"])


def test_a_whole_poker_match_with_a_late_turn_and_a_power_cut(server, tmp_path):
    ann = Handheld(server.url, tmp_path / "ann")
    ann.into_the_lobby()
    host(ann, fee_rights=3)  # 100 coins a seat
    micro = subprocess.Popen(
        [str(MICROPYTHON), str(ROOT / "tests" / "net" / "mpy_online_play.py"),
         str(ROOT / "firmware"), str(tmp_path), server.url, "MICRO"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        bob = Handheld(server.url, tmp_path / "bob", profile="BOB")
        bob.into_the_lobby()
        bob.until(lambda: len(bob.screen.menu.labels) > bob.screen.fixed)
        bob.choose(bob.screen.menu.labels[bob.screen.fixed])
        bob.until(lambda: bob.name == "room")
        ann.until(lambda: humans(ann.screen.shown) == 3)
        fill_and_start(ann, level_lefts=1)  # an easy bot: the pot is all the coins won
        bob.until(lambda: bob.at_table)
        bob_seat = bob.screen.play.you
        late = cut = False
        deadline = time.monotonic() + 60
        while not (ann.name == bob.name == "payout") and time.monotonic() < deadline:
            table = ann.screen.play.table if ann.at_table else {}
            if not late and table.get("hand_no") == 2 and ann.my_turn():
                # Ann lets her turn run out: the server plays for her and warns her.
                ann.until(lambda: ann.screen.play.state == WARNED)
                assert "Late: the server played for you." in ann.said
                ann.shot("poker-warned")
                late = True
            if not cut and late and bob.at_table and bob.screen.play.table.get("trick"):
                bob = power_cut_and_back(bob, ann, bob_seat, server.url, tmp_path / "bob")
                cut = True
            ann.play_on()
            bob.play_on()
        assert ann.name == bob.name == "payout", (ann.name, bob.name)
        found = dict(line.split(" ", 1) for line in micro.communicate(timeout=60)[0].splitlines())
    finally:
        micro.kill()
    assert late and cut
    assert "You play again." in ann.said  # her next turn, made in time
    over = ann.screen.client.over
    assert over["pot"] == 300
    registered = [s for s in over["standings"] if s != bot_seat(ann)]
    assert over["payout"] == [{"seat": registered[0], "name": name_of(ann, registered[0]),
                               "coins": 210},
                              {"seat": registered[1], "name": name_of(ann, registered[1]),
                               "coins": 90}]
    # Every screen shows the same result; no coin was lost or made.
    figures = [[str(points), won] for _, points, won in ann.screen.rows]
    assert [row.split(":")[1:] for row in found["payout_rows"].split("|")] == figures
    balances = [coins(ann), coins(bob), int(found["payout_foot"].split("c")[0])]
    assert sum(balances) == 3 * 5000
    assert found["back"] == "1" and int(found["turns"]) > 5
    for screen in ("onlinepoker", "payout", "lobby", "room"):  # draw() allocates nothing
        assert found["draws_" + screen].endswith(":0"), (screen, found["draws_" + screen])


def power_cut_and_back(bob, ann, seat, url, save_dir):
    """Bob's handheld loses power mid-hand; the others see his seat offline; booted
    again from its save, it goes Online and is back in its seat with a fresh view."""
    token = bob.client.token
    bob.power_cut()
    ann.until(lambda: ann.client.room["seats"][seat].get("connected") is False)
    again = Handheld(url, save_dir, profile="BOB")
    again.online()
    again.until(lambda: again.at_table)
    assert again.screen.play.you == seat and again.client.token == token
    ann.until(lambda: ann.client.room["seats"][seat].get("connected") is True)
    again.shot("poker-back")
    return again


def bot_seat(h):
    return [i for i, s in enumerate(h.client.room["seats"]) if s["kind"] == "bot"][0]


def name_of(h, seat):
    return h.client.room["seats"][seat]["name"]


def coins(h):
    return h.client.player["coins"]


class Scripted(threading.Thread):
    """A registered player on the server's protocol, in a thread: `steps` (an
    async function of the client) then every decision made with the first legal
    action until the match is over; the over message is kept in `over`."""

    def __init__(self, url, name, steps):
        super().__init__(daemon=True)
        self.url, self.name, self.steps = url, name, steps
        self.over = None
        self.error = None

    def run(self):
        async def main():
            c = await Client(self.url).open()
            await c.hello(self.name)
            await self.steps(c)
            self.over = (await play_until_over([c], timeout=40))[0]
            await c.close()

        try:
            asyncio.run(main())
        except Exception as e:  # (told to the test, which joins the thread)
            self.error = e


def test_a_rated_1x1_duel_from_the_quick_match(server, tmp_path):
    async def queue(c):
        assert (await c.ask({"type": "quick"}))["type"] == "queued"

    ann = Handheld(server.url, tmp_path / "ann")
    ann.into_the_lobby()
    ann.press("right")  # 1x1
    ann.choose("Quick match")
    ann.until(lambda: ann.name == "quick")
    ann.frames(20)
    ann.shot("quick-waiting")
    bob = Scripted(server.url, "Bob", queue)
    bob.start()
    ann.until(lambda: ann.at_table)
    assert ann.screen.play.names == ["You", "Bob"] or ann.screen.play.names == ["Bob", "You"]
    deadline = time.monotonic() + 40
    while ann.name != "payout" and time.monotonic() < deadline:
        if ann.at_table and ann.screen.mode != 0:  # the hand's end: on at once
            ann.press("a")
        ann.play_on()
    bob.join(10)
    assert bob.error is None and ann.name == "payout"
    over = ann.screen.client.over
    assert over == bob.over
    mine = ann.client.room["you"]
    won = 1 if over["winners"] == [mine] else 0
    assert {row["seat"]: (row["before"], row["after"]) for row in over["elo"]} == {
        mine: (1200.0, elo.rated(1200.0, 1200.0, won)),
        1 - mine: (1200.0, elo.rated(1200.0, 1200.0, 1 - won))}
    assert ann.screen.note == "Rating 1200 -> %d" % round(elo.rated(1200.0, 1200.0, won))
    ann.shot("duel-payout")


def test_the_quick_match_offers_the_professional_and_leaving_is_a_forfeit(server, tmp_path):
    ann = Handheld(server.url, tmp_path / "ann")
    ann.into_the_lobby()
    ann.press("right")
    ann.choose("Quick match")
    ann.until(lambda: ann.screen.menu is not None)  # after the server's wait
    ann.shot("quick-offer")
    ann.press("a")  # Play the pro
    ann.until(lambda: ann.at_table)
    assert ann.client.room["seats"][1] == {"kind": "bot", "level": "professional"}
    ann.until(lambda: ann.screen.play.countdown_ms == 0)
    ann.press("b")
    ann.press("up")  # Yes
    ann.press("a")
    ann.until(lambda: ann.name == "lobby")
    assert ann.screen.client.room is None


def test_all_fives_hosted_with_bots_to_the_payout_through_a_dropped_link(server, tmp_path):
    ann = Handheld(server.url, tmp_path / "ann")
    ann.into_the_lobby()
    host(ann, game_rights=2)  # All Fives
    fill_and_start(ann)
    assert ann.name == "onlinecross"
    dropped = False
    deadline = time.monotonic() + 30
    while ann.name != "payout" and time.monotonic() < deadline:
        if not dropped and ann.at_table and ann.screen.play.turn > 6:
            # The link drops mid-hand: the lost connection screen, then the table
            # again as the server has it (it played for her meanwhile, if need be).
            turn = ann.screen.play.turn
            ann.drop_link()
            ann.until(lambda: ann.name == "netlost")
            ann.shot("netlost-table")
            assert "Trying again in" in ann.said[-1]
            ann.until(lambda: ann.at_table)
            assert "Connected again." in ann.said
            assert ann.screen.play.turn >= turn
            dropped = True
        if ann.at_table and ann.screen.mode != 0:
            ann.press("a")
        ann.play_on()
    assert dropped
    assert ann.name == "payout"
    over = ann.client.over
    assert max(over["scores"]) >= 100  # All Fives to 100
    assert ann.screen.title in ("You win!", "CPU 2 wins")


def test_refusals_and_a_deleted_room_are_said_and_nothing_is_lost(server, tmp_path):
    guest = Handheld(server.url, tmp_path / "guest", profile="GUEST")
    guest.into_the_lobby(guest=True)
    guest.move_to("Fee")
    guest.press("right")  # 10 coins: a guest may not set a fee
    guest.choose("Create public")
    guest.until(lambda: guest.screen.bubble.open)
    assert guest.said[-1] == "A guest may host only free rooms."
    guest.shot("refused-guest-fee")
    guest.press("a")
    guest.choose("Join by code")
    guest.press("a")  # the code AAAAA: no room has it
    guest.until(lambda: guest.screen.bubble.open)
    assert guest.said[-1] == "No room has that code."

    ann = Handheld(server.url, tmp_path / "ann")
    ann.into_the_lobby()
    host(ann, fee_rights=1)
    bob = Handheld(server.url, tmp_path / "bob", profile="BOB")
    bob.into_the_lobby()
    bob.until(lambda: len(bob.screen.menu.labels) > bob.screen.fixed)
    bob.choose(bob.screen.menu.labels[bob.screen.fixed])
    bob.until(lambda: bob.name == "room")
    bob.until(lambda: coins(bob) == 4990)  # the fee paid
    ann.until(lambda: humans(ann.screen.shown) == 2)
    ann.choose("Delete room")
    ann.until(lambda: ann.name == "lobby")
    bob.until(lambda: bob.name == "lobby" and bob.screen.bubble.open)
    assert bob.said[-1] == "The host deleted the room: every fee came back."
    bob.until(lambda: coins(bob) == 5000)
    bob.shot("room-deleted")
