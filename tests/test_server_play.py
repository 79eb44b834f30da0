"""Play in a room (RULES.md 9, "Start and timers", "Privacy and fairness"), in-process:
nobody is ever sent another's hidden tile over many seeded matches of every game;
late, stale, out-of-turn and illegal actions are refused and change nothing; missed
turns make a player warned, inactive, then autoplayed until they act again."""

import asyncio
import json
import random

from core.actions import DRAW, is_pair, PAIR
from core.tiles import DOUBLES
from server_support import Harness

from server.games import LEVELS, Match, parse_options, tiles
from server.room import now_ms

pytest_plugins = ["redis_support"]  # its fixtures: make_store (both stores), redis_url

GAMES = [("poker", "hands=5"), ("1x1", ""), ("classic", "players=4"),
         ("kozel", "players=4 pairs=yes"), ("yard", ""), ("international", "players=3"),
         ("allfives", "target=61"), ("bid", "")]


def hidden_from(m, seat):
    """The tiles `seat` may not see: the other hands and the stock."""
    g = m.game
    out = set()
    for s, hand in enumerate(g.hands):
        if s != seat:
            out |= set(tiles(hand))
    if hasattr(g, "stock"):
        out |= set(g.stock[g.drawn:g.stock_size])
    return out


def action_tiles(game, action):
    """The tiles an action plays."""
    if game == "poker":
        return {action >> 3} if action < 224 else set()
    if is_pair(action):
        return {DOUBLES[(action - PAIR) >> 3], DOUBLES[(action - PAIR) & 7]}
    return {action >> 3} if action < DRAW else set()


def shown_tiles(game, table, legal):
    """Every tile a personal table shows beside the seat's own hand, and the tiles
    of its legal actions."""
    out = set(table.get("trick", []))
    if table.get("last_trick"):
        out |= set(table["last_trick"]["tiles"])
    out |= {t for t, _ in table.get("line", [])}
    playable = set()
    for a, _ in legal:
        playable |= action_tiles(game, a)
    return out, playable


def test_nobody_is_sent_another_players_hidden_tile_in_200_seeded_matches():
    checked = 0
    for n in range(200):
        game, words = GAMES[n % len(GAMES)]
        options = parse_options(game, words)
        m = Match(game, options, 1000 + n, ["p"] * 4)
        level = LEVELS[game][0]
        rng = random.Random(n)
        last = None
        for _ in range(3000):
            if m.over:
                break
            to = m.to_move()
            for seat in range(m.seats):
                table = m.table(seat)
                legal = m.legal() if seat == to else []
                hidden = hidden_from(m, seat)
                assert table["hand"] == tiles(m.game.hands[seat])
                shown, playable = shown_tiles(game, table, legal)
                assert not shown & hidden and not playable & hidden
                assert playable <= set(table["hand"])
                assert sum(table["sizes"]) + len(table.get("line", [])) <= 28
                checked += 1
            # Spectacular Bid's handheld player thinks long: random legal actions there
            action = rng.choice(m.legal())[0] if game == "bid" else m.choose(level)
            last = m.apply(action, False, 300)
            if last["action"] == DRAW:
                assert last["text"] == "draw"  # the tile drawn is the drawer's alone
        assert m.over, game
        json.dumps({"table": table, "legal": legal, "last": last})  # what is sent is JSON
    assert checked > 50000


async def lone_human(store):
    # bots move when to_seat says so, never on their own: the room task cannot race the test
    h = Harness(store, countdown_ms=0, bot_ms=60000, turn_ms=60000)
    ann = await h.player("Ann")
    bob = await h.player("Bob")
    await h.ask(ann, {"type": "create", "game": "poker"})
    await h.ask(bob, {"type": "join", "room": ann.room})
    await h.ask(ann, {"type": "bot", "level": "easy"})
    await h.ask(ann, {"type": "start"})
    return h, ann, bob, h.server.rooms[ann.room]


async def to_seat(h, room, seat):
    """Let bots and the other human move (first legal tile) until `seat` is to move."""
    for _ in range(100):
        if room.match.to_move() == seat:
            return
        s = room.seats[room.match.to_move()]
        if s.plays_itself() and room.bot_at is None:
            room.timers[room.match.to_move()].deadline = now_ms() - 1
        else:
            room.bot_at = 0
        room._tick()
    raise AssertionError("never seat %d's turn" % seat)


def test_refused_actions_change_nothing_and_missed_turns_lead_to_autoplay(make_store):
    async def run():
        h, ann, bob, room = await lone_human(make_store())
        m = room.match
        await to_seat(h, room, 0)
        before = (m.n, m.record.text(), [list(t) for t in (m.game.bids, m.game.taken)])
        turn = m.n
        codes = []
        for conn, msg in ((bob, {"type": "act", "turn": turn, "action": 224}),
                          (ann, {"type": "act", "turn": turn - 1, "action": 224}),
                          (ann, {"type": "act", "turn": turn, "action": 5}),
                          (ann, {"type": "act", "turn": turn, "action": 999})):
            codes.append((await h.ask(conn, msg))["code"])
        assert codes == ["not_your_turn", "stale", "illegal", "illegal"]
        assert (m.n, m.record.text(), [list(t) for t in (m.game.bids, m.game.taken)]) == before
        room.timers[0].deadline = now_ms() - 1  # Ann's time ran out
        refused = await h.ask(ann, {"type": "act", "turn": turn, "action": m.legal()[0][0]})
        assert refused["code"] == "late"
        # the room then played for her (the medium level's bid), marked late
        assert m.n == turn + 1 and m.record.late[-1] == 1 and m.record.actions[-1] >= 224
        statuses = [room.room_message(0)["seats"][0]["status"]]
        for _ in range(2):  # twice more in a row
            await to_seat(h, room, 0)
            room.timers[0].deadline = now_ms() - 1
            room._tick()
            statuses.append(room.room_message(0)["seats"][0]["status"])
            assert m.record.late[-1] == 1
        assert statuses == ["warned", "inactive", "autoplay"]
        await to_seat(h, room, 0)
        assert room.bot_at is not None  # autoplay: played for Ann after a pause
        view = room.view(0)
        assert view["deadline_ms"] is None and view["legal"]
        # acting takes control back: the action is made, in time
        await h.ask(ann, {"type": "act", "turn": m.n, "action": m.legal()[0][0]})
        assert m.record.late[-1] == 0
        assert room.room_message(0)["seats"][0]["status"] == "active"
        h.close()

    asyncio.run(run())
