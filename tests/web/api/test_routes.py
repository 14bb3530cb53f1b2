"""The JSON API through Flask's test client: every games/events route, every error status, and
the game unchanged after every refused request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.exports.record import replay
from companion.games import find_game
from companion.session import Session
from tests.web.api.support import build

GOLDEN = Path(__file__).parents[2] / "companion" / "golden" / "example3.ryb"
VIEW_KEYS = ["id", "game", "seq", "version", "title", "header", "state", "pending"]


@pytest.fixture
def app_session(tmp_path: Path) -> Iterator[tuple[Flask, Session]]:
    app, session = build(tmp_path, max_body_bytes=4096)
    yield app, session
    session.close()


def seen(client: FlaskClient, game_id: str) -> tuple[Any, Any]:
    """Everything a client can see of a game: its view and its whole history."""
    view = client.get(f"/api/games/{game_id}").get_json()
    events = client.get(f"/api/games/{game_id}/events").get_json()
    return view, events


def test_create_from_players_and_options(client: FlaskClient) -> None:
    sent = {"players": ["Al", "Bruce"], "options": {"edition": "1999", "draft": False}}
    response = client.post("/api/games", json=sent)
    assert response.status_code == 201
    body = response.get_json()
    assert list(body)[: len(VIEW_KEYS)] == VIEW_KEYS
    assert response.headers["Location"] == f"/api/games/{body['id']}"
    assert (body["seq"], body["pending"]) == (0, None)
    assert body["header"] == {
        "Game": "ryb",
        "Players": "Al, Bruce",
        "Edition": "1999",
        "Draft": "no",
    }
    assert body["state"]["options"]["edition"] == "1999"
    listed = client.get("/api/games").get_json()["games"]
    assert [g["id"] for g in listed] == [body["id"]]


def test_create_from_a_record_serves_the_replay_state(client: FlaskClient) -> None:
    text = GOLDEN.read_text()
    response = client.post("/api/games", json={"record": text})
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    got = client.get(f"/api/games/{game_id}").get_json()
    assert got["state"] == find_game("ryb").state_json(replay(text))
    assert got["seq"] == 8


@pytest.mark.parametrize(
    ("kwargs", "status", "field"),
    [
        ({}, 400, "players"),
        ({"json": {}}, 400, "players"),
        ({"json": {"players": ["Al", "Bo"], "record": "x"}}, 400, "record"),
        ({"json": {"players": "Al, Bo"}}, 400, "players"),
        ({"json": {"players": ["Al"]}}, 400, "players"),
        ({"json": {"players": ["Al", "Bo"], "options": {"speed": "fast"}}}, 400, "options.speed"),
        (
            {"json": {"players": ["Al", "Bo"], "options": {"edition": "1066"}}},
            400,
            "options.edition",
        ),
        ({"json": {"players": ["Al", "Bo"], "colour": "red"}}, 400, "colour"),
        ({"json": {"record": 5}}, 400, "record"),
        ({"json": {"record": '[Players "Al, Bo"]\nBo: pass\n'}}, 400, "record"),
        ({"json": [1, 2]}, 400, "body"),
        ({"data": "{not json", "content_type": "application/json"}, 400, "body"),
        ({"data": '{"players": NaN}', "content_type": "application/json"}, 400, "body"),
        ({"data": "players=Al", "content_type": "application/x-www-form-urlencoded"}, 415, None),
        ({"data": '{"players": ["Al", "Bo"]}', "content_type": "text/plain"}, 415, None),
        ({"json": {"record": "x" * 5000}}, 413, None),
    ],
)
def test_create_errors_name_the_field_and_store_nothing(
    client: FlaskClient, kwargs: dict[str, Any], status: int, field: str | None
) -> None:
    response = client.post("/api/games", **kwargs)
    assert response.status_code == status
    body = response.get_json()
    assert isinstance(body["error"], str) and body["error"]
    assert body.get("field") == field
    assert client.get("/api/games").get_json() == {"games": []}


def test_bad_record_error_names_the_line(client: FlaskClient) -> None:
    text = '[Players "Al, Bo"]\nAl: goal orange 7\nAl: attempt orange r3 r9\n'
    body = client.post("/api/games", json={"record": text}).get_json()
    assert (body["field"], body["line_no"], body["line"]) == (
        "record",
        3,
        "Al: attempt orange r3 r9",
    )
    assert "bad die 'r9'" in body["error"]


def test_get_game_and_its_history(client: FlaskClient, game: str) -> None:
    view = client.get(f"/api/games/{game}").get_json()
    assert (view["id"], view["seq"], view["version"]) == (game, 1, "1.0")
    assert view["state"]["turn"]["phase"] == "attempt"
    events = client.get(f"/api/games/{game}/events").get_json()
    assert events["seq"] == 1
    (event,) = events["events"]
    assert {k: event[k] for k in ("seq", "line", "source", "undone", "has_thumbnail")} == {
        "seq": 1,
        "line": "Al: goal orange 7 value 21",
        "source": "manual",
        "undone": False,
        "has_thumbnail": False,
    }


@pytest.mark.parametrize("path", ["zzzzzzzzzz", "ZZZZZZZZZZ", "..%2F..%2Fetc", "a.b", "x" * 300])
@pytest.mark.parametrize(
    "suffix", ["", "/events", "/record", "/rolls.csv", "/pending", "/events/1/thumbnail.jpg"]
)
def test_unknown_or_malformed_game_is_404(client: FlaskClient, path: str, suffix: str) -> None:
    response = client.get(f"/api/games/{path}{suffix}")
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert "game" in error or "%2F" in path


def test_append_returns_the_new_view(client: FlaskClient, game: str) -> None:
    response = client.post(
        f"/api/games/{game}/events", json={"line": "Al: pass", "expected_seq": 1}
    )
    assert response.status_code == 201
    body = response.get_json()
    assert body["seq"] == 2 and body["state"]["turn"]["player"] == "Bruce"


@pytest.mark.parametrize(
    ("kwargs", "status", "field"),
    [
        ({"json": {"line": "Al: fly"}}, 400, "line"),
        ({"json": {"line": "Bruce: pass"}}, 400, "line"),
        ({"json": {"line": "Al: attempt orange r3 r4 y5"}}, 400, "line"),
        ({"json": {"line": "Al: attempt orange r3 r4 y5 y2\nAl: pass"}}, 400, "line"),
        ({"json": {"line": ""}}, 400, "line"),
        ({"json": {"line": 42}}, 400, "line"),
        ({"json": {}}, 400, "line"),
        ({"json": {"line": "Al: pass", "expected_seq": "1"}}, 400, "expected_seq"),
        ({"json": {"line": "Al: pass", "expected_seq": -1}}, 400, "expected_seq"),
        ({"json": {"line": "Al: pass", "expected_seq": True}}, 400, "expected_seq"),
        ({"json": {"line": "Al: pass", "expected_seq": 0}}, 409, "expected_seq"),
        ({"json": {"line": "Al: pass", "seq": 1}}, 400, "seq"),
        ({"data": "Al: pass", "content_type": "text/plain"}, 415, None),
        ({"json": {"line": "Al: pass" + " " * 5000}}, 413, None),
    ],
)
def test_refused_event_leaves_the_game_unchanged(
    client: FlaskClient, game: str, kwargs: dict[str, Any], status: int, field: str | None
) -> None:
    before = seen(client, game)
    response = client.post(f"/api/games/{game}/events", **kwargs)
    assert response.status_code == status
    body = response.get_json()
    assert body.get("field") == field and body["error"]
    if field == "line" and isinstance(kwargs["json"].get("line"), str):
        assert body["line"] == kwargs["json"]["line"]
    assert seen(client, game) == before


def test_conflict_says_what_the_head_is(client: FlaskClient, game: str) -> None:
    body = client.post(
        f"/api/games/{game}/events", json={"line": "Al: pass", "expected_seq": 0}
    ).get_json()
    assert (body["expected_seq"], body["actual_seq"]) == (0, 1)
    assert "reload" in body["error"]


def test_append_to_unknown_game_is_404(client: FlaskClient) -> None:
    response = client.post("/api/games/zzzzzzzzzz/events", json={"line": "Al: pass"})
    assert response.status_code == 404


def test_undo_and_redo(client: FlaskClient, game: str) -> None:
    undone = client.post(f"/api/games/{game}/undo", json={"expected_seq": 1})
    assert undone.status_code == 200 and undone.get_json()["seq"] == 0
    history = client.get(f"/api/games/{game}/events").get_json()["events"]
    assert [(e["seq"], e["undone"]) for e in history] == [(1, True)]
    assert client.post(f"/api/games/{game}/redo").get_json()["seq"] == 1


@pytest.mark.parametrize(
    ("path", "kwargs", "status", "field"),
    [
        ("undo", {"json": {"expected_seq": 0}}, 409, "expected_seq"),
        ("redo", {}, 409, None),
        ("undo", {"json": {"expected_seq": "x"}}, 400, "expected_seq"),
        ("undo", {"json": {"steps": 2}}, 400, "steps"),
        ("undo", {"data": "now", "content_type": "text/plain"}, 415, None),
    ],
)
def test_refused_undo_redo_change_nothing(
    client: FlaskClient,
    game: str,
    path: str,
    kwargs: dict[str, Any],
    status: int,
    field: str | None,
) -> None:
    before = seen(client, game)
    response = client.post(f"/api/games/{game}/{path}", **kwargs)
    assert (response.status_code, response.get_json().get("field")) == (status, field)
    assert seen(client, game) == before


def test_nothing_to_undo_is_409(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"players": ["Al", "Bo"]}).get_json()["id"]
    assert client.post(f"/api/games/{game}/undo").status_code == 409


def test_record_and_rolls_csv_downloads(client: FlaskClient, session: Session) -> None:
    game = session.import_record(GOLDEN.read_text()).game_id
    record = client.get(f"/api/games/{game}/record")
    assert record.status_code == 200
    assert record.content_type == "text/plain; charset=utf-8"
    name = session.export_names(game)["record"]
    assert name.startswith("ryb-") and name.endswith(f"-{game}.ryb")
    assert record.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    assert record.get_data(as_text=True) == session.export(game)
    rolls = client.get(f"/api/games/{game}/rolls.csv")
    assert rolls.mimetype == "text/csv"
    assert rolls.get_data(as_text=True).splitlines()[1].startswith("2,Al,green 9,y4 y5 b2 b5,")


def test_thumbnail_errors(client: FlaskClient, game: str) -> None:
    assert client.get(f"/api/games/{game}/events/1/thumbnail.jpg").status_code == 404
    assert client.get(f"/api/games/{game}/events/9/thumbnail.jpg").status_code == 404
    bad = client.get(f"/api/games/{game}/events/x1/thumbnail.jpg")
    assert (bad.status_code, bad.get_json()["field"]) == (400, "seq")
    huge = client.get(f"/api/games/{game}/events/{'9' * 40}/thumbnail.jpg")
    assert (huge.status_code, huge.get_json()["field"]) == (400, "seq")


def test_unknown_route_and_method_are_json(client: FlaskClient, game: str) -> None:
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404 and "error" in missing.get_json()
    wrong = client.delete(f"/api/games/{game}")
    assert wrong.status_code == 405 and "GET" in wrong.headers["Allow"]
    assert "error" in wrong.get_json()


def test_state_json_keeps_the_rules_key_order(client: FlaskClient, game: str) -> None:
    raw = client.get(f"/api/games/{game}").get_data(as_text=True)
    state = json.loads(raw)["state"]
    assert list(state)[:3] == ["game", "options", "players"]
