"""What outside tests sent to the HTTP API (issue #24): deeply nested JSON, digits `int` refuses,
numbers of thousands of digits, line breaks and tabs in `next`, values over the store's limits.
Each is a 400 naming its field (never a 500), and the game is unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.session import Session
from tests.web.api.support import CONTROL, build, settled
from vision.types import Colour

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "1" + "0" * 5000


def seen(client: FlaskClient, game_id: str) -> tuple[Any, Any]:
    view = client.get(f"/api/games/{game_id}").get_json()
    events = client.get(f"/api/games/{game_id}/events").get_json()
    return view, events


def games_of(client: FlaskClient) -> list[str]:
    return [g["id"] for g in client.get("/api/games").get_json()["games"]]


@pytest.mark.parametrize(
    "route",
    ["/api/games", "/api/games/{id}/events", "/api/games/{id}/undo", "/api/games/{id}/attempt"],
)
@pytest.mark.parametrize(
    ("body", "words"),
    [(DEEP, "nested too deeply"), ('{"line": ' + HUGE + "}", "too long")],
)
def test_a_body_python_cannot_read_is_a_400_about_the_body(
    client: FlaskClient, game: str, route: str, body: str, words: str
) -> None:
    before = seen(client, game)
    answer = client.post(route.format(id=game), data=body, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["field"] == "body"
    assert words in answer.get_json()["error"]
    assert seen(client, game) == before


@pytest.mark.parametrize(
    "line",
    [
        "Al: attempt orange r² r3 y4 y5",
        "Al: bank ²",
        "Al: bank ٣",
        "Al: bank " + "1" * 5000,
        "Bruce: goal red ²",
        "Bruce: goal red 7" + "0" * 5000,
    ],
)
def test_digits_int_cannot_read_are_refused_in_a_line(
    client: FlaskClient, game: str, line: str
) -> None:
    before = seen(client, game)
    answer = client.post(f"/api/games/{game}/events", json={"line": line})
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert (answer.get_json()["field"], answer.get_json()["line"]) == ("line", line)
    assert seen(client, game) == before


@pytest.mark.parametrize("bad", ["orange ²", "orange 7 value ²", "orange 1" + "0" * 5000])
def test_digits_int_cannot_read_are_refused_in_an_import(client: FlaskClient, bad: str) -> None:
    record = f'[Players "Al, Bo"]\nAl: goal {bad}\n'
    answer = client.post("/api/games", json={"record": record})
    assert answer.status_code == 400
    assert (answer.get_json()["field"], answer.get_json()["line_no"]) == ("record", 2)
    assert games_of(client) == []


@pytest.mark.parametrize("dice", ["y² y4", "r٣", ["y²"]])
def test_digits_int_cannot_read_are_refused_in_a_manual_roll(
    client: FlaskClient, game: str, dice: object
) -> None:
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    before = seen(client, game)
    answer = client.post(f"/api/games/{game}/manual-roll", json={"dice": dice})
    assert answer.status_code == 400
    assert answer.get_json()["field"] == "dice"
    assert seen(client, game) == before


def test_a_correction_with_such_digits_is_refused(
    client: FlaskClient, session: Session, game: str
) -> None:
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    session.offer_roll(settled((Colour.RED, 3, False), (Colour.YELLOW, 4, False)))
    answer = client.post(f"/api/games/{game}/pending/dice/0", json={"colour": "red", "pips": "²"})
    assert answer.status_code == 400
    assert "field" in answer.get_json()


# --- the store's limits name their field ------------------------------------------------------

LONG = "B" * 1200


@pytest.mark.parametrize(
    ("sent", "field"),
    [
        ({"players": ["Al", LONG]}, "players"),
        ({"players": ["Al", "Bo"], "options": {"title": LONG}}, "options.title"),
        ({"players": ["Al", "Bo"], "options": {"deck": LONG}}, "options.deck"),
    ],
)
def test_a_new_game_over_the_store_limits_names_the_field(
    client: FlaskClient, sent: dict[str, Any], field: str
) -> None:
    answer = client.post("/api/games", json=sent)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field
    assert games_of(client) == []


def test_a_line_over_the_store_limit_names_the_line(client: FlaskClient, game: str) -> None:
    before = seen(client, game)
    line = "Al: bank 3 " + "x" * 1200
    answer = client.post(f"/api/games/{game}/events", json={"line": line})
    assert answer.status_code == 400
    assert (answer.get_json()["field"], answer.get_json()["line"]) == ("line", line)
    assert "1000" in answer.get_json()["error"]
    assert seen(client, game) == before


def test_an_import_with_a_line_over_the_limit_stores_nothing(client: FlaskClient) -> None:
    # The name fits the header (1,000 characters) but its event line does not.
    name = "B" * 990
    record = f'[Players "Al, {name}"]\nAl: goal orange 7\n{name}: goal orange 9\n'
    answer = client.post("/api/games", json={"record": record})
    assert answer.status_code == 400
    assert (answer.get_json()["field"], answer.get_json()["line_no"]) == ("record", 3)
    assert "1000" in answer.get_json()["error"]
    assert games_of(client) == []


# --- login's `next` ---------------------------------------------------------------------------


@pytest.fixture
def guarded(tmp_path: Path) -> Flask:
    return build(tmp_path, host="0.0.0.0", control_token=CONTROL)[0]


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example",
        "/%0a/evil.example",
        "/%0d%0a/evil.example",
        "%09//evil.example",
        "/%5c/evil.example",
        "/\t/evil.example",
        "/a%0aSet-Cookie:%20x=1",
    ],
)
@pytest.mark.parametrize("token", [None, CONTROL])
def test_login_never_sends_a_browser_to_another_site(
    tmp_path: Path, target: str, token: str | None
) -> None:
    config = {"host": "0.0.0.0", "control_token": CONTROL} if token else {}
    app, session = build(tmp_path, **config)
    try:
        query = f"next={target}" + (f"&token={token}" if token else "")
        answer = app.test_client().get(f"/login?{query}")
        assert answer.status_code in (302, 303)
        assert answer.headers["Location"] == "/"
    finally:
        session.close()


def test_login_still_goes_back_to_a_local_page(guarded: Flask) -> None:
    answer = guarded.test_client().get(f"/login?next=/games/abc%3Fx%3D1&token={CONTROL}")
    assert answer.headers["Location"] == "/games/abc?x=1"
