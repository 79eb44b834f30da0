"""A real redis-server for the tests (Debian's package; .ci/run installs it): started
on a free 127.0.0.1 port with its own data folder and append-only file, stopped at
the end. Without redis-server installed, the tests needing it are skipped and say
why.

    redis_url              fixture: redis://127.0.0.1:PORT/0 of a server for the
                           module, emptied before each test
    own_redis              fixture: a RedisServer of the test's own (stop, start)
    make_store             fixture, over both stores: make_store() is a fresh
                           SQLiteStore, or a RedisStore on an emptied Redis
"""

import pathlib
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

REDIS = shutil.which("redis-server")
NO_REDIS = "redis-server is not installed (Debian's package redis-server; .ci/run installs it)"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """redis-server on 127.0.0.1 with its data in `folder` (a temporary one by
    default): `start()`, `stop()` (SIGTERM: the append-only file is kept),
    `kill()` (SIGKILL); start() again on the same folder finds the data back."""

    def __init__(self, folder=None, port=None):
        self.tmp = None
        if folder is None:
            self.tmp = tempfile.TemporaryDirectory(prefix="redis-")
            folder = self.tmp.name
        self.folder = str(folder)
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.url = "redis://127.0.0.1:%d/0" % self.port
        self.proc = None

    def start(self, timeout=10):
        import redis

        self.proc = subprocess.Popen(
            [REDIS, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.folder,
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
             "--daemonize", "no", "--logfile", "", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        client = redis.Redis(port=self.port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if client.ping():
                    client.close()
                    return self
            except redis.ConnectionError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()
                    raise RuntimeError("redis-server did not start: %s"
                                       % self.proc.stderr.read().decode()) from None
                time.sleep(0.02)

    def _end(self, kill):
        if self.proc is not None and self.proc.poll() is None:
            (self.proc.kill if kill else self.proc.terminate)()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self.proc is not None:
            self.proc.stderr.close()

    def stop(self):
        self._end(kill=False)

    def kill(self):
        self._end(kill=True)

    def flush(self):
        import redis

        client = redis.Redis.from_url(self.url)
        client.flushdb()
        client.close()

    def __enter__(self):
        return self if self.proc is not None else self.start()

    def __exit__(self, *exc):
        self.stop()
        if self.tmp is not None:
            self.tmp.cleanup()


def started(folder=None, tries=3):
    """A RedisServer started, on another free port if one was taken meanwhile."""
    for _ in range(tries - 1):
        try:
            return RedisServer(folder).start()
        except RuntimeError:
            pass
    return RedisServer(folder).start()


@pytest.fixture(scope="module")
def redis_server():
    if REDIS is None:
        pytest.skip(NO_REDIS)
    with started() as server:
        yield server


@pytest.fixture
def own_redis(tmp_path):
    """A redis-server of the test's own, to stop and start again (its data kept)."""
    if REDIS is None:
        pytest.skip(NO_REDIS)
    with started(tmp_path / "redis") as server:
        yield server


@pytest.fixture
def redis_url(redis_server):
    redis_server.flush()
    return redis_server.url


@pytest.fixture(params=["sqlite", "redis"])
def make_store(request, tmp_path):
    """make_store(): a fresh, empty store of the kind the test is run for."""
    import server  # noqa: F401  (firmware/ on the path)

    made = []

    def make():
        if request.param == "sqlite":
            from server.store import SQLiteStore

            store = SQLiteStore(str(tmp_path / ("store%d.sqlite" % len(made))))
        else:
            from server.redisstore import RedisStore

            redis_server = request.getfixturevalue("redis_server")
            redis_server.flush()
            store = RedisStore(redis_server.url)
        made.append(store)
        return store

    return make
