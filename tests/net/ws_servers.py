"""Two WebSocket servers on 127.0.0.1 for the client's tests, run in a thread:

- `websockets` (the package the room server is built on), a scenario per path:
  /echo, /fragments, /ping, /close, /big, /binary, /drop;
- a raw one that writes frames byte by byte as the test wants them, where a
  real server would not (a ping between fragments, a masked frame, a reserved
  bit, bad UTF-8, a wrong Sec-WebSocket-Accept, a frame split over many writes,
  a server that goes silent).

    with Servers() as servers:
        servers.port, servers.raw_port
        servers.seen            # what the servers saw: [(path, what), ...]

Both stop with the with-block; every wait in them is bounded.
"""

import asyncio
import base64
import hashlib
import os
import threading

from server_thread import ServerThread
from websockets.asyncio.server import serve

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
WAIT = 3.0  # seconds any one wait of a server may take


def accept(key):
    return base64.b64encode(hashlib.sha1(key + GUID).digest())


def frame(opcode, payload, fin=True, mask=None, first_extra=0, length_form=None):
    """A frame's bytes as a server (mask=None) or a client would send it."""
    size = len(payload)
    head = bytes([(0x80 if fin else 0) | first_extra | opcode])
    bit = 0x80 if mask is not None else 0
    form = length_form or (7 if size < 126 else 16 if size < 65536 else 64)
    if form == 7:
        head += bytes([bit | size])
    elif form == 16:
        head += bytes([bit | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + size.to_bytes(8, "big")
    if mask is not None:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


async def read_frame(reader):
    """(opcode, payload, was_masked) of the next client frame."""
    head = await asyncio.wait_for(reader.readexactly(2), WAIT)
    size = head[1] & 0x7F
    if size == 126:
        size = int.from_bytes(await reader.readexactly(2), "big")
    elif size == 127:
        size = int.from_bytes(await reader.readexactly(8), "big")
    masked = bool(head[1] & 0x80)
    mask = await reader.readexactly(4) if masked else b"\0\0\0\0"
    data = await reader.readexactly(size)
    return head[0] & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(data)), masked


class Servers(ServerThread):
    WHAT = "the test servers"

    def __init__(self):
        super().__init__()
        self.seen = []
        self.port = self.raw_port = 0

    async def _main(self):
        self._stop = asyncio.Event()
        async with serve(self._scenario, "127.0.0.1", 0, max_size=64 * 1024) as ws_server:
            raw = await asyncio.start_server(self._raw, "127.0.0.1", 0)
            self.port = ws_server.sockets[0].getsockname()[1]
            self.raw_port = raw.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stop.wait()
            raw.close()
            for task in asyncio.all_tasks():  # a scenario still waiting ends here
                if task is not asyncio.current_task():
                    task.cancel()

    # --- the websockets server ------------------------------------------------------

    async def _scenario(self, ws):
        path = ws.request.path
        try:
            await asyncio.wait_for(self._play(path, ws), WAIT * 2)
        except Exception as e:  # the client may close at any point: that is the test
            self.seen.append((path, "ended: " + type(e).__name__))
        self.seen.append((path, "close code %s" % ws.close_code))

    async def _play(self, path, ws):
        if path == "/echo":
            async for message in ws:
                self.seen.append((path, message))
                await ws.send(message)
        elif path == "/fragments":
            await ws.send(["frag", "mén", "ted"])  # one message, three frames
            async for message in ws:
                await ws.send(message)
        elif path == "/ping":
            waiter = await ws.ping(b"are you there")
            await asyncio.wait_for(waiter, WAIT)
            await ws.send("pong came")
            await ws.recv()
        elif path == "/close":
            await ws.recv()
            await ws.close(4000, "bye")
        elif path == "/big":
            await ws.send("x" * 5000)
            await ws.recv()
        elif path == "/binary":
            await ws.send(b"\x00\x01")
            await ws.recv()
        elif path == "/drop":
            await ws.send("going")
            await asyncio.sleep(0.2)
            ws.transport.abort()  # no close frame: the link just goes

    # --- the raw server ---------------------------------------------------------------

    async def _raw(self, reader, writer):
        path = "?"
        try:
            request = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
            path = request.split(b" ")[1].decode()
            key = b""
            for line in request.split(b"\r\n"):
                if line.lower().startswith(b"sec-websocket-key:"):
                    key = line.split(b":", 1)[1].strip()
            self.seen.append((path, "masked key of %d bytes" % len(base64.b64decode(key))))
            await asyncio.wait_for(self._raw_play(path, key, reader, writer), WAIT * 2)
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError,
                asyncio.CancelledError) as e:
            self.seen.append((path, "ended: " + type(e).__name__))
        finally:
            writer.close()

    async def _raw_play(self, path, key, reader, writer):
        answer = (b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                  b"Connection: Upgrade\r\nSec-WebSocket-Accept: ")
        good = answer + accept(key) + b"\r\n\r\n"
        if path == "/mute":  # took the request, never answers it
            await asyncio.sleep(WAIT)
            return
        if path == "/refuse":
            writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            return
        if path == "/badaccept":
            writer.write(answer + accept(key + b"x") + b"\r\n\r\n")
            return
        if path == "/together":  # the answer and a first frame in one write
            writer.write(good + frame(1, b"first"))
        elif path == "/dribble":  # the answer and a frame a byte at a time
            for byte in good + frame(1, b"d" * 300):
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(0.001)
        else:
            writer.write(good)
        await writer.drain()
        if path == "/interleaved":
            writer.write(frame(1, b"ab", fin=False) + frame(9, b"p") + frame(0, b"cd", fin=False)
                         + frame(0, b"ef"))
            opcode, payload, masked = await read_frame(reader)
            self.seen.append((path, "opcode %d %r masked %s" % (opcode, payload, masked)))
            await read_frame(reader)  # the client's echo of the message
        elif path == "/long":  # a 16-bit and a 64-bit length
            writer.write(frame(1, b"s" * 300) + frame(1, b"t" * 200, length_form=64))
            await read_frame(reader)
        elif path == "/huge":
            writer.write(frame(1, b"", length_form=64)[:2] + (1 << 40).to_bytes(8, "big"))
            await self._record_close(path, reader)
        elif path in ("/masked", "/reserved", "/utf8", "/badcontrol", "/orphan"):
            writer.write({
                "/masked": frame(1, b"hi", mask=b"\1\2\3\4"),
                "/reserved": frame(1, b"hi", first_extra=0x40),
                "/utf8": frame(1, b"\xff\xfe"),
                "/badcontrol": frame(9, b"p" * 126),
                "/orphan": frame(0, b"no start"),
            }[path])
            await self._record_close(path, reader)
        elif path == "/silent":  # reads what comes, says nothing
            while True:
                opcode, payload, masked = await read_frame(reader)
                self.seen.append((path, "opcode %d" % opcode))
        elif path == "/client_frames":  # what the client sends, as it sends it
            for _ in range(3):
                opcode, payload, masked = await read_frame(reader)
                self.seen.append((path, "opcode %d len %d masked %s" % (
                    opcode, len(payload), masked)))
                if opcode == 8:
                    writer.write(frame(8, payload))
                    break
        await writer.drain()

    async def _record_close(self, path, reader):
        opcode, payload, masked = await read_frame(reader)
        code = int.from_bytes(payload[:2], "big") if opcode == 8 else None
        self.seen.append((path, "client closed with %s" % code))


def random_port_nobody_listens_on():
    """A port just freed: nothing listens on it (for a refused connection)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


if __name__ == "__main__":  # by hand: the servers for a minute
    with Servers() as servers:
        print("websockets on", servers.port, "raw on", servers.raw_port, flush=True)
        threading.Event().wait(float(os.environ.get("SECONDS", "60")))
