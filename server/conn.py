"""One client connection: its frames checked, its answers queued, its rate limited.

A frame is read, checked (text, size, a JSON object, a known type, fields of the
right types) and handed to the server as a dict; what goes back is queued and
written by the connection's own writer task, so a slow client never holds up a
room. Nothing a client sends reaches a room unchecked.
"""

import asyncio
import json
import time

from server.errors import Refused

MAX_FRAME = 4096  # bytes of one request
MAX_ERRORS = 10  # refused frames before the connection is closed
RATE = 20.0  # requests a second, on average
BURST = 40.0
OUT_QUEUE = 256  # messages waiting for a slow client before it is dropped

# Each request type and its fields: name -> (types, required).
FIELDS = {
    "hello": {"protocol": (int, True), "key": (str, True), "token": (str, False),
              "client": (str, False)},
    "ping": {},
    "me": {},
    "register": {"name": (str, True)},
    "list": {"game": (str, False)},
    "create": {"game": (str, True), "options": (str, False), "fee": (int, False),
               "private": (bool, False)},
    "join": {"room": (str, False), "code": (str, False), "seat": (int, False)},
    "leave": {},
    "bot": {"level": (str, True), "seat": (int, False)},
    "unbot": {"seat": (int, True)},
    "start": {},
    "delete": {},
    "act": {"turn": (int, True), "action": (int, True)},
    "control": {},
    "resume": {"token": (str, True)},
    "quick": {"bot": (bool, False)},
    "unqueue": {},
    "record": {"match": (str, True)},
}


def check_frame(frame):
    """The request in a frame, or Refused (with the request's id when it has one)."""
    if not isinstance(frame, str):
        raise Refused("bad_frame", "send JSON text frames, not binary ones")
    if len(frame) > MAX_FRAME:  # characters: at most 4 bytes each, checked below
        raise Refused("too_big", "a request may take at most %d bytes" % MAX_FRAME)
    if len(frame.encode()) > MAX_FRAME:
        raise Refused("too_big", "a request may take at most %d bytes" % MAX_FRAME)
    try:
        msg = json.loads(frame)
    except ValueError:
        raise Refused("bad_frame", "not JSON") from None
    if not isinstance(msg, dict):
        raise Refused("bad_frame", "a request is a JSON object")
    return msg


def check_fields(msg):
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise Refused("bad_field", "type: a string")
    rid = msg.get("id")
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, (int, str))):
        msg.pop("id")
        raise Refused("bad_field", "id: a string or an int")
    fields = FIELDS.get(kind)
    if fields is None:
        raise Refused("unknown_type", "unknown request type " + kind[:40])
    for name, (kind_of, required) in fields.items():
        if name not in msg or msg[name] is None:
            if required:
                raise Refused("bad_field", "%s: missing" % name)
            msg.pop(name, None)
            continue
        value = msg[name]
        if isinstance(value, bool) and kind_of is not bool or not isinstance(value, kind_of):
            raise Refused("bad_field", "%s: %s expected" % (name, kind_of.__name__))
    return msg


class Conn:
    def __init__(self, ws, node="local", cid="local.0"):
        self.ws = ws
        self.node = node  # the server process holding it
        self.cid = cid  # its id, unique among every process's connections
        self.player = None  # the identity after hello: {"id", "name", ...}
        self.room = None  # the room this connection is attached to (its seat's token shown)
        self.errors = 0
        self.tokens = BURST
        self.stamp = time.monotonic()
        self.out = asyncio.Queue(OUT_QUEUE)
        self.closed = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def allow(self):
        """The token bucket of the per-connection rate limit."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def send(self, msg, request=None):
        """Queue a message; with `request`, it answers it (its id echoed)."""
        if self.closed:
            return
        if request is not None and "id" in request:
            msg = dict(msg, id=request["id"])
        try:
            self.out.put_nowait(json.dumps(msg, separators=(",", ":")))
        except asyncio.QueueFull:  # a client that reads nothing: drop it
            self.close(1008, "too slow")

    def error(self, request, code, message):
        self.send({"type": "error", "code": code, "message": message}, request)

    def attach(self, room_id):
        """The room linked (or, with None, unlinked) this connection to its seat."""
        self.room = room_id

    def close(self, code=1000, reason=""):
        """Close once what is queued has been written (at once for a stuck client)."""
        if self.closed:
            return
        self.closed = True
        try:
            self.out.put_nowait((code, reason))
        except asyncio.QueueFull:
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def _write(self):
        try:
            while True:
                text = await self.out.get()
                if isinstance(text, tuple):
                    await self.ws.close(*text)
                    return
                await self.ws.send(text)
        except Exception:  # the connection went: the reader side cleans up
            return
