"""The firmware's WebSocket client (firmware/hw/wsclient.py over hw/tcp.py)
against real servers on 127.0.0.1 that the test starts (tests/net/ws_servers.py):
the same scenarios (tests/net/ws_scenarios.py) under CPython, as the emulator
runs it, and under the MicroPython unix port, as a WiFi board runs it."""

import base64
import hashlib
import os
import pathlib
import subprocess
import sys

import pytest
from hw import sha1, wsclient

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "net"))
from ws_servers import random_port_nobody_listens_on, Servers  # noqa: E402

INTERPRETERS = {"cpython": sys.executable,
                "micropython": str(ROOT / ".venv" / "bin" / "micropython")}


@pytest.fixture(scope="module")
def servers():
    with Servers() as running:
        yield running


@pytest.fixture(scope="module", params=sorted(INTERPRETERS))
def run(request, servers):
    command = [INTERPRETERS[request.param], str(ROOT / "tests" / "net" / "ws_scenarios.py"),
               str(ROOT / "firmware"), str(servers.port), str(servers.raw_port),
               str(random_port_nobody_listens_on())]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert found["done"] == "1"
    return request.param, found


def ended(found, name, code, problem="-"):
    assert found[name + "_state"] == "closed"
    assert found[name + "_code"] == str(code)
    assert found[name + "_problem"] == problem


def test_text_round_trips_and_a_normal_close(run):
    _, found = run
    assert found["echo_received"] == "héllo"
    assert found["echo_long_back"] == "1"
    assert found["echo_send_too_big"] == "False"  # refused whole, the link stays open
    ended(found, "echo", 1000)


def test_fragmented_messages_with_a_ping_between_fragments(run, servers):
    _, found = run
    assert found["fragments_received"] == "fragménted"
    assert found["interleaved_received"] == "abcdef"
    # The ping between the fragments was answered with a masked pong, same payload.
    assert ("/interleaved", "opcode 10 b'p' masked True") in servers.seen


def test_a_ping_is_answered(run):
    _, found = run
    assert found["ping_received"] == "pong came"  # the server got its pong first
    ended(found, "ping", 1000)


def test_frames_split_or_joined_anyhow_read_the_same(run):
    _, found = run
    assert found["together_received"] == "first"  # in the handshake's own packet
    assert found["dribble_received"] == "d" * 300  # a byte at a time, 16-bit length
    assert found["long_received"] == "s" * 300 + "|" + "t" * 200  # 16 and 64-bit lengths


def test_the_server_closing_gives_its_code_and_reason(run):
    _, found = run
    ended(found, "close", 4000, "the server closed the link: bye")


def test_oversize_binary_and_broken_frames_close_with_their_codes(run, servers):
    _, found = run
    ended(found, "big", 1009, "the server sent a message over 4096 bytes")
    ended(found, "huge", 1009, "the server sent a message over 4096 bytes")
    ended(found, "binary", 1003, "the server sent binary data")
    ended(found, "masked", 1002, "the server masked a frame")
    ended(found, "reserved", 1002, "the server used a reserved bit")
    ended(found, "utf8", 1007, "the server sent text that is no UTF-8")
    ended(found, "badcontrol", 1002, "the server sent a bad control frame")
    ended(found, "orphan", 1002, "the server broke a fragmented message")
    for path, code in (("/huge", 1009), ("/masked", 1002), ("/utf8", 1007), ("/orphan", 1002)):
        assert (path, "client closed with %d" % code) in servers.seen
    assert ("/big", "close code 1009") in servers.seen  # websockets saw the code too


def test_a_refused_upgrade_a_bad_accept_and_no_answer_never_open(run):
    _, found = run
    ended(found, "refuse", 1002, "the server refused the WebSocket (HTTP/1.1 404 Not Found)")
    ended(found, "badaccept", 1002, "the server's Sec-WebSocket-Accept is wrong")
    ended(found, "mute", 1006, "the server did not answer in time")
    ended(found, "refused", 1006, "nothing answers at the server's address")


def test_a_dropped_link_and_a_silent_server_are_seen(run, servers):
    _, found = run
    assert found["drop_received"] == "going"
    ended(found, "drop", 1006, "the server closed the link")
    # ping_ms=300, dead_ms=300: a ping after 300 ms of silence, given up 300 ms later.
    ended(found, "silent", 1006, "the server stopped answering")
    assert 550 <= int(found["silent_ms"]) < 2000
    assert ("/silent", "opcode 9") in servers.seen


def test_client_frames_are_masked_and_its_key_is_16_random_bytes(run, servers):
    _, found = run
    ended(found, "client_frames", 1000)
    for what in ("opcode 1 len 3 masked True", "opcode 1 len 200 masked True",
                 "opcode 8 len 6 masked True"):
        assert ("/client_frames", what) in servers.seen
    assert ("/client_frames", "masked key of 16 bytes") in servers.seen


def test_an_open_link_costs_a_few_kilobytes_and_an_idle_step_allocates_nothing(run):
    interpreter, found = run
    if interpreter != "micropython":
        return  # the heap is MicroPython's
    print("heap of an open link on the unix port:", found["heap_open_link"], "bytes")
    assert int(found["heap_open_link"]) < 9000  # 4 KB message cap, 1 KB out, 0.5 KB reads
    assert found["idle_step_heap_locked_ok"] == "1"


def test_the_accept_key_is_rfc_6455s_example():
    assert wsclient.accept_key(b"dGhlIHNhbXBsZSBub25jZQ==") == b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


@pytest.mark.parametrize("size", [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])
def test_the_fallback_sha1_matches_hashlib(size):
    data = os.urandom(size)
    assert sha1.sha1(data) == hashlib.sha1(data).digest()


@pytest.mark.parametrize("url, parts", [
    ("ws://127.0.0.1:8765", ("127.0.0.1", 8765, "/")),
    ("ws://example.org/rooms", ("example.org", 80, "/rooms")),
    ("ws://[::1]:9000/x", ("::1", 9000, "/x")),
])
def test_server_addresses_parse(url, parts):
    assert wsclient.parse_url(url) == parts


@pytest.mark.parametrize("url", ["http://h:1", "ws://:80", "ws://h:0", "ws://h:x", "ws://h:70000",
                                 "wss://h", "ws://a b"])
def test_bad_server_addresses_are_refused_in_words(url):
    with pytest.raises(ValueError):
        wsclient.parse_url(url)


def test_the_handshake_key_is_base64_of_16_bytes_from_the_random_source():
    calls = []

    def random(n):
        calls.append(n)
        return bytes(range(n))

    class Stream:
        def step(self):
            return False

        def close(self):
            pass

    link = wsclient.WebSocket(Stream(), "h", 1, random=random)
    assert calls == [16]
    assert link._key == base64.b64encode(bytes(range(16)))
