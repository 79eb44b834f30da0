"""The room session (firmware/hw/roomclient.py) against a room server on
127.0.0.1 (tests/net/fake_rooms.py), under CPython or the MicroPython unix port:

    python|micropython tests/net/rooms_scenario.py FIRMWARE_DIR URL

One `name value` line per finding. Every wait is bounded by LIMIT_MS of real time.
"""

import gc
import sys
import time

firmware = sys.argv[1]
sys.path.insert(0, firmware)
MICROPYTHON = sys.implementation.name == "micropython"
if not MICROPYTHON:
    sys.path.insert(0, firmware + "/../sim/shims")


def heap():
    gc.collect()
    return gc.mem_alloc() if MICROPYTHON else 0  # type: ignore[attr-defined]


import select  # noqa: E402
import socket  # noqa: E402

before_imports = heap()
import json  # noqa: E402,F401

import hw.tcp  # noqa: E402,F401  (what the first open() imports, counted here)
import hw.wsclient  # noqa: E402,F401
from hw import netkeys, roomclient  # noqa: E402
from hw.net import SocketNet  # noqa: E402

imports = heap() - before_imports

URL = sys.argv[2]
LIMIT_MS = 8000


def now_ms():
    if MICROPYTHON:
        return time.ticks_ms()  # type: ignore[attr-defined]
    return int(time.monotonic() * 1000)


class Storage:
    """The few calls hw.netkeys makes of hw.storage.Storage."""

    def __init__(self):
        self.values = {}
        self.saves = 0

    def get(self, key, default=None):
        return self.values.get(key, default)

    def set(self, key, value):
        self.values[key] = value

    def delete(self, key):
        self.values.pop(key, None)

    def save(self):
        self.saves += 1
        return True


def report(name, value):
    print(name, value)


def step_until(client, done):
    start = last = now_ms()
    while now_ms() - start < LIMIT_MS and not done():
        now = now_ms()
        client.step(now - last)
        last = now
        time.sleep(0.002)
    return now_ms() - start


def asked(client, kind, **fields):
    number = client.request(kind, **fields)
    step_until(client, lambda: not client.pending(number))
    return client.answer(number)


storage = Storage()
before_session = heap()
net = SocketNet(socket, select, URL)
key = netkeys.key_for(storage, "ANN", net.random)
report("key_hex_digits", len(key))
report("key_kept", int(netkeys.key_for(storage, "ANN", net.random) == key
                       and storage.saves == 1))
report("other_profile_other_key", int(netkeys.key_for(storage, "BOB", net.random) != key))


def kept(token):
    netkeys.keep_token(storage, "ANN", token)


client = roomclient.RoomClient(net, key, token=netkeys.token_of(storage, "ANN"), kept=kept)
client.start()
step_until(client, lambda: client.state == roomclient.ONLINE)
report("welcomed", client.state)
report("heap_modules", imports)
report("heap_session_online", heap() - before_session)
report("guest", client.player["guest"])
report("offline_request", roomclient.RoomClient(net, key).request("list"))

answer = asked(client, "register", name="Ann")
report("registered", answer["player"]["name"])
report("coins", client.player["coins"])
report("list", asked(client, "list", game="poker")["type"])
report("unknown", asked(client, "frobnicate")["code"])
answer = asked(client, "create", game="poker", options="hands=5")
report("room", client.room["room"])
report("token", client.token)
report("balance_pushed", client.player["coins"])

report("garbage_survived", asked(client, "garbage")["type"])
report("bad_messages", client.bad_messages)

number = client.request("drop")
waited = step_until(client, lambda: client.state == roomclient.RETRYING)
report("dropped", client.state)
report("drop_answer", client.answer(number)["code"])
report("first_wait_ms", client.wait_ms)
client.view = None
waited = step_until(client, lambda: client.view is not None)
report("reconnected", client.state)
report("reconnect_ms", waited)
report("view_turn", client.view["turn"])

# A power cut: a new session from the save alone sits down again with the kept token.
client.stop()
report("token_saved", netkeys.token_of(storage, "ANN"))
saves = storage.saves
again = roomclient.RoomClient(net, key, token=netkeys.token_of(storage, "ANN"), kept=kept)
again.start()
step_until(again, lambda: again.view is not None)
report("rebooted_view_turn", again.view["turn"] if again.view else None)
report("rebooted_saves", storage.saves - saves)  # the same token: nothing written
client = again

number = client.request("silence")
# The 10 s answer limit, in less real time: the steps say more time went by.
for _ in range(20):
    client.step(600)
report("silence_answer", client.answer(number)["code"])

bad = roomclient.RoomClient(net, "abc")
bad.start()
step_until(bad, lambda: bad.state in (roomclient.FAILED, roomclient.ONLINE))
report("bad_key_state", bad.state)
report("bad_key_problem", bad.problem)
answer = asked(client, "leave")
report("left_token", netkeys.token_of(storage, "ANN") or "-")
netkeys.forget(storage, "ANN")
report("forgotten", int("ANN:" not in storage.values.get(netkeys.KEYS, "")
                        and netkeys.key_for(storage, "ANN", net.random) != key))
client.stop()
report("stopped", client.state)
report("done", 1)
