"""A TCP connection that never blocks the frame loop: opened, read and written a
step at a time, once a frame.

    stream = TcpStream(socket, select, "127.0.0.1", 8765)
    stream.step()                      # True once connected; OSError if it failed
    n = stream.read_into(buffer)       # bytes read now: 0 none yet, -1 closed by the peer
    n = stream.write(memoryview(data)) # bytes the socket took now (0: its buffer is full)
    stream.close()

`socket_module` and `select_module` are handed in: MicroPython's own on a
board (and under the unix port), CPython's in the emulator. The two differ in
small ways this module hides: a non-blocking read that finds nothing returns
None from MicroPython's readinto() but raises from CPython's recv_into(), and
MicroPython's sockets have no getsockopt() (a refused connection shows as
POLLERR or POLLHUP, or as an error on the first read or write).

`ready`, when given, is asked before the connection starts (a WiFi board's
interface coming up: hw/wifi.py) and returns True once the network is there.
Resolving a host name (getaddrinfo) is the one call that may block, for a DNS
lookup; an address like 192.168.1.20 resolves at once.
"""

import errno

_IN_PROGRESS = (errno.EINPROGRESS, errno.EAGAIN, getattr(errno, "EWOULDBLOCK", errno.EAGAIN))


class TcpStream:
    def __init__(self, socket_module, select_module, host, port, ready=None):
        self._socket = socket_module
        self._select = select_module
        self.host = host
        self.port = port
        self._ready = ready
        self._sock = None
        self._poller = None
        self.connected = False
        self._closed = False
        self._micropython = False  # its sockets: readinto/write, None when nothing moves

    def step(self):
        """Move the connection on; True once it is open. Raises OSError when it
        cannot be made (refused, unreachable, no such host)."""
        if self.connected:
            return True
        if self._closed:
            raise OSError(errno.EBADF, "closed")
        if self._sock is None:
            if self._ready is not None and not self._ready():
                return False
            self._start()
            return False
        poller = self._poller
        if poller is None:
            return False
        events = poller.poll(0)
        if not events:
            return False
        flags = events[0][1]
        if flags & (self._select.POLLERR | self._select.POLLHUP):
            raise OSError(errno.ECONNREFUSED, "connection refused")
        if flags & self._select.POLLOUT:
            self.connected = True
            self._poller = None  # from now on reads and writes say everything
        return self.connected

    def _start(self):
        socket = self._socket
        info = socket.getaddrinfo(self.host, self.port, 0, socket.SOCK_STREAM)
        if not info:
            raise OSError(errno.ENOENT, "no address for " + self.host)
        family, kind, proto = info[0][0], info[0][1], info[0][2]
        sock = socket.socket(family, kind, proto)
        self._sock = sock
        self._micropython = not hasattr(sock, "recv_into")
        nodelay = getattr(socket, "TCP_NODELAY", None)
        if nodelay is not None:  # small frames go at once, not after Nagle's wait
            sock.setsockopt(getattr(socket, "IPPROTO_TCP", 6), nodelay, 1)
        sock.setblocking(False)
        try:
            sock.connect(info[0][-1])
        except OSError as e:
            if e.args[0] not in _IN_PROGRESS:
                raise
        poller = self._select.poll()
        poller.register(sock, self._select.POLLOUT)
        self._poller = poller

    def read_into(self, buffer):
        """Bytes read into `buffer` now: 0 when none have come, -1 once the
        peer has closed. Raises OSError when the link broke."""
        sock = self._sock
        if sock is None or not self.connected:
            return 0
        if self._micropython:  # None means nothing yet
            n = sock.readinto(buffer)
            if n is None:
                return 0
        else:
            try:
                n = sock.recv_into(buffer)
            except OSError as e:
                if e.args[0] in _IN_PROGRESS:
                    return 0
                raise
        return n if n else -1

    def write(self, data):
        """How many bytes of `data` (a memoryview) the socket took now."""
        sock = self._sock
        if sock is None or not self.connected:
            return 0
        try:
            n = sock.write(data) if self._micropython else sock.send(data)
        except OSError as e:
            if e.args[0] in _IN_PROGRESS:
                return 0
            raise
        return n or 0

    def close(self):
        self._closed = True
        self.connected = False
        if self._sock is not None:
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                self._sock.close()
            except OSError:
                pass
            self._sock = None
        self._poller = None
