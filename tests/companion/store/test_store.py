"""The event store on each backend (a SQLite file, a PostgreSQL database): games, events,
errors, persistence and schema."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.errors import (
    ConflictError,
    InvalidEventError,
    InvalidGameIdError,
    StoreError,
    StoreValueError,
    UnknownEventError,
    UnknownGameError,
)
from companion.store import EventStore, StoredEvent
from companion.store.schema import DB_FILENAME, SCHEMA_VERSION
from tests.store_backends import StoreSpot

JPEG = b"\xff\xd8\xff\xe0 a tiny jpeg"
HEADER = {"Players": "Al, Bo", "Edition": "2000"}
UNKNOWN = "zzzzzzzzzz"


class TickClock:
    """Each reading one second after the last, so stored times are exact in tests."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def stamp(second: int) -> str:
    return f"2026-11-22T00:00:{second:02d}.000000Z"


@pytest.fixture
def store(store_spot: StoreSpot) -> Iterator[EventStore]:
    with store_spot.open(clock=TickClock()) as opened:
        yield opened


@pytest.fixture
def game(store: EventStore) -> str:
    return store.create_game(HEADER)


def test_create_and_get_game(store: EventStore) -> None:
    gid = store.create_game(HEADER, title="Friday")
    info = store.get_game(gid)
    assert (info.id, info.game, dict(info.header), info.title) == (gid, "ryb", HEADER, "Friday")
    assert (info.created_at, info.updated_at, info.archived) == (stamp(1), stamp(1), False)
    assert list(info.header) == ["Players", "Edition"]
    with pytest.raises(TypeError):
        info.header["Players"] = "Cy"  # type: ignore[index]


def test_game_title_defaults_to_header_then_date(store: EventStore) -> None:
    titled = store.create_game({"Title": "Gran's table"})
    assert store.get_game(titled).title == "Gran's table"
    assert store.get_game(store.create_game({}, "other")).title == "other game of 2026-11-22"


def test_list_games_newest_change_first_and_archive(store: EventStore) -> None:
    first, second = store.create_game(HEADER), store.create_game(HEADER)
    assert [g.id for g in store.list_games()] == [second, first]
    store.append(first, "Al: roll")
    assert [g.id for g in store.list_games()] == [first, second]
    assert store.archive(first).archived
    assert [g.id for g in store.list_games()] == [second]
    assert [g.id for g in store.list_games(include_archived=True)] == [first, second]
    assert not store.archive(first, archived=False).archived
    assert len(store.list_games()) == 2


@pytest.mark.parametrize(
    ("header", "kind", "title", "message"),
    [
        ({"Players": "Al\nBo"}, "ryb", None, "control characters"),
        (HEADER, "RYB", None, "invalid game kind 'RYB'"),
        (HEADER, "", None, "invalid game kind ''"),
        (HEADER, "ryb", "", "title must not be empty"),
        (HEADER, "ryb", "a\nb", "control characters"),
    ],
)
def test_create_game_rejects_bad_input_and_stores_nothing(
    store: EventStore, header: dict[str, str], kind: str, title: str | None, message: str
) -> None:
    with pytest.raises(StoreValueError, match=message):
        store.create_game(header, kind, title=title)
    assert store.list_games(include_archived=True) == []


Call = Callable[[EventStore, str], object]
EVERY_GAME_METHOD: list[tuple[str, Call]] = [
    ("get_game", lambda s, g: s.get_game(g)),
    ("archive", lambda s, g: s.archive(g)),
    ("events", lambda s, g: s.events(g)),
    ("event", lambda s, g: s.event(g, 1)),
    ("head_seq", lambda s, g: s.head_seq(g)),
    ("thumbnail", lambda s, g: s.thumbnail(g, 1)),
    ("append", lambda s, g: s.append(g, "Al: roll")),
    ("append_validated", lambda s, g: s.append_validated(g, "Al: roll", lambda _: None)),
    ("undo", lambda s, g: s.undo(g)),
    ("redo", lambda s, g: s.redo(g)),
]


@pytest.mark.parametrize(("name", "call"), EVERY_GAME_METHOD)
@pytest.mark.parametrize("bad_id", ["", "ABCDEFGHJK", "../secrets", "abc", None])
def test_bad_game_id_is_refused(store: EventStore, name: str, call: Call, bad_id: str) -> None:
    with pytest.raises(InvalidGameIdError, match=f"invalid game id {bad_id!r}"):
        call(store, bad_id)


@pytest.mark.parametrize(("name", "call"), EVERY_GAME_METHOD)
def test_unknown_game_is_refused(store: EventStore, name: str, call: Call) -> None:
    with pytest.raises(UnknownGameError, match=f"no game with id '{UNKNOWN}'"):
        call(store, UNKNOWN)


def test_append_numbers_events_and_keeps_fields(store: EventStore, game: str) -> None:
    first = store.append(game, "Al: attempt green y4 y5 b2 b5")
    second = store.append(
        game, "Bo: bank", source="camera", meta={"confidence": 0.9}, thumbnail_jpeg=JPEG
    )
    assert (first.seq, second.seq) == (1, 2)
    assert first == StoredEvent(
        game, 1, "Al: attempt green y4 y5 b2 b5", stamp(2), "manual", False, None, False, {}
    )
    assert (second.source, dict(second.meta), second.has_thumbnail) == (
        "camera",
        {"confidence": 0.9},
        True,
    )
    assert store.events(game) == [first, second]
    assert store.event(game, 2) == second
    assert store.head_seq(game) == 2
    assert store.thumbnail(game, 2) == JPEG
    assert store.thumbnail(game, 1) is None
    assert store.get_game(game).updated_at == stamp(3)


def test_to_json(store: EventStore, game: str) -> None:
    event = store.append(game, "Al: roll", meta={"dice": [1, 2]})
    assert event.to_json() == {
        "game_id": game,
        "seq": 1,
        "line": "Al: roll",
        "created_at": stamp(2),
        "source": "manual",
        "undone": False,
        "undone_at": None,
        "has_thumbnail": False,
        "meta": {"dice": [1, 2]},
    }
    assert store.get_game(game).to_json()["header"] == HEADER


@pytest.mark.parametrize("seq", [0, 2, 99])
def test_unknown_seq_names_game_and_seq(store: EventStore, game: str, seq: int) -> None:
    store.append(game, "Al: roll")
    for call in (store.event, store.thumbnail):
        with pytest.raises(UnknownEventError, match=f"game '{game}' has no event with seq {seq}"):
            call(game, seq)


BAD_APPENDS: list[tuple[dict[str, Any], str]] = [
    ({"line": ""}, "empty"),
    ({"line": "Al: roll\nBo: roll"}, "control characters"),
    ({"line": "Al: roll\r\n"}, "whitespace"),
    ({"line": "x" * 1001}, "over the limit of 1000"),
    ({"source": "Camera Roll"}, "invalid source"),
    ({"meta": {"x": float("inf")}}, "not JSON-serialisable"),
    ({"thumbnail_jpeg": b"GIF89a"}, "not a JPEG"),
    ({"expected_seq": -1}, "invalid seq -1"),
]


@pytest.mark.parametrize(("change", "message"), BAD_APPENDS)
def test_bad_append_stores_nothing(
    store: EventStore, game: str, change: dict[str, Any], message: str
) -> None:
    args: dict[str, Any] = {"line": "Al: roll"} | change
    line = args.pop("line")
    with pytest.raises(StoreValueError, match=message):
        store.append(game, line, **args)
    if "expected_seq" not in change:
        with pytest.raises(StoreValueError, match=message):
            store.append_validated(game, line, lambda _: None, **args)
    assert store.events(game, include_undone=True) == []
    assert store.get_game(game).updated_at == stamp(1)


def test_expected_seq_guards_append(store: EventStore, game: str) -> None:
    assert store.append(game, "Al: one", expected_seq=0).seq == 1
    assert store.append(game, "Al: two", expected_seq=1).seq == 2
    with pytest.raises(ConflictError, match=f"game '{game}': expected last live seq 1 but it"):
        store.append(game, "Bo: stale", expected_seq=1)
    store.undo(game)
    with pytest.raises(ConflictError) as info:
        store.append(game, "Bo: stale", expected_seq=2)
    assert (info.value.game_id, info.value.expected_seq, info.value.actual_seq) == (game, 2, 1)
    assert isinstance(info.value, StoreError)
    assert [e.line for e in store.events(game)] == ["Al: one"]
    assert store.append(game, "Bo: fresh", expected_seq=1).seq == 3


def test_append_validated_sees_live_events(store: EventStore, game: str) -> None:
    store.append(game, "Al: one")
    store.append(game, "Al: two")
    store.undo(game)
    seen: list[list[str]] = []
    event = store.append_validated(
        game, "Bo: three", lambda evs: seen.append([e.line for e in evs])
    )
    assert seen == [["Al: one"]]
    assert event.seq == 3


def test_refused_validation_propagates_and_stores_nothing(store: EventStore, game: str) -> None:
    def refuse(_: list[StoredEvent]) -> None:
        raise InvalidEventError("Bo cannot bank before rolling")

    with pytest.raises(InvalidEventError, match="Bo cannot bank"):
        store.append_validated(game, "Bo: bank", refuse)
    assert store.events(game, include_undone=True) == []
    assert store.append(game, "Al: roll").seq == 1


def test_validator_may_read_but_not_write(store: EventStore, game: str) -> None:
    def reads(_: list[StoredEvent]) -> None:
        assert store.events(game) == []

    def writes(_: list[StoredEvent]) -> None:
        store.append(game, "Bo: sneaky")

    store.append_validated(game, "Al: roll", reads)
    with pytest.raises(StoreError, match="from inside one of its own writes"):
        store.append_validated(game, "Al: again", writes)
    assert [e.line for e in store.events(game)] == ["Al: roll"]


def test_undo_keeps_history(store: EventStore, game: str) -> None:
    store.append(game, "Al: one")
    store.append(game, "Al: two", thumbnail_jpeg=JPEG)
    undone = store.undo(game)
    assert (undone.seq, undone.undone, undone.undone_at) == (2, True, stamp(4))
    assert [e.seq for e in store.events(game)] == [1]
    history = store.events(game, include_undone=True)
    assert [(e.seq, e.undone) for e in history] == [(1, False), (2, True)]
    assert store.thumbnail(game, 2) == JPEG
    assert store.head_seq(game) == 1
    assert store.get_game(game).updated_at == stamp(4)
    redone = store.redo(game)
    assert (redone.seq, redone.undone, redone.undone_at) == (2, False, None)


@pytest.mark.parametrize(
    ("ops", "live", "error"),
    [
        ("", [], None),
        ("u", [], "has no live event to undo"),
        ("r", [], "has nothing to redo"),
        ("aaa", [1, 2, 3], None),
        ("aaau", [1, 2], None),
        ("aaauu", [1], None),
        ("aaauuu", [], None),
        ("aaauuuu", [], "has no live event to undo"),
        ("aaauur", [1, 2], None),
        ("aaauurr", [1, 2, 3], None),
        ("aaauurrr", [1, 2, 3], "has nothing to redo"),
        ("aaaua", [1, 2, 4], None),
        ("aaauar", [1, 2, 4], "has nothing to redo"),
        ("aaauau", [1, 2], None),
        ("aaauaur", [1, 2, 4], None),
        ("aaauaurr", [1, 2, 4], "has nothing to redo"),
        ("aaauauu", [1], None),
        ("aaauauurr", [1, 2, 4], None),
        ("aurur", [1], None),
    ],
)
def test_undo_redo_sequences(
    store: EventStore, game: str, ops: str, live: list[int], error: str | None
) -> None:
    """a = append, u = undo, r = redo; an error may only come from the last step."""
    steps: dict[str, Callable[[], object]] = {
        "a": lambda: store.append(game, "Al: roll"),
        "u": lambda: store.undo(game),
        "r": lambda: store.redo(game),
    }
    for op in ops[:-1]:
        steps[op]()
    if ops and error:
        with pytest.raises(StoreError, match=f"game '{game}' {error}"):
            steps[ops[-1]]()
    elif ops:
        steps[ops[-1]]()
    assert [e.seq for e in store.events(game)] == live
    assert store.head_seq(game) == (live[-1] if live else 0)


@pytest.mark.parametrize("method", ["undo", "redo"])
def test_expected_seq_guards_undo_and_redo(store: EventStore, game: str, method: str) -> None:
    store.append(game, "Al: one")
    store.append(game, "Al: two")
    if method == "redo":
        store.undo(game)
    call = getattr(store, method)
    head = store.head_seq(game)
    with pytest.raises(ConflictError, match=f"expected last live seq {head + 5} but it is now"):
        call(game, expected_seq=head + 5)
    assert call(game, expected_seq=head).seq == 2


def test_everything_survives_reopen(store_spot: StoreSpot) -> None:
    with store_spot.open() as first:
        gid = first.create_game(HEADER)
        first.append(gid, "Al: one", thumbnail_jpeg=JPEG, meta={"k": "v"})
        first.append(gid, "Al: two")
        first.undo(gid)
        before = (first.get_game(gid), first.events(gid, include_undone=True))
    with store_spot.open() as second:
        assert (second.get_game(gid), second.events(gid, include_undone=True)) == before
        assert second.thumbnail(gid, 1) == JPEG
        assert second.redo(gid).seq == 2
        assert second.integrity_check() == "ok"


def test_only_the_data_folder_is_written(tmp_path: Path) -> None:
    data = tmp_path / "nested" / "data"
    with EventStore.open(data) as store:
        store.append(store.create_game(HEADER), "Al: roll")
        assert store.path == data / DB_FILENAME
    assert [p.name for p in tmp_path.iterdir()] == ["nested"]
    names = {p.name for p in data.iterdir()}
    assert DB_FILENAME in names
    assert names <= {DB_FILENAME, f"{DB_FILENAME}-wal", f"{DB_FILENAME}-shm"}


def test_file_is_wal_durable_and_versioned(tmp_path: Path) -> None:
    EventStore.open(tmp_path).close()
    conn = sqlite3.connect(tmp_path / DB_FILENAME)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events SET line = 'Al: cheat'",
        "DELETE FROM events",
        "DELETE FROM thumbnails",
        "UPDATE marks SET kind = 'redo'",
        "DELETE FROM marks",
        "DELETE FROM games",
        "UPDATE games SET header_json = '{}'",
    ],
)
def test_schema_refuses_edits(
    store: EventStore, store_spot: StoreSpot, game: str, sql: str
) -> None:
    store.append(game, "Al: roll", thumbnail_jpeg=JPEG)
    store.undo(game)
    with pytest.raises(Exception, match=r"append-only|never") as info:
        store_spot.raw(sql)
    assert type(info.value).__name__ in ("IntegrityError", "IntegrityConstraintViolation")
    assert [e.seq for e in store.events(game, include_undone=True)] == [1]


def test_newer_schema_is_refused(store_spot: StoreSpot) -> None:
    store_spot.open().close()
    if store_spot.backend == "sqlite":
        store_spot.raw(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        store_spot.raw(f"UPDATE dicetable_schema SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1} is newer"):
        store_spot.open()


def test_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StoreError, match="is not a folder"):
        EventStore.open(tmp_path / "data")


def test_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"these are not the pages you are looking for" * 100)
    with pytest.raises(StoreError, match="not a database"):
        EventStore.open(tmp_path)


def test_closed_store_refuses_work(store_spot: StoreSpot) -> None:
    store = store_spot.open()
    store.close()
    with pytest.raises(StoreError, match="is closed"):
        store.list_games()
