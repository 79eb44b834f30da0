"""Bad input (issue 23, 9): every malformed frame gets an error with its code or a
close, never a traceback; floods are limited; a half-open connection is closed; a
room whose player sends garbage and vanishes plays on; everyone else is served."""

import asyncio
import json
import socket

from server_support import Client, FAST, play_until_over, ServerProcess
from websockets.exceptions import ConnectionClosed


async def code_of(c, frame):
    await c.ws.send(frame)
    answer = await c.next_any(5)
    assert answer["type"] == "error", answer
    return answer["code"]


async def bad_frames(url):
    c = await Client(url).open()
    assert await code_of(c, json.dumps({"type": "list"})) == "hello_first"
    await c.hello("Ann")
    assert await code_of(c, b"\x00\x01binary") == "bad_frame"
    assert await code_of(c, "{not json") == "bad_frame"
    assert await code_of(c, "[1, 2]") == "bad_frame"
    assert await code_of(c, json.dumps({"type": "x" * 30})) == "unknown_type"
    assert await code_of(c, json.dumps({"type": 5})) == "bad_field"
    assert await code_of(c, json.dumps({"type": "create", "game": 7})) == "bad_field"
    fee = {"type": "create", "game": "1x1", "fee": True}  # a bool is no int here
    assert await code_of(c, json.dumps(fee)) == "bad_field"
    assert await code_of(c, json.dumps({"type": "act", "turn": "1", "action": 3})) == "bad_field"
    # still served, the id echoed
    answer = await c.ask({"type": "list"})
    assert answer["type"] == "rooms" and answer["id"] == c.n
    # the tenth refused frame is answered, then the connection closed
    assert await code_of(c, json.dumps({"type": "list", "pad": "x" * 5000})) == "too_big"
    await closed(c, 1008)

    c = await Client(url).open()
    await c.hello()
    assert await code_of(c, json.dumps({"type": "act", "turn": 0, "action": 1})) == "not_in_room"
    answer = await c.ask({"type": "create", "game": "1x1", "fee": -5})
    assert answer["code"] == "bad_fee"

    # a flood: the rate limit answers, then the connection is closed for its errors
    for _ in range(120):
        await c.ws.send(json.dumps({"type": "ping"}))
    codes = []
    try:
        while True:
            msg = await c.next_any(5)
            if msg["type"] == "error":
                codes.append(msg["code"])
    except ConnectionClosed:
        pass
    assert codes and set(codes) == {"rate_limited"}

    # a frame over 64 kB closes the connection at once
    d = Client(url)
    await d.open()
    await d.hello()
    await d.ws.send("x" * 70000)
    await closed(d, 1009)


async def closed(c, code):
    """Wait for the server to close c's connection with that code."""
    try:
        while True:
            await c.next_any(5)
    except ConnectionClosed as e:
        assert e.rcvd.code == code


async def room_survives(url):
    ann, bob = Client(url), Client(url)
    await ann.open()
    await bob.open()
    await ann.hello("Cid")
    await bob.hello("Dan")
    room = await ann.ask({"type": "create", "game": "1x1"})
    await bob.ask({"type": "join", "room": room["room"]})
    await ann.ask({"type": "start"})
    view = await bob.next("view")
    # Bob sends nonsense of every kind, out of turn, stale, illegal; then vanishes
    codes = []
    for msg in ({"type": "act", "turn": view["turn"] + 5, "action": 3},
                {"type": "act", "turn": view["turn"], "action": 99999},
                {"type": "bot", "level": "hard"}, {"type": "start"}):
        codes.append((await bob.ask(msg))["code"])
    assert codes[0] == "stale"
    assert codes[1] in ("illegal", "not_your_turn", "countdown")
    assert codes[2:] == ["not_host", "not_host"]
    bob.ws.transport.abort()  # gone without a close: the timer plays for Bob
    over = (await play_until_over([ann], timeout=60))[0]
    assert over["winners"]


def test_bad_frames_get_their_error_codes_and_floods_a_close(tmp_path):
    with ServerProcess(tmp_path / "bad.sqlite", *FAST, "--turn-ms", "400") as s:
        asyncio.run(bad_frames(s.url))
        asyncio.run(room_survives(s.url))


def test_a_half_open_connection_is_closed_and_the_rest_served(tmp_path):
    with ServerProcess(tmp_path / "half.sqlite", *FAST, "--ping-s", "0.5") as s:
        host, port = s.url[5:].split(":")
        raw = socket.create_connection((host, int(port)), timeout=5)
        raw.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    b"Sec-WebSocket-Version: 13\r\n\r\n")
        assert b"101" in raw.recv(4096).split(b"\r\n")[0]
        # never answer a ping: after two ping periods the server hangs up
        raw.settimeout(5)
        data = b""
        try:
            while chunk := raw.recv(4096):
                data += chunk
        except TimeoutError as e:
            raise AssertionError("the half-open connection was kept") from e
        raw.close()

        async def still_serving():
            c = await Client(s.url).open()
            await c.hello()
            assert (await c.ask({"type": "list"}))["type"] == "rooms"

        asyncio.run(still_serving())


def test_a_second_connection_replaces_the_first_and_leaving_needs_no_token(tmp_path):
    async def run(url):
        first = await Client(url).open()
        await first.hello("Eve")
        room = await first.ask({"type": "create", "game": "poker", "fee": 10})
        second = await Client(url, first.key).open()
        welcome = await second.hello()  # no token: told of the room, shown nothing of it
        assert welcome["room"] == room["room"] and welcome["player"]["name"] == "Eve"
        replaced = await first.next("error")
        assert replaced["code"] == "replaced"
        await closed(first, 4001)
        assert (await second.ask({"type": "start"}))["code"] == "not_in_room"
        left = await second.ask({"type": "leave"})
        assert left == {"type": "left", "room": room["room"], "forfeit": False, "id": second.n}
        assert (await second.ask({"type": "me"}))["player"]["coins"] == 5000  # fee back
        assert (await second.ask({"type": "list"}))["rooms"] == []

    with ServerProcess(tmp_path / "twice.sqlite", *FAST) as s:
        asyncio.run(run(s.url))
