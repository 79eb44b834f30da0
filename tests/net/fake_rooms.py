"""A stand-in room server for the client session's tests: the few messages of
docs/protocol.md the session handles (hello and welcome, register, list,
create, a room with its reconnect token, a view), on `websockets`, in a thread
on 127.0.0.1. The real server (server/) is tested on its own; this one lets the
test drop a link at a chosen moment and see what the client sends back.

    with FakeRooms() as rooms:
        rooms.url, rooms.hellos    # every hello received, as a dict
"""

import asyncio
import contextlib
import json

from server_thread import ServerThread
from websockets.asyncio.server import serve

ROOM = {"type": "room", "room": "r1", "game": "poker", "options": "hands=5", "fee": 0,
        "pot": 0, "private": False, "code": None, "host": 0, "state": "waiting",
        "expires_ms": 3600000, "you": 0, "token": "T1",
        "seats": [{"kind": "human", "name": "Ann", "status": "active", "connected": True},
                  {"kind": "empty"}, {"kind": "empty"}, {"kind": "empty"}]}
VIEW = {"type": "view", "room": "r1", "game": "poker", "you": 0, "turn": 4, "to_move": 0,
        "deadline_ms": 7300, "countdown_ms": 0, "last": None, "legal": [[224, "bid 0"]],
        "table": {"hand": [2, 8]}}


class FakeRooms(ServerThread):
    WHAT = "the fake room server"

    def __init__(self):
        super().__init__()
        self.hellos = []
        self.requests = []  # every message but hello
        self.seated = set()  # keys with a seat

    async def _main(self):
        self._stop = asyncio.Event()
        # (close_timeout: a test's handhelds are no longer stepped to answer the close)
        async with serve(self._serve, "127.0.0.1", 0, close_timeout=0.2) as server:
            self.url = "ws://127.0.0.1:%d/" % server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stop.wait()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

    async def _serve(self, ws):
        # A test's client goes away as it likes.
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(self._session(ws), 10)

    async def _session(self, ws):
        key = None
        async for text in ws:
            message = json.loads(text)
            kind, asked = message.get("type"), message.get("id")
            answer = {"id": asked}
            if kind == "hello":
                self.hellos.append(message)
                key = message["key"]
                if len(key) < 32:
                    await ws.send(json.dumps({"type": "error", "id": asked, "code": "bad_key",
                                              "message": "the key is not 32-64 hex digits"}))
                    continue
                room = "r1" if key in self.seated else None
                await ws.send(json.dumps({"type": "welcome", "id": asked, "protocol": 1,
                                          "room": room, "player": {"name": None, "guest": True,
                                                                   "coins": 0}}))
                if room and message.get("token") == "T1":
                    await ws.send(json.dumps(ROOM))
                    await ws.send(json.dumps(VIEW))
                continue
            self.requests.append(message)
            if kind == "register":
                answer.update(type="player", player={"name": message["name"], "guest": False,
                                                      "coins": 5000})
            elif kind == "list":
                listed = [{"room": "r9", "game": "poker", "options": "hands=5", "seats": 4,
                           "taken": 2, "fee": 100, "host": "Bob", "expires_ms": 3412000}]
                answer.update(type="rooms", game=message.get("game"),
                              rooms=listed if message.get("game") == "poker" else [])
            elif kind in ("create", "join"):
                self.seated.add(key)
                await ws.send(json.dumps({"type": "balance", "coins": 4900}))
                answer.update(ROOM, private=bool(message.get("private") or "code" in message),
                              code=message.get("code") or ("K7Q2P" if message.get("private")
                                                           else None))
            elif kind == "bot":
                answer.update(ROOM, seats=ROOM["seats"][:1] + [
                    {"kind": "bot", "level": message["level"]}] * 3)
            elif kind == "leave":
                self.seated.discard(key)
                answer.update(type="left", room="r1", forfeit=False)
            elif kind == "drop":  # not in the protocol: the test's way to cut the link
                ws.transport.abort()
                return
            elif kind == "garbage":  # answers the client must survive
                for bad in ("not json", "[1, 2]", '{"type": 5}', '{"type": "room", "seats": 3}',
                            '{"type": "balance", "coins": "many"}'):
                    await ws.send(bad)
                answer.update(type="pong")
            elif kind == "silence":
                continue  # never answered
            else:
                answer.update(type="error", code="unknown_type", message="no such request")
            await ws.send(json.dumps(answer))
