"""The room server under load (make server-bench): one server process on 127.0.0.1,
many scripted clients in Domino Poker rooms, bounded in time.

    python tools/bench/server_bench.py [--rooms 500] [--humans 4] [--seconds 30]

Each room has `humans` scripted players (registered, each on its own connection)
and handheld players in the other seats; a scripted player acts `--think-ms` after
its view shows its turn. Printed (and written to build/server-bench.json): clients
connected and rooms playing at once, actions per second, the action-to-broadcast
latency (a player's act to the view that shows it, p50 / p99), the server's
memory per connection and per room (resident set growth), and the CPU share of one
core the server and the bench's clients had while playing (with the load average:
on a shared machine the figures say how much CPU they got).
"""

import argparse
import asyncio
import gc
import json
import os
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from server_support import Client, ServerProcess  # noqa: E402


def rss_kb(pid):
    for line in pathlib.Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid):
    """User and system CPU seconds a process has used."""
    fields = pathlib.Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def place(i, humans, n_urls):
    """The server process of client i: room r's host on process r, its other players
    on the next ones (every room spans the processes when there are several)."""
    return (i // humans + i % humans) % n_urls


async def connect_all(urls, n, humans, batch=100):
    clients = []
    for i in range(0, n, batch):
        group = [Client(urls[place(k, humans, len(urls))]) for k in range(i, min(i + batch, n))]
        await asyncio.gather(*(c.open() for c in group))
        await asyncio.gather(*(c.hello("b%d" % (i + j)) for j, c in enumerate(group)))
        clients += group
    return clients


async def player(c, stop, think, latencies, counts):
    """Act on each turn after `think` ms; time each act until its view comes back."""
    sent = None  # (turn acted on, when)
    rng = random.Random(id(c))
    while time.monotonic() < stop:
        try:
            text = await asyncio.wait_for(c.ws.recv(), stop - time.monotonic())
        except Exception:  # the window closed, or the connection did
            return
        msg = json.loads(text)
        if msg.get("type") != "view":
            continue
        counts["views"] += 1
        if sent is not None and msg["turn"] > sent[0]:
            latencies.append((time.monotonic() - sent[1]) * 1000)
            sent = None
        if msg["legal"]:
            await asyncio.sleep((think * (0.5 + rng.random()) + msg["countdown_ms"]) / 1000)
            if time.monotonic() >= stop:
                return
            sent = (msg["turn"], time.monotonic())
            counts["acts"] += 1
            await c.ws.send(json.dumps({"type": "act", "turn": msg["turn"],
                                        "action": msg["legal"][0][0]}))


async def bench(urls, pids, rooms, humans, seconds, think, say=print):
    """The figures of one run against the server processes at `urls` (their `pids`)."""

    def rss():
        return sum(rss_kb(pid) for pid in pids)

    def cpu():
        return sum(cpu_s(pid) for pid in pids)

    base = rss()
    t0 = time.monotonic()
    say("connecting %d clients" % (rooms * humans))
    clients = await connect_all(urls, rooms * humans, humans)
    connected = rss()
    connect_s = time.monotonic() - t0
    hosts = clients[::humans]
    say("filling %d rooms" % rooms)
    for r, host in enumerate(hosts):
        room = await host.ask({"type": "create", "game": "poker", "options": "hands=10"})
        for c in clients[r * humans + 1:(r + 1) * humans]:
            await c.ask({"type": "join", "room": room["room"]})
        if humans < 4:
            await host.ask({"type": "bot", "level": "easy"})
    held = rss()
    for host in hosts:
        await host.send({"type": "start"})
    for c in clients:
        c.drain()
    # The bench's own 2,000 connections out of its collector's way, as the server
    # does at start-up: a full collection here would be counted as the server's latency.
    gc.freeze()
    gc.set_threshold(10000, 20, 20)
    latencies = []
    counts = {"views": 0, "acts": 0}
    t1 = time.monotonic()
    server_cpu, client_cpu = cpu(), time.process_time()
    stop = t1 + seconds
    say("playing for %g s" % seconds)
    await asyncio.gather(*(player(c, stop, think, latencies, counts) for c in clients))
    took = time.monotonic() - t1
    server_cpu, client_cpu = cpu() - server_cpu, time.process_time() - client_cpu
    playing = rss()
    open_now = sum(1 for c in clients if c.ws.state.name == "OPEN")
    for c in clients:
        await c.ws.close()
    return {
        "server_clients": open_now,
        "server_rooms": rooms,
        "server_connect_s": round(connect_s, 1),
        "server_human_actions_per_s": round(counts["acts"] / took, 1),
        "server_views_per_s": round(counts["views"] / took, 1),
        "server_latency_p50_ms": round(percentile(latencies, 0.5) or 0, 1),
        "server_latency_p99_ms": round(percentile(latencies, 0.99) or 0, 1),
        # the share of one core each side had while playing (the machine may be shared)
        "server_cpu_share": round(server_cpu / took, 2),
        "bench_client_cpu_share": round(client_cpu / took, 2),
        "load_average": round(os.getloadavg()[0], 1),
        "server_kb_per_connection": round((connected - base) / max(len(clients), 1), 1),
        "server_kb_per_room": round((held - connected) / max(rooms, 1), 1),
        "server_kb_playing_per_room": round((playing - connected) / max(rooms, 1), 1),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=500)
    p.add_argument("--humans", type=int, default=4, help="scripted players per room (1-4)")
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--think-ms", type=float, default=1000)
    p.add_argument("--bot-ms", type=int, default=1000)
    a = p.parse_args()
    out = ROOT / "build" / "server-bench"
    out.mkdir(parents=True, exist_ok=True)
    db = out / "bench.sqlite"
    for f in out.glob("bench.sqlite*"):
        f.unlink()
    server = ServerProcess(db, "--countdown-ms", "0", "--bot-ms", str(a.bot_ms),
                           "--turn-ms", "10000", "--ping-s", "60").start()
    try:
        figures = asyncio.run(bench([server.url], [server.proc.pid], a.rooms, a.humans,
                                    a.seconds, a.think_ms))
    finally:
        err = server.stop()
    if "Traceback" in err:
        print(err, file=sys.stderr)
    figures["server_think_ms"] = a.think_ms
    (ROOT / "build" / "server-bench.json").write_text(json.dumps(figures, indent=1) + "\n")
    for key, value in figures.items():
        print("%-30s %s" % (key, value))


if __name__ == "__main__":
    main()
