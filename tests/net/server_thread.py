"""A test server's own asyncio loop in a daemon thread on 127.0.0.1, started and
stopped by `with`: a subclass's _main() starts its servers, calls self._ready.set()
once they listen, and returns when self._stop is set."""

import asyncio
import threading


class ServerThread:
    WHAT = "the test server"  # for the error when it does not start

    def __init__(self):
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("%s did not start" % self.WHAT)
        return self

    def __exit__(self, *exc):
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def _run(self):
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self):
        raise NotImplementedError
