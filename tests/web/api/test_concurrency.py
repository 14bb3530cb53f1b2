"""Clients racing through a real threaded server on the same game: no event applied twice, none
lost, with and without `expected_seq`."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.exports.record import replay
from companion.games import find_game
from companion.session import Session
from tests.web.api.support import LiveServer, build, serving

THREADS = 4


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[LiveServer, Session]]:
    app, session = build(tmp_path)
    try:
        with serving(app) as server:
            yield server, session
    finally:
        session.close()


def new_game(server: LiveServer) -> str:
    status, body = server.request("POST", "/api/games", {"players": ["Al", "Bruce", "Cy"]})
    assert status == 201
    game_id: str = body["id"]
    return game_id


def race(count: int, work: Callable[[int], None]) -> None:
    barrier = threading.Barrier(count)

    def run(k: int) -> None:
        barrier.wait()
        work(k)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)


def replays_to_the_view(server: LiveServer, session: Session, game: str) -> None:
    record = session.export(game)
    _, view = server.request("GET", f"/api/games/{game}")
    assert find_game("ryb").state_json(replay(record)) == view["state"]


def test_the_same_event_posted_at_once_is_applied_once(
    served: tuple[LiveServer, Session],
) -> None:
    server, session = served
    game = new_game(server)
    statuses: list[int] = []

    def post(_: int) -> None:
        status, _ = server.request("POST", f"/api/games/{game}/events", {"line": "Al: dump"})
        statuses.append(status)

    race(2 * THREADS, post)
    assert sorted(statuses) == [201] + [400] * (2 * THREADS - 1)
    assert [h.line for h in session.history(game)] == ["Al: dump"]


def test_expected_seq_retries_lose_nothing_and_double_nothing(
    served: tuple[LiveServer, Session],
) -> None:
    server, session = served
    game = new_game(server)
    per_thread = 4
    won: list[int] = []
    odd: list[tuple[int, object]] = []
    conflicts: list[int] = []

    def play(_: int) -> None:
        done = 0
        while done < per_thread:
            _, view = server.request("GET", f"/api/games/{game}")
            line = {"line": f"{view['state']['turn']['player']}: dump", "expected_seq": view["seq"]}
            status, body = server.request("POST", f"/api/games/{game}/events", line)
            if status == 201:
                won.append(body["seq"])
                done += 1
            elif status == 409:
                conflicts.append(body["actual_seq"])
            else:
                odd.append((status, body))

    race(THREADS, play)
    total = THREADS * per_thread
    assert odd == []
    assert sorted(won) == list(range(1, total + 1))
    assert [h.seq for h in session.history(game)] == list(range(1, total + 1))
    assert session.view(game).seq == total
    replays_to_the_view(server, session, game)


def test_without_expected_seq_every_acknowledged_event_is_stored(
    served: tuple[LiveServer, Session],
) -> None:
    server, session = served
    game = new_game(server)
    acknowledged: list[int] = []
    refused: list[str] = []

    def play(_: int) -> None:
        for _ in range(4):
            _, view = server.request("GET", f"/api/games/{game}")
            line = {"line": f"{view['state']['turn']['player']}: dump"}
            status, body = server.request("POST", f"/api/games/{game}/events", line)
            if status == 201:
                acknowledged.append(body["seq"])
            else:
                assert status == 400 and "turn" in body["error"]
                refused.append(body["error"])

    race(THREADS, play)
    stored = session.history(game)
    assert sorted(acknowledged) == [h.seq for h in stored]
    assert len(acknowledged) + len(refused) == THREADS * 4
    players = [h.line.split(":")[0] for h in stored]
    assert players == (["Al", "Bruce", "Cy"] * THREADS * 4)[: len(players)]
    replays_to_the_view(server, session, game)
