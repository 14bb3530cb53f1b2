"""What only the PostgreSQL backend has: every committed write told to listeners in any process
(LISTEN/NOTIFY), a listener and a pool that outlive a server restart, and a URL whose password
never shows. Its own throwaway cluster, since the test restarts it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from companion.errors import StoreError
from companion.store.core import open_store
from companion.store.postgres import redacted
from companion.store.throwaway import ThrowawayCluster, find_bin_dir
from tests.store_backends import REQUIRE_ENV


@pytest.fixture(scope="module")
def cluster() -> Iterator[ThrowawayCluster]:
    import os

    if find_bin_dir() is None:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"no PostgreSQL server binary, and {REQUIRE_ENV}=1")
        pytest.skip("no PostgreSQL server binary on this machine")
    with ThrowawayCluster() as started:
        yield started


def wait_for(check: object, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_listeners_hear_every_write_and_outlive_a_restart(cluster: ThrowawayCluster) -> None:
    heard: list[tuple[str, str]] = []
    lock = threading.Lock()

    def note(game_id: str, what: str) -> None:
        with lock:
            heard.append((game_id, what))

    with open_store(cluster.url) as writer, open_store(cluster.url) as reader:
        stopper = reader.listen(note)
        assert stopper is not None
        try:
            time.sleep(0.3)  # the listener's LISTEN is in place
            game = writer.create_game({"Players": "Al"})
            writer.append(game, "Al: roll")
            writer.undo(game)
            writer.add_camera_roll(game, "roll-0001", {"dice": []}, settled_at=TIME)
            wanted = [(game, "created"), (game, "append"), (game, "undo"), (game, "roll 1")]
            wait_for(lambda: heard[-4:] == wanted)
            cluster.restart()
            # The first write on a connection the restart broke fails (HTTP 503); the next one
            # connects afresh. Either way nothing half-done is stored.
            try:
                writer.append(game, "Al: roll")
            except StoreError:
                writer.append(game, "Al: roll")
            wait_for(lambda: ("*", "reconnected") in heard)
            writer.append(game, "Al: roll again")
            wait_for(lambda: heard[-1] == (game, "append"))
            assert [e.line for e in reader.events(game)] == ["Al: roll", "Al: roll again"]
        finally:
            stopper.stop()


TIME = "2026-11-27T01:02:03.000000Z"


def test_a_password_never_shows() -> None:
    url = "postgresql://club:s3cret@db.example:5432/dicetable"
    assert redacted(url) == "postgresql://club:***@db.example:5432/dicetable"
    assert (
        redacted("postgresql://club@/dicetable?host=/run")
        == "postgresql://club@/dicetable?host=/run"
    )
    with pytest.raises(StoreError) as info:
        open_store("postgresql://club:s3cret@127.0.0.1:1/dicetable")
    assert "s3cret" not in str(info.value) and "***" in str(info.value)
