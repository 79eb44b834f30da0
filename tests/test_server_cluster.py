"""Rooms past one machine (issue 24): three server processes on one Redis. Clients
spread over them see one lobby and play whole matches together (a Poker room, a
1x1 room, a quick-match duel); an identity connecting to a second process
replaces its first connection; the process running
a match is killed with SIGKILL mid-hand and another one takes the match over from
its journal, within a few seconds, with every coin accounted for and no action
applied twice."""

import asyncio
import contextlib
import time

from core.anyrecord import replay_any
from server_support import check_views, Client, FAST, pid_of, play_until_over, ServerProcess
from websockets.exceptions import ConnectionClosed

from server.redisstore import RedisStore

pytest_plugins = ["redis_support"]  # its fixtures: redis_url, own_redis

LEASE = ["--lease-ms", "1500"]


class Cluster:
    """Three `python -m server` processes on the Redis of `url`."""

    def __init__(self, url, *args):
        self.url = url
        self.procs = [ServerProcess(None, "--store", url, *FAST, *LEASE, *args)
                      for _ in range(3)]

    def __enter__(self):
        for p in self.procs:
            p.start()
        return self

    def __exit__(self, *exc):
        errors = [p.stop() for p in self.procs]
        for err in errors:
            assert "Traceback" not in err, err

    def urls(self):
        return [p.url for p in self.procs]


async def registered(url, name):
    c = await Client(url).open()
    await c.hello(name)
    return c


def check_ledger(store):
    """The conservation check over the whole ledger: every movement sums to zero and
    the balances are the sums of the movements."""
    sums = {}
    for m in store.ledger():
        assert sum(m["rows"].values()) == 0, m
        for account, amount in m["rows"].items():
            sums[account] = sums.get(account, 0) + amount
    assert {a: c for a, c in sums.items() if c} == store.accounts()
    assert store.total() == 0


async def spread_play(urls, url):
    ann, bob, cid = [await registered(u, n) for u, n in zip(urls, ("Ann", "Bob", "Cid"),
                                                               strict=True)]
    eve, fay = await registered(urls[1], "Eve"), await registered(urls[2], "Fay")
    poker = await ann.ask({"type": "create", "game": "poker", "fee": 100})
    duel = await eve.ask({"type": "create", "game": "1x1", "fee": 50})
    # one lobby, whichever process is asked
    lobbies = [(await c.ask({"type": "list"}))["rooms"] for c in (ann, bob, cid)]
    for lobby in lobbies:  # the life time left goes on ticking between the asks
        for r in lobby:
            assert 3590000 < r.pop("expires_ms") <= 3600000
    assert lobbies[0] == lobbies[1] == lobbies[2]
    assert [r["room"] for r in lobbies[0]] == [poker["room"], duel["room"]]
    # a room run by another process is joined, filled and started from anywhere
    assert (await bob.ask({"type": "join", "room": poker["room"]}))["you"] == 1
    assert (await cid.ask({"type": "join", "room": poker["room"]}))["pot"] == 300
    assert (await fay.ask({"type": "join", "room": duel["room"]}))["you"] == 1
    assert (await bob.ask({"type": "start"}))["code"] == "not_host"
    await ann.ask({"type": "bot", "level": "easy"})
    assert (await ann.ask({"type": "start"}))["state"] == "playing"
    listed = (await fay.ask({"type": "list"}))["rooms"]  # a room in play is not listed
    assert [(r["room"], r["taken"]) for r in listed] == [(duel["room"], 2)]
    assert (await eve.ask({"type": "start"}))["state"] == "playing"
    # the quick match pairs players waiting on different processes
    gil, hal = await registered(urls[0], "Gil"), await registered(urls[2], "Hal")
    assert (await gil.ask({"type": "quick"}))["type"] == "queued"
    assert (await hal.ask({"type": "quick"}))["type"] == "queued"
    quick = [await c.next("room", where=lambda m: m["state"] == "playing") for c in (gil, hal)]
    assert quick[0]["room"] == quick[1]["room"] and quick[0]["you"] != quick[1]["you"]
    for c in (ann, bob, cid, eve, fay, gil, hal):
        c.drain()
    overs = await play_until_over([ann, bob, cid, eve, fay, gil, hal], timeout=90)
    assert overs[0] == overs[1] == overs[2] and overs[3] == overs[4] and overs[5] == overs[6]
    poker_over, duel_over, quick_over = overs[0], overs[3], overs[5]
    assert poker_over["pot"] == 300 and duel_over["pot"] == 100
    reader = await registered(urls[0], "Ivy")  # a fresh connection: no rate spent playing
    for over in (poker_over, duel_over, quick_over):
        record = await reader.ask({"type": "record", "match": over["match"]})
        game, _ = replay_any(record["text"])
        assert list(game.scores) == over["scores"]
    assert len(duel_over["elo"]) == len(quick_over["elo"]) == 2  # rated across processes
    # balances pushed to each player where it is connected
    store = RedisStore(url)
    try:
        check_ledger(store)
        # each seat was shown its own hand, and of the others only what was played
        assert check_views(store, poker_over["match"], [ann, bob, cid]) > 100
        for c in (ann, bob, cid, eve, fay, gil, hal):
            me = await c.ask({"type": "me"})
            assert me["player"]["coins"] == store.balance(pid_of(store, c.key))
            assert c.latest("balance")["coins"] == me["player"]["coins"]
        assert not store.rooms() and not store.locks()
    finally:
        store.close()

    # the same identity on another process: the first connection is replaced
    again = await Client(urls[2], ann.key).open()
    await again.hello()
    replaced = await ann.next("error", timeout=5)
    assert replaced["code"] == "replaced"
    with contextlib.suppress(ConnectionClosed):
        await ann.next_any(5)
    assert ann.ws.close_code == 4001


def test_clients_on_three_processes_play_poker_and_duels_in_one_lobby(redis_url):
    with Cluster(redis_url) as cluster:
        asyncio.run(spread_play(cluster.urls(), redis_url))


async def seat(c, on_view, reconnect):
    """Play c's seat to the end: `on_view(c, view)` says the action (None: let the
    time run out); a closed connection calls `reconnect(c)`."""
    while True:
        try:
            msg = await c.next_any(30)
        except ConnectionClosed:
            await reconnect(c)
            continue
        if msg["type"] == "over":
            return msg
        if msg["type"] == "view" and msg["legal"]:
            action = on_view(c, msg)
            if action is not None:
                await asyncio.sleep(msg["countdown_ms"] / 1000)
                with contextlib.suppress(ConnectionClosed):
                    await c.send({"type": "act", "turn": msg["turn"], "action": action})


async def failover(cluster, url):
    p0, p1, p2 = cluster.procs
    ann = await registered(p0.url, "Ann")  # her process runs the room: it will die
    bob, cid = await registered(p1.url, "Bob"), await registered(p2.url, "Cid")
    room = await ann.ask({"type": "create", "game": "poker", "fee": 100})
    await bob.ask({"type": "join", "room": room["room"]})
    await cid.ask({"type": "join", "room": room["room"]})
    await ann.ask({"type": "bot", "level": "medium"})
    await ann.ask({"type": "start"})
    bob_seat = 1
    at = {"kill": None, "killed": None, "back": None}

    def on_view(c, view):
        if at["kill"] is None and c is bob and view["turn"] >= 20:
            at["kill"] = view["turn"]  # Bob's turn, mid-hand: the owner dies
            p0.kill()
            at["killed"] = time.monotonic()
        if c is bob and view["turn"] == at["kill"]:
            return None  # and Bob lets his time run out, whoever runs the room
        if at["killed"] and at["back"] is None and view["turn"] > at["kill"]:
            at["back"] = time.monotonic()
        return view["legal"][0][0]

    async def ann_back(c):
        c.url = p1.url  # any living process, with her token
        await c.open()
        at["rejoined"] = len(c.seen)
        welcome = await c.hello(token=c.token)
        assert welcome["room"] == room["room"]

    async def never(c):
        raise AssertionError("%s lost its connection to a living process" % c.url)

    overs = await asyncio.wait_for(asyncio.gather(
        seat(ann, on_view, ann_back), seat(bob, on_view, never), seat(cid, on_view, never)), 90)
    assert overs[0] == overs[1] == overs[2]
    over = overs[0]
    assert at["back"] - at["killed"] < 6  # playing again within a few seconds
    # Ann, back on another process with her token: her room and her snapshot first
    back = [m for m in ann.seen[at["rejoined"]:] if m["type"] in ("room", "view")]
    assert back[0]["type"] == "room" and back[0]["state"] == "playing"
    assert back[1]["type"] == "view" and back[1]["last"] is None
    assert back[1]["turn"] >= at["kill"] and "deadline_ms" in back[1]
    views = [m for c in (ann, bob, cid) for m in c.seen if m["type"] == "view"]
    # no action applied twice: every view of a turn shows the same last action, the
    # journal's, and the turn ids each client saw only grow
    store = RedisStore(url)
    try:
        actions = store.match(over["match"])[1]
        # Bob's time ran out while nobody ran the room (a turn is shorter than a
        # lease), or just after: timed out once, by the new owner; the next human's
        # turn had its full time
        assert actions[at["kill"]][1] == 1
        assert all(v["last"]["seat"] == bob_seat for v in views
                   if v["turn"] == at["kill"] + 1 and v["last"] is not None)
        cid_next = min((v["turn"], v["last"]["late"]) for v in views if v["last"]
                       and v["last"]["seat"] == 2 and v["turn"] > at["kill"] + 1)
        assert cid_next[1] is False
        for v in views:
            if v["last"] is not None:
                assert v["last"]["action"] == actions[v["turn"] - 1][0], v
        for c in (bob, cid):
            turns = [m["turn"] for m in c.seen if m["type"] == "view"]
            assert turns == sorted(turns)
        record = store.match(over["match"])[4]
        game, _ = replay_any(record)
        assert list(game.scores) == over["scores"]
        assert check_views(store, over["match"], [ann, bob, cid]) > 100
        check_ledger(store)
        for c in (ann, bob, cid):
            fees = [m for m in store.ledger() if m["reason"] == "fee"
                    and m["player"] == pid_of(store, c.key)]
            assert len(fees) == 1
        assert len([m for m in store.ledger() if m["reason"] == "payout"]) == len(over["payout"])
        assert not store.rooms() and not store.locks()
    finally:
        store.close()
    return at["back"] - at["killed"]


def test_the_owner_killed_mid_hand_another_process_resumes_the_match(redis_url):
    with Cluster(redis_url, "--grace-ms", "30000", "--turn-ms", "1000") as cluster:
        took = asyncio.run(failover(cluster, redis_url))
    assert took > 0


async def redis_away(cluster, redis_server, url):
    p0, p1 = cluster.procs[:2]
    ann, bob = await registered(p0.url, "Ann"), await registered(p1.url, "Bob")
    cid, dan = await registered(p0.url, "Cid"), await registered(p1.url, "Dan")  # onlookers
    room = await ann.ask({"type": "create", "game": "poker", "fee": 100})
    await bob.ask({"type": "join", "room": room["room"]})
    await ann.ask({"type": "bot", "level": "easy"})
    await ann.ask({"type": "start"})
    state = {"away": None, "refused": None, "back": None, "turn": None}

    async def away():
        while state["turn"] is None or state["turn"] < 15:
            await asyncio.sleep(0.01)
        redis_server.stop()  # SIGTERM: its append-only file is written out
        state["away"] = state["turn"]
        # while it is away: new rooms and new identities are refused, clearly
        state["refused"] = [(await c.ask({"type": t, "game": "1x1"}))["code"]
                            for c, t in ((cid, "list"), (dan, "create"))]
        newcomer = await Client(p0.url).open()
        hello = await newcomer.ask({"type": "hello", "protocol": 1, "key": newcomer.key})
        state["refused"].append(hello["code"])
        await asyncio.sleep(2)  # longer than a lease: every room is given up
        redis_server.start()
        state["back"] = time.monotonic()

    def on_view(c, view):
        state["turn"] = max(state["turn"] or 0, view["turn"])
        return view["legal"][0][0]

    async def never(c):
        raise AssertionError("the connection closed")

    overs = await asyncio.wait_for(asyncio.gather(
        seat(ann, on_view, never), seat(bob, on_view, never), away()), 90)
    assert overs[0] == overs[1]
    assert state["refused"] == ["unavailable"] * 3
    store = RedisStore(url)
    try:
        check_ledger(store)
        for c in (ann, bob):
            fees = [m for m in store.ledger() if m["reason"] == "fee"
                    and m["player"] == pid_of(store, c.key)]
            assert len(fees) == 1
        record = store.match(overs[0]["match"])[4]
        assert list(replay_any(record)[0].scores) == overs[0]["scores"]
    finally:
        store.close()


def test_with_redis_away_requests_are_refused_and_the_match_resumes_when_it_is_back(own_redis):
    with Cluster(own_redis.url, "--grace-ms", "30000") as cluster:
        asyncio.run(redis_away(cluster, own_redis, own_redis.url))
