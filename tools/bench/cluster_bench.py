"""The room server as several processes on one Redis (make server-bench PROCESSES=1,2,4):
for each process count, a fresh redis-server and that many server processes on
127.0.0.1, the load of server_bench.py spread over them (every room's players on
different processes), then a failover: the process running a match is killed with
SIGKILL and the time is taken until the match's other player, connected elsewhere,
has its view back and sees the next action.

    python tools/bench/cluster_bench.py --processes 1,2,4 [--rooms 100] [--seconds 20]

Printed as it goes and written to build/server-bench-processes.json: per process
count the figures of server_bench.py (clients, rooms, actions per second, latency
p50 / p99, CPU shares; redis-server's too), the ratio of actions per second and of
p99 latency to the one-process run, and the failover times.
"""

import argparse
import asyncio
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools" / "bench"))
from redis_support import REDIS, RedisServer  # noqa: E402
from server_bench import bench, cpu_s  # noqa: E402
from server_support import Client, ServerProcess  # noqa: E402

LEASE_MS = 3000


T0 = time.monotonic()


def say(text):
    print("  [%5.1f s] %s" % (time.monotonic() - T0, text), flush=True)


async def failover(procs):
    """Seconds from the SIGKILL of a match's process to its other player (on another
    process) having its view back, and to the next action it sees."""
    host = await Client(procs[0].url).open()
    await host.hello("fo_host")
    guest = await Client(procs[1].url).open()
    await guest.hello("fo_guest")
    room = await host.ask({"type": "create", "game": "poker", "options": "hands=10"})
    await guest.ask({"type": "join", "room": room["room"]})
    await host.ask({"type": "bot", "level": "easy"})
    await host.ask({"type": "start"})
    await host.ask({"type": "leave"})  # a bot plays the host's seat: the guest plays on
    turn = 0
    while turn < 6:  # a trick or two in: mid-hand
        view = await guest.next("view", timeout=30)
        turn = view["turn"]
        if view["legal"]:
            await guest.send({"type": "act", "turn": turn, "action": view["legal"][0][0]})
    procs[0].kill()
    killed = time.monotonic()
    back = None
    while True:
        view = await guest.next("view", timeout=60)
        if back is None:
            back = time.monotonic() - killed  # the new owner linked the guest again
        if view["legal"]:
            await guest.send({"type": "act", "turn": view["turn"], "action": view["legal"][0][0]})
        if view["turn"] > turn:
            return back, time.monotonic() - killed


def run(n, a):
    """The figures of `n` processes on a fresh Redis."""
    redis_server = RedisServer().start()
    args = ["--store", redis_server.url, "--countdown-ms", "0", "--bot-ms", str(a.bot_ms),
            "--turn-ms", "10000", "--ping-s", "60", "--lease-ms", str(LEASE_MS)]
    say("starting redis-server and %d server process%s" % (n, "" if n == 1 else "es"))
    procs = [ServerProcess(None, *args).start() for _ in range(n)]
    redis_cpu = cpu_s(redis_server.proc.pid)
    started = time.monotonic()
    try:
        figures = asyncio.run(bench([p.url for p in procs], [p.proc.pid for p in procs],
                                    a.rooms, a.humans, a.seconds, a.think_ms, say))
        figures["redis_cpu_share"] = round(
            (cpu_s(redis_server.proc.pid) - redis_cpu) / (time.monotonic() - started), 2)
        if n > 1:
            say("failover: killing the process of a match")
            back, moved = asyncio.run(failover(procs))
            figures["failover_view_back_s"] = round(back, 2)
            figures["failover_next_action_s"] = round(moved, 2)
    finally:
        say("stopping")
        errors = [p.stop() for p in procs]
        redis_server.stop()
        redis_server.tmp.cleanup()
    for err in errors:
        if "Traceback" in err:
            print(err, file=sys.stderr)
    figures["processes"] = n
    return figures


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--processes", default="1,2,4")
    p.add_argument("--rooms", type=int, default=100)
    p.add_argument("--humans", type=int, default=4, help="scripted players per room (2-4)")
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--think-ms", type=float, default=1000)
    p.add_argument("--bot-ms", type=int, default=1000)
    a = p.parse_args()
    if REDIS is None:
        sys.exit("redis-server is not installed (Debian's package redis-server)")
    counts = [int(x) for x in a.processes.split(",")]
    results = []
    for n in counts:
        print("%d process%s on one Redis:" % (n, "" if n == 1 else "es"), flush=True)
        results.append(run(n, a))
    base = results[0]
    for r in results:
        r["actions_per_s_ratio"] = round(r["server_human_actions_per_s"]
                                         / max(base["server_human_actions_per_s"], 0.1), 2)
        r["latency_p99_ratio"] = round(r["server_latency_p99_ms"]
                                       / max(base["server_latency_p99_ms"], 0.1), 2)
    out = {"rooms": a.rooms, "humans": a.humans, "seconds": a.seconds,
           "think_ms": a.think_ms, "bot_ms": a.bot_ms, "lease_ms": LEASE_MS, "runs": results}
    path = ROOT / "build" / "server-bench-processes.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    keys = ["processes", "server_clients", "server_rooms", "server_human_actions_per_s",
            "actions_per_s_ratio", "server_latency_p50_ms", "server_latency_p99_ms",
            "latency_p99_ratio", "server_cpu_share", "redis_cpu_share",
            "bench_client_cpu_share", "load_average", "failover_view_back_s",
            "failover_next_action_s"]
    for key in keys:
        print("%-28s %s" % (key, "  ".join("%10s" % r.get(key, "-") for r in results)))
    print("written to", path.relative_to(ROOT))


if __name__ == "__main__":
    main()
