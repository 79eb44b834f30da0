"""Games other than Poker over the socket: a rated Domino 1x1 duel from the quick
match, the professional offered after a wait, and All Fives and a pairs game hosted
with bots; each result checked against the record the server exports."""

import asyncio

from core import elo
from core.anyrecord import replay_any
from server_support import Client, FAST, play_until_over, ServerProcess


async def registered(url, name):
    c = await Client(url).open()
    await c.hello(name)
    return c


async def duel(url):
    ann, bob = await registered(url, "Ann"), await registered(url, "Bob")
    assert (await ann.ask({"type": "quick"}))["type"] == "queued"
    assert (await bob.ask({"type": "quick"}))["type"] == "queued"
    rooms = [await c.next("room") for c in (ann, bob)]
    assert rooms[0]["room"] == rooms[1]["room"] and rooms[0]["state"] == "playing"
    assert sorted(r["you"] for r in rooms) == [0, 1]
    overs = await play_until_over([ann, bob])
    over = overs[0]
    assert overs[1] == over and len(over["winners"]) == 1
    won = over["winners"][0]
    by_seat = {e["seat"]: e for e in over["elo"]}
    a, b = elo.after_match(1200.0, 1200.0, won == 0)
    assert by_seat[0]["before"] == 1200.0 and by_seat[0]["after"] == a
    assert by_seat[1]["after"] == b
    me = await (ann if rooms[0]["you"] == 0 else bob).ask({"type": "me"})
    assert me["player"]["elo"] == a
    record = await ann.ask({"type": "record", "match": over["match"]})
    game, _ = replay_any(record["text"])
    assert list(game.scores) == over["scores"] and max(over["scores"]) >= 101

    # alone in the queue: the professional is offered after the wait, and is rated 1600
    assert (await ann.ask({"type": "quick"}))["type"] == "queued"
    offer = await ann.next("offer", timeout=5)
    assert offer["level"] == "professional" and offer["elo"] == 1600.0
    room = await ann.ask({"type": "quick", "bot": True})  # answered by the duel's room
    assert room["type"] == "room" and room["state"] == "playing"
    assert room["room"] != rooms[0]["room"]
    assert room["seats"][1] == {"kind": "bot", "level": "professional"}
    over = (await play_until_over([ann]))[0]
    before = me["player"]["elo"]
    assert over["elo"] == [{"seat": 0, "before": before,
                            "after": elo.rated(before, 1600.0, 1 if over["winners"] == [0] else 0)}]


def test_a_rated_1x1_duel_from_the_quick_match_and_the_professional(tmp_path):
    with ServerProcess(tmp_path / "duel.sqlite", *FAST) as s:
        asyncio.run(duel(s.url))


async def hosted(url, game, options, level, humans=1):
    host = await registered(url, "Host" + game)
    room = await host.ask({"type": "create", "game": game, "options": options})
    assert room["type"] == "room", room
    clients = [host]
    for i in range(1, humans):
        c = await registered(url, "%s%d" % (game, i))
        assert (await c.ask({"type": "join", "room": room["room"]}))["you"] == i
        clients.append(c)
    await host.ask({"type": "bot", "level": level})
    assert (await host.ask({"type": "start"}))["state"] == "playing"
    overs = await play_until_over(clients)
    record = await host.ask({"type": "record", "match": overs[0]["match"]})
    replayed, _ = replay_any(record["text"])
    assert list(replayed.scores) == overs[0]["scores"]
    return room, overs[0]


def test_all_fives_and_a_pairs_game_hosted_with_bots(tmp_path):
    async def run(url):
        room, over = await hosted(url, "allfives", "target=61", "tactics")
        assert room["options"] == "target=61 draw=optional keep=0 lead=continue"
        assert max(over["scores"]) >= 61
        room, over = await hosted(url, "kozel", "players=4 pairs=yes", "easy", humans=2)
        assert len(room["seats"]) == 4
        scores = over["scores"]
        assert scores[0] == scores[2] and scores[1] == scores[3]  # partners share a side
        assert sorted(over["winners"]) in ([0, 2], [1, 3])

    with ServerProcess(tmp_path / "games.sqlite", *FAST) as s:
        asyncio.run(run(s.url))


def test_every_game_of_the_menu_can_be_hosted_with_its_options(tmp_path):
    cases = [("poker", "hands=7", 4), ("1x1", "", 2), ("classic", "players=3", 3),
             ("kozel", "players=2", 2), ("yard", "players=4 pairs=yes", 4),
             ("international", "players=4 pairs=yes target=50", 4), ("allfives", "", 2),
             ("bid", "", 2)]

    async def run(url):
        c = await registered(url, "Ann")
        for game, options, seats in cases:
            room = await c.ask({"type": "create", "game": game, "options": options})
            assert room["type"] == "room" and len(room["seats"]) == seats, room
            listed = await c.ask({"type": "list", "game": game})
            assert [r["room"] for r in listed["rooms"]] == [room["room"]]
            assert (await c.ask({"type": "leave"}))["type"] == "left"
        bad = await c.ask({"type": "create", "game": "kozel", "options": "players=3 pairs=yes"})
        assert bad["code"] == "bad_options"
        assert (await c.ask({"type": "create", "game": "chess"}))["code"] == "bad_game"

    with ServerProcess(tmp_path / "menu.sqlite", *FAST) as s:
        asyncio.run(run(s.url))
