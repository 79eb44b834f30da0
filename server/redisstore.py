"""The store on Redis (the `redis` package against a redis-server): what several
server processes share, with SQLiteStore's meaning method for method.

Every step that writes more than one key is one Lua script, which Redis runs
alone: the checks first, then the writes, so a refused step writes nothing and no
other process ever sees half of one. Nothing is read in Python and written back.

Keys (one Redis database; the URL's /N picks it):

    ids                     INCR: the next player id
    player:<id>             hash: key_hash, name, elo, created
    keys, names             hash: key hash -> id, lower-case name -> id
    accounts                hash: account -> balance (the ledger's sums, kept with it)
    movements               list: every movement as JSON (the ledger, append-only)
    movement-keys           set: the unique keys of movements ("payout:m3:7")
    rewarded:<day>          hash: player id -> rewarded matches that day
    locks                   hash: player id -> room (the one-room lock)
    room-locks:<room>       set: the players a room holds
    rooms, codes            hash: room id -> row JSON, join code -> room id
    lease:<room>            the owning process's node id, expiring (PX)
    match:<id>              hash: room, header, finished, result, record
    actions:<id>            list: "action late took at" per action, in order
    stats:<id>              hash: matches, wins, points
    serial:<name>           INCR: room and match numbers

A room's writes are fenced: each script that changes a room first checks that its
lease names this process, else it writes nothing and the call raises Lost (the
room was taken over while this process stalled). The journal also refuses an
action n that is not the next one, so no action is ever applied twice.
"""

import json
import secrets
import time

import redis
from core.coins import WELCOME
from core.elo import START
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from server.store import account, InRoom, Lost, NameTaken, Poor, pot, Store, StoreDown

LEASE_MS = 5000
# A call to a Redis that is away fails within about a second (one quick retry, for a
# connection Redis closed), never holding the event loop for the client's default
# ten retries.
CLIENT = {"socket_timeout": 1, "socket_connect_timeout": 0.5,
          "retry": Retry(ExponentialBackoff(cap=0.1, base=0.02), 1)}

PRELUDE = """
local node = ARGV[1]
local function fenced(room)
  if redis.call('GET', 'lease:' .. room) ~= node then
    return redis.error_reply('lost ' .. room)
  end
end
local function move(m)
  if m.key ~= cjson.null then
    if redis.call('SADD', 'movement-keys', m.key) == 0 then return false end
  end
  for acct, amount in pairs(m.rows) do
    if redis.call('HINCRBY', 'accounts', acct, amount) == 0 then
      redis.call('HDEL', 'accounts', acct)
    end
  end
  redis.call('RPUSH', 'movements', cjson.encode(m))
  return true
end
local function drop_code(code, room)
  if code ~= cjson.null and redis.call('HGET', 'codes', code) == room then
    redis.call('HDEL', 'codes', code)
  end
end
local function put_room(text)
  local row = cjson.decode(text)
  local old = redis.call('HGET', 'rooms', row.id)
  if old then drop_code(cjson.decode(old).code, row.id) end
  redis.call('HSET', 'rooms', row.id, text)
  if row.code ~= cjson.null then redis.call('HSET', 'codes', row.code, row.id) end
end
local function balance(acct)
  return tonumber(redis.call('HGET', 'accounts', acct) or '0')
end
"""

SCRIPTS = {
    # ARGV: node, key hash, now -> the player id (the existing one for a known hash)
    "create_guest": """
local pid = redis.call('HGET', 'keys', ARGV[2])
if pid then return tonumber(pid) end
pid = redis.call('INCR', 'ids')
redis.call('HSET', 'player:' .. pid, 'key_hash', ARGV[2], 'elo', ARGV[4], 'created', ARGV[3])
redis.call('HSET', 'keys', ARGV[2], pid)
return pid
""",
    # ARGV: node, pid, name, the welcome movement -> 'taken' or 'ok'
    "register": """
if redis.call('HSETNX', 'names', string.lower(ARGV[3]), ARGV[2]) == 0 then return 'taken' end
redis.call('HSET', 'player:' .. ARGV[2], 'name', ARGV[3])
move(cjson.decode(ARGV[4]))
return 'ok'
""",
    # ARGV: node, row, pid, fee, the fee movement (or '') -> 'in_room', 'poor' or 'ok'
    "take_seat": """
local row = cjson.decode(ARGV[2])
local err = fenced(row.id) if err then return err end
if redis.call('HEXISTS', 'locks', ARGV[3]) == 1 then return 'in_room' end
local fee = tonumber(ARGV[4])
if fee > 0 and balance('p:' .. ARGV[3]) < fee then return 'poor' end
redis.call('HSET', 'locks', ARGV[3], row.id)
redis.call('SADD', 'room-locks:' .. row.id, ARGV[3])
if fee > 0 then move(cjson.decode(ARGV[5])) end
put_room(ARGV[2])
return 'ok'
""",
    # ARGV: node, row, pid, the refund movement (or '')
    "free_seat": """
local row = cjson.decode(ARGV[2])
local err = fenced(row.id) if err then return err end
if redis.call('HGET', 'locks', ARGV[3]) == row.id then redis.call('HDEL', 'locks', ARGV[3]) end
redis.call('SREM', 'room-locks:' .. row.id, ARGV[3])
if ARGV[4] ~= '' then move(cjson.decode(ARGV[4])) end
put_room(ARGV[2])
return 'ok'
""",
    # ARGV: node, row
    "save_room": """
local err = fenced(cjson.decode(ARGV[2]).id) if err then return err end
put_room(ARGV[2])
return 'ok'
""",
    # ARGV: node, room id, [refund movements], the house movement (its rows filled here)
    "drop_room": """
local room = ARGV[2]
local err = fenced(room) if err then return err end
for _, pid in ipairs(redis.call('SMEMBERS', 'room-locks:' .. room)) do
  if redis.call('HGET', 'locks', pid) == room then redis.call('HDEL', 'locks', pid) end
end
redis.call('DEL', 'room-locks:' .. room)
for _, m in ipairs(cjson.decode(ARGV[3])) do move(m) end
local left = balance('pot:' .. room)
if left ~= 0 then
  local m = cjson.decode(ARGV[4])
  m.rows = {['pot:' .. room] = -left, house = left}
  move(m)
end
local text = redis.call('HGET', 'rooms', room)
if text then drop_code(cjson.decode(text).code, room) end
redis.call('HDEL', 'rooms', room)
redis.call('DEL', 'lease:' .. room)
return 'ok'
""",
    # ARGV: node, row, match id, header
    "start_match": """
local row = cjson.decode(ARGV[2])
local err = fenced(row.id) if err then return err end
redis.call('HSET', 'match:' .. ARGV[3], 'room', row.id, 'header', ARGV[4], 'finished', '0')
put_room(ARGV[2])
return 'ok'
""",
    # ARGV: node, match id, n, "action late took at"
    "journal": """
local room = redis.call('HGET', 'match:' .. ARGV[2], 'room')
if not room then return redis.error_reply('lost no match ' .. ARGV[2]) end
local err = fenced(room) if err then return err end
if redis.call('LLEN', 'actions:' .. ARGV[2]) ~= tonumber(ARGV[3]) then
  return redis.error_reply('lost journal ' .. ARGV[2])
end
redis.call('RPUSH', 'actions:' .. ARGV[2], ARGV[4])
return 'ok'
""",
    # ARGV: node, match id, row, the result (see RedisStore.finish_match) -> 1 paid, 0 not
    "finish_match": """
local row = cjson.decode(ARGV[3])
local err = fenced(row.id) if err then return err end
local key = 'match:' .. ARGV[2]
if redis.call('HGET', key, 'finished') ~= '0' then return 0 end
local r = cjson.decode(ARGV[4])
for _, m in ipairs(r.moves) do move(m) end
for _, p in ipairs(r.rewarded) do redis.call('HINCRBY', 'rewarded:' .. p[2], p[1], 1) end
for _, p in ipairs(r.ratings) do redis.call('HSET', 'player:' .. p[1], 'elo', p[2]) end
for _, s in ipairs(r.stats) do
  redis.call('HINCRBY', 'stats:' .. s[1], 'matches', 1)
  redis.call('HINCRBY', 'stats:' .. s[1], 'wins', s[2])
  redis.call('HINCRBY', 'stats:' .. s[1], 'points', s[3])
end
redis.call('HSET', key, 'finished', '1', 'result', r.shown, 'record', r.record)
put_room(ARGV[3])
return 1
""",
    # ARGV: node, room id, lease ms, '1' for a new room -> the owner, or false
    "claim": """
local room = ARGV[2]
if ARGV[4] ~= '1' and redis.call('HEXISTS', 'rooms', room) == 0 then return false end
local owner = redis.call('GET', 'lease:' .. room)
if owner then return owner end
redis.call('SET', 'lease:' .. room, node, 'PX', ARGV[3])
return node
""",
    # ARGV: node, lease ms, room ids... -> the rooms whose lease is not this node's
    "renew": """
local lost = {}
for i = 3, #ARGV do
  local key = 'lease:' .. ARGV[i]
  if redis.call('GET', key) == node then
    redis.call('PEXPIRE', key, ARGV[2])
  else
    lost[#lost + 1] = ARGV[i]
  end
end
return lost
""",
    # ARGV: node -> the rooms of the directory without a lease
    "orphans": """
local out = {}
for _, room in ipairs(redis.call('HKEYS', 'rooms')) do
  if redis.call('EXISTS', 'lease:' .. room) == 0 then out[#out + 1] = room end
end
return out
""",
}


def movement(reason, rows, key=None, room=None, player=None, day=None):
    """A movement as the scripts append it (rows: {account: amount}, summing to 0)."""
    rows = {acct: amount for acct, amount in rows if amount}
    assert sum(rows.values()) == 0, rows
    return {"key": key, "reason": reason, "room": room, "player": player, "day": day,
            "at": time.time(), "rows": rows}


def _json(value):
    return json.dumps(value, separators=(",", ":"))


class RedisStore(Store):
    """The store of the server processes sharing one Redis (`url`: redis://HOST:PORT/DB).
    `node` names this process in the rooms' leases (a fresh random one by default)."""

    def __init__(self, url, node=None, lease_ms=LEASE_MS):
        self.url = url
        self.node = node or "n" + secrets.token_hex(4)
        self.lease_ms = lease_ms
        self.r = redis.Redis.from_url(url, decode_responses=True, **CLIENT)
        self.scripts = {name: self.r.register_script(PRELUDE + body)
                        for name, body in SCRIPTS.items()}

    def close(self):
        self.r.close()

    def _run(self, name, *args):
        """Run one script; Lost when it refused for want of the room's lease."""
        try:
            return self.scripts[name](args=[self.node, *args])
        except redis.ResponseError as e:
            if str(e).startswith("lost"):
                raise Lost(str(e)) from None
            raise
        except (redis.ConnectionError, redis.TimeoutError) as e:
            raise StoreDown(str(e)) from None

    def _do(self, call, *args, **kwargs):
        """One plain command (or a pipeline's execute), StoreDown when Redis is away."""
        try:
            return call(*args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError) as e:
            raise StoreDown(str(e)) from None

    # --- identities ---------------------------------------------------------

    def player_by_key(self, key_hash):
        pid = self._do(self.r.hget, "keys", key_hash)
        return self.player(int(pid)) if pid else None

    def create_guest(self, key_hash):
        return self.player(int(self._run("create_guest", key_hash, time.time(), START)))

    def player(self, pid):
        p = self.r.pipeline(transaction=True)
        p.hmget("player:%d" % pid, "name", "elo")
        p.hget("accounts", account(pid))
        (name, rating), coins = self._do(p.execute)
        if rating is None:
            return None
        return {"id": pid, "name": name, "elo": float(rating), "coins": int(coins or 0)}

    def register(self, pid, name):
        welcome = movement("welcome", [("house", -WELCOME), (account(pid), WELCOME)],
                           key="welcome:%d" % pid, player=pid)
        if self._run("register", pid, name, _json(welcome)) == "taken":
            raise NameTaken(name)
        return self.player(pid)

    def set_rating(self, pid, rating):
        self._do(self.r.hset, "player:%d" % pid, "elo", repr(float(rating)))

    # --- coins --------------------------------------------------------------

    def balance(self, pid):
        return int(self._do(self.r.hget, "accounts", account(pid)) or 0)

    def pot(self, room_id):
        return int(self._do(self.r.hget, "accounts", pot(room_id)) or 0)

    def total(self):
        return sum(self.accounts().values())

    def rewarded(self, pid, day):
        return int(self._do(self.r.hget, "rewarded:%d" % day, pid) or 0)

    # --- rooms and the one-room lock ------------------------------------------

    def room_of(self, pid):
        return self._do(self.r.hget, "locks", pid)

    def save_room(self, row):
        self._run("save_room", _json(row))

    def rooms(self):
        return [json.loads(t) for t in self._do(self.r.hvals, "rooms")]

    def room(self, room_id):
        text = self._do(self.r.hget, "rooms", room_id)
        return json.loads(text) if text else None

    def room_by_code(self, code):
        return self._do(self.r.hget, "codes", code)

    def take_seat(self, row, pid, fee):
        fee_move = ""
        if fee:
            fee_move = _json(movement("fee", [(account(pid), -fee), (pot(row["id"]), fee)],
                                      room=row["id"], player=pid))
        answer = self._run("take_seat", _json(row), pid, fee, fee_move)
        if answer == "in_room":
            raise InRoom()
        if answer == "poor":
            raise Poor()

    def free_seat(self, row, pid, refund):
        back = ""
        if refund:
            back = _json(movement("refund", [(pot(row["id"]), -refund), (account(pid), refund)],
                                  room=row["id"], player=pid))
        self._run("free_seat", _json(row), pid, back)

    def drop_room(self, room_id, refunds):
        moves = [movement("refund", [(pot(room_id), -coins), (account(pid), coins)],
                          room=room_id, player=pid) for pid, coins in refunds]
        house = movement("house", [], room=room_id)  # its rows: what is left in the pot
        self._run("drop_room", room_id, _json(moves), _json(house))

    # --- who runs a room ----------------------------------------------------------

    def claim(self, room_id, new=False):
        return self._run("claim", room_id, self.lease_ms, "1" if new else "0")

    def renew(self, room_ids):
        if not room_ids:
            return []
        return self._run("renew", self.lease_ms, *room_ids)

    def orphans(self):
        return self._run("orphans")

    # --- matches --------------------------------------------------------------

    def start_match(self, row, match_id, header):
        self._run("start_match", _json(row), match_id, _json(header))

    def journal(self, match_id, n, action, late, took, at):
        self._run("journal", match_id, n, "%d %d %d %d" % (action, int(late), took, at))

    def match(self, match_id):
        p = self.r.pipeline(transaction=True)
        p.hmget("match:" + match_id, "header", "finished", "result", "record")
        p.lrange("actions:" + match_id, 0, -1)
        (header, finished, result, record), actions = self._do(p.execute)
        if header is None:
            return None
        actions = [tuple(int(x) for x in a.split()) for a in actions]
        return (json.loads(header), actions, finished == "1",
                json.loads(result) if result else None, record)

    def finish_match(self, match_id, row, result):
        room_id = row["id"]
        moves = [movement("payout", [(pot(room_id), -coins), (account(pid), coins)],
                          key="payout:%s:%d" % (match_id, pid), room=room_id, player=pid)
                 for pid, coins in result["pay"]]
        moves += [movement("reward", [("house", -coins), (account(pid), coins)],
                           key="reward:%s:%d" % (match_id, pid), room=room_id, player=pid,
                           day=day)
                  for pid, coins, day in result["rewards"]]
        shown = {k: v for k, v in result.items() if k != "record"}
        done = {"moves": moves, "rewarded": [[pid, day] for pid, _, day in result["rewards"]],
                "ratings": [[pid, repr(float(r))] for pid, r in result["ratings"]],
                "stats": [[pid, int(won), points] for pid, won, points in result["stats"]],
                "shown": _json(shown), "record": result["record"]}
        return self._run("finish_match", match_id, _json(row), _json(done)) == 1

    def stats(self, pid):
        s = self._do(self.r.hgetall, "stats:%d" % pid)
        return {k: int(s[k]) for k in ("matches", "wins", "points")} if s else None

    def next_serial(self, name):
        return int(self._do(self.r.incr, "serial:" + name))

    # --- audits ------------------------------------------------------------------

    def ledger(self):
        out = []
        for text in self._do(self.r.lrange, "movements", 0, -1):
            m = json.loads(text)
            del m["at"]
            m["rows"] = m["rows"] or {}  # cjson writes an empty table as {}
            out.append(m)
        return out

    def accounts(self):
        return {k: int(v) for k, v in self._do(self.r.hgetall, "accounts").items()}

    def locks(self):
        return {int(k): v for k, v in self._do(self.r.hgetall, "locks").items()}
