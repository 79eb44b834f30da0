"""The WebSocket client (firmware/hw/wsclient.py) against the test servers of
tests/net/ws_servers.py, one scenario each; runs unchanged under CPython and the
MicroPython unix port, printing one `name value` line per finding:

    python|micropython tests/net/ws_scenarios.py FIRMWARE_DIR PORT RAW_PORT CLOSED_PORT

Every scenario steps its link at most LIMIT_MS of real time, with a short sleep
between steps as a frame loop would, so the script always ends.
"""

import gc
import sys
import time

firmware = sys.argv[1]
sys.path.insert(0, firmware)
if sys.implementation.name != "micropython":
    sys.path.insert(0, firmware + "/../sim/shims")

import select  # noqa: E402
import socket  # noqa: E402

from hw.tcp import TcpStream  # noqa: E402
from hw.wsclient import CLOSED, OPEN, WebSocket  # noqa: E402

PORT, RAW_PORT, CLOSED_PORT = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
LIMIT_MS = 4000
MICROPYTHON = sys.implementation.name == "micropython"


def now_ms():
    if MICROPYTHON:
        return time.ticks_ms()  # type: ignore[attr-defined]
    return int(time.monotonic() * 1000)


def report(name, value):
    print(name, value)


def link(port, path, **options):
    stream = TcpStream(socket, select, "127.0.0.1", port)
    return WebSocket(stream, "127.0.0.1", port, path, **options)


def run(ws, until, on_open=None, on_message=None):
    """Step `ws` until until(ws) or the time limit; the messages received, in order."""
    received = []
    opened = False
    start = last = now_ms()
    while now_ms() - start < LIMIT_MS and not until(ws):
        now = now_ms()
        ws.step(now - last)
        last = now
        if ws.state == OPEN and not opened:
            opened = True
            if on_open is not None:
                on_open(ws)
        message = ws.receive()
        while message is not None:
            received.append(message)
            if on_message is not None:
                on_message(ws, message)
            message = ws.receive()
        time.sleep(0.002)
    return received


def closed(ws):
    return ws.state == CLOSED


def ends(name, ws):
    report(name + "_state", ws.state)
    report(name + "_code", ws.close_code)
    report(name + "_problem", ws.problem or "-")


def echo():
    long = "L" * 900

    def on_open(ws):
        report("echo_send_too_big", ws.send("x" * 2000))  # over send_cap: refused
        ws.send("héllo")
        ws.send(long)

    def on_message(ws, message):
        if message == long:
            ws.close()

    ws = link(PORT, "/echo")
    got = run(ws, closed, on_open, on_message)
    report("echo_received", got[0] if got else "-")
    report("echo_long_back", int(len(got) > 1 and got[1] == long))
    ends("echo", ws)


def replies(name, port, path, answer=None, **options):
    """Open, take what comes; send `answer` after the first message; then close."""

    def on_message(ws, message):
        if answer is not None:
            ws.send(answer if answer != "=" else message)
        ws.close()

    ws = link(port, "/" + path, **options)
    got = run(ws, closed, None, on_message)
    report(name + "_received", "|".join(got) if got else "-")
    ends(name, ws)


def closes(name, port, path, poke=False, **options):
    ws = link(port, "/" + path, **options)
    got = run(ws, closed, (lambda ws: ws.send("poke")) if poke else None)
    report(name + "_received", "|".join(got) if got else "-")
    ends(name, ws)


def client_frames():
    def on_open(ws):
        ws.send("abc")
        ws.send("m" * 200)  # a 16-bit length
        ws.close(1000, "done")

    ws = link(RAW_PORT, "/client_frames")
    run(ws, closed, on_open)
    ends("client_frames", ws)


def silent():
    ws = link(RAW_PORT, "/silent", ping_ms=300, dead_ms=300)
    start = now_ms()
    run(ws, closed)
    report("silent_ms", now_ms() - start)
    ends("silent", ws)


def heap():
    """What a link costs on the heap once open, and what an idle step allocates."""
    if not MICROPYTHON:
        return
    import micropython

    gc.collect()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    ws = link(PORT, "/echo")
    run(ws, lambda ws: ws.state != "connecting")
    gc.collect()
    report("heap_open_link", gc.mem_alloc() - before)  # type: ignore[attr-defined]
    micropython.heap_lock()
    try:
        for _ in range(20):
            ws.step(1)
        locked = 1
    except MemoryError:
        locked = 0
    finally:
        micropython.heap_unlock()
    report("idle_step_heap_locked_ok", locked)
    ws.close()
    run(ws, closed)


echo()
replies("fragments", PORT, "fragments", "=")
replies("ping", PORT, "ping", "thanks")
closes("close", PORT, "close", poke=True)
closes("big", PORT, "big")
closes("binary", PORT, "binary")
closes("drop", PORT, "drop")
replies("interleaved", RAW_PORT, "interleaved", "=")
replies("together", RAW_PORT, "together")
replies("dribble", RAW_PORT, "dribble")
closes("long", RAW_PORT, "long", poke=True)
for path in ("huge", "masked", "reserved", "utf8", "badcontrol", "orphan", "refuse", "badaccept"):
    closes(path, RAW_PORT, path)
closes("mute", RAW_PORT, "mute", connect_ms=300)
closes("refused", CLOSED_PORT, "nothing")
client_frames()
silent()
heap()
report("done", 1)
