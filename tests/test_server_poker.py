"""A whole Domino Poker match over the socket (RULES.md 4 and 9): two scripted
humans and two bots in a room with a fee, one human dropping mid-hand and coming
back with its token, one time-out; then the payout, the record that replays to the
same scores, and every view checked against the true hands."""

import asyncio
import time

from core.anyrecord import replay_any
from server_support import check_views, Client, FAST, pid_of, ServerProcess

from server.store import SQLiteStore


async def seat_player(c, script):
    """Play c's seat: `script(c, view)` returns an action, None to let the time run
    out, or "drop" to close the connection (the caller reconnects)."""
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        msg = await c.next_any(deadline - time.monotonic())
        if msg["type"] == "over":
            return msg
        if msg["type"] == "view" and msg["legal"]:
            await asyncio.sleep(msg["countdown_ms"] / 1000)  # no act before the first turn
            action = script(c, msg)
            if action == "drop":
                return "drop"
            if action is not None:
                await c.send({"type": "act", "turn": msg["turn"], "action": action})
    raise TimeoutError("the match did not end")


async def poker_match(url, db):
    ann, bob = Client(url), Client(url)
    await ann.open()
    await bob.open()
    await ann.hello("Ann")
    await bob.hello("Bob")
    room = await ann.ask({"type": "create", "game": "poker", "options": "hands=5", "fee": 100})
    assert room["type"] == "room" and room["pot"] == 100
    joined = await bob.ask({"type": "join", "room": room["room"]})
    assert joined["you"] == 1 and joined["pot"] == 200
    assert (await bob.ask({"type": "start"}))["code"] == "not_host"
    assert (await ann.ask({"type": "start"}))["code"] == "not_full"
    await ann.ask({"type": "bot", "level": "medium"})
    started = await ann.ask({"type": "start"})
    assert started["state"] == "playing"
    first = await ann.next("view")
    assert first["countdown_ms"] > 0 and first["turn"] == 0
    assert first["table"]["hand"] and len(first["table"]["hand"]) == 7
    assert all(s == 7 for s in first["table"]["sizes"])

    events = {"dropped": None, "timed_out": None}

    def ann_script(c, view):
        if events["dropped"] is None and view["turn"] >= 30 and view["table"]["trick"]:
            events["dropped"] = view["turn"]
            return "drop"  # gone mid-hand, mid-trick
        return view["legal"][0][0]

    def bob_script(c, view):
        if events["timed_out"] is None and view["turn"] >= 12:
            events["timed_out"] = view["turn"]
            return None  # let the 1.5 s run out: the server plays for Bob
        return view["legal"][-1][0]

    async def ann_seat():
        result = await seat_player(ann, ann_script)
        assert result == "drop"
        await ann.close()
        await asyncio.sleep(0.3)  # the timer plays for Ann meanwhile
        back = Client(url, ann.key)
        await back.open()
        welcome = await back.hello(token=ann.token)
        assert welcome["room"] == room["room"] and welcome["player"]["coins"] == 4900
        again = await back.next("room")
        assert again["you"] == 0 and again["state"] == "playing"
        view = await back.next("view")
        assert view["last"] is None and view["turn"] >= events["dropped"]
        back.inbox.insert(0, view)
        over = await seat_player(back, lambda c, v: v["legal"][0][0])
        return back, over

    async def bob_seat():
        return await seat_player(bob, bob_script)

    (ann2, over_a), over_b = await asyncio.gather(ann_seat(), bob_seat())
    assert over_a == over_b
    over = over_a
    # Bob's missed turn: made for him (late), and he was warned
    late = [v for v in bob.seen if v["type"] == "view" and v["last"]
            and v["last"]["late"] and v["last"]["seat"] == 1]
    assert late and late[0]["turn"] == events["timed_out"] + 1
    assert any(m["type"] == "room" and m["seats"][1]["status"] == "warned" for m in bob.seen)
    # the pot of 200 is paid 70/30 (or all, 140 + 60) to the two humans by standing
    assert over["pot"] == 200
    order = [s for s in over["standings"] if s in (0, 1)]
    assert [(p["seat"], p["coins"]) for p in over["payout"]] == [(order[0], 140), (order[1], 60)]
    balances = {0: 4900, 1: 4900}
    for p in over["payout"]:
        balances[p["seat"]] += p["coins"]
    for r in over["rewards"]:
        balances[r["seat"]] += r["coins"]  # medium bots: 50 for 1st or 2nd
        assert r["coins"] == 50 and over["standings"].index(r["seat"]) < 2
    store = SQLiteStore(db)
    assert store.balance(pid_of(store, ann.key)) == balances[0]
    assert store.balance(pid_of(store, bob.key)) == balances[1]
    assert store.total() == 0
    # the record replays to the same scores
    record = await bob.ask({"type": "record", "match": over["match"]})
    game, _ = replay_any(record["text"])
    assert list(game.scores) == over["scores"]
    assert "timeout" in record["text"]
    assert check_views(store, over["match"], [ann, ann2, bob]) > 100
    store.close()
    for c in (ann2, bob):
        await c.close()


def test_a_whole_poker_match_with_a_drop_a_reconnect_and_a_timeout(tmp_path):
    db = tmp_path / "poker.sqlite"
    with ServerProcess(db, *FAST) as s:
        asyncio.run(poker_match(s.url, str(db)))
