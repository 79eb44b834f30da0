"""The room server's tests: a real server process on 127.0.0.1 (a free port, its own
SQLite file, shortened timers), and scripted clients that keep every message they
receive. Every wait is bounded."""

import asyncio
import hashlib
import json
import os
import pathlib
import secrets
import signal
import subprocess
import sys
import time

from websockets.asyncio.client import connect

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACE, PACE_BURST = 15.0, 30.0  # requests a second a Client sends at most, and its burst
FAST = ["--turn-ms", "1500", "--countdown-ms", "200", "--bot-ms", "5", "--grace-ms", "1500",
        "--quick-wait-ms", "1000"]


class ServerProcess:
    """`python -m server` started on a free loopback port; stop() or kill() ends it.
    `db` is its SQLite file, or None with "--store", URL among the `args`."""

    def __init__(self, db, *args):
        self.args = (["--db", str(db)] if db is not None else []) + list(args)
        self.proc = None
        self.url = None

    def start(self):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0", *self.args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        line = self.proc.stdout.readline()  # the server prints it once it listens
        if not line.startswith("listening on "):
            self.proc.kill()
            raise RuntimeError("the server did not start: %s %s" % (line, self.proc.stderr.read()))
        self.url = line.split()[-1]
        return self

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        """Stop it; returns what it wrote on stderr (a traceback there is a bug)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self.proc.stderr.read()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        err = self.stop()
        assert "Traceback" not in err, err


def pid_of(store, key):
    """The player id a device key stands for in a store."""
    return store.player_by_key(hashlib.sha256(key.encode()).hexdigest())["id"]


def new_key():
    return secrets.token_hex(16)


class Client:
    """A scripted client: `await c.ask({...})` sends a request and returns its answer;
    `await c.next("view")` waits for the next pushed message of a type. Every message
    received is kept in `seen`."""

    def __init__(self, url, key=None):
        self.url = url
        self.key = key or new_key()
        self.ws = None
        self.seen = []
        self.inbox = []  # received, not yet consumed
        self.n = 0
        self.token = None
        self.room = None
        self.tokens = PACE_BURST  # the client keeps under the server's rate limit
        self.stamp = time.monotonic()

    async def open(self):
        self.ws = await connect(self.url, max_size=2**20, compression=None)
        return self

    async def close(self):
        await self.ws.close()

    async def send(self, msg):
        """Send a request, waiting first if it would go over PACE a second (the
        server refuses more than 20: a scripted player facing bots that move at
        once would)."""
        now = time.monotonic()
        self.tokens = min(PACE_BURST, self.tokens + (now - self.stamp) * PACE)
        self.stamp = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / PACE)
            self.tokens, self.stamp = 1, time.monotonic()
        self.tokens -= 1
        await self.ws.send(json.dumps(msg))

    async def _recv(self, timeout):
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        msg = json.loads(text)
        self.seen.append(msg)
        if msg.get("type") == "room":
            self.token = msg["token"]
            self.room = msg
        return msg

    async def next(self, kind, timeout=10, where=None):
        """The next message of that type (and `where(msg)` true); earlier others stay."""
        deadline = time.monotonic() + timeout
        for i, msg in enumerate(self.inbox):
            if msg["type"] == kind and (where is None or where(msg)):
                return self.inbox.pop(i)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no %s message: %s" % (kind, self.inbox[-5:]))
            msg = await self._recv(left)
            if msg["type"] == kind and (where is None or where(msg)):
                return msg
            self.inbox.append(msg)

    def latest(self, kind):
        """The last message of that type received so far (inbox included)."""
        for msg in reversed(self.seen):
            if msg["type"] == kind:
                return msg
        return None

    async def ask(self, msg, timeout=10):
        self.n += 1
        msg = dict(msg, id=self.n)
        await self.send(msg)
        while True:
            answer = await self.next_any(timeout)
            if answer.get("id") == self.n:
                return answer
            self.inbox.append(answer)

    async def next_any(self, timeout):
        return await self._recv(timeout)

    async def hello(self, name=None, token=None):
        msg = {"type": "hello", "protocol": 1, "key": self.key}
        if token:
            msg["token"] = token
        welcome = await self.ask(msg)
        assert welcome["type"] == "welcome", welcome
        if name:
            player = await self.ask({"type": "register", "name": name})
            assert player["type"] == "player", player
        return welcome

    def drain(self):
        self.inbox.clear()


async def play_until_over(clients, timeout=60, choose=None):
    """Each client acts on its views (the first legal action, or `choose(client,
    view)`) until every client has its `over`; returns the over messages."""

    async def run(c):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = await c.next_any(deadline - time.monotonic())
            if msg["type"] == "over":
                return msg
            if msg["type"] == "view" and msg["legal"]:
                await asyncio.sleep(msg["countdown_ms"] / 1000)  # no act before the first turn
                action = choose(c, msg) if choose else msg["legal"][0][0]
                if action is not None:
                    await c.send({"type": "act", "turn": msg["turn"], "action": action})
        raise TimeoutError("the match did not end")

    return await asyncio.gather(*(run(c) for c in clients))


def check_views(store, match_id, clients):
    """Every view a client got shows its own hand at that turn, and of the other
    hands only what was played (Poker; the store holds the match's journal)."""
    from server.games import Match, parse_options, tiles

    header, actions = store.match(match_id)[:2]
    m = Match("poker", parse_options("poker", header["options"]), header["seed"], header["names"])
    states = []
    for action, late, took, _ in actions:
        states.append(([tiles(h) for h in m.game.hands], m.game.played))
        m.apply(action, bool(late), took)
    states.append(([tiles(h) for h in m.game.hands], m.game.played))
    checked = 0
    for c in clients:
        for v in (msg for msg in c.seen if msg["type"] == "view"):
            hands, _ = states[v["turn"]]
            seat = v["you"]
            assert v["table"]["hand"] == hands[seat]
            hidden = {t for s in range(4) if s != seat for t in hands[s]}
            shown = set(v["table"]["trick"])
            if v["table"]["last_trick"]:
                shown |= set(v["table"]["last_trick"]["tiles"])
            assert not shown & hidden
            assert all(a >> 3 in hands[seat] for a, _ in v["legal"] if a < 224)
            checked += 1
    return checked


class FakeConn:
    """A connection without a socket, for in-process tests of the lobby and rooms."""

    made = 0

    def __init__(self):
        FakeConn.made += 1
        self.node = "local"
        self.cid = "fake.%d" % FakeConn.made
        self.player = None
        self.room = None
        self.closed = False
        self.sent = []
        self.errors = 0

    def send(self, msg, request=None):
        if request is not None and "id" in request:
            msg = dict(msg, id=request["id"])
        self.sent.append(msg)

    def error(self, request, code, message):
        self.send({"type": "error", "code": code, "message": message}, request)

    def close(self, code=1000, reason=""):
        self.closed = True

    def attach(self, room_id):
        self.room = room_id

    def allow(self):
        return True

    def last(self, kind):
        for msg in reversed(self.sent):
            if msg["type"] == kind:
                return msg
        return None


class Harness:
    """The server's lobby and rooms in this process, on a store (an SQLiteStore or a
    RedisStore: the `store` fixture of redis_support gives both), driven request by
    request: `await h.ask(conn, {...})` dispatches it and lets every room handle what
    was posted to it (and whatever comes due) before it returns."""

    def __init__(self, store, **cfg):
        import server  # noqa: F401  (firmware/ on the path)
        from server.app import Config, Server

        self.store = store
        self.server = Server(self.store, Config(**cfg))
        self.asked = 0

    async def settle(self, rounds=3):
        for _ in range(rounds):
            await asyncio.sleep(0)

    async def ask(self, conn, msg):
        from server.errors import Refused

        self.asked += 1
        msg = dict(msg, id=self.asked)
        start = len(conn.sent)
        try:
            self.server.dispatch(conn, msg)
        except Refused as e:
            conn.error(msg, e.code, e.message)
        await self.settle()
        answers = [m for m in conn.sent[start:] if m.get("id") == self.asked]
        return answers[0] if answers else None

    async def player(self, name=None):
        conn = FakeConn()
        await self.ask(conn, {"type": "hello", "protocol": 1, "key": new_key()})
        if name:
            await self.ask(conn, {"type": "register", "name": name})
        return conn

    def close(self):
        for room in list(self.server.rooms.values()):
            if room.task is not None:
                room.task.cancel()
        self.store.close()
