"""The store interface (server/store.py) step by step, on both implementations: each
step all or nothing, a payout once, a journal that takes each action once, and (on
Redis) a room's writes refused to a process whose lease is gone."""

import pytest

from server.store import InRoom, Lost, NameTaken, Poor

pytest_plugins = ["redis_support"]  # its fixtures: make_store (both stores), redis_url


def row(room_id, seats=2, state="waiting", code=None):
    return {"id": room_id, "game": "1x1", "options": "", "fee": 100, "private": code is not None,
            "code": code, "created": 0.0, "state": state, "host": 0, "match": None,
            "rated_done": False, "seats": [{"kind": "empty"}] * seats}


def registered(store, n):
    pid = store.create_guest("%064x" % n)["id"]
    return store.register(pid, "P%d" % n)


def snapshot(store):
    return store.accounts(), store.locks(), len(store.ledger()), store.rooms()


def test_a_refused_seat_writes_nothing_and_a_taken_one_writes_everything(make_store):
    store = make_store()
    ann, bob = registered(store, 1), registered(store, 2)
    assert store.claim("r1", new=True) == store.node
    store.take_seat(row("r1", code="ABCDE"), ann["id"], 100)
    assert store.room_of(ann["id"]) == "r1" and store.pot("r1") == 100
    assert store.balance(ann["id"]) == 4900 and store.room_by_code("ABCDE") == "r1"
    before = snapshot(store)
    with pytest.raises(InRoom):
        store.take_seat(row("r1"), ann["id"], 100)
    with pytest.raises(Poor):
        store.take_seat(row("r1", seats=3), bob["id"], 6000)
    assert snapshot(store) == before  # neither the lock nor a coin nor the row moved
    store.free_seat(row("r1"), ann["id"], 100)
    assert store.room_of(ann["id"]) is None and store.balance(ann["id"]) == 5000
    store.drop_room("r1", [])
    assert store.room("r1") is None and store.room_by_code("ABCDE") is None
    assert store.total() == 0


def test_names_are_unique_in_any_case(make_store):
    store = make_store()
    registered(store, 1)
    guest = store.create_guest("%064x" % 9)
    with pytest.raises(NameTaken):
        store.register(guest["id"], "p1")
    assert store.player(guest["id"])["name"] is None and store.balance(guest["id"]) == 0


def test_a_match_pays_out_once_and_journals_each_action_once(make_store):
    store = make_store()
    ann, bob = registered(store, 1), registered(store, 2)
    store.claim("r1", new=True)
    store.take_seat(row("r1"), ann["id"], 100)
    store.take_seat(row("r1"), bob["id"], 100)
    store.start_match(row("r1", state="playing"), "m1", {"seed": 5, "ready_at": 1000})
    store.journal("m1", 0, 226, False, 300, 1300)
    with pytest.raises(Lost):
        store.journal("m1", 0, 227, True, 900, 1900)  # action 0 is taken: a stale owner
    result = {"pay": [(ann["id"], 140), (bob["id"], 60)], "rewards": [(ann["id"], 50, 7)],
              "ratings": [(ann["id"], 1216.123456789), (bob["id"], 1183.87654321)],
              "stats": [(ann["id"], True, 12), (bob["id"], False, 3)], "record": "game: 1x1\n"}
    assert store.finish_match("m1", row("r1", state="over"), result) is True
    assert store.finish_match("m1", row("r1", state="over"), result) is False  # paid once
    header, actions, finished, shown, record = store.match("m1")
    assert header == {"seed": 5, "ready_at": 1000} and finished and record == "game: 1x1\n"
    assert [tuple(a) for a in actions] == [(226, 0, 300, 1300)]
    assert shown["pay"] == [[ann["id"], 140], [bob["id"], 60]]
    assert store.balance(ann["id"]) == 4900 + 140 + 50 and store.balance(bob["id"]) == 4960
    assert store.player(ann["id"])["elo"] == 1216.123456789  # exactly, as written
    assert store.rewarded(ann["id"], 7) == 1 and store.rewarded(bob["id"], 7) == 0
    assert store.stats(ann["id"]) == {"matches": 1, "wins": 1, "points": 12}
    store.drop_room("r1", [])
    assert store.total() == 0 and not store.locks() and not store.rooms()
    reasons = sorted(m["reason"] for m in store.ledger())
    assert reasons == ["fee", "fee", "payout", "payout", "reward", "welcome", "welcome"]


def test_a_room_left_without_its_pot_sends_it_to_the_house(make_store):
    store = make_store()
    ann = registered(store, 1)
    store.claim("r1", new=True)
    store.take_seat(row("r1"), ann["id"], 300)
    store.start_match(row("r1", state="playing"), "m1", {"seed": 1})
    store.drop_room("r1", [])
    assert store.pot("r1") == 0 and store.accounts()["house"] == -4700
    assert store.total() == 0


def test_on_redis_a_room_is_written_only_by_the_process_holding_its_lease(redis_url):
    from server.redisstore import RedisStore

    first = RedisStore(redis_url, lease_ms=60000)
    second = RedisStore(redis_url, lease_ms=60000)
    try:
        ann = registered(first, 1)
        assert first.claim("r1", new=True) == first.node
        first.take_seat(row("r1"), ann["id"], 100)
        assert second.claim("r1") == first.node  # taken: the owner is named
        assert second.orphans() == []
        before = snapshot(first)
        for write in (lambda: second.save_room(row("r1", seats=3)),
                      lambda: second.free_seat(row("r1"), ann["id"], 100),
                      lambda: second.drop_room("r1", [(ann["id"], 100)])):
            with pytest.raises(Lost):
                write()
        assert snapshot(first) == before
        first.r.delete("lease:r1")  # as if the lease ran out with its process
        assert second.orphans() == ["r1"] and second.claim("r1") == second.node
        assert first.renew(["r1"]) == ["r1"]  # the old owner learns it lost the room
        with pytest.raises(Lost):
            first.save_room(row("r1"))
        second.drop_room("r1", [(ann["id"], 100)])
        assert first.balance(ann["id"]) == 5000 and first.total() == 0
    finally:
        first.close()
        second.close()



def test_sqlite_commits_leave_the_checkpoints_to_a_thread_that_keeps_the_log_copied(tmp_path):
    """No COMMIT checkpoints (its fsync would stall the event loop): the store's own
    thread copies the log into the database file while the store runs (the file
    grows with nobody else checkpointing), and close() stops it."""
    import time

    from server import store as stores

    path = tmp_path / "s.sqlite"
    store = stores.SQLiteStore(str(path))
    try:
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
        time.sleep(3 * stores.CHECKPOINT_S)  # the schema copied in
        before = path.stat().st_size
        store.start_match(row("r1", state="playing"), "m1", {"game": "1x1", "pad": "x" * 5000})
        for n in range(200):
            store.journal("m1", n, n % 8, False, 5, 0)
        deadline = time.monotonic() + 20 * stores.CHECKPOINT_S
        while path.stat().st_size == before and time.monotonic() < deadline:
            time.sleep(stores.CHECKPOINT_S / 5)
        assert path.stat().st_size > before
        assert store._checkpointer.is_alive()
    finally:
        store.close()
    assert not store._checkpointer.is_alive()
