"""Server processes sharing one Redis: what they tell each other (Redis pub/sub).

Each room runs in the one process holding its lease (server.redisstore); a client
may be connected to any process. A request about a room run elsewhere is posted
to its owner's channel `node:<id>`, with the connection's id, node and identity;
there it goes into the room's inbox from a `RemoteConn`, which the room treats as
any connection: what the room sends it comes back on the client's process's
channel and is written to the socket there. Broadcasts on `nodes` reach every
process: a balance changed, an identity connected elsewhere, a room taken over
(whose attached connections then link again to its new owner).

A process also beats (`alive:<id>`, expiring with the lease): the owner of a room
marks as disconnected the seats linked through a process that stopped beating.

Solo is the one-process case (no Redis, or one process on it): nothing to tell.
"""

import asyncio
import contextlib
import json
import logging

import redis.asyncio
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import ExponentialBackoff

from server.quick import LocalQueue, RedisQueue
from server.store import StoreDown

log = logging.getLogger("server.cluster")
HOPS = 8  # tries to reach a room's owner (half a lease apart) before `unavailable`
BROADCAST = "nodes"


class Solo:
    """One process: every room is this one's."""

    def __init__(self):
        self.queue = LocalQueue()  # the 1x1 quick match's waiting players

    async def start(self, server):
        pass

    async def stop(self):
        pass

    def forward(self, owner, room_id, conn, kind, msg, hops):
        raise AssertionError("a lone process owns every room")

    def balance(self, pid):
        pass

    def replaced(self, pid, cid):
        pass

    def rehome(self, room_id):
        pass

    def beat(self, server):
        pass


class RemoteConn:
    """A client connection of another process, as a room of this one sees it."""

    closed = False

    def __init__(self, cluster, node, cid, player):
        self.cluster = cluster
        self.node = node
        self.cid = cid
        self.player = player
        self.room = None

    def send(self, msg, request=None):
        if request is not None and "id" in request:
            msg = dict(msg, id=request["id"])
        self.cluster.tell(self.node, {"t": "out", "cid": self.cid, "msg": msg})

    def error(self, request, code, message):
        self.send({"type": "error", "code": code, "message": message}, request)

    def attach(self, room_id):
        self.room = room_id
        self.cluster.tell(self.node, {"t": "room", "cid": self.cid, "pid": self.player["id"],
                                      "room": room_id})


class RedisCluster:
    """The processes on the Redis of `store` (a RedisStore)."""

    def __init__(self, store):
        self.store = store
        self.node = store.node
        self.retry_s = store.lease_ms / 2000
        self.server = None
        self.out = asyncio.Queue()
        self.tasks = []
        self.subscribed = None
        self.queue = RedisQueue(self)  # every process's waiting players

    async def start(self, server):
        self.server = server
        self.redis = redis.asyncio.Redis.from_url(
            self.store.url, decode_responses=True, socket_connect_timeout=0.5,
            retry=AsyncRetry(ExponentialBackoff(cap=0.1, base=0.02), 1))
        self.subscribed = asyncio.Event()
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._publish())]
        await asyncio.wait_for(self.subscribed.wait(), 10)
        self.beat(server)

    async def stop(self):
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # --- telling ------------------------------------------------------------------

    def tell(self, node, event, lost=None):
        """Publish `event` to a process (in order); `lost()` if nobody received it."""
        self.out.put_nowait(("node:" + node, json.dumps(event, separators=(",", ":")), lost))

    def _broadcast(self, event):
        self.out.put_nowait((BROADCAST, json.dumps(event, separators=(",", ":")), None))

    def forward(self, owner, room_id, conn, kind, msg, hops):
        """Post to a room that `owner` runs; if that process is gone, try again a
        half lease later (by then the room may be free to claim)."""
        if hops >= HOPS:
            if kind == "req":
                conn.error(msg, "unavailable", "the room's server cannot be reached: try again")
            return

        def lost():
            asyncio.get_running_loop().call_later(
                self.retry_s, self.server.route_safely, conn, room_id, kind, msg, hops + 1)

        self.tell(owner, {"t": "post", "room": room_id, "kind": kind, "node": conn.node,
                          "cid": conn.cid, "player": conn.player, "msg": msg, "hops": hops},
                  lost)

    def balance(self, pid):
        self._broadcast({"t": "balance", "pid": pid})

    def replaced(self, pid, cid):
        self._broadcast({"t": "replace", "pid": pid, "cid": cid})

    def rehome(self, room_id):
        self._broadcast({"t": "rehome", "room": room_id})

    def beat(self, server):
        """This process lives (for a lease); the seats linked through processes that
        stopped beating are disconnected."""
        self.store._do(self.store.r.set, "alive:" + self.node, 1, px=self.store.lease_ms)
        self.queue.beat()
        links = [(room, link) for room in server.rooms.values() for link in room.links.values()
                 if link.node != self.node]
        alive = self.alive({link.node for _, link in links})
        for room, link in links:
            if not alive[link.node]:
                room.post("gone", link)

    def alive(self, nodes):
        """node id -> whether that process beats."""
        nodes = sorted(nodes)
        p = self.store.r.pipeline(transaction=False)
        for node in nodes:
            p.exists("alive:" + node)
        return dict(zip(nodes, self.store._do(p.execute), strict=True))

    def conn(self, node, cid, player):
        """A connection by its id: this process's own, or a RemoteConn (None for a
        connection of this process that closed)."""
        if node == self.node:
            return self.server.by_cid.get(cid)
        return RemoteConn(self, node, cid, player)

    async def _publish(self):
        """One task publishes everything, in order, a pipeline per batch."""
        while True:
            batch = [await self.out.get()]
            while not self.out.empty() and len(batch) < 256:
                batch.append(self.out.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as p:
                    for channel, text, _ in batch:
                        p.publish(channel, text)
                    received = await p.execute()
            except Exception as e:  # Redis away (or loading): what was told is lost
                log.warning("publishing: %r", e)
                received = [0] * len(batch)
            for (_, _, lost), n in zip(batch, received, strict=True):
                if not n and lost is not None:
                    lost()

    # --- hearing ------------------------------------------------------------------

    async def _listen(self):
        while True:
            try:
                async with self.redis.pubsub() as ps:
                    await ps.subscribe("node:" + self.node, BROADCAST)
                    if self.subscribed.is_set():  # back after Redis was away: what was
                        self._reattach()  # told meanwhile is lost, fresh views instead
                    self.subscribed.set()
                    async for m in ps.listen():
                        if m["type"] == "message":
                            self._heard(json.loads(m["data"]))
            except Exception as e:  # Redis away (or loading): subscribe again
                log.warning("listening: %r", e)
                await asyncio.sleep(0.5)

    def _heard(self, event):
        try:
            getattr(self, "_on_" + event["t"])(event)
        except StoreDown as e:
            log.warning("event %r: %r", event, e)
        except Exception:  # one bad event must not stop the listener
            log.exception("event %r", event)

    def _on_post(self, e):
        conn = self.conn(e["node"], e["cid"], e["player"])
        if conn is None and e["kind"] == "gone":  # back home, closed since: the room
            conn = RemoteConn(self, e["node"], e["cid"], e["player"])  # unlinks it by id
        if conn is not None:
            self.server.route_safely(conn, e["room"], e["kind"], e["msg"], e["hops"])

    def _on_out(self, e):
        conn = self.server.by_cid.get(e["cid"])
        if conn is not None:
            conn.send(e["msg"])

    def _on_room(self, e):
        conn = self.server.by_cid.get(e["cid"])
        if conn is not None:
            conn.room = e["room"]
        elif e["room"] is not None:  # linked after it closed: its seat is disconnected
            gone = RemoteConn(self, self.node, e["cid"], {"id": e["pid"]})
            self.server.route_safely(gone, e["room"], "gone")

    def _on_balance(self, e):
        conn = self.server.conns.get(e["pid"])
        if conn is not None:
            conn.send({"type": "balance", "coins": self.store.balance(e["pid"])})

    def _on_replace(self, e):
        conn = self.server.conns.get(e["pid"])
        if conn is not None and conn.cid != e["cid"]:
            self.server.replace(conn)

    def _on_rehome(self, e):
        self._reattach(e["room"])

    def _reattach(self, room_id=None):
        """The connections here attached to that room (None: to any) link again."""
        for conn in list(self.server.by_cid.values()):
            if conn.room is not None and room_id in (None, conn.room):
                self.server.route_safely(conn, conn.room, "attach")
