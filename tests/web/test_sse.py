"""Server-sent events through a real threaded server on 127.0.0.1, read by a raw HTTP client
with timeouts: snapshot first, changes with their ids, resume with Last-Event-ID, heartbeats,
the roll stream, and a second process's writes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.session import Session
from tests.web.api.support import (
    LiveServer,
    SseClient,
    build,
    orange_game,
    serving,
    settled,
)
from vision.types import Colour


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[LiveServer, Session]]:
    app, session = build(tmp_path, heartbeat_s=0.3)
    try:
        with serving(app) as server:
            yield server, session
    finally:
        session.close()


@pytest.fixture
def streams() -> Iterator[list[SseClient]]:
    opened: list[SseClient] = []
    yield opened
    for client in opened:
        client.close()


def test_snapshot_first_then_changes_with_their_ids(
    served: tuple[LiveServer, Session], streams: list[SseClient]
) -> None:
    server, session = served
    game = orange_game(session)
    stream = server.stream(f"/api/games/{game}/stream")
    streams.append(stream)
    first = stream.next()
    assert (first.event, first.id) == ("snapshot", "1.0")
    assert first.data == server.request("GET", f"/api/games/{game}")[1]

    status, _ = server.request("POST", f"/api/games/{game}/events", {"line": "Al: pass"})
    assert status == 201
    change = stream.next()
    assert (change.event, change.id, change.data["seq"]) == ("change", "2.0", 2)
    assert change.data["state"]["turn"]["player"] == "Bruce"

    server.request("POST", f"/api/games/{game}/undo")
    undone = stream.next()
    assert (undone.event, undone.id, undone.data["seq"]) == ("change", "1.0", 1)


def test_pending_changes_arrive_with_new_ids(
    served: tuple[LiveServer, Session], streams: list[SseClient]
) -> None:
    server, session = served
    game = orange_game(session)
    stream = server.stream(f"/api/games/{game}/stream")
    streams.append(stream)
    assert stream.next().event == "snapshot"
    server.request("POST", f"/api/games/{game}/attempt", {"player": "Al", "goal": "orange"})
    declared = stream.next()
    assert declared.id is not None and declared.id.startswith("1.") and declared.id != "1.0"
    assert declared.data["pending"]["player"] == "Al"
    session.offer_roll(settled((Colour.RED, 3, False), (Colour.RED, 4, False)))
    rolled = stream.next()
    assert rolled.data["pending"]["check"] == "expected 2 red 2 yellow, saw 2 red"
    assert rolled.id != declared.id


def test_a_pending_attempt_cleared_by_a_typed_line_is_one_change(
    served: tuple[LiveServer, Session], streams: list[SseClient]
) -> None:
    server, session = served
    game = orange_game(session)
    session.declare_attempt(game, "Al", "orange")
    stream = server.stream(f"/api/games/{game}/stream")
    streams.append(stream)
    assert stream.next().data["pending"]["player"] == "Al"
    server.request("POST", f"/api/games/{game}/events", {"line": "Al: pass"})
    change = stream.next()
    assert (change.data["seq"], change.data["pending"]) == (2, None)
    assert change.data["pending_cleared"]["reason"].startswith("the game moved on: 'Al: pass'")


def test_resume_with_last_event_id(
    served: tuple[LiveServer, Session], streams: list[SseClient]
) -> None:
    server, session = served
    game = orange_game(session)
    first = server.stream(f"/api/games/{game}/stream")
    streams.append(first)
    snapshot = first.next()
    first.close()

    # Still current: no second snapshot; the next message is the change after it.
    current = server.stream(f"/api/games/{game}/stream", {"Last-Event-ID": str(snapshot.id)})
    streams.append(current)
    session.append(game, "Al: pass")
    resumed = current.next()
    assert (resumed.event, resumed.id) == ("change", "2.0")
    current.close()

    # Missed something: a snapshot of the game as it is now.
    missed = server.stream(f"/api/games/{game}/stream", {"Last-Event-ID": str(snapshot.id)})
    streams.append(missed)
    caught_up = missed.next()
    assert (caught_up.event, caught_up.id, caught_up.data["seq"]) == ("snapshot", "2.0", 2)


def test_heartbeat_comments_keep_an_idle_stream_open(
    served: tuple[LiveServer, Session], streams: list[SseClient]
) -> None:
    server, session = served
    game = orange_game(session)
    stream = server.stream(f"/api/games/{game}/stream")
    streams.append(stream)
    stream.next()
    beat = stream.next(skip_comments=False)
    assert (beat.event, beat.comments) == (None, ["keep-alive"])


def test_roll_stream(served: tuple[LiveServer, Session], streams: list[SseClient]) -> None:
    server, session = served
    stream = server.stream("/api/roll/stream")
    streams.append(stream)
    first = stream.next()
    assert (first.event, first.id, first.data) == ("snapshot", "0", {"roll": None})
    session.offer_roll(settled((Colour.YELLOW, 5, False), (Colour.BLUE, 3, False)))
    change = stream.next()
    assert change.event == "change"
    assert change.data["roll"]["totals"]["green"] == 3
    assert change.id == str(change.data["roll"]["rev"])

    again = server.stream("/api/roll/stream", {"Last-Event-ID": str(change.id)})
    streams.append(again)
    session.offer_roll(settled((Colour.RED, 1, False)))
    assert again.next().event == "change"


def test_unknown_game_stream_is_a_404_not_a_stream(served: tuple[LiveServer, Session]) -> None:
    server, _ = served
    status, body = server.request("GET", "/api/games/zzzzzzzzzz/stream")
    assert status == 404 and "no game" in body["error"]


def test_another_process_writing_the_folder_reaches_the_stream(
    served: tuple[LiveServer, Session], streams: list[SseClient], tmp_path: Path
) -> None:
    server, session = served
    game = orange_game(session)
    stream = server.stream(f"/api/games/{game}/stream")
    streams.append(stream)
    stream.next()
    with Session.open(tmp_path / "data") as other:
        other.append(game, "Al: pass")
    change = stream.next()
    assert (change.event, change.id) == ("change", "2.0")


def test_closing_the_session_ends_open_streams_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app, session = build(tmp_path, heartbeat_s=30)
    with serving(app) as server:
        game = orange_game(session)
        streams = [server.stream(f"/api/games/{game}/stream"), server.stream("/api/roll/stream")]
        for stream in streams:
            assert stream.next().event == "snapshot"
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            session.close()
            for stream in streams:
                with pytest.raises(EOFError):
                    stream.next(skip_comments=False)
                stream.close()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert errors == []
