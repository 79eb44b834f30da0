"""A room: its seats, its coins and its match, owned by one asyncio task.

Everything that changes a room comes through its inbox (`post`): requests of its
players, disconnects and reconnects, the lobby's sweep. The task handles one item
at a time, then does whatever has come due (a bot's paced move, a time-out, the end
of a grace period): timers are deadlines it checks, never callbacks. The store is
written before anyone is told, so a crash never shows a player something lost.

The room talks to the connections linked to it (those that showed their seat's
token): a `Conn` of this process or a `RemoteConn` of another one (server.cluster),
the same to the room. When the store says the room is no longer this process's
(Lost) or cannot be reached (StoreDown), the room gives itself up without writing
anything: its owner-to-be resumes it from the store.
"""

import asyncio
import logging
import secrets
import time

from core import coins, elo
from core.pokertimer import AUTOPLAY, STATE_NAMES, TurnTimer

from server import games
from server.errors import Refused
from server.store import InRoom, Lost, Poor, StoreDown

WAITING = "waiting"
PLAYING = "playing"
OVER = "over"
FORFEIT_LEVEL = "medium"  # who plays the seat of a player who left a match
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

log = logging.getLogger("server.room")


def now_ms():
    return int(time.monotonic() * 1000)


def wall_ms():
    """Wall-clock ms: what the journal writes, for another process to read."""
    return int(time.time() * 1000)


def day_today():
    return int(time.time() // 86400)  # the server's UTC date, for the daily rewards


def new_code():
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(5))


class Seat:
    def __init__(self, kind="empty", pid=None, name=None, level=None, token=None):
        self.kind = kind  # "empty", "bot" or "human"
        self.pid = pid
        self.name = name  # None for a guest
        self.level = level  # a bot's, or a forfeited seat's
        self.token = token
        self.paid = 0  # the fee this seat paid into the pot
        self.forfeit = False
        self.connected = False
        self.rating = None  # a bot's fixed Elo (Domino 1x1)

    def plays_itself(self):
        """A human playing the seat (not a bot, not a forfeited seat)."""
        return self.kind == "human" and not self.forfeit

    def row(self):
        return {"kind": self.kind, "pid": self.pid, "name": self.name, "level": self.level,
                "token": self.token, "paid": self.paid, "forfeit": self.forfeit,
                "rating": self.rating}

    @staticmethod
    def from_row(row):
        s = Seat(row["kind"], row["pid"], row["name"], row["level"], row["token"])
        s.paid = row["paid"]
        s.forfeit = row["forfeit"]
        s.rating = row["rating"]
        return s


class Room:
    def __init__(self, server, room_id, game, options, fee=0, private=False, created=None):
        self.server = server
        self.store = server.store
        self.cfg = server.cfg
        self.id = room_id
        self.game = game
        self.options = options
        self.fee = fee
        self.private = private
        self.code = new_code() if private else None
        self.created = time.time() if created is None else created
        self.state = WAITING
        self.seats = [Seat() for _ in range(games.seats_of(game, options))]
        self.host = 0
        self.match = None
        self.match_id = None
        self.rated_done = False  # a 1x1 forfeit settled the ratings already
        self.timers = []
        self.ready_at = 0  # the end of the countdown before the first turn
        self.prev_at = 0  # when the previous action was made (the Bid clock's took)
        self.bot_at = None  # when the bot (or autoplay) to move acts
        self.grace_until = None
        self.closed = False
        self.links = {}  # player id -> the connection linked to its seat
        self.rehomes = 0  # after a takeover: times left to ask for those attached
        self.inbox = asyncio.Queue()
        self.task = None

    # --- lifecycle ----------------------------------------------------------

    def run(self):
        self.task = asyncio.get_running_loop().create_task(self._loop())

    def post(self, kind, conn=None, msg=None):
        """Queue `kind` ("req", "gone", "attach", "expire") for the room's task."""
        self.inbox.put_nowait((kind, conn, msg))

    async def _loop(self):
        while not self.closed:
            wake = self._next_wake()
            wait = None if wake is None else max(wake - now_ms(), 0) / 1000
            try:
                async with asyncio.timeout(wait):
                    item = await self.inbox.get()
            except TimeoutError:
                item = None
            try:
                if item is not None:
                    self._handle(*item)
                self._tick()
            except Lost as e:  # taken over meanwhile: the new owner handles the item
                log.warning("room %s given up: %r", self.id, e)
                self.give_up([item] if item is not None else [])
            except StoreDown as e:  # a request was answered `unavailable`
                log.warning("room %s given up: %r", self.id, e)
                self.give_up()
            except Exception:  # a bug must not take the room (or its players) down
                log.exception("room %s", self.id)

    def _handle(self, kind, conn, msg):
        if kind == "req":
            try:
                getattr(self, "on_" + msg["type"])(conn, msg)
            except Refused as e:
                conn.error(msg, e.code, e.message)
            except StoreDown:
                conn.error(msg, "unavailable", "the server's store cannot be reached")
                raise
        elif kind == "gone":
            self._gone(conn)
        elif kind == "attach":
            self._attach(conn)
        elif kind == "expire":
            self._expire()

    def give_up(self, unhandled=()):
        """Stop running the room here, writing nothing: it is another process's now,
        or the store is away (whoever claims it next resumes it from the store). The
        connections stay attached, for its next owner to link again; what waits in
        the inbox (and `unhandled`) goes to the room wherever it runs next."""
        self.closed = True
        self.server.room_closed(self)
        items = list(unhandled)
        while not self.inbox.empty():
            items.append(self.inbox.get_nowait())
        loop = asyncio.get_running_loop()
        for kind, conn, msg in items:
            if kind != "expire":  # the sweep of its next owner decides that
                loop.call_soon(self.server.route_safely, conn, self.id, kind, msg)

    def _next_wake(self):
        wakes = [t for t in (self.bot_at, self.grace_until) if t is not None]
        if self.state == PLAYING and self.match is not None and not self.match.over:
            seat = self.match.to_move()
            if self.seats[seat].plays_itself() and self.bot_at is None:
                wakes.append(self._deadline(seat))
        return min(wakes) if wakes else None

    # --- the row the store keeps --------------------------------------------

    def row(self):
        return {"id": self.id, "game": self.game, "options": games.options_text(self.options),
                "fee": self.fee, "private": self.private, "code": self.code,
                "created": self.created, "state": self.state, "host": self.host,
                "match": self.match_id, "rated_done": self.rated_done,
                "seats": [s.row() for s in self.seats]}

    @staticmethod
    def from_row(server, row):
        options = games.parse_options(row["game"], row["options"])
        room = Room(server, row["id"], row["game"], options, row["fee"], row["private"],
                    row["created"])
        room.code = row["code"]
        room.state = row["state"]
        room.host = row["host"]
        room.match_id = row["match"]
        room.rated_done = row["rated_done"]
        room.seats = [Seat.from_row(s) for s in row["seats"]]
        return room

    def resume_match(self):
        """Rebuild the match in play from its journal (after a restart, or taken over
        from a process that died). The clocks go on from the journal's times: a turn
        whose time ran out meanwhile is timed out at once, once; the turns after it
        start afresh."""
        header, actions = self.store.match(self.match_id)[:2]
        self.match = games.Match(self.game, self.options, header["seed"], header["names"])
        missed = [0] * len(self.seats)
        for action, late, took, _ in actions:
            seat = self.match.to_move()
            self.match.apply(action, bool(late), took)
            missed[seat] = min(missed[seat] + 1, AUTOPLAY) if late else 0
        self._make_timers()
        now, wall = now_ms(), wall_ms()
        ready = header.get("ready_at") or wall  # a journal of the first server: no times
        last = actions[-1][3] if actions and actions[-1][3] else ready
        self.ready_at = now + ready - wall
        self.prev_at = now - max(wall - last, 0)
        for timer, m in zip(self.timers, missed, strict=True):
            timer.missed = m
            timer.countdown(self.ready_at - self.cfg.countdown_ms)
        if self.match.over:
            self._finish()
        else:
            self._begin_turn(self.prev_at)
            self._check_abandoned(now)

    # --- seats ----------------------------------------------------------------

    def seat_of(self, pid):
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.pid == pid and not s.forfeit:
                return i
        return None

    def humans(self):
        return [i for i, s in enumerate(self.seats) if s.plays_itself()]

    def sit(self, conn, seat=None):
        """The player of `conn` takes a seat (the lowest free one, or `seat`) and pays
        the fee; Refused when it cannot."""
        if self.state != WAITING:
            raise Refused("not_waiting", "the room is not waiting for players")
        player = conn.player
        if self.fee and player["name"] is None:
            raise Refused("guest", "a guest may sit only in a free room")
        free = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
        if seat is None:
            if not free:
                raise Refused("room_full", "every seat is taken")
            seat = free[0]
        elif not 0 <= seat < len(self.seats):
            raise Refused("bad_field", "no seat %d" % seat)
        elif seat not in free:
            raise Refused("seat_taken", "seat %d is taken" % seat)
        s = Seat("human", player["id"], player["name"], token=secrets.token_urlsafe(16))
        s.paid = self.fee
        s.connected = True
        self.seats[seat] = s
        try:
            self.store.take_seat(self.row(), player["id"], self.fee)
        except InRoom:
            self.seats[seat] = Seat()
            raise Refused("in_room", "you are in a room already: leave it first") from None
        except Poor:
            self.seats[seat] = Seat()
            raise Refused("coins", "your balance does not cover the fee of %d" % self.fee) from None
        self._link(conn)
        if self.fee:
            self.server.push_balance(player["id"])
        return seat

    def on_join(self, conn, msg):
        self.sit(conn, msg.get("seat"))
        self.broadcast_room(msg, conn)

    def on_leave(self, conn, msg):
        seat = self.seat_of(conn.player["id"])  # leaving needs no token
        if seat is None:
            raise Refused("not_seated", "you have no seat in this room")
        s = self.seats[seat]
        forfeit = self.state == PLAYING
        if forfeit:
            s.forfeit = True
            s.level = FORFEIT_LEVEL
            ratings = self._rate_forfeit(seat)
            self.store.free_seat(self.row(), s.pid, 0)
            for pid, rating in ratings:
                self.store.set_rating(pid, rating)
        else:
            self.seats[seat] = Seat()
            self.store.free_seat(self.row(), s.pid, s.paid)
            if s.paid:
                self.server.push_balance(s.pid)
        self._unlink(s.pid)
        conn.attach(None)
        conn.send({"type": "left", "room": self.id, "forfeit": forfeit}, msg)
        if not self.humans():
            self._destroy("abandoned")
            return
        if self.state == WAITING and seat == self.host:
            self.host = self.humans()[0]
            self.store.save_room(self.row())
        self.broadcast_room()
        if forfeit and self.match.to_move() == seat:
            self._begin_turn(now_ms())

    def _seated(self, conn):
        pid = conn.player["id"]
        seat = self.seat_of(pid)
        link = self.links.get(pid)
        if seat is None or link is None or link.cid != conn.cid:
            raise Refused("not_seated", "you have no seat in this room")
        return seat

    def _host_only(self, conn):
        seat = self._seated(conn)
        if seat != self.host:
            raise Refused("not_host", "only the host may do that")
        if self.state != WAITING:
            raise Refused("not_waiting", "the room is not waiting for players")

    def on_bot(self, conn, msg):
        self._host_only(conn)
        level = msg["level"]
        if level not in games.LEVELS[self.game]:
            raise Refused("bad_level", "%s has the levels %s"
                          % (self.game, ", ".join(games.LEVELS[self.game])))
        seat = msg.get("seat")
        free = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
        if seat is not None:
            if seat not in free:
                raise Refused("seat_taken", "seat %s is not free" % seat)
            free = [seat]
        if not free:
            raise Refused("room_full", "every seat is taken")
        for i in free:
            self.seats[i] = Seat("bot", level=level)
            self.seats[i].rating = games.bot_elo(level)
        self.store.save_room(self.row())
        self.broadcast_room(msg, conn)

    def on_unbot(self, conn, msg):
        self._host_only(conn)
        seat = msg["seat"]
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "bot":
            raise Refused("bad_field", "seat %d has no bot" % seat)
        self.seats[seat] = Seat()
        self.store.save_room(self.row())
        self.broadcast_room(msg, conn)

    def on_delete(self, conn, msg):
        self._host_only(conn)
        conn.send({"type": "left", "room": self.id, "forfeit": False}, msg)
        self._destroy("deleted")

    def _expire(self):
        if self.state != PLAYING:
            self._destroy("expired")

    def _destroy(self, reason):
        """The room is gone: fees back before the start, everyone to the lobby."""
        refunds = []
        if self.state == WAITING:
            refunds = [(s.pid, s.paid) for s in self.seats if s.kind == "human" and s.paid]
        self.store.drop_room(self.id, refunds)
        for s in self.seats:
            if s.kind == "human":
                conn = self._conn(s)
                if conn is not None:
                    conn.send({"type": "closed", "room": self.id, "reason": reason})
                    self._unlink(s.pid)
                if refunds:
                    self.server.push_balance(s.pid)
        self._close()

    def _close(self):
        self.closed = True
        self.server.room_closed(self)

    # --- connections ----------------------------------------------------------

    def _conn(self, seat):
        return self.links.get(seat.pid)

    def _link(self, conn):
        self.links[conn.player["id"]] = conn
        conn.attach(self.id)

    def _unlink(self, pid):
        conn = self.links.pop(pid, None)
        if conn is not None:
            conn.attach(None)

    def _gone(self, conn):
        """A connection closed (or was replaced): its seat is disconnected if it
        was the one linked to it."""
        pid = conn.player["id"]
        seat = self.seat_of(pid)
        link = self.links.get(pid)
        if seat is None or link is None or link.cid != conn.cid:
            return
        del self.links[pid]
        self.seats[seat].connected = False
        self.broadcast_room()
        self._check_abandoned(now_ms())

    def _check_abandoned(self, now):
        if self.state != PLAYING:
            return
        if any(self.seats[i].connected for i in self.humans()):
            self.grace_until = None
        elif self.grace_until is None:
            self.grace_until = now + self.cfg.grace_ms

    def on_resume(self, conn, msg):
        pid = conn.player["id"]
        for s in self.seats:
            if s.kind == "human" and s.token == msg["token"] and s.pid == pid:
                if s.forfeit:
                    raise Refused("forfeited", "you left this match")
                self._attach(conn)
                return
        raise Refused("bad_token", "that is not your seat's token")

    def _attach(self, conn):
        """A player came back with its token (or, after a takeover, its connection
        still held it): linked again, with a fresh room and view."""
        seat = self.seat_of(conn.player["id"])
        if seat is None:
            return
        self._link(conn)
        self.seats[seat].connected = True
        self._check_abandoned(now_ms())
        self.broadcast_room()
        if self.state == PLAYING:
            self._send_view(seat, None)

    # --- what players are sent --------------------------------------------------

    def room_message(self, seat):
        now = time.time()
        out = {"type": "room", "room": self.id, "game": self.game,
               "options": games.options_text(self.options), "fee": self.fee,
               "pot": self.store.pot(self.id), "private": self.private,
               "code": self.code, "host": self.host, "state": self.state,
               "expires_ms": max(int((self.created + self.cfg.ttl_s - now) * 1000), 0),
               "you": seat, "token": self.seats[seat].token,
               "seats": [self._seat_json(i) for i in range(len(self.seats))]}
        if self.match_id:
            out["match"] = self.match_id
        return out

    def _seat_json(self, i):
        s = self.seats[i]
        if s.kind == "empty":
            return {"kind": "empty"}
        if s.kind == "bot":
            return {"kind": "bot", "level": s.level}
        if s.forfeit:
            return {"kind": "human", "name": s.name, "status": "forfeit", "level": s.level,
                    "connected": False}
        status = STATE_NAMES[self.timers[i].missed] if self.timers else "active"
        return {"kind": "human", "name": s.name, "status": status, "connected": s.connected}

    def broadcast_room(self, msg=None, asker=None):
        for i in self.humans():
            conn = self._conn(self.seats[i])
            if conn is not None:
                conn.send(self.room_message(i), msg if conn is asker else None)

    def _send_view(self, seat, last):
        conn = self._conn(self.seats[seat])
        if conn is not None:
            conn.send(self.view(seat, last))

    def view(self, seat, last=None, now=None):
        """The personal snapshot of one seat (docs/protocol.md, "Play")."""
        now = now_ms() if now is None else now
        m = self.match
        to = m.to_move()
        deadline = None
        if to is not None and self.seats[to].plays_itself() and self.bot_at is None:
            deadline = max(self._deadline(to) - now, 0)
        return {"type": "view", "room": self.id, "game": self.game, "you": seat,
                "turn": m.n, "to_move": to, "deadline_ms": deadline,
                "countdown_ms": max(self.ready_at - now, 0), "last": last,
                "legal": m.legal() if to == seat else [], "table": m.table(seat)}

    # --- play -------------------------------------------------------------------

    def on_start(self, conn, msg):
        self._host_only(conn)
        self.start(msg, conn)

    def start(self, msg=None, asker=None):
        if any(s.kind == "empty" for s in self.seats):
            raise Refused("not_full", "fill every seat (with bots) first")
        seed = secrets.randbits(32)
        names = [s.name or "guest" if s.kind == "human" else "handheld:" + s.level
                 for s in self.seats]
        self.match_id = "m%d" % self.store.next_serial("match")
        self.match = games.Match(self.game, self.options, seed, names)
        self.state = PLAYING
        self.store.start_match(self.row(), self.match_id,
                               {"game": self.game, "options": games.options_text(self.options),
                                "seed": seed, "names": names,
                                "ready_at": wall_ms() + self.cfg.countdown_ms})
        self._make_timers()
        now = now_ms()
        self.ready_at = now + self.cfg.countdown_ms
        self.prev_at = self.ready_at
        for t in self.timers:
            t.countdown(now)
        self.broadcast_room(msg, asker)
        self._begin_turn(now)
        self._broadcast_views(None, now)

    def _make_timers(self):
        self.timers = [TurnTimer(self.cfg.turn_ms, self.cfg.countdown_ms) for _ in self.seats]

    def _deadline(self, seat):
        if self.match.clocked:
            return max(self.prev_at, self.ready_at) + self.match.time_left(0)
        return self.timers[seat].deadline

    def _begin_turn(self, now):
        """Whoever is to move: a human's timer starts, a bot (or autoplay) waits its
        pacing pause (and, for the first turn, the countdown)."""
        self.bot_at = None
        seat = self.match.to_move()
        if seat is None:
            return
        s = self.seats[seat]
        if s.plays_itself() and self.timers[seat].missed < AUTOPLAY:
            self.timers[seat].start(now)
        else:
            self.bot_at = max(now + self.cfg.bot_ms, self.ready_at)

    def _tick(self):
        now = now_ms()
        if self.grace_until is not None and now >= self.grace_until:
            self._destroy("abandoned")
            return
        if self.state != PLAYING or self.match is None or self.match.over:
            return
        seat = self.match.to_move()
        s = self.seats[seat]
        if self.bot_at is not None:
            if now >= self.bot_at:
                if s.plays_itself():  # autoplay: the handheld plays for the player
                    self._act(self.match.fallback(), True, now)
                else:
                    self._act(self.match.choose(s.level), False, now)
        elif s.plays_itself() and now >= self._deadline(seat):
            if self.match.clocked:  # Spectacular Bid: the clock ran out, the match is lost
                self._act(self.match.legal()[0][0], True, now, took=self.match.time_left(0))
            else:
                self.timers[seat].timed_out()
                self._act(self.match.fallback(), True, now)
            self.broadcast_room()

    def on_act(self, conn, msg):
        seat = self._playing_seat(conn)
        m = self.match
        if msg["turn"] != m.n:
            raise Refused("stale", "that turn is over (now %d)" % m.n)
        if m.to_move() != seat:
            raise Refused("not_your_turn", "it is not your turn")
        now = now_ms()
        timer = self.timers[seat]
        if timer.missed >= AUTOPLAY:  # acting takes control back (RULES.md 4)
            timer.press()
            timer.start(now)
            self.bot_at = None
            self.broadcast_room()
        if now < self.ready_at:
            raise Refused("countdown", "the countdown before the first turn is still running")
        if now >= self._deadline(seat):
            raise Refused("late", "too late: the server plays for you")
        action = msg["action"]
        reason = m.check(action)
        if reason is not None:
            raise Refused("illegal", reason)
        was = timer.missed
        timer.acted(now)
        took = now - max(self.prev_at, self.ready_at)
        self._act(action, False, now, took)
        if was:
            self.broadcast_room()

    def on_control(self, conn, msg):
        seat = self._playing_seat(conn)
        timer = self.timers[seat]
        if timer.press():
            self.broadcast_room(msg, conn)
            if self.match.to_move() == seat:
                self._begin_turn(now_ms())
                self._broadcast_views(None, now_ms())
        else:
            self._send_view(seat, None)

    def _playing_seat(self, conn):
        if self.state != PLAYING:
            raise Refused("not_playing", "the match has not started")
        return self._seated(conn)

    def _act(self, action, late, now, took=None):
        if took is None:
            took = now - max(self.prev_at, self.ready_at)
        n = self.match.n
        last = self.match.apply(action, late, took)
        self.store.journal(self.match_id, n, action, last["late"], took, wall_ms())
        self.prev_at = now
        if self.match.over:
            self._broadcast_views(last, now)
            self._finish()
            return
        self._begin_turn(now)
        self._broadcast_views(last, now)

    def _broadcast_views(self, last, now):
        for i in self.humans():
            conn = self._conn(self.seats[i])
            if conn is not None:
                conn.send(self.view(i, last, now))

    # --- the end ----------------------------------------------------------------

    def _rate_forfeit(self, seat):
        """Domino 1x1: who abandons a rated duel loses it, at once (RULES.md 3a):
        the new ratings, to write once the forfeit is."""
        if self.game != "1x1" or self.rated_done:
            return []
        self.rated_done = True
        return self._ratings(1 - seat)

    def _ratings(self, winner):
        """The new Elo of each registered human of a duel won by `winner`."""
        out = []
        for i in (0, 1):
            s, o = self.seats[i], self.seats[1 - i]
            if s.kind != "human" or s.name is None:
                continue
            mine = self.store.player(s.pid)["elo"]
            if o.kind == "human":
                if o.name is None:
                    continue
                theirs = self.store.player(o.pid)["elo"]
            else:
                theirs = o.rating
            out.append((s.pid, elo.rated(mine, theirs, 1 if i == winner else 0)))
        return out

    def result(self):
        """What the finished match pays and records (docs/protocol.md, "The end")."""
        m = self.match
        order = m.standings()
        pot = self.store.pot(self.id)
        paid_seats = [i for i in order if self.seats[i].plays_itself()
                      and self.seats[i].name is not None]
        pay = []
        if len(paid_seats) == 1:
            pay = [(paid_seats[0], pot)]
        elif paid_seats:
            second = pot * 3 // 10
            pay = [(paid_seats[0], pot - second), (paid_seats[1], second)]
        pay = [(i, c) for i, c in pay if c]
        bots = [s.level for s in self.seats if s.kind == "bot"]
        day = day_today()
        rewards = []
        for place, i in enumerate(order, 1):
            if i in paid_seats:
                earned = games.reward(self.game, bots, place)
                if earned and self.store.rewarded(self.seats[i].pid, day) < coins.PER_DAY:
                    rewards.append((i, earned))
        ratings = []
        if self.game == "1x1" and not self.rated_done:
            ratings = self._ratings(m.winners()[0] if m.winners() else -1)
        stats = []
        if self.game == "poker" and all(s.kind == "human" and s.name for s in self.seats):
            stats = [(s.pid, i == order[0], m.scores()[i]) for i, s in enumerate(self.seats)]
        return order, pot, pay, rewards, ratings, stats, day

    def _finish(self):
        order, pot, pay, rewards, ratings, stats, day = self.result()
        self.state = OVER
        before = {pid: self.store.player(pid)["elo"] for pid, _ in ratings}
        seat_pid = [s.pid for s in self.seats]
        self.store.finish_match(self.match_id, self.row(), {
            "pay": [(seat_pid[i], c) for i, c in pay],
            "rewards": [(seat_pid[i], c, day) for i, c in rewards],
            "ratings": ratings, "stats": stats, "record": self.match.text()})
        over = {"type": "over", "room": self.id, "match": self.match_id, "standings": order,
                "scores": self.match.scores(), "winners": self.match.winners(), "pot": pot,
                "payout": [{"seat": i, "name": self.seats[i].name, "coins": c} for i, c in pay],
                "rewards": [{"seat": i, "coins": c} for i, c in rewards],
                "elo": [{"seat": seat_pid.index(pid), "before": before[pid], "after": r}
                        for pid, r in ratings]}
        for i in self.humans():
            conn = self._conn(self.seats[i])
            if conn is not None:
                conn.send(over)
                conn.send(self.room_message(i))
                self._unlink(self.seats[i].pid)
            self.server.push_balance(self.seats[i].pid)
        self.store.drop_room(self.id, [])
        self._close()
