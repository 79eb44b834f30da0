"""A small RFC 6455 WebSocket client that never blocks the frame loop.

    link = WebSocket(TcpStream(socket, select, host, port), host, port, "/")
    while True:                       # once a frame
        link.step(elapsed_ms)         # connect, hand-shake, read, write: a step each
        text = link.receive()         # a whole text message, or None
        if link.state == OPEN:
            link.send('{"type": "ping"}')

A link goes CONNECTING (TCP, then the HTTP upgrade) -> OPEN -> CLOSING ->
CLOSED, or straight to CLOSED when something fails; `problem` then says what
in a sentence and `close_code` holds the closing code (1006: the link dropped
with no close frame). What it does of the protocol: the client's handshake with
a random Sec-WebSocket-Key and the check of Sec-WebSocket-Accept; masked client
frames; text messages, whole or fragmented (with control frames between the
fragments); a ping answered by a pong; the close handshake from either side;
a cap on a message's size (a bigger one closes with 1009). A binary message
closes with 1003 (the rooms speak JSON text), a message that is no UTF-8 with
1007, a frame that breaks the protocol with 1002. When the server says nothing
for `ping_ms` the client pings it, and a server still silent `dead_ms` after
that is taken as gone (a WiFi link that died without a word).

Memory: three buffers made once (the message being received, up to `cap`
bytes; the bytes read in a step; the frames waiting to go out, `send_cap`), so
receiving allocates only the finished message's string.
"""

import binascii
import errno
import os

from micropython import const

CONNECTING = "connecting"
OPEN = "open"
CLOSING = "closing"
CLOSED = "closed"

NORMAL = const(1000)
GOING_AWAY = const(1001)
PROTOCOL_ERROR = const(1002)
UNSUPPORTED = const(1003)
DROPPED = const(1006)  # never sent: the link ended without a close frame
BAD_DATA = const(1007)
TOO_BIG = const(1009)

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455 section 1.3
_CONTINUATION = const(0)
_TEXT = const(1)
_BINARY = const(2)
_CLOSE = const(8)
_PING = const(9)
_PONG = const(10)
_MOST_HEADER = const(2048)  # the server's HTTP answer
_READ_SIZE = const(512)
_READS_A_STEP = const(4)  # at most 2 KB read a frame: a flood cannot stall the loop
_CLOSE_WAIT_MS = const(2000)  # how long a closing link waits for the server's close


def parse_url(url):
    """(host, port, path) of a ws:// address; ValueError if it is not one."""
    if not url.startswith("ws://"):
        raise ValueError("the server address must start with ws://")
    rest = url[5:]
    slash = rest.find("/")
    where, path = (rest, "/") if slash < 0 else (rest[:slash], rest[slash:])
    host, port = where, 80
    colon = where.rfind(":")
    if colon >= 0 and "]" not in where[colon:]:
        host = where[:colon]
        try:
            port = int(where[colon + 1:])
        except ValueError:
            raise ValueError("the server address has a bad port") from None
    host = host.strip("[]")
    if not host or not 0 < port < 65536 or " " in url:
        raise ValueError("the server address has no host or a bad port")
    return host, port, path


def accept_key(key):
    """The Sec-WebSocket-Accept a server must answer to Sec-WebSocket-Key `key`."""
    return binascii.b2a_base64(_sha1(key + _GUID))[:-1]


def _broke(number):
    """A sentence for the OSError that ended a link."""
    for name, words in (("ECONNREFUSED", "nothing answers at the server's address"),
                        ("ECONNRESET", "the server reset the link"),
                        ("EHOSTUNREACH", "the server's address cannot be reached"),
                        ("ETIMEDOUT", "the server's address cannot be reached"),
                        ("ENOENT", "the server's name is unknown")):
        if number == getattr(errno, name, None):
            return words
    return "the link broke (error %s)" % number


def _sha1(data):
    try:
        import hashlib

        return hashlib.sha1(data).digest()
    except (ImportError, AttributeError):  # a port built without SHA-1
        from hw.sha1 import sha1

        return sha1(data)


class WebSocket:
    def __init__(self, stream, host, port, path="/", cap=4096, send_cap=1024,
                 connect_ms=10000, ping_ms=15000, dead_ms=10000, random=os.urandom):
        """`stream` is a TcpStream (or anything with its step, read_into, write
        and close); `random(n)` makes the handshake key and the masks."""
        self._stream = stream
        self._random = random
        self.cap = cap
        self.state = CONNECTING
        self.problem = ""
        self.close_code = None
        self._connect_ms = connect_ms
        self._ping_ms = ping_ms
        self._dead_ms = dead_ms
        self._quiet_ms = 0  # since the server last sent a byte (or since the start)
        self._pinged = False
        self._closing_ms = 0
        self._key = binascii.b2a_base64(random(16))[:-1]
        self._msg = bytearray(max(cap, _MOST_HEADER))
        self._msg_view = memoryview(self._msg)
        self._msg_len = 0
        self._raw = bytearray(_READ_SIZE)
        self._raw_view = memoryview(self._raw)
        self._out = bytearray(send_cap)
        self._out_view = memoryview(self._out)
        self._out_at = 0  # bytes of _out already written
        self._out_end = 0
        self._upgraded = False
        self._head = bytearray(10)  # a server frame's header (never masked)
        self._head_len = 0
        self._head_need = 2
        self._left = -1  # payload bytes to come of the frame being read; -1: reading a header
        self._opcode = 0
        self._fin = False
        self._message = -1  # the data opcode of the message being received, -1: none
        self._reading = True  # False once the server closed or broke the protocol
        self._server_closed = False
        self._ctl = bytearray(125)
        self._ctl_len = 0
        self._inbox: list = []
        self._queue_request(host, port, path)

    # --- what the client uses ---------------------------------------------------

    def step(self, ms=0):
        """Move everything on by one step; `ms` is the time since the last step."""
        if self.state == CLOSED:
            return
        try:
            self._step(ms)
        except OSError as e:
            self._drop(_broke(e.args[0] if e.args else 0))

    def send(self, text):
        """Queue a text message; False when it does not fit the send buffer now
        (or the link is not open): nothing is queued then."""
        if self.state != OPEN:
            return False
        return self._queue_frame(_TEXT, text.encode())

    def receive(self):
        """The next whole text message received (a str), or None."""
        if self._inbox:
            return self._inbox.pop(0)
        return None

    def close(self, code=NORMAL, reason=""):
        """Start the close handshake (or drop a link not yet open)."""
        if self.state == OPEN:
            self._start_closing(code, reason)
        elif self.state == CONNECTING:
            self._drop("closed before it opened", code)

    # --- steps --------------------------------------------------------------------

    def _step(self, ms):
        stream = self._stream
        self._quiet_ms += ms
        if self.state == CONNECTING:
            if self._quiet_ms > self._connect_ms:
                self._drop("the server did not answer in time")
                return
            if not stream.step():
                return
        self._flush()
        for _ in range(_READS_A_STEP):
            n = stream.read_into(self._raw_view)
            if n == 0:
                break
            if n < 0:
                self._ended()
                return
            self._quiet_ms = 0
            self._pinged = False
            if self._upgraded:
                self._feed(n)
            else:
                self._read_answer(n)
            if self.state == CLOSED:
                return
        self._flush()
        if self.state == OPEN:
            self._keep_alive()
        elif self.state == CLOSING:
            self._closing_ms += ms
            if self._closing_ms > _CLOSE_WAIT_MS:
                self._drop("the server did not finish closing")

    def _keep_alive(self):
        if self._quiet_ms > self._ping_ms + self._dead_ms:
            self._drop("the server stopped answering")
        elif self._quiet_ms > self._ping_ms and not self._pinged:
            self._pinged = self._queue_frame(_PING, b"")

    def _flush(self):
        while self._out_at < self._out_end:
            n = self._stream.write(self._out_view[self._out_at:self._out_end])
            if n <= 0:
                return
            self._out_at += n
        self._out_at = self._out_end = 0
        if self.state == CLOSING and self._server_closed:
            self._drop("")  # both close frames have crossed

    def _ended(self):
        self._drop("" if self.state == CLOSING else "the server closed the link")

    def _drop(self, why, code=DROPPED):
        """End the link: the socket is closed, the state CLOSED; `code` is the
        closing code unless a close frame has set one."""
        self._stream.close()
        self.state = CLOSED
        if self.close_code is None:
            self.close_code = code
        if why:
            self.problem = why

    # --- the opening handshake ------------------------------------------------------

    def _queue_request(self, host, port, path):
        request = ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n") % (path, host, port, self._key.decode())
        data = request.encode()
        if len(data) > len(self._out):
            raise ValueError("server address too long")
        self._out[:len(data)] = data
        self._out_end = len(data)

    def _read_answer(self, n):
        # The answer's header collects in the message buffer; what follows its
        # blank line is the first frames.
        start = self._msg_len
        room = len(self._msg) - start
        if n > room:
            self._drop("the server's answer is too long", PROTOCOL_ERROR)
            return
        self._msg[start:start + n] = self._raw_view[:n]
        self._msg_len += n
        end = self._msg.find(b"\r\n\r\n", max(0, start - 3), self._msg_len)
        if end < 0:
            return
        why = self._check_answer(bytes(self._msg_view[:end]))
        if why:
            self._drop(why, PROTOCOL_ERROR)
            return
        self._upgraded = True
        self.state = OPEN
        rest = self._msg_len - end - 4
        self._msg_len = 0
        if rest:
            # The frames that came with the answer: fed from the read buffer,
            # where they still are (the last `rest` bytes of this read).
            self._feed(n, n - rest)

    def _check_answer(self, header):
        lines = header.split(b"\r\n")
        status = lines[0].split(b" ")
        if len(status) < 2 or status[1] != b"101":
            return "the server refused the WebSocket (%s)" % lines[0].decode()[:40]
        fields = {}
        for line in lines[1:]:
            colon = line.find(b":")
            if colon > 0:
                fields[line[:colon].strip().lower()] = line[colon + 1:].strip()
        if fields.get(b"upgrade", b"").lower() != b"websocket":
            return "the server's answer is no WebSocket upgrade"
        if b"upgrade" not in fields.get(b"connection", b"").lower():
            return "the server's answer is no WebSocket upgrade"
        if fields.get(b"sec-websocket-accept") != accept_key(self._key):
            return "the server's Sec-WebSocket-Accept is wrong"
        return ""

    # --- frames in ----------------------------------------------------------------------

    def _feed(self, n, i=0):
        raw = self._raw_view
        while i < n and self._reading:
            if self._left < 0:
                take = min(self._head_need - self._head_len, n - i)
                self._head[self._head_len:self._head_len + take] = raw[i:i + take]
                self._head_len += take
                i += take
                if self._head_len == self._head_need:
                    self._header()
            else:
                take = min(self._left, n - i)
                if self._opcode >= _CLOSE:
                    self._ctl[self._ctl_len:self._ctl_len + take] = raw[i:i + take]
                    self._ctl_len += take
                else:
                    self._msg[self._msg_len:self._msg_len + take] = raw[i:i + take]
                    self._msg_len += take
                self._left -= take
                i += take
                if self._left == 0:
                    self._frame()

    def _header(self):
        head = self._head
        if self._head_need == 2:
            if head[1] & 0x80:
                self._fail(PROTOCOL_ERROR, "the server masked a frame")
                return
            size = head[1] & 0x7F
            if size >= 126:
                self._head_need = 4 if size == 126 else 10
                return
        else:
            size = head[2] << 8 | head[3]
            if self._head_need == 10:
                if head[2] | head[3] | head[4] | head[5] | head[6]:
                    size = self.cap + 1  # 2**24 bytes or more
                else:
                    size = head[7] << 16 | head[8] << 8 | head[9]
        self._head_len = 0
        self._head_need = 2
        self._start_frame(head[0], size)

    def _start_frame(self, first, size):
        opcode = first & 0x0F
        self._fin = bool(first & 0x80)
        self._opcode = opcode
        if first & 0x70:
            self._fail(PROTOCOL_ERROR, "the server used a reserved bit")
            return
        if opcode >= _CLOSE:
            if opcode > _PONG or not self._fin or size > 125:
                self._fail(PROTOCOL_ERROR, "the server sent a bad control frame")
                return
            self._ctl_len = 0
        elif opcode > _BINARY:
            self._fail(PROTOCOL_ERROR, "the server sent an unknown frame")
            return
        elif (opcode == _CONTINUATION) != (self._message >= 0):
            self._fail(PROTOCOL_ERROR, "the server broke a fragmented message")
            return
        else:
            if opcode != _CONTINUATION:
                self._message = opcode
            if self._message == _BINARY:
                self._fail(UNSUPPORTED, "the server sent binary data")
                return
            if self._msg_len + size > self.cap:
                self._fail(TOO_BIG, "the server sent a message over %d bytes" % self.cap)
                return
        self._left = size
        if size == 0:
            self._frame()

    def _frame(self):
        self._left = -1
        opcode = self._opcode
        if opcode == _PING:
            if self.state == OPEN:
                self._queue_frame(_PONG, self._ctl[:self._ctl_len])
        elif opcode == _CLOSE:
            self._closed_by_server()
        elif opcode < _CLOSE and self._fin:
            try:
                text = bytes(self._msg_view[:self._msg_len]).decode()
            except UnicodeError:
                self._fail(BAD_DATA, "the server sent text that is no UTF-8")
                return
            self._msg_len = 0
            self._message = -1
            if self.state == OPEN:
                self._inbox.append(text)

    def _closed_by_server(self):
        code = NORMAL
        if self._ctl_len >= 2:
            code = self._ctl[0] << 8 | self._ctl[1]
        if self.state == OPEN:
            self.close_code = code
            reason = bytes(self._ctl[2:self._ctl_len]).decode("utf-8", "replace")
            self.problem = "the server closed the link" + (": " + reason if reason else "")
            if not self._queue_frame(_CLOSE, self._ctl[:2] if self._ctl_len >= 2 else b""):
                self._drop("")
                return
            self.state = CLOSING
        self._reading = False
        self._server_closed = True
        if self._out_at == self._out_end:
            self._drop("")

    # --- frames out ----------------------------------------------------------------------

    def _start_closing(self, code, reason):
        payload = bytes((code >> 8, code & 0xFF)) + reason.encode()[:123]
        self._queue_frame(_CLOSE, payload)
        self.close_code = code
        self.state = CLOSING
        self._closing_ms = 0

    def _fail(self, code, why):
        """The server broke the protocol: say why, close with `code`, read no more."""
        self.problem = why
        self._reading = False
        if self.state == OPEN:
            self._start_closing(code, "")
        else:
            self._drop(why, code)

    def _queue_frame(self, opcode, payload):
        size = len(payload)
        head = 2 if size < 126 else 4 if size < 65536 else 10
        at = self._out_end
        if at + head + 4 + size > len(self._out):
            return False
        out = self._out
        out[at] = 0x80 | opcode
        if head == 2:
            out[at + 1] = 0x80 | size
        elif head == 4:
            out[at + 1] = 0x80 | 126
            out[at + 2] = size >> 8
            out[at + 3] = size & 0xFF
        else:
            out[at + 1] = 0x80 | 127
            for k in range(8):
                out[at + 2 + k] = size >> (56 - 8 * k) & 0xFF
        at += head
        mask = self._random(4)
        out[at:at + 4] = mask
        at += 4
        for k in range(size):
            out[at + k] = payload[k] ^ mask[k & 3]
        self._out_end = at + size
        return True
