"""`GET /api/games/<id>/stats` through Flask's test client: the figures of a replayed golden game,
a game with no rolls, undone rolls left out, the errors, and who may read it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from tests.web.api.support import CONTROL, OVERLAY, build, orange_game

GOLDEN = Path(__file__).parents[2] / "companion" / "golden" / "win-2000.ryb"


def test_stats_of_a_replayed_game(client: FlaskClient, session: Session) -> None:
    game = session.import_record(GOLDEN.read_text()).game_id
    response = client.get(f"/api/games/{game}/stats")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert list(body) == [
        "id",
        "seq",
        "min_dice",
        "alpha",
        "rolls",
        "colours",
        "overall",
        "players",
    ]
    assert (body["id"], body["seq"], body["min_dice"], body["alpha"]) == (game, 18, 30, 0.001)
    assert [c["colour"] for c in body["colours"]] == ["red", "yellow", "blue"]
    assert body["colours"][0]["counts"] == [3, 1, 3, 1, 2, 3]
    assert body["overall"]["counts"] == [5, 5, 4, 3, 5, 5]
    assert body["overall"]["verdict"] == "too_few"
    assert [(p["name"], p["dice"], p["goals_completed"]) for p in body["players"]] == [
        ("Al", 19, 3),
        ("Bo", 8, 0),
    ]


def test_a_game_without_rolls(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    body = client.get(f"/api/games/{game}/stats").get_json()
    assert (body["seq"], body["rolls"]) == (1, 0)
    assert body["overall"] == {
        "colour": "all",
        "dice": 0,
        "counts": [0, 0, 0, 0, 0, 0],
        "mean": None,
        "chi_square": None,
        "df": 5,
        "p_value": None,
        "verdict": "too_few",
        "message": "no dice rolled yet",
    }
    assert body["players"][1] == {
        "name": "Bruce",
        "attempts": 0,
        "rolls": 0,
        "dice": 0,
        "mean_pips": None,
        "goals_completed": 0,
    }


def test_follows_undo_and_new_rolls(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    session.append(game, "Al: attempt orange r6 r6 y6 y6")
    session.undo(game)
    session.append(game, "Al: attempt orange r1 r2 y3 y1")
    body = client.get(f"/api/games/{game}/stats").get_json()
    assert body["seq"] == 3
    assert body["overall"]["counts"] == [2, 1, 1, 0, 0, 0]
    assert body["players"][0]["mean_pips"] == 1.75


def test_thirty_sixes_look_uneven(client: FlaskClient, session: Session) -> None:
    game = session.create_from_options(["Al", "Bo"], {"rules": "lenient"}).game_id
    session.append(game, "Al: goal black 99 value 40")
    for turn in range(5):
        player = ("Al", "Bo")[turn % 2]
        session.append(game, f"{player}: attempt black r6 r6 y6 y6 b6 b6")
        session.append(game, f"{player}: pass")
    overall = client.get(f"/api/games/{game}/stats").get_json()["overall"]
    assert (overall["dice"], overall["counts"][5], overall["verdict"]) == (30, 30, "uneven")
    assert overall["message"] == "looks uneven (p < 0.0001): check the dice"


@pytest.mark.parametrize("game", ["zzzzzzzzzz", "ZZZZZZZZZZ", "a.b", "x" * 300])
def test_unknown_or_malformed_game_is_404(client: FlaskClient, game: str) -> None:
    response = client.get(f"/api/games/{game}/stats")
    assert response.status_code == 404
    assert "game" in response.get_json()["error"]


def test_only_get(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    response = client.post(f"/api/games/{game}/stats", json={})
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[FlaskClient, str]]:
    app, session = build(tmp_path, host="0.0.0.0", control_token=CONTROL)
    yield app.test_client(), orange_game(session)
    session.close()


@pytest.mark.parametrize(
    ("headers", "query", "status"),
    [
        ({}, "", 401),
        ({"Authorization": f"Bearer {CONTROL}"}, "", 200),
        ({}, f"?token={CONTROL}", 200),
        ({"Authorization": f"Bearer {OVERLAY}"}, "", 403),
        ({}, f"?token={OVERLAY}", 403),
        ({"Authorization": "Bearer wrong"}, "", 403),
    ],
)
def test_needs_the_control_token(
    guarded: tuple[FlaskClient, str], headers: dict[str, str], query: str, status: int
) -> None:
    client, game = guarded
    response = client.get(f"/api/games/{game}/stats{query}", headers=headers)
    assert response.status_code == status
    assert ("error" in response.get_json()) == (status != 200)
