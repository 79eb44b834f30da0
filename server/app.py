"""The server: connections, identities, the lobby and the 1x1 quick match.

Requests about a room go into that room's inbox (server.room); the rest (hello,
register, list, create, quick, record) are answered here. The rooms and every
identity's seat survive a restart: they are rebuilt from the store at start-up.
"""

import asyncio
import hashlib
import logging
import re
import time

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from server import games
from server.conn import check_fields, check_frame, Conn, MAX_ERRORS
from server.errors import Refused
from server.room import day_today, new_code, PLAYING, Room, Seat, WAITING
from server.store import NameTaken

PROTOCOL = 1
NAME = re.compile(r"[A-Za-z0-9_-]{1,12}\Z")
KEY = re.compile(r"[0-9a-fA-F]{32,64}\Z")
CODE_TRIES = 5  # wrong join codes a minute
ROOM_TYPES = ("join", "leave", "bot", "unbot", "start", "delete", "act", "control")

log = logging.getLogger("server")


class Config:
    """The server's options (python -m server --help); tests shorten the times."""

    def __init__(self, turn_ms=10000, countdown_ms=10000, bot_ms=1000, grace_ms=60000,
                 ttl_s=3600, sweep_s=30, quick_wait_ms=20000, ping_s=20):
        self.turn_ms = turn_ms
        self.countdown_ms = countdown_ms
        self.bot_ms = bot_ms
        self.grace_ms = grace_ms
        self.ttl_s = ttl_s
        self.sweep_s = sweep_s
        self.quick_wait_ms = quick_wait_ms
        self.ping_s = ping_s


class Server:
    def __init__(self, store, cfg):
        self.store = store
        self.cfg = cfg
        self.conns = {}  # player id -> its connection
        self.rooms = {}  # room id -> Room
        self.codes = {}  # join code -> Room
        self.queue = {}  # 1x1 quick match: player id -> (conn, elo, since, offered)
        self.wrong_codes = {}  # player id -> times of wrong codes (the last minute)

    # --- start-up -------------------------------------------------------------

    def restore(self):
        """Every room the store kept, running again; matches in play from their journal."""
        for row in self.store.rooms():
            room = Room.from_row(self, row)
            if room.state not in (WAITING, PLAYING):
                self.store.drop_room(room.id, [])  # finished: its result was paid
                continue
            self._add_room(room)
            if room.state == PLAYING:
                room.resume_match()
            if not room.closed:
                room.run()

    async def serve(self, host, port, ready=None):
        self.restore()
        # No per-message deflate: frames are small, and the handheld's client has no zlib.
        async with serve(self.handler, host, port, max_size=65536, max_queue=8,
                         compression=None, close_timeout=1, ping_interval=self.cfg.ping_s,
                         ping_timeout=self.cfg.ping_s) as ws:
            sweeper = asyncio.get_running_loop().create_task(self._sweep())
            if ready is not None:
                ready(ws.sockets[0].getsockname()[1])
            try:
                await asyncio.get_running_loop().create_future()  # until cancelled
            finally:
                sweeper.cancel()

    # --- connections ------------------------------------------------------------

    async def handler(self, ws):
        conn = Conn(ws)
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
        player = conn.player
        if player is None or self.conns.get(player["id"]) is not conn:
            return
        del self.conns[player["id"]]
        self.queue.pop(player["id"], None)
        room = self.rooms.get(conn.room)
        if room is not None:
            room.post("gone", player["id"])

    def dispatch(self, conn, msg):
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"}, msg)
            return
        if conn.player is None and kind != "hello":
            raise Refused("hello_first", "the first message must be hello")
        if kind == "leave" and conn.room is None:
            conn.room = self.store.room_of(conn.player["id"])  # leaving needs no token
        if kind in ROOM_TYPES and kind != "join":
            room = self.rooms.get(conn.room)
            if room is None:
                raise Refused("not_in_room", "you are not in a room")
            room.post("req", conn, msg)
            return
        getattr(self, "on_" + kind)(conn, msg)

    # --- identity ----------------------------------------------------------------

    def player_json(self, pid):
        p = self.store.player(pid)
        registered = p["name"] is not None
        return {"name": p["name"], "guest": not registered, "coins": p["coins"],
                "elo": p["elo"] if registered else None,
                "rewarded_today": self.store.rewarded(pid, day_today())}

    def push_balance(self, pid):
        conn = self.conns.get(pid)
        if conn is not None:
            conn.send({"type": "balance", "coins": self.store.balance(pid)})

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
            old.error(None, "replaced", "this identity connected again elsewhere")
            old.close(4001, "replaced")
            self.queue.pop(pid, None)
            if old.room in self.rooms:
                self.rooms[old.room].post("gone", pid)  # until the token comes back
        conn.player = player
        self.conns[pid] = conn
        room_id = self.store.room_of(pid)
        conn.send({"type": "welcome", "protocol": PROTOCOL, "player": self.player_json(pid),
                   "room": room_id}, msg)
        if room_id is not None and "token" in msg:
            try:
                self._resume(conn, msg["token"])
            except Refused as e:
                conn.error(msg, e.code, e.message)

    def on_resume(self, conn, msg):
        self._resume(conn, msg["token"])

    def _resume(self, conn, token):
        room = self.rooms.get(self.store.room_of(conn.player["id"]))
        if room is None:
            raise Refused("no_room", "you are in no room")
        for s in room.seats:
            if s.kind == "human" and s.token == token and s.pid == conn.player["id"]:
                if s.forfeit:
                    raise Refused("forfeited", "you left this match")
                conn.room = room.id
                room.post("attach", conn, s.pid)
                return
        raise Refused("bad_token", "that is not your seat's token")

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
        game = msg.get("game")
        if game is not None and game not in games.GAMES:
            raise Refused("bad_game", "games: " + ", ".join(games.GAMES))
        now = time.time()
        rooms = [
            {"room": r.id, "game": r.game, "options": games.options_text(r.options),
             "seats": len(r.seats), "taken": sum(s.kind != "empty" for s in r.seats),
             "fee": r.fee, "host": r.seats[r.host].name,
             "expires_ms": max(int((r.created + self.cfg.ttl_s - now) * 1000), 0)}
            for r in self.rooms.values()
            if r.state == WAITING and not r.private and not r.closed
            and (game is None or r.game == game)
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
        while room.code in self.codes:
            room.code = new_code()
        room.sit(conn)
        self._add_room(room)
        return room

    def _add_room(self, room):
        self.rooms[room.id] = room
        if room.code:
            self.codes[room.code] = room

    def room_closed(self, room):
        self.rooms.pop(room.id, None)
        if room.code:
            self.codes.pop(room.code, None)

    def on_create(self, conn, msg):
        self.queue.pop(conn.player["id"], None)
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
            room = self.codes.get(msg["code"].upper())
            if room is None:
                tries.append(now)
                raise Refused("bad_code", "no room has that code")
        else:
            room = self.rooms.get(msg.get("room"))
            if room is None or room.private:
                raise Refused("no_room", "no such room (a private room needs its code)")
        if self.store.room_of(conn.player["id"]) is not None:
            raise Refused("in_room", "you are in a room already: leave it first")
        self.queue.pop(conn.player["id"], None)
        room.post("req", conn, msg)

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
            self.queue.pop(pid, None)
            room = self._new_room(conn, "1x1")
            pro = room.seats[1] = Seat("bot", level=games.LEVELS["1x1"][-1])
            pro.rating = games.PRO_ELO
            room.start(msg, conn)  # the room message answers the request
            room.run()
            return
        self.queue[pid] = (conn, self.store.player(pid)["elo"], time.monotonic(), False)
        conn.send({"type": "queued"}, msg)
        self._pair()

    def on_unqueue(self, conn, msg):
        if self.queue.pop(conn.player["id"], None) is None:
            raise Refused("not_queued", "you are not waiting for a duel")
        conn.send({"type": "unqueued"}, msg)

    def _pair(self):
        """Pair waiting players of close Elo (the window widens as they wait); offer
        the professional to whoever has waited long enough."""
        now = time.monotonic()
        waiting = sorted(self.queue.items(), key=lambda kv: kv[1][1])
        for (pa, a), (pb, b) in zip(waiting, waiting[1:], strict=False):
            if pa not in self.queue or pb not in self.queue:
                continue
            window = 100 + 100 * int(max(now - a[2], now - b[2]) // 10)
            if abs(a[1] - b[1]) <= window:
                del self.queue[pa], self.queue[pb]
                try:
                    room = self._new_room(a[0], "1x1")
                except Refused as e:
                    a[0].error(None, e.code, e.message)
                    continue
                try:
                    room.sit(b[0])
                except Refused as e:
                    b[0].error(None, e.code, e.message)
                    room.post("expire")  # nobody played: the host's seat is freed
                    room.run()
                    continue
                room.start()
                room.run()
        for pid, (conn, rating, since, offered) in list(self.queue.items()):
            if not offered and (now - since) * 1000 >= self.cfg.quick_wait_ms:
                self.queue[pid] = (conn, rating, since, True)
                conn.send({"type": "offer", "level": games.LEVELS["1x1"][-1],
                           "elo": games.PRO_ELO})

    async def _sweep(self):
        """Every second the quick match pairs; every `sweep_s` the rooms past their
        hour go (not those in play)."""
        swept = time.monotonic()
        while True:
            await asyncio.sleep(1)
            self._pair()
            if time.monotonic() - swept < self.cfg.sweep_s:
                continue
            swept = time.monotonic()
            now = time.time()
            for room in list(self.rooms.values()):
                if room.state != PLAYING and now - room.created >= self.cfg.ttl_s:
                    room.post("expire")
