"""The emulator's network: the firmware's own WebSocket client (hw/net.py) over
CPython's socket and select, to the room server given with --server
(`make sim SERVER=ws://127.0.0.1:8765`)."""

import select
import socket

from hw.net import SocketNet

DEFAULT_SERVER = "ws://127.0.0.1:8765"


def socket_net(server=DEFAULT_SERVER):
    return SocketNet(socket, select, server)
