"""The lobby's clock (RULES.md 9, "Life time"): a waiting room goes after its life
time with every fee back; a room in play is never swept for its age; a match whose
humans all stay away is destroyed after the grace, its pot to nobody."""

import asyncio

from server_support import Client, FAST, ServerProcess


async def sweep(url):
    ann, bob = Client(url), Client(url)
    await ann.open()
    await bob.open()
    await ann.hello("Ann")
    await bob.hello("Bob")
    await ann.ask({"type": "create", "game": "poker", "fee": 250})
    playing = await bob.ask({"type": "create", "game": "1x1"})
    await bob.ask({"type": "bot", "level": "easy"})
    await bob.ask({"type": "start"})
    closed = await ann.next("closed", timeout=10)
    assert closed["reason"] == "expired"
    assert (await ann.ask({"type": "me"}))["player"]["coins"] == 5000
    # Bob's match outlived its hour and plays on; when Bob goes away it ends after the grace
    assert (await bob.ask({"type": "start"}))["code"] == "not_waiting"  # still there
    view = await bob.next("view", where=lambda v: v["turn"] > 0)
    assert view["room"] == playing["room"]
    await bob.close()
    await asyncio.sleep(3.5)  # the 1.5 s grace, then the room is gone
    back = await Client(url, bob.key).open()
    welcome = await back.hello()
    assert welcome["room"] is None


def test_the_sweep_expires_waiting_rooms_only_and_the_grace_ends_deserted_matches(tmp_path):
    with ServerProcess(tmp_path / "sweep.sqlite", *FAST, "--ttl-s", "1", "--sweep-s", "1",
                       "--bot-ms", "300") as s:
        asyncio.run(sweep(s.url))
