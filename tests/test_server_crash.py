"""Crash safety (issue 23): the server killed with SIGKILL at random points, then
restarted from its SQLite file. No coin is lost or paid twice, no fee charged twice,
and the match in play resumes from its journal for the clients that come back with
their reconnect tokens."""

import asyncio
import contextlib
import random

from core.anyrecord import replay_any
from server_support import Client, FAST, pid_of, ServerProcess
from websockets.exceptions import ConnectionClosed

from server.store import SQLiteStore

# humans act at once; the grace outlasts a restart on a busy machine
ARGS = FAST + ["--turn-ms", "20000", "--grace-ms", "30000"]


def movements(db, reason, player=None):
    store = SQLiteStore(db)
    sql = "SELECT COUNT(*) FROM movements WHERE reason = ?"
    args = [reason]
    if player is not None:
        sql += " AND player = ?"
        args.append(player)
    n = store.db.execute(sql, args).fetchone()[0]
    store.close()
    return n


class Crashy:
    """The server process, killed and restarted on demand; `url` follows it."""

    def __init__(self, db):
        self.db = db
        self.proc = ServerProcess(db, *ARGS).start()
        self.restarted = asyncio.Event()

    def crash(self):
        self.restarted.clear()
        self.proc.kill()
        err = self.proc.stop()
        assert "Traceback" not in err, err
        self.proc = ServerProcess(self.db, *ARGS).start()
        self.restarted.set()


async def seat_loop(c, crashy, turns_seen):
    """Play c's seat through any number of crashes: reconnect with the token."""
    while True:
        try:
            msg = await c.next_any(60)
        except ConnectionClosed:
            await asyncio.wait_for(crashy.restarted.wait(), 30)
            c.url = crashy.proc.url
            await c.open()
            welcome = await c.hello(token=c.token)
            assert welcome["room"] is not None, welcome
            continue
        if msg["type"] == "over":
            return msg
        if msg["type"] == "view":
            turns_seen.append(msg["turn"])
            if msg["legal"]:
                await asyncio.sleep(msg["countdown_ms"] / 1000)
                act = {"type": "act", "turn": msg["turn"], "action": msg["legal"][0][0]}
                with contextlib.suppress(ConnectionClosed):  # the next read reconnects
                    await c.send(act)


async def crash_run(db, seed):
    rng = random.Random(seed)
    crashy = Crashy(db)
    ann, bob = Client(crashy.proc.url), Client(crashy.proc.url)
    await ann.open()
    await bob.open()
    await ann.hello("Ann")
    await bob.hello("Bob")
    room = await ann.ask({"type": "create", "game": "poker", "fee": 100})
    await bob.ask({"type": "join", "room": room["room"]})

    # killed while waiting: the room, both seats and the pot come back, fees not taken twice
    crashy.crash()
    for c in (ann, bob):
        c.url = crashy.proc.url
        await c.open()
        welcome = await c.hello(token=c.token)
        assert welcome["room"] == room["room"] and welcome["player"]["coins"] == 4900
        back = await c.next("room")
        assert back["pot"] == 200 and back["state"] == "waiting"
    await ann.ask({"type": "bot", "level": "easy"})
    assert (await ann.ask({"type": "start"}))["state"] == "playing"

    turns = []
    kills = sorted(rng.sample(range(10, 150), 2))

    async def killer():
        for at in kills:
            while not turns or turns[-1] < at:
                await asyncio.sleep(0.01)
            crashy.crash()

    kill_task = asyncio.get_running_loop().create_task(killer())
    overs = await asyncio.wait_for(
        asyncio.gather(seat_loop(ann, crashy, turns), seat_loop(bob, crashy, [])), 120)
    await kill_task
    assert overs[0] == overs[1]
    over = overs[0]
    # the match went on from where it was, never dealt again: the turn ids only grow
    assert turns == sorted(turns) and turns[-1] >= 159 and turns[0] == 0
    for c in (ann, bob):
        await c.close()
    crashy.proc.stop()

    store = SQLiteStore(db)
    try:
        assert store.total() == 0
        pids = [pid_of(store, c.key) for c in (ann, bob)]
        for pid in pids:
            assert movements(db, "fee", pid) == 1
        assert movements(db, "payout") == len(over["payout"])
        assert movements(db, "refund") == 0
        expected = {0: 4900, 1: 4900}
        for p in over["payout"]:
            expected[p["seat"]] += p["coins"]
        for r in over["rewards"]:
            expected[r["seat"]] += r["coins"]
        assert [store.balance(pid) for pid in pids] == [expected[0], expected[1]]
        header, actions, finished, _, record = store.match(over["match"])
        assert finished
        game, _ = replay_any(record)
        assert list(game.scores) == over["scores"]
        assert len(record.splitlines()) > len(actions)  # every journalled action in the record
        assert not store.rooms()  # cleaned after the result was delivered
    finally:
        store.close()
    return kills


def test_sigkill_at_random_points_loses_no_coin_and_the_match_resumes(tmp_path):
    kills = asyncio.run(crash_run(str(tmp_path / "crash.sqlite"), 23))
    assert len(kills) == 2
