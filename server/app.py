"""The server: connections, identities, the lobby and the 1x1 quick match.

Requests about a room go into that room's inbox (server.room): here when this
process runs the room, else to the process that does (server.cluster). The rest
(hello, register, list, create, quick, record) are answered here. The lobby is the
store's room directory, the same from every process. The rooms and every
identity's seat survive a restart: a room nobody runs (at start-up, or when its
process died) is claimed and rebuilt from the store.
"""

import asyncio
import contextlib
import hashlib
import logging
import re
import time

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from server import games
from server.cluster import Solo
from server.conn import check_fields, check_frame, Conn, MAX_ERRORS
from server.errors import Refused
from server.room import day_today, new_code, PLAYING, Room, Seat, WAITING
from server.store import NameTaken, StoreDown

PROTOCOL = 1
NAME = re.compile(r"[A-Za-z0-9_-]{1,12}\Z")
KEY = re.compile(r"[0-9a-fA-F]{32,64}\Z")
CODE_TRIES = 5  # wrong join codes a minute
REHOMES = 6  # a room taken over asks again for its attached connections (2 leases)
ROOM_TYPES = ("leave", "bot", "unbot", "start", "delete", "act", "control")

log = logging.getLogger("server")


class Config:
    """The server's options (python -m server --help); tests shorten the times."""

    def __init__(self, turn_ms=10000, countdown_ms=10000, bot_ms=1000, grace_ms=60000,
                 ttl_s=3600, sweep_s=30, quick_wait_ms=20000, ping_s=20, lease_ms=5000):
        self.turn_ms = turn_ms
        self.countdown_ms = countdown_ms
        self.bot_ms = bot_ms
        self.grace_ms = grace_ms
        self.ttl_s = ttl_s
        self.sweep_s = sweep_s
        self.quick_wait_ms = quick_wait_ms
        self.ping_s = ping_s
        self.lease_ms = lease_ms  # how long a room stays a dead process's (Redis)


class Server:
    def __init__(self, store, cfg, cluster=None):
        self.store = store
        self.cfg = cfg
        self.node = store.node  # this process, in the store's leases
        self.cluster = cluster or Solo()
        self.conns = {}  # player id -> its connection
        self.by_cid = {}  # connection id -> the connection (this process's)
        self.serial = 0
        self.rooms = {}  # room id -> Room (the rooms this process runs)
        self.queue = self.cluster.queue  # the 1x1 quick match's waiting players
        self.wrong_codes = {}  # player id -> times of wrong codes (the last minute)

    # --- the rooms this process runs ------------------------------------------------

    def adopt_orphans(self):
        """Claim and run every room nobody runs (at start-up: every room kept)."""
        for room_id in self.store.orphans():
            if room_id not in self.rooms:
                self._take_over(room_id)

    def _take_over(self, room_id):
        """(the room, now this process's, or None; its owner, None if no such room)."""
        owner = self.store.claim(room_id)
        if owner != self.node:
            return None, owner
        row = self.store.room(room_id)
        if row is None:
            return None, None
        room = Room.from_row(self, row)
        if room.state not in (WAITING, PLAYING):
            self.store.drop_room(room.id, [])  # finished: its result was paid
            return None, None
        if room.state == PLAYING:
            room.resume_match()  # from its journal (if that fails, the lease runs out)
        if room.closed:
            return None, None
        self.rooms[room.id] = room
        room.run()
        room.rehomes = REHOMES
        self.cluster.rehome(room.id)  # the connections attached to it link again
        return room, self.node

    def _rehome_again(self):
        """A room taken over asks again, a few times, for the connections attached
        to it while a human seat has none linked: what is told while Redis recovers
        may be lost."""
        for room in self.rooms.values():
            if room.rehomes and any(s.plays_itself() and s.pid not in room.links
                                    for s in room.seats):
                room.rehomes -= 1
                self.cluster.rehome(room.id)

    def route(self, conn, room_id, kind, msg=None, hops=0):
        """Post to a room wherever it runs: here (taking it over if its owner is
        gone), or at its owner."""
        room, owner = self.rooms.get(room_id), self.node
        if room is None:
            room, owner = self._take_over(room_id)
        if room is not None:
            room.post(kind, conn, msg)
        elif owner is not None:
            self.cluster.forward(owner, room_id, conn, kind, msg, hops)
        elif kind == "req":
            if msg["type"] in ("join", "resume"):
                conn.error(msg, "no_room", "no such room")
            else:
                conn.error(msg, "not_in_room", "you are not in a room")

    def route_safely(self, conn, room_id, kind, msg=None, hops=0):
        """route(), a request answered `unavailable` while the store is away."""
        try:
            self.route(conn, room_id, kind, msg, hops)
        except StoreDown:
            if kind == "req":
                conn.error(msg, "unavailable", "the server's store cannot be reached")

    def room_closed(self, room):
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    async def serve(self, host, port, ready=None):
        await self.cluster.start(self)
        self.adopt_orphans()
        # No per-message deflate: frames are small, and the handheld's client has no zlib.
        async with serve(self.handler, host, port, max_size=65536, max_queue=8,
                         compression=None, close_timeout=1, ping_interval=self.cfg.ping_s,
                         ping_timeout=self.cfg.ping_s) as ws:
            loop = asyncio.get_running_loop()
            tasks = [loop.create_task(self._sweep()), loop.create_task(self._keep())]
            if ready is not None:
                ready(ws.sockets[0].getsockname()[1])
            try:
                await loop.create_future()  # until cancelled
            finally:
                for task in tasks:
                    task.cancel()
                await self.cluster.stop()

    async def _keep(self):
        """A third of a lease apart: renew the leases of this process's rooms (giving
        up those taken meanwhile, or all of them when the store stayed away a whole
        lease), tell the cluster this process lives, claim the rooms of the dead."""
        period = self.cfg.lease_ms / 3000
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(period)
            try:
                for room_id in self.store.renew(list(self.rooms)):
                    if room_id in self.rooms:
                        self.rooms[room_id].give_up()
                renewed = time.monotonic()
                self.cluster.beat(self)
                self._rehome_again()
                self.adopt_orphans()
            except StoreDown:
                if (time.monotonic() - renewed) * 1000 >= self.cfg.lease_ms:
                    for room in list(self.rooms.values()):
                        room.give_up()
            except Exception:
                log.exception("keeping the leases")

    # --- connections ------------------------------------------------------------

    async def handler(self, ws):
        self.serial += 1
        conn = Conn(ws, self.node, "%s.%d" % (self.node, self.serial))
        self.by_cid[conn.cid] = conn
        try:
            async for frame in ws:
                self.receive(conn, frame)
                if conn.closed:  # let the writer send what is queued, then close
                    await asyncio.wait_for(conn.writer, 2)
                    break
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            await self.disconnected(conn)

    def receive(self, conn, frame):
        msg = None
        try:
            msg = check_frame(frame)
            msg = check_fields(msg)
            if not conn.allow():
                raise Refused("rate_limited", "too many requests: slow down")
            self.dispatch(conn, msg)
        except StoreDown:
            conn.error(msg, "unavailable", "the server's store cannot be reached: try again")
        except Refused as e:
            conn.error(msg, e.code, e.message)
            conn.errors += 1
            if conn.errors >= MAX_ERRORS and e.code in ("bad_frame", "too_big", "unknown_type",
                                                        "bad_field", "rate_limited",
                                                        "hello_first"):
                conn.close(1008, "too many bad requests")
        except Exception:  # a bug answers this one request, never the traceback
            log.exception("request %r", msg)
            conn.error(msg, "internal", "the server could not do that")

    async def disconnected(self, conn):
        conn.closed = True
        conn.writer.cancel()
        self.by_cid.pop(conn.cid, None)
        player = conn.player
        if player is None or self.conns.get(player["id"]) is not conn:
            return
        del self.conns[player["id"]]
        with contextlib.suppress(StoreDown):
            self.queue.remove(player["id"], conn)
        if conn.room is not None:
            with contextlib.suppress(StoreDown):  # the room is given up too then
                self.route(conn, conn.room, "gone")

    def replace(self, old):
        """A newer connection took this one's identity (here or in another process)."""
        old.error(None, "replaced", "this identity connected again elsewhere")
        old.close(4001, "replaced")
        pid = old.player["id"]
        self.queue.remove(pid, old)
        if self.conns.get(pid) is old:
            del self.conns[pid]
        if old.room is not None:
            self.route(old, old.room, "gone")  # until the token comes back

    def dispatch(self, conn, msg):
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"}, msg)
            return
        if conn.player is None and kind != "hello":
            raise Refused("hello_first", "the first message must be hello")
        if kind in ROOM_TYPES:
            room_id = conn.room
            if kind == "leave" and room_id is None:
                room_id = self.store.room_of(conn.player["id"])  # leaving needs no token
            if room_id is None:
                raise Refused("not_in_room", "you are not in a room")
            self.route(conn, room_id, "req", msg)
            return
        getattr(self, "on_" + kind)(conn, msg)

    # --- identity ----------------------------------------------------------------

    def player_json(self, pid):
        p = self.store.player(pid)
        registered = p["name"] is not None
        poker = None
        if registered:
            poker = self.store.stats(pid) or {"matches": 0, "wins": 0, "points": 0}
        return {"name": p["name"], "guest": not registered, "coins": p["coins"],
                "elo": p["elo"] if registered else None,
                "rewarded_today": self.store.rewarded(pid, day_today()), "poker": poker}

    def push_balance(self, pid):
        """Tell the player its balance, wherever it is connected."""
        conn = self.conns.get(pid)
        if conn is not None:
            conn.send({"type": "balance", "coins": self.store.balance(pid)})
        else:
            self.cluster.balance(pid)

    def on_hello(self, conn, msg):
        if conn.player is not None:
            raise Refused("bad_field", "hello only once per connection")
        if msg["protocol"] != PROTOCOL:
            raise Refused("protocol", "this server speaks protocol %d" % PROTOCOL)
        if not KEY.match(msg["key"]):
            raise Refused("bad_key", "the key is 32 to 64 hex digits")
        key_hash = hashlib.sha256(msg["key"].lower().encode()).hexdigest()
        player = self.store.player_by_key(key_hash) or self.store.create_guest(key_hash)
        pid = player["id"]
        old = self.conns.get(pid)
        if old is not None:
            self.replace(old)
        conn.player = player
        self.conns[pid] = conn
        self.cluster.replaced(pid, conn.cid)  # an older connection in another process
        room_id = self.store.room_of(pid)
        conn.send({"type": "welcome", "protocol": PROTOCOL, "player": self.player_json(pid),
                   "room": room_id}, msg)
        if room_id is not None and "token" in msg:
            resume = {"type": "resume", "token": msg["token"]}
            if "id" in msg:
                resume["id"] = msg["id"]  # a refusal answers the hello
            self.route(conn, room_id, "req", resume)

    def on_resume(self, conn, msg):
        """The seat's token shown: the room links this connection (server.room)."""
        room_id = self.store.room_of(conn.player["id"])
        if room_id is None:
            raise Refused("no_room", "you are in no room")
        self.route(conn, room_id, "req", msg)

    def on_me(self, conn, msg):
        conn.send({"type": "player", "player": self.player_json(conn.player["id"])}, msg)

    def on_register(self, conn, msg):
        name = msg["name"]
        if not NAME.match(name):
            raise Refused("bad_name", "a name is 1-12 letters, digits, _ or -")
        if conn.player["name"] is not None:
            raise Refused("registered", "you are %s already" % conn.player["name"])
        try:
            conn.player = self.store.register(conn.player["id"], name)
        except NameTaken:
            raise Refused("name_taken", "%s is taken" % name) from None
        conn.send({"type": "player", "player": self.player_json(conn.player["id"])}, msg)

    # --- the lobby -----------------------------------------------------------------

    def on_list(self, conn, msg):
        """The public waiting rooms of the store's directory (every process's)."""
        game = msg.get("game")
        if game is not None and game not in games.GAMES:
            raise Refused("bad_game", "games: " + ", ".join(games.GAMES))
        now = time.time()
        rows = sorted(self.store.rooms(), key=lambda r: (r["created"], r["id"]))
        rooms = [
            {"room": r["id"], "game": r["game"], "options": r["options"],
             "seats": len(r["seats"]), "taken": sum(s["kind"] != "empty" for s in r["seats"]),
             "fee": r["fee"], "host": r["seats"][r["host"]]["name"],
             "expires_ms": max(int((r["created"] + self.cfg.ttl_s - now) * 1000), 0)}
            for r in rows
            if r["state"] == WAITING and not r["private"] and (game is None or r["game"] == game)
        ]
        conn.send({"type": "rooms", "game": game, "rooms": rooms[:100]}, msg)

    def _new_room(self, conn, game, options_words="", fee=0, private=False):
        if game not in games.GAMES:
            raise Refused("bad_game", "games: " + ", ".join(games.GAMES))
        try:
            options = games.parse_options(game, options_words)
        except games.BadOptions as e:
            raise Refused("bad_options", str(e)) from None
        if fee < 0:
            raise Refused("bad_fee", "a fee is 0 or more coins")
        if fee and conn.player["name"] is None:
            raise Refused("guest", "a guest may host only free rooms")
        if fee > self.store.balance(conn.player["id"]):
            raise Refused("coins", "the fee may be at most your balance")
        if self.store.room_of(conn.player["id"]) is not None:
            raise Refused("in_room", "you are in a room already: leave it first")
        room = Room(self, "r%d" % self.store.next_serial("room"), game, options, fee, private)
        while room.code and self.store.room_by_code(room.code) is not None:
            room.code = new_code()
        self.store.claim(room.id, new=True)  # a fresh id: this process's
        room.sit(conn)
        self.rooms[room.id] = room
        return room

    def on_create(self, conn, msg):
        self.queue.remove(conn.player["id"])
        room = self._new_room(conn, msg["game"], msg.get("options", ""), msg.get("fee", 0),
                              msg.get("private", False))
        room.run()
        conn.send(room.room_message(0), msg)

    def on_join(self, conn, msg):
        if "code" in msg:
            pid = conn.player["id"]
            now = time.monotonic()
            tries = [t for t in self.wrong_codes.get(pid, []) if now - t < 60]
            self.wrong_codes[pid] = tries
            if len(tries) >= CODE_TRIES:
                raise Refused("slow_down", "too many wrong codes: wait a minute")
            room_id = self.store.room_by_code(msg["code"].upper())
            if room_id is None:
                tries.append(now)
                raise Refused("bad_code", "no room has that code")
        else:
            row = self.store.room(msg.get("room", ""))
            if row is None or row["private"]:
                raise Refused("no_room", "no such room (a private room needs its code)")
            room_id = row["id"]
        if self.store.room_of(conn.player["id"]) is not None:
            raise Refused("in_room", "you are in a room already: leave it first")
        self.queue.remove(conn.player["id"])
        self.route(conn, room_id, "req", msg)

    def on_record(self, conn, msg):
        found = self.store.match(msg["match"])
        if found is None or not found[2]:
            raise Refused("no_match", "no finished match has that id")
        conn.send({"type": "record", "match": msg["match"], "text": found[4]}, msg)

    # --- the 1x1 quick match --------------------------------------------------------

    def on_quick(self, conn, msg):
        pid = conn.player["id"]
        if conn.player["name"] is None:
            raise Refused("guest", "register a name to play rated duels")
        if self.store.room_of(pid) is not None:
            raise Refused("in_room", "you are in a room already: leave it first")
        if msg.get("bot"):
            self.queue.remove(pid)
            room = self._new_room(conn, "1x1")
            pro = room.seats[1] = Seat("bot", level=games.LEVELS["1x1"][-1])
            pro.rating = games.PRO_ELO
            room.start(msg, conn)  # the room message answers the request
            room.run()
            return
        self.queue.add(conn, self.store.player(pid)["elo"])
        conn.send({"type": "queued"}, msg)
        self._pair()

    def on_unqueue(self, conn, msg):
        if not self.queue.remove(conn.player["id"]):
            raise Refused("not_queued", "you are not waiting for a duel")
        conn.send({"type": "unqueued"}, msg)

    def _pair(self):
        """Pair waiting players of close Elo (the window widens as they wait); offer
        the professional to whoever has waited long enough. With several processes
        one of them pairs every process's players."""
        now = time.time()
        waiting = sorted(self.queue.waiting().items(), key=lambda kv: kv[1].elo)
        paired = set()
        for (pa, a), (pb, b) in zip(waiting, waiting[1:], strict=False):
            if pa in paired or pb in paired:
                continue
            window = 100 + 100 * int((now - min(a.since, b.since)) // 10)
            if abs(a.elo - b.elo) > window or not self.queue.take([pa, pb]):
                continue
            paired |= {pa, pb}
            try:
                room = self._new_room(a.conn, "1x1")
            except Refused as e:
                a.conn.error(None, e.code, e.message)
                continue
            try:
                room.sit(b.conn)
            except Refused as e:
                b.conn.error(None, e.code, e.message)
                room.post("expire")  # nobody played: the host's seat is freed
                room.run()
                continue
            room.start()
            room.run()
        for pid, w in waiting:
            if pid not in paired and not w.offered and (now - w.since) * 1000 >= \
                    self.cfg.quick_wait_ms:
                self.queue.offered(pid)
                w.conn.send({"type": "offer", "level": games.LEVELS["1x1"][-1],
                             "elo": games.PRO_ELO})

    async def _sweep(self):
        """Every second the quick match pairs; every `sweep_s` the rooms past their
        hour go (not those in play)."""
        swept = time.monotonic()
        while True:
            await asyncio.sleep(1)
            try:
                self._pair()
            except StoreDown:  # the waiting players pair when it is back
                continue
            except Exception:
                log.exception("pairing")
            if time.monotonic() - swept < self.cfg.sweep_s:
                continue
            swept = time.monotonic()
            now = time.time()
            for room in list(self.rooms.values()):
                if room.state != PLAYING and now - room.created >= self.cfg.ttl_s:
                    room.post("expire")
