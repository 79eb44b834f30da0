"""The network the firmware gets at start-up, like its display: something that
opens links to the room server. Every kind of link has the WebSocket client's
face (hw/wsclient.py): state, problem, close_code, step(ms), send(text),
receive(), close().

    net = SocketNet(socket, select, "ws://127.0.0.1:8765")
    link = net.open()                   # to net.server, or open("ws://...")
    net.status()                        # "" or why there is no network yet
    net.random(16)                      # bytes from the platform's real random source

SocketNet makes links over TCP sockets, MicroPython's own on a WiFi board
(hw/wifi.py brings the interface up first) and CPython's in the emulator
(sim/net.py); the web page hands in its own, over the page's WebSocket
(sim/web/page.py). The WebSocket modules are imported at the first open(),
so a handheld that never goes online never loads them.
"""


import os


class SocketNet:
    def __init__(self, socket_module, select_module, server, interface=None):
        """`interface`, when given, has ready() (True once the network is up:
        WiFi joined) and problem (why it is not)."""
        self.server = server
        self.random = os.urandom  # a board's hardware generator; the desktop's
        self._socket = socket_module
        self._select = select_module
        self._interface = interface

    def status(self):
        interface = self._interface
        return "" if interface is None else interface.problem

    def open(self, url=None, **options):
        """A new link to `url` (default: the server); ValueError for an address
        that is not ws://host[:port][/path]."""
        from hw.tcp import TcpStream
        from hw.wsclient import parse_url, WebSocket

        host, port, path = parse_url(url or self.server)
        ready = None if self._interface is None else self._interface.ready
        stream = TcpStream(self._socket, self._select, host, port, ready)
        return WebSocket(stream, host, port, path, random=self.random, **options)
