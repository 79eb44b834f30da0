"""The players waiting for a 1x1 quick match: in this process (LocalQueue), or in
Redis for every process (RedisQueue: hash `quick`, player id -> entry), where one
process at a time, the holder of the `pairer` lease, pairs them all.

The server's pairing (server.app) reads `waiting()`, takes two players out with
`take()` (both or neither: no player is ever paired twice) and marks the
professional as offered with `offered()`. An entry names its connection, a local
`Conn` or, in another process, a `RemoteConn`: the room is made by the pairing
process either way.
"""

import json
import time


class Waiting:
    def __init__(self, conn, elo, since, offered=False):
        self.conn = conn
        self.elo = elo
        self.since = since  # wall-clock seconds
        self.offered = offered


class LocalQueue:
    def __init__(self):
        self.entries = {}

    def add(self, conn, elo):
        self.entries[conn.player["id"]] = Waiting(conn, elo, time.time())

    def remove(self, pid, conn=None):
        """Out of the queue (only if `conn` is the one that queued, when given);
        returns whether it was in."""
        entry = self.entries.get(pid)
        if entry is None or conn is not None and entry.conn.cid != conn.cid:
            return False
        del self.entries[pid]
        return True

    def waiting(self):
        """player id -> Waiting, for the pairing (all of them, in one process)."""
        return dict(self.entries)

    def take(self, pids):
        if not all(pid in self.entries for pid in pids):
            return False
        for pid in pids:
            del self.entries[pid]
        return True

    def offered(self, pid):
        if pid in self.entries:
            self.entries[pid].offered = True


REMOVE = """
local entry = redis.call('HGET', 'quick', ARGV[1])
if not entry or (ARGV[2] ~= '' and cjson.decode(entry).cid ~= ARGV[2]) then return 0 end
return redis.call('HDEL', 'quick', ARGV[1])
"""
TAKE = """
for i = 1, #ARGV do
  if redis.call('HEXISTS', 'quick', ARGV[i]) == 0 then return 0 end
end
for i = 1, #ARGV do redis.call('HDEL', 'quick', ARGV[i]) end
return 1
"""
OFFERED = """
local entry = redis.call('HGET', 'quick', ARGV[1])
if not entry then return 0 end
entry = cjson.decode(entry)
entry.offered = true
return redis.call('HSET', 'quick', ARGV[1], cjson.encode(entry))
"""


class RedisQueue:
    """The queue of every process on the Redis of `cluster` (a RedisCluster)."""

    def __init__(self, cluster):
        self.cluster = cluster
        self.store = cluster.store
        r = self.store.r
        self.scripts = {"remove": r.register_script(REMOVE), "take": r.register_script(TAKE),
                        "offered": r.register_script(OFFERED)}
        self.pairing = False  # whether this process holds the `pairer` lease

    def _run(self, name, *args):
        return self.store._do(self.scripts[name], args=list(args))

    def add(self, conn, elo):
        entry = {"node": conn.node, "cid": conn.cid, "player": conn.player, "elo": elo,
                 "since": time.time(), "offered": False}
        self.store._do(self.store.r.hset, "quick", conn.player["id"], json.dumps(entry))

    def remove(self, pid, conn=None):
        return self._run("remove", pid, conn.cid if conn is not None else "") == 1

    def waiting(self):
        """Every process's waiting players, to the pairing process only (else {});
        those of a process that stopped beating are dropped."""
        if not self.pairing:
            return {}
        entries = {int(pid): json.loads(text)
                   for pid, text in self.store._do(self.store.r.hgetall, "quick").items()}
        alive = self.cluster.alive({e["node"] for e in entries.values()})
        out = {}
        for pid, e in entries.items():
            if not alive[e["node"]]:
                self.remove(pid)
                continue
            conn = self.cluster.conn(e["node"], e["cid"], e["player"])
            if conn is not None:
                out[pid] = Waiting(conn, e["elo"], e["since"], e["offered"])
        return out

    def take(self, pids):
        return self._run("take", *pids) == 1

    def offered(self, pid):
        self._run("offered", pid)

    def beat(self):
        """Hold the pairer lease, or take it when its holder is gone."""
        r, node, lease = self.store.r, self.store.node, self.store.lease_ms
        self.pairing = bool(self.store._do(r.set, "pairer", node, nx=True, px=lease))
        if not self.pairing and self.store._do(r.get, "pairer") == node:
            self.pairing = bool(self.store._do(r.pexpire, "pairer", lease))
