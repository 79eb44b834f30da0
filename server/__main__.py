"""python -m server [--host H] [--port P] [--db FILE | --store redis://H:P/N] [timer
options]: the room server (docs/protocol.md). `--port 0` picks a free port; the line
"listening on ws://H:P" says which, once the server accepts connections. With
--store, any number of processes share the rooms kept in that Redis
(docs/operations.md)."""

import argparse
import asyncio
import contextlib
import gc
import logging
import pathlib
import signal

from server import ROOT
from server.app import Config, Server
from server.cluster import RedisCluster
from server.store import SQLiteStore


def main(argv=None):
    d = Config()
    p = argparse.ArgumentParser(prog="python -m server", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default=str(ROOT / "build" / "server" / "rooms.sqlite"),
                   help="the SQLite file of a lone process (without --store)")
    p.add_argument("--store", help="redis://HOST:PORT/DB: the Redis shared by every process")
    p.add_argument("--turn-ms", type=int, default=d.turn_ms, help="a human's time per decision")
    p.add_argument("--countdown-ms", type=int, default=d.countdown_ms,
                   help="the countdown before a match's first turn")
    p.add_argument("--bot-ms", type=int, default=d.bot_ms, help="a bot's pause before it moves")
    p.add_argument("--grace-ms", type=int, default=d.grace_ms,
                   help="how long a match waits when every human is disconnected")
    p.add_argument("--ttl-s", type=float, default=d.ttl_s, help="a room's life time")
    p.add_argument("--sweep-s", type=float, default=d.sweep_s, help="how often old rooms go")
    p.add_argument("--quick-wait-ms", type=int, default=d.quick_wait_ms,
                   help="a 1x1 quick match's wait before the professional is offered")
    p.add_argument("--ping-s", type=float, default=d.ping_s,
                   help="keep-alive pings; a silent connection closes after as long again")
    p.add_argument("--lease-ms", type=int, default=d.lease_ms,
                   help="how long a room stays its owner's without a renewal (with --store)")
    a = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    cfg = Config(a.turn_ms, a.countdown_ms, a.bot_ms, a.grace_ms, a.ttl_s, a.sweep_s,
                 a.quick_wait_ms, a.ping_s, a.lease_ms)
    if a.store:
        from server.redisstore import RedisStore

        store = RedisStore(a.store, lease_ms=a.lease_ms)
        server = Server(store, cfg, RedisCluster(store))
    else:
        pathlib.Path(a.db).parent.mkdir(parents=True, exist_ok=True)
        store = SQLiteStore(a.db)
        server = Server(store, cfg)

    # What start-up made lives as long as the process: out of the collector's way, and
    # young objects collected less often, so that a full collection (100-200 ms over
    # 2,000 connections) comes seldom and never for the modules' own objects.
    gc.freeze()
    gc.set_threshold(10000, 20, 20)

    def ready(port):
        print("listening on ws://%s:%d" % (a.host, port), flush=True)

    async def run():
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await server.serve(a.host, a.port, ready)

    try:
        asyncio.run(run())
    finally:
        store.close()


if __name__ == "__main__":
    main()
