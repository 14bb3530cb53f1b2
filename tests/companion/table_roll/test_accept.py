"""Accepting a table roll records every player's roll line in one store transaction: a line the
rules refuse or a store error on the last line leaves none recorded and the roll still pending,
and no other writer, in this process or another, can come between the lines."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.errors import ConflictError, InvalidEventError, StoreError
from companion.session import Session
from companion.session import camera as cam
from companion.store import EventStore
from companion.store import rows as store_rows

GOALS = "goals most-1s most-2s most-3s"
ANN, BEN = (3, 1, 4, 1, 5, 6), (6, 5, 4, 3, 2, 1)


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


@pytest.fixture
def game(session: Session) -> str:
    """Ann and Ben's table roll, every die entered by hand, ready to accept."""
    gid = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(gid, GOALS)
    session.declare_table_roll(gid)
    for player, pips in (("Ann", ANN), ("Ben", BEN)):
        for p in pips:
            session.add_die(gid, "white", p, player)
    return gid


def recorded(session: Session, game: str) -> list[str]:
    return [h.line for h in session.history(game)]


def test_accept_records_each_players_line_in_one_write(
    session: Session, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches: list[tuple[str, ...]] = []
    real = EventStore.append_lines

    def spy(store: EventStore, gid: str, lines: Any, **kwargs: Any) -> Any:
        batches.append(tuple(lines))
        return real(store, gid, lines, **kwargs)

    monkeypatch.setattr(EventStore, "append_lines", spy)
    view = session.accept_roll(game, expected_seq=1)
    assert batches == [("Ann: roll 3 1 4 1 5 6", "Ben: roll 6 5 4 3 2 1")]
    assert (view.seq, view.pending) == (3, None)
    assert recorded(session, game) == [GOALS, *batches[0]]


def fail_second_insert(monkeypatch: pytest.MonkeyPatch) -> None:
    real = store_rows.insert_event
    calls = [0]

    def insert(*args: Any) -> None:
        calls[0] += 1
        if calls[0] == 2:
            raise sqlite3.OperationalError("disk I/O error")
        real(*args)

    monkeypatch.setattr(store_rows, "insert_event", insert)


def refuse_second_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's line twice: the first is valid, the rules refuse the second."""
    monkeypatch.setattr(cam, "accept_lines", lambda _: ("Ann: roll 1 1 1 1 1 1",) * 2)


@pytest.mark.parametrize(
    ("fail", "error", "message"),
    [
        (fail_second_insert, StoreError, "disk I/O error"),
        (refuse_second_line, InvalidEventError, "Ann"),
    ],
)
def test_a_failure_on_the_last_line_records_none(
    session: Session,
    game: str,
    monkeypatch: pytest.MonkeyPatch,
    fail: Any,
    error: Any,
    message: str,
) -> None:
    before = session.view(game)
    fail(monkeypatch)
    with pytest.raises(error, match=message):
        session.accept_roll(game, expected_seq=1)
    monkeypatch.undo()
    after = session.view(game)
    assert recorded(session, game) == [GOALS]
    assert after.pending is not None and before.pending is not None
    assert after.pending.to_json() == before.pending.to_json()
    assert session.accept_roll(game, expected_seq=1).seq == 3  # the roll was kept


@pytest.mark.parametrize(
    "lines",
    [
        ("Ann: roll 1 2 3 4 5 6", "Ann: roll 1 2 3 4 5 6"),  # the rules refuse the second
        ("Ann: roll 1 2 3 4 5 6", "Ben: roll 1 2 3"),  # the second cannot be read
        ("Ann: roll 1 2 3 4 5 6", "Cat: roll 1 2 3 4 5 6"),  # nobody called Cat plays
    ],
)
def test_append_lines_refused_after_a_valid_first_stores_none(
    session: Session, game: str, lines: tuple[str, ...]
) -> None:
    with pytest.raises((InvalidEventError, ValueError)):
        session.append_lines(game, lines)
    assert recorded(session, game) == [GOALS]


def test_a_stale_seq_is_named_before_a_refused_line(session: Session, game: str) -> None:
    with pytest.raises(ConflictError):
        session.append_lines(game, ("Ann: roll 1 2 3 4 5 6",) * 2, expected_seq=0)
    assert recorded(session, game) == [GOALS]


def test_another_process_waits_for_the_whole_roll(
    session: Session, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = store_rows.insert_event
    waited: list[bool] = []
    others: list[threading.Thread] = []

    with EventStore.open(tmp_path / "data") as other:

        def insert(*args: Any) -> None:
            real(*args)
            if not others:  # after the first player's line, another process writes
                thread = threading.Thread(
                    target=other.append, args=(game, "note")
                )  # the store reads no line
                others.append(thread)
                thread.start()
                thread.join(0.5)
                waited.append(thread.is_alive())

        monkeypatch.setattr(store_rows, "insert_event", insert)
        session.accept_roll(game, expected_seq=1)
        others[0].join(10)
    assert waited == [True]
    assert recorded(session, game)[1:3] == ["Ann: roll 3 1 4 1 5 6", "Ben: roll 6 5 4 3 2 1"]
    assert recorded(session, game)[3] == "note"
