"""Coins in the lobby (RULES.md 9, "Fees and the pot"): conservation and the refund
rules over many random lobby sessions, the one-room rule and the payout cases, run
in-process against the server's own lobby and rooms, on each store (SQLite, and
Redis when redis-server is installed)."""

import asyncio
import random

from core.coins import WELCOME
from server_support import Harness

pytest_plugins = ["redis_support"]  # its fixtures: make_store (both stores), redis_url

GAMES = [("poker", ""), ("1x1", ""), ("classic", "players=3")]


def check_books(h, model):
    """Every invariant of the ledger and the seats, after any step."""
    store, server = h.store, h.server
    sums = ledger_sums(store)
    assert sum(sums.values()) == 0  # no coin made or lost
    assert sums == {a: c for a, c in store.accounts().items() if c}  # balances agree
    seated = {}
    for room in server.rooms.values():
        for s in room.seats:
            if s.kind == "human" and not s.forfeit:
                assert s.pid not in seated, "a player in two rooms"
                seated[s.pid] = room
        if room.state == "waiting":
            # before the start the pot is exactly the fees of those seated now
            paid = sum(s.paid for s in room.seats if s.kind == "human")
            assert sums.get("pot:" + room.id, 0) == paid
    for account, amount in sums.items():
        if account.startswith("pot:"):
            assert amount == 0 or account[4:] in server.rooms  # closed rooms' pots are empty
    locks = store.locks()
    for conn in model["players"]:
        pid = conn.player["id"]
        assert locks.get(pid) == (seated[pid].id if pid in seated else None)
        balance = sums.get("p:%d" % pid, 0)
        assert balance >= 0
        if pid not in model["started"]:
            # never in a match that started: every fee came back or is in a waiting pot
            fee = seated[pid].fee if pid in seated else 0
            start = WELCOME if conn.player["name"] else 0
            assert balance == start - fee, (conn.player, balance, fee)


def ledger_sums(store):
    """Each account's sum over every movement of the ledger (the zero sums left out)."""
    sums = {}
    for m in store.ledger():
        assert sum(m["rows"].values()) == 0, m  # every movement balances
        for account, amount in m["rows"].items():
            sums[account] = sums.get(account, 0) + amount
    return {a: c for a, c in sums.items() if c}


async def play_out(h, room):
    """Finish a started room's match: humans play their first legal action, the bots
    and timers run as the room's task would."""
    conns = {c.player["id"]: c for c in h.model["players"]}
    for _ in range(2000):
        if room.closed:
            return
        m = room.match
        seat = m.to_move()
        s = room.seats[seat]
        if s.plays_itself() and room.bot_at is None:
            conn = conns[s.pid]
            room._handle("req", conn, {"type": "act", "turn": m.n, "action": m.legal()[0][0]})
        else:
            room.bot_at = 0
            room._tick()
    raise AssertionError("the match did not end")


async def sessions(store, steps, seed):
    rng = random.Random(seed)
    h = Harness(store, countdown_ms=0, bot_ms=0, turn_ms=60000)
    players = []
    for i in range(12):
        players.append(await h.player("P%d" % i if i < 10 else None))  # two guests
    h.model = model = {"players": players, "started": set()}
    try:
        for _ in range(steps):
            conn = rng.choice(players)
            room = h.server.rooms.get(conn.room)
            op = rng.random()
            if room is None:
                if op < 0.4:
                    game, options = rng.choice(GAMES)
                    fee = rng.choice([0, 0, 50, 300, 5000, 99999])
                    await h.ask(conn, {"type": "create", "game": game, "options": options,
                                       "fee": fee, "private": rng.random() < 0.3})
                elif h.server.rooms:
                    target = rng.choice(list(h.server.rooms.values()))
                    if target.private:
                        await h.ask(conn, {"type": "join", "code": target.code})
                    else:
                        await h.ask(conn, {"type": "join", "room": target.id})
            elif room.state == "waiting":
                is_host = room.seat_of(conn.player["id"]) == room.host
                if op < 0.25:
                    await h.ask(conn, {"type": "leave"})
                elif op < 0.45 and is_host:
                    await h.ask(conn, {"type": "bot", "level": "easy"})
                elif op < 0.55 and is_host:
                    await h.ask(conn, {"type": "delete"})
                elif op < 0.62:
                    room.post("expire")  # the sweep found it past its hour
                    await h.settle()
                elif op < 0.8 and is_host:
                    answer = await h.ask(conn, {"type": "start"})
                    if room.state == "playing":
                        model["started"].update(s.pid for s in room.seats if s.kind == "human")
                    else:
                        assert answer["code"] == "not_full"
                else:
                    other = rng.choice(players)
                    seated = other.room is not None
                    answer = await h.ask(other, {"type": "create", "game": "1x1"})
                    assert (answer.get("code") == "in_room") == seated, answer
            elif room.state == "playing":
                if op < 0.5:
                    await h.ask(conn, {"type": "leave"})  # a forfeit: no fee back
                else:
                    await play_out(h, room)
            check_books(h, model)
    finally:
        h.close()
    return model


def test_coins_are_conserved_and_fees_refunded_over_random_lobby_sessions(make_store):
    model = asyncio.run(sessions(make_store(), 2000, 1))
    assert len(model["started"]) >= 5  # the sessions did reach play, not only lobbies


def test_the_one_room_rule_refuses_a_second_create_join_or_quick(make_store):
    async def run():
        h = Harness(make_store())
        ann, bob = await h.player("Ann"), await h.player("Bob")
        r1 = await h.ask(ann, {"type": "create", "game": "poker"})
        r2 = await h.ask(bob, {"type": "create", "game": "1x1", "private": True})
        assert (await h.ask(ann, {"type": "create", "game": "1x1"}))["code"] == "in_room"
        assert (await h.ask(ann, {"type": "join", "code": r2["code"]}))["code"] == "in_room"
        assert (await h.ask(ann, {"type": "quick"}))["code"] == "in_room"
        # a room id is not enough for a private room; a code from the lobby would be
        assert (await h.ask(ann, {"type": "leave"}))["type"] == "left"
        assert (await h.ask(ann, {"type": "join", "room": r2["room"]}))["code"] == "no_room"
        joined = await h.ask(ann, {"type": "join", "code": r2["code"]})
        assert joined["type"] == "room" and joined["you"] == 1
        assert r1["room"] not in h.server.rooms  # its only human left: destroyed
        h.close()

    asyncio.run(run())


def test_wrong_join_codes_are_rate_limited(make_store):
    async def run():
        h = Harness(make_store())
        ann, eve = await h.player("Ann"), await h.player("Eve")
        room = await h.ask(ann, {"type": "create", "game": "1x1", "private": True})
        codes = [(await h.ask(eve, {"type": "join", "code": "ZZZZ%d" % i}))["code"]
                 for i in range(7)]
        assert codes == ["bad_code"] * 5 + ["slow_down"] * 2
        # even the right code waits out the minute
        assert (await h.ask(eve, {"type": "join", "code": room["code"]}))["code"] == "slow_down"
        h.close()

    asyncio.run(run())


class Ending:
    """A finished match's standings, scores and winners, as the payout reads them."""

    def __init__(self, order):
        self.order = order
        self.over = True

    def standings(self):
        return self.order

    def winners(self):
        return self.order[:1]

    def scores(self):
        return [10 * (4 - self.order.index(s)) for s in range(4)]

    def text(self):
        return "game: poker\n"

    def to_move(self):
        return None


async def payout(store, order, seats, forfeits=()):
    """Seat humans ("R" registered, "B" bots) in a poker room with a fee of 100, start,
    let `forfeits` leave, end with `order` as the standings: (coins won per seat)."""
    h = Harness(store, countdown_ms=60000)
    conns = {}
    host = None
    for i, kind in enumerate(seats):
        if kind == "R":
            conns[i] = await h.player("P%d" % i)
            if host is None:
                host = conns[i]
                await h.ask(host, {"type": "create", "game": "poker", "fee": 100})
            else:
                await h.ask(conns[i], {"type": "join", "room": host.room, "seat": i})
    room = h.server.rooms[host.room]
    for i, kind in enumerate(seats):
        if kind == "B":
            await h.ask(host, {"type": "bot", "level": "easy", "seat": i})
    await h.ask(host, {"type": "start"})
    for i in forfeits:
        await h.ask(conns[i], {"type": "leave"})
    before = {i: h.store.balance(c.player["id"]) for i, c in conns.items()}
    if not room.closed:
        room.match = Ending(order)
        room._finish()
    won = [h.store.balance(conns[i].player["id"]) - before[i] if i in conns else 0
           for i in range(4)]
    assert h.store.total() == 0
    h.close()
    return won


def test_payouts_70_30_to_registered_humans_never_bots_nor_forfeits(make_store):
    run = asyncio.run
    # four humans, pot 400: 70 % to the best placed, 30 % to the second
    assert run(payout(make_store(), [2, 0, 3, 1], "RRRR")) == [120, 0, 280, 0]
    # bots placed first and second get nothing: the humans below them are paid
    assert run(payout(make_store(), [1, 2, 0, 3], "RBBR")) == [140, 0, 0, 60]
    # a forfeited player is excluded even when placed first
    assert run(payout(make_store(), [0, 1, 2, 3], "RRRB", forfeits=[0])) == [0, 210, 90, 0]
    # a lone registered human left takes the whole pot
    assert run(payout(make_store(), [3, 1, 0, 2], "RRBB", forfeits=[1])) == [200, 0, 0, 0]


def test_a_match_abandoned_by_every_human_pays_nobody(make_store):
    async def run():
        h = Harness(make_store(), countdown_ms=60000)
        ann, bob = await h.player("Ann"), await h.player("Bob")
        await h.ask(ann, {"type": "create", "game": "poker", "fee": 300})
        await h.ask(bob, {"type": "join", "room": ann.room})
        await h.ask(ann, {"type": "bot", "level": "hard"})
        await h.ask(ann, {"type": "start"})
        await h.ask(ann, {"type": "leave"})
        await h.ask(bob, {"type": "leave"})
        assert not h.server.rooms
        assert [h.store.balance(c.player["id"]) for c in (ann, bob)] == [4700, 4700]
        assert h.store.total() == 0
        h.close()

    asyncio.run(run())


def test_a_guest_plays_free_rooms_only(make_store):
    async def run():
        h = Harness(make_store())
        ann, guest = await h.player("Ann"), await h.player()
        assert (await h.ask(guest, {"type": "create", "game": "1x1", "fee": 10}))["code"] == "guest"
        await h.ask(ann, {"type": "create", "game": "poker", "fee": 10})
        assert (await h.ask(guest, {"type": "join", "room": ann.room}))["code"] == "guest"
        assert (await h.ask(ann, {"type": "create", "game": "1x1"}))["code"] == "in_room"
        h.close()

    asyncio.run(run())


def test_rewards_by_the_weakest_bot_at_most_five_a_day_and_poker_statistics(make_store):
    async def run():
        h = Harness(make_store(), countdown_ms=60000)
        ann = await h.player("Ann")
        paid = []
        for level in ("hard", "hard", "medium", "easy", "hard", "hard", "hard", "hard"):
            await h.ask(ann, {"type": "create", "game": "poker"})
            room = h.server.rooms[ann.room]
            await h.ask(ann, {"type": "bot", "level": level})
            await h.ask(ann, {"type": "start"})
            before = h.store.balance(ann.player["id"])
            room.match = Ending([1, 0, 2, 3])  # Ann second: rewarded
            room._finish()
            paid.append(h.store.balance(ann.player["id"]) - before)
        # 100 for hard, 50 for medium, nothing for easy; the sixth rewarded match pays 0
        assert paid == [100, 100, 50, 0, 100, 100, 0, 0]
        assert h.store.stats(ann.player["id"]) is None  # bots at the table: no statistics
        players = [ann] + [await h.player(n) for n in ("Bob", "Cid", "Dan")]
        await h.ask(ann, {"type": "create", "game": "poker"})
        room = h.server.rooms[ann.room]
        for c in players[1:]:
            await h.ask(c, {"type": "join", "room": ann.room})
        await h.ask(ann, {"type": "start"})
        room.match = Ending([2, 0, 1, 3])
        room._finish()
        stats = [h.store.stats(c.player["id"]) for c in players]
        assert [s["matches"] for s in stats] == [1, 1, 1, 1]
        assert [s["wins"] for s in stats] == [0, 0, 1, 0]
        # ... and each player reads its own over the protocol.
        told = [(await h.ask(c, {"type": "me"}))["player"]["poker"] for c in players]
        assert told == stats
        guest = await h.player()
        assert (await h.ask(guest, {"type": "me"}))["player"]["poker"] is None
        h.close()

    asyncio.run(run())
