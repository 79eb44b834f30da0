"""python -m server [--host H] [--port P] [--db FILE] [timer options]: the room server
(docs/protocol.md). `--port 0` picks a free port; the line "listening on ws://H:P"
says which, once the server accepts connections."""

import argparse
import asyncio
import contextlib
import logging
import pathlib
import signal

from server import ROOT
from server.app import Config, Server
from server.store import SQLiteStore


def main(argv=None):
    d = Config()
    p = argparse.ArgumentParser(prog="python -m server", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default=str(ROOT / "build" / "server" / "rooms.sqlite"))
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
    a = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    pathlib.Path(a.db).parent.mkdir(parents=True, exist_ok=True)
    cfg = Config(a.turn_ms, a.countdown_ms, a.bot_ms, a.grace_ms, a.ttl_s, a.sweep_s,
                 a.quick_wait_ms, a.ping_s)
    store = SQLiteStore(a.db)
    server = Server(store, cfg)

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
