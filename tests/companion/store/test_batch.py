"""Several lines appended in one store transaction (`EventStore.append_lines`): all or none,
with one `expected_seq` check and one validation for the batch, and no other writer, thread or
process, between its lines."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.errors import ConflictError, StoreError, StoreValueError
from companion.store import EventStore, StoredEvent
from companion.store import rows as store_rows
from tests.store_backends import StoreSpot

HEADER = {"Players": "Ann, Ben"}
LINES = ("Ann: roll 1 2 3 4 5 6", "Ben: roll 6 5 4 3 2 1")


@pytest.fixture
def store(store_spot: StoreSpot) -> Iterator[EventStore]:
    with store_spot.open() as opened:
        yield opened


@pytest.fixture
def game(store: EventStore) -> str:
    gid = store.create_game(HEADER, "modifier")
    store.append(gid, "goals most-1s most-2s most-3s")
    return gid


def lines_of(store: EventStore, game: str) -> list[str]:
    return [e.line for e in store.events(game, include_undone=True)]


def fail_on_insert(monkeypatch: pytest.MonkeyPatch, nth: int, error: Exception) -> None:
    """The `nth` event insert (1-based) fails with `error`, as the disk would."""
    real = store_rows.insert_event
    calls = [0]

    def insert(*args: Any) -> None:
        calls[0] += 1
        if calls[0] == nth:
            raise error
        real(*args)

    monkeypatch.setattr(store_rows, "insert_event", insert)


def test_the_lines_follow_each_other_with_the_same_meta(store: EventStore, game: str) -> None:
    stored = store.append_lines(game, LINES, expected_seq=1, source="camera", meta={"k": 1})
    assert [(e.seq, e.line, e.source) for e in stored] == [
        (2, LINES[0], "camera"),
        (3, LINES[1], "camera"),
    ]
    assert all(dict(e.meta) == {"k": 1} for e in stored)
    assert store.head_seq(game) == 3


def refuse(events: list[StoredEvent]) -> None:
    raise ValueError(f"refused after {len(events)} events")


@pytest.mark.parametrize(
    ("lines", "kwargs", "error"),
    [
        # the game moved on since the caller read it: the check covers the whole batch
        (LINES, {"expected_seq": 0}, ConflictError),
        # the last line cannot be stored: the first is not stored either
        ((LINES[0], ""), {}, StoreValueError),
        ((LINES[0], "x" * 100_000), {}, StoreValueError),
        # the caller's validation refuses the batch
        (LINES, {"validate": refuse}, ValueError),
        # nothing to append, or one string where a list is expected
        ((), {}, StoreValueError),
        (LINES[0], {}, StoreValueError),
    ],
)
def test_a_refused_batch_stores_nothing(
    store: EventStore, game: str, lines: Any, kwargs: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        store.append_lines(game, lines, **kwargs)
    assert lines_of(store, game) == ["goals most-1s most-2s most-3s"]


def test_a_store_error_on_the_last_line_leaves_none(
    store: EventStore, store_spot: StoreSpot, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_on_insert(monkeypatch, 2, store_spot.disk_error())
    with pytest.raises(StoreError, match="disk I/O error"):
        store.append_lines(game, LINES)
    monkeypatch.undo()
    assert lines_of(store, game) == ["goals most-1s most-2s most-3s"]
    assert store.append_lines(game, LINES, expected_seq=1)[-1].seq == 3


def writer_between_lines(
    other: EventStore, game: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[bool], Callable[[], None]]:
    """After the batch's first line is inserted, another store on the same file (as another
    process would) tries to append; returns (whether it was still waiting, join)."""
    real = store_rows.insert_event
    waiting: list[bool] = []
    started: list[threading.Thread] = []

    def insert(*args: Any) -> None:
        real(*args)
        if not started:
            thread = threading.Thread(target=other.append, args=(game, "Ann: roll 6 6 6 6 6 6"))
            started.append(thread)
            thread.start()
            thread.join(0.5)
            waiting.append(thread.is_alive())

    monkeypatch.setattr(store_rows, "insert_event", insert)

    def join() -> None:
        started[0].join(10)

    return waiting, join


def test_no_other_writer_comes_between_the_lines(
    store: EventStore, store_spot: StoreSpot, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with store_spot.open() as other:
        waiting, join = writer_between_lines(other, game, monkeypatch)
        store.append_lines(game, LINES, expected_seq=1)
        join()
    assert waiting == [True]  # it waited for the whole batch to commit
    assert lines_of(store, game)[1:] == [*LINES, "Ann: roll 6 6 6 6 6 6"]


def long_record(n: int) -> list[str]:
    return [("Ann: roll 1 2 3 4 5 6" if k % 2 == 0 else "Ben: roll 6 5 4 3 2 1") for k in range(n)]


def test_a_long_import_goes_in_one_statement_and_keeps_every_line(
    store: EventStore, store_spot: StoreSpot
) -> None:
    """A 5,000-line import took 13.7 s on PostgreSQL a line at a time (21-29 s on the loaded
    development machine); in one statement it takes about 2 s there."""
    lines = long_record(5000)
    started = time.monotonic()
    gid = store.create_game_with(HEADER, "modifier", lines, source="import")
    took = time.monotonic() - started
    events = store.events(gid)
    assert [e.seq for e in events] == list(range(1, 5001))
    assert [e.line for e in events] == lines and {e.source for e in events} == {"import"}
    assert took < 10.0, f"{took:.1f} s for 5,000 lines on {store_spot.backend}"
    more = store.append_lines(gid, long_record(40), thumbnail_jpeg=b"\xff\xd8\xff jpeg")
    assert [e.seq for e in more] == list(range(5001, 5041)) and more[0].has_thumbnail
    assert store.thumbnail(gid, 5040) == b"\xff\xd8\xff jpeg"


def test_a_store_error_in_a_long_import_leaves_no_game(
    store: EventStore, store_spot: StoreSpot, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = store_rows.insert_events

    def half_then_fail(conn: Any, gid: str, first: int, new: list[Any], now: str) -> None:
        real(conn, gid, first, new[: len(new) // 2], now)
        raise store_spot.disk_error()

    monkeypatch.setattr(store_rows, "insert_events", half_then_fail)
    with pytest.raises(StoreError, match="disk I/O error"):
        store.create_game_with(HEADER, "modifier", long_record(100))
    assert store.list_games() == []
