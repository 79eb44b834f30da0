"""The server's store: one interface, implemented on SQLite (stdlib, WAL) here and
on Redis in server.redisstore (several server processes sharing one lobby).

What it keeps: identities (device key hashes, names, ratings), the room directory
(each room's seats and tokens, so a restart finds them), the one-room lock, the
coin ledger, statistics, match journals (the seed and every action) and which
process owns each room. Every method is one atomic step with the same
all-or-nothing meaning in both implementations, so the rooms never see which one
they use.

The ledger is append-only: a movement is a set of rows whose amounts sum to zero,
between accounts `p:<player>`, `pot:<room>` and `house` (which mints the welcome
bonus and the rewards and takes the pot of an abandoned match), so a balance is
the sum of its rows and the sum of every row is always 0. A movement may carry a
unique key ("fee:r7:3"): a second attempt with that key is refused, which is what
makes a replayed step after a crash pay nothing twice.
"""

import json
import logging
import sqlite3
import threading
import time
from typing import Protocol

from core.coins import WELCOME
from core.elo import START

log = logging.getLogger("server.store")


class InRoom(Exception):
    """The player already sits in a room (the one-room rule)."""


class Poor(Exception):
    """The balance does not cover the fee."""


class NameTaken(Exception):
    pass


class Lost(Exception):
    """This process no longer owns the room it wrote for (another one took it over,
    or action n of its match is journalled already): nothing was written."""


class StoreDown(Exception):
    """The store cannot be reached (Redis down): nothing was written."""


class Store(Protocol):
    """The interface; SQLiteStore below documents what each method does."""

    def player_by_key(self, key_hash: str) -> dict | None: ...
    def create_guest(self, key_hash: str) -> dict: ...
    def player(self, pid: int) -> dict | None: ...
    def register(self, pid: int, name: str) -> dict: ...
    def set_rating(self, pid: int, rating: float) -> None: ...
    def balance(self, pid: int) -> int: ...
    def pot(self, room_id: str) -> int: ...
    def total(self) -> int: ...
    def rewarded(self, pid: int, day: int) -> int: ...
    def room_of(self, pid: int) -> str | None: ...
    def save_room(self, row: dict) -> None: ...
    def rooms(self) -> list: ...
    def room(self, room_id: str) -> dict | None: ...
    def room_by_code(self, code: str) -> str | None: ...
    def claim(self, room_id: str, new: bool = False) -> str | None: ...
    def renew(self, room_ids: list) -> list: ...
    def orphans(self) -> list: ...
    def take_seat(self, row: dict, pid: int, fee: int) -> None: ...
    def free_seat(self, row: dict, pid: int, refund: int) -> None: ...
    def drop_room(self, room_id: str, refunds: list) -> None: ...
    def start_match(self, row: dict, match_id: str, header: dict) -> None: ...
    def journal(self, match_id: str, n: int, action: int, late: bool, took: int,
                at: int) -> None: ...
    def match(self, match_id: str) -> tuple | None: ...
    def finish_match(self, match_id: str, row: dict, result: dict) -> bool: ...
    def stats(self, pid: int) -> dict | None: ...
    def next_serial(self, name: str) -> int: ...
    def ledger(self) -> list: ...
    def accounts(self) -> dict: ...
    def locks(self) -> dict: ...
    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY, key_hash TEXT UNIQUE NOT NULL,
    name TEXT UNIQUE COLLATE NOCASE, elo REAL NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS movements (
    id INTEGER PRIMARY KEY, key TEXT UNIQUE, reason TEXT NOT NULL, room TEXT,
    player INTEGER, day INTEGER, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS ledger (
    movement INTEGER NOT NULL REFERENCES movements(id), account TEXT NOT NULL,
    amount INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS ledger_account ON ledger(account);
CREATE INDEX IF NOT EXISTS movements_reward ON movements(player, day) WHERE reason = 'reward';
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, row TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS locks (player INTEGER PRIMARY KEY, room TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, room TEXT NOT NULL, header TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0, result TEXT, record TEXT);
CREATE TABLE IF NOT EXISTS actions (
    match TEXT NOT NULL, n INTEGER NOT NULL, action INTEGER NOT NULL,
    late INTEGER NOT NULL, took INTEGER NOT NULL, at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match, n));
CREATE TABLE IF NOT EXISTS serials (name TEXT PRIMARY KEY, n INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS stats (
    player INTEGER PRIMARY KEY, matches INTEGER NOT NULL, wins INTEGER NOT NULL,
    points INTEGER NOT NULL);
"""


def account(pid):
    return "p:%d" % pid


def pot(room_id):
    return "pot:" + room_id


CHECKPOINT_S = 0.5  # how often the WAL is copied into the database file


class SQLiteStore(Store):
    """The embedded store of one server process: it owns every room it keeps.

    Its commits only append to the write-ahead log; a thread of its own copies
    the log into the database (a checkpoint, with the fsync that makes it
    durable), so that no fsync ever stalls the event loop (SQLite's automatic
    checkpoint runs inside the COMMIT that crosses its threshold: 13-24 ms of a
    frozen server every few hundred actions under load)."""

    node = "local"

    def __init__(self, path):
        self.db = sqlite3.connect(path, isolation_level=None)  # explicit transactions
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: durable at checkpoints, never torn
        self.db.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints: _checkpoints() below
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, args=(path,),
                                              name="checkpoints", daemon=True)
        self._checkpointer.start()
        self.db.executescript(SCHEMA)
        columns = [r[1] for r in self.db.execute("PRAGMA table_info(actions)")]
        if "at" not in columns:  # a file of the first server: its journals had no times
            self.db.execute("ALTER TABLE actions ADD COLUMN at INTEGER NOT NULL DEFAULT 0")
        self.claimed = set()  # the rooms this process runs (it is the only one)

    def close(self):
        self._stop.set()
        self._checkpointer.join()
        self.db.close()  # (the last connection to close checkpoints the rest)

    def _checkpoints(self, path):
        """Copy the log into the database every CHECKPOINT_S, beside the writer (a
        passive checkpoint waits for no lock and blocks no commit)."""
        db = sqlite3.connect(path, isolation_level=None)
        try:
            while not self._stop.wait(CHECKPOINT_S):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as e:  # the next one tries again
                    log.warning("checkpoint: %r", e)
        finally:
            db.close()

    def _tx(self):
        return _Transaction(self.db)

    # --- identities ---------------------------------------------------------

    def player_by_key(self, key_hash):
        """The player of a device key's hash, or None."""
        row = self.db.execute("SELECT id FROM players WHERE key_hash = ?", (key_hash,)).fetchone()
        return self.player(row[0]) if row else None

    def create_guest(self, key_hash):
        with self._tx():
            cur = self.db.execute(
                "INSERT INTO players (key_hash, elo, created) VALUES (?, ?, ?)",
                (key_hash, START, time.time()),
            )
        return self.player(cur.lastrowid)

    def player(self, pid):
        """{"id", "name" (None for a guest), "elo", "coins"}."""
        row = self.db.execute("SELECT name, elo FROM players WHERE id = ?", (pid,)).fetchone()
        if row is None:
            return None
        return {"id": pid, "name": row[0], "elo": row[1], "coins": self.balance(pid)}

    def register(self, pid, name):
        """Give a guest its unique name and the welcome coins, in one step."""
        with self._tx():
            try:
                self.db.execute("UPDATE players SET name = ? WHERE id = ?", (name, pid))
            except sqlite3.IntegrityError:
                raise NameTaken(name) from None
            self._move("welcome", [("house", -WELCOME), (account(pid), WELCOME)],
                       key="welcome:%d" % pid, player=pid)
        return self.player(pid)

    def set_rating(self, pid, rating):
        with self._tx():
            self.db.execute("UPDATE players SET elo = ? WHERE id = ?", (rating, pid))

    # --- coins --------------------------------------------------------------

    def balance(self, pid):
        return self._sum(account(pid))

    def _sum(self, acct):
        row = self.db.execute("SELECT SUM(amount) FROM ledger WHERE account = ?",
                              (acct,)).fetchone()
        return row[0] or 0

    def total(self):
        """The sum of every ledger row: 0 unless a coin was made or lost."""
        return self.db.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger").fetchone()[0]

    def pot(self, room_id):
        return self._sum(pot(room_id))

    def _move(self, reason, rows, key=None, room=None, player=None, day=None):
        """Append a movement (inside a transaction); False if its key was used."""
        assert sum(a for _, a in rows) == 0, rows
        try:
            cur = self.db.execute(
                "INSERT INTO movements (key, reason, room, player, day, at) VALUES (?,?,?,?,?,?)",
                (key, reason, room, player, day, time.time()),
            )
        except sqlite3.IntegrityError:
            return False
        self.db.executemany(
            "INSERT INTO ledger (movement, account, amount) VALUES (?, ?, ?)",
            [(cur.lastrowid, acct, amount) for acct, amount in rows if amount],
        )
        return True

    def rewarded(self, pid, day):
        """How many matches were rewarded to the player on that day."""
        return self.db.execute(
            "SELECT COUNT(*) FROM movements WHERE reason = 'reward' AND player = ? AND day = ?",
            (pid, day),
        ).fetchone()[0]

    # --- rooms and the one-room lock ------------------------------------------

    def room_of(self, pid):
        row = self.db.execute("SELECT room FROM locks WHERE player = ?", (pid,)).fetchone()
        return row[0] if row else None

    def save_room(self, row):
        with self._tx():
            self._put_room(row)

    def _put_room(self, row):
        self.db.execute("INSERT OR REPLACE INTO rooms (id, row) VALUES (?, ?)",
                        (row["id"], json.dumps(row)))

    def rooms(self):
        """Every room row kept (the lobby's directory; a restart's rooms)."""
        return [json.loads(r[0]) for r in self.db.execute("SELECT row FROM rooms")]

    def room(self, room_id):
        row = self.db.execute("SELECT row FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def room_by_code(self, code):
        """The id of the private room with that join code, or None."""
        row = self.db.execute("SELECT id FROM rooms WHERE json_extract(row, '$.code') = ?",
                              (code,)).fetchone()
        return row[0] if row else None

    # --- which process owns a room (one process here: this one) ---------------

    def claim(self, room_id, new=False):
        """Take the room for this process unless another owns it: returns its owner
        (this store's `node` when it is this process), None if there is no such
        room (`new`: a room id just drawn, whose row is still to be written)."""
        if not new and self.room(room_id) is None:
            return None
        self.claimed.add(room_id)
        return self.node

    def renew(self, room_ids):
        """Keep owning these rooms; returns those another process took meanwhile."""
        return []

    def orphans(self):
        """The rooms of the directory that no process runs (at start-up: all)."""
        return [r[0] for r in self.db.execute("SELECT id FROM rooms")
                if r[0] not in self.claimed]

    def take_seat(self, row, pid, fee):
        """The player sits in the room `row` (already showing the seat): the lock is
        taken, the fee paid into the pot and the room saved, or nothing happens
        (InRoom, Poor)."""
        with self._tx():
            try:
                self.db.execute("INSERT INTO locks (player, room) VALUES (?, ?)", (pid, row["id"]))
            except sqlite3.IntegrityError:
                raise InRoom() from None
            if fee:
                if self.balance(pid) < fee:
                    raise Poor()
                self._move("fee", [(account(pid), -fee), (pot(row["id"]), fee)],
                           room=row["id"], player=pid)
            self._put_room(row)

    def free_seat(self, row, pid, refund):
        """The player leaves the room `row` (already without them): the lock goes,
        `refund` coins come back from the pot, the room is saved."""
        with self._tx():
            self.db.execute("DELETE FROM locks WHERE player = ?", (pid,))
            if refund:
                self._move("refund", [(pot(row["id"]), -refund), (account(pid), refund)],
                           room=row["id"], player=pid)
            self._put_room(row)

    def drop_room(self, room_id, refunds):
        """The room is gone: its locks released, `refunds` [(pid, coins)] paid back,
        whatever is left in its pot to the house."""
        with self._tx():
            self.db.execute("DELETE FROM locks WHERE room = ?", (room_id,))
            for pid, coins in refunds:
                self._move("refund", [(pot(room_id), -coins), (account(pid), coins)],
                           room=room_id, player=pid)
            left = self.pot(room_id)
            if left:
                self._move("house", [(pot(room_id), -left), ("house", left)], room=room_id)
            self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
        self.claimed.discard(room_id)

    # --- matches --------------------------------------------------------------

    def start_match(self, row, match_id, header):
        """The room starts playing: its row and the match's journal header together."""
        with self._tx():
            self.db.execute("INSERT INTO matches (id, room, header) VALUES (?, ?, ?)",
                            (match_id, row["id"], json.dumps(header)))
            self._put_room(row)

    def journal(self, match_id, n, action, late, took, at):
        """Action n of a match (`at`: when it was made, wall-clock ms); Lost if the
        journal holds an action n already."""
        with self._tx():
            try:
                self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)",
                                (match_id, n, action, int(late), took, at))
            except sqlite3.IntegrityError:
                raise Lost(match_id) from None

    def match(self, match_id):
        """(header, [(action, late, took, at)], finished, result, record) or None."""
        row = self.db.execute("SELECT header, finished, result, record FROM matches WHERE id = ?",
                              (match_id,)).fetchone()
        if row is None:
            return None
        actions = self.db.execute(
            "SELECT action, late, took, at FROM actions WHERE match = ? ORDER BY n", (match_id,)
        ).fetchall()
        result = json.loads(row[2]) if row[2] else None
        return json.loads(row[0]), actions, bool(row[1]), result, row[3]

    def finish_match(self, match_id, row, result):
        """Pay out a finished match, once: `result` holds "pay" [(pid, coins)] from the
        pot, "rewards" [(pid, coins, day)] from the house, "ratings" [(pid, elo)],
        "stats" [(pid, won, points)] and "record" (text). The room row is saved with
        it. Returns False if the match was already finished (nothing is done)."""
        with self._tx():
            done = self.db.execute("SELECT finished FROM matches WHERE id = ?",
                                   (match_id,)).fetchone()
            if done is None or done[0]:
                return False
            room_id = row["id"]
            for pid, coins in result["pay"]:
                self._move("payout", [(pot(room_id), -coins), (account(pid), coins)],
                           key="payout:%s:%d" % (match_id, pid), room=room_id, player=pid)
            for pid, coins, day in result["rewards"]:
                self._move("reward", [("house", -coins), (account(pid), coins)],
                           key="reward:%s:%d" % (match_id, pid), room=room_id, player=pid, day=day)
            for pid, rating in result["ratings"]:
                self.db.execute("UPDATE players SET elo = ? WHERE id = ?", (rating, pid))
            for pid, won, points in result["stats"]:
                self.db.execute(
                    "INSERT INTO stats VALUES (?, 1, ?, ?) ON CONFLICT(player) DO UPDATE SET "
                    "matches = matches + 1, wins = wins + excluded.wins, "
                    "points = points + excluded.points", (pid, int(won), points))
            shown = {k: v for k, v in result.items() if k != "record"}
            self.db.execute("UPDATE matches SET finished = 1, result = ?, record = ? WHERE id = ?",
                            (json.dumps(shown), result["record"], match_id))
            self._put_room(row)
        return True

    def stats(self, pid):
        row = self.db.execute("SELECT matches, wins, points FROM stats WHERE player = ?",
                              (pid,)).fetchone()
        return {"matches": row[0], "wins": row[1], "points": row[2]} if row else None

    def next_serial(self, name):
        """A number never handed out before under this name (room and match ids)."""
        with self._tx():
            self.db.execute("INSERT INTO serials VALUES (?, 1) "
                            "ON CONFLICT(name) DO UPDATE SET n = n + 1", (name,))
            return self.db.execute("SELECT n FROM serials WHERE name = ?", (name,)).fetchone()[0]

    # --- audits (the tests' conservation checks, an operator's look) ------------

    def ledger(self):
        """Every movement: {"key", "reason", "room", "player", "day", "rows":
        {account: amount}}, oldest first."""
        out = {}
        for mid, key, reason, room, player, day in self.db.execute(
                "SELECT id, key, reason, room, player, day FROM movements ORDER BY id"):
            out[mid] = {"key": key, "reason": reason, "room": room, "player": player,
                        "day": day, "rows": {}}
        for mid, acct, amount in self.db.execute("SELECT movement, account, amount FROM ledger"):
            rows = out[mid]["rows"]
            rows[acct] = rows.get(acct, 0) + amount
        return list(out.values())

    def accounts(self):
        """Each account's balance, as the store answers balance() and pot()."""
        return dict(self.db.execute("SELECT account, SUM(amount) FROM ledger GROUP BY account"))

    def locks(self):
        """The one-room lock: {player id: room id}."""
        return dict(self.db.execute("SELECT player, room FROM locks"))


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""

    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, tb):
        self.db.execute("ROLLBACK" if kind else "COMMIT")
        return False
