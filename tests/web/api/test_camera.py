"""The camera routes through the test client, with real `SettledRoll`s handed to the session as
the live feed would: declare, offer, check, correct, accept; and every refusal changing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from tests.web.api.support import settled
from vision.types import Colour

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE


@pytest.fixture
def rolled(client: FlaskClient, session: Session, game: str) -> str:
    """Al declared Orange and the camera saw 2 red 1 yellow, the yellow unsure."""
    declared = client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    assert declared.status_code == 200
    session.offer_roll(settled((R, 3, False), (R, 4, False), (Y, 4, True)))
    return game


def seen(client: FlaskClient, game_id: str) -> tuple[Any, Any]:
    return client.get(f"/api/games/{game_id}").get_json(), client.get(
        f"/api/games/{game_id}/events"
    ).get_json()


def test_camera_roll_from_declaration_to_the_log(
    client: FlaskClient, session: Session, game: str
) -> None:
    declared = client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    assert declared.status_code == 200
    pending = declared.get_json()["pending"]
    assert (pending["player"], pending["goal"], pending["expected"]) == (
        "Al",
        "orange",
        {"red": 2, "yellow": 2},
    )
    assert pending["has_roll"] is False

    session.offer_roll(settled((R, 3, False), (R, 4, False), (Y, 4, True)))
    pending = client.get(f"/api/games/{game}/pending").get_json()["pending"]
    assert pending["check"] == "expected 2 red 2 yellow, saw 2 red 1 yellow"
    assert (pending["unsure"], pending["matches"], pending["ready"]) == ([2], False, False)
    assert pending["has_thumbnail"] is True
    thumb = client.get(f"/api/games/{game}/pending/thumbnail.jpg")
    assert thumb.mimetype == "image/jpeg" and thumb.data.startswith(b"\xff\xd8\xff")

    fixed = client.post(f"/api/games/{game}/pending/dice/2", json={"colour": "yellow", "pips": 5})
    assert fixed.get_json()["pending"]["unsure"] == []
    added = client.post(f"/api/games/{game}/pending/dice", json={"colour": "y", "pips": 2})
    pending = added.get_json()["pending"]
    assert pending["check"] == "expected 2 red 2 yellow, saw 2 red 2 yellow"
    assert pending["ready"] and pending["line"] == "Al: attempt orange r3 r4 y5 y2"

    accepted = client.post(f"/api/games/{game}/pending/accept", json={"expected_seq": 1})
    assert accepted.status_code == 201
    view = accepted.get_json()
    assert view["pending"] is None and view["seq"] == 2
    event = client.get(f"/api/games/{game}/events").get_json()["events"][-1]
    assert (event["source"], event["has_thumbnail"]) == ("camera", True)
    assert event["note"] == "camera saw r3 r4 y4, corrected die 3 to y5, added y2"
    assert [d["pips"] for d in event["meta"]["camera"]["reading"]] == [3, 4, 4]
    assert [c["action"] for c in event["meta"]["corrections"]] == ["correct", "add"]
    image = client.get(f"/api/games/{game}/events/2/thumbnail.jpg")
    assert image.status_code == 200 and image.data.startswith(b"\xff\xd8\xff")


def test_remove_and_cancel(client: FlaskClient, rolled: str) -> None:
    removed = client.delete(f"/api/games/{rolled}/pending/dice/0")
    assert removed.status_code == 200
    assert [d["pips"] for d in removed.get_json()["pending"]["dice"]] == [4, 4]
    cancelled = client.post(f"/api/games/{rolled}/pending/cancel")
    assert cancelled.status_code == 200 and cancelled.get_json()["pending"] is None
    assert client.get(f"/api/games/{rolled}/pending").get_json() == {"pending": None}


def test_manual_roll_then_accept(client: FlaskClient, game: str) -> None:
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "#1"})
    entered = client.post(f"/api/games/{game}/manual-roll", json={"dice": "r1 r2 y3 y4"})
    assert entered.get_json()["pending"]["source"] == "manual"
    accepted = client.post(f"/api/games/{game}/pending/accept")
    assert accepted.status_code == 201
    last = client.get("/api/roll/last").get_json()["roll"]
    assert [d["pips"] for d in last["dice"]] == [1, 2, 3, 4] and last["game_id"] == game


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "field"),
    [
        ("post", "pending/dice/2", {"colour": "mauve", "pips": 5}, 400, "colour"),
        ("post", "pending/dice/2", {"colour": "yellow", "pips": 8}, 400, "pips"),
        ("post", "pending/dice/2", {"colour": "yellow"}, 400, "pips"),
        ("post", "pending/dice/2", {"colour": "yellow", "pips": 5, "x": 1}, 400, "x"),
        ("post", "pending/dice/7", {"colour": "yellow", "pips": 5}, 400, "index"),
        ("post", "pending/dice/-1", {"colour": "yellow", "pips": 5}, 400, "index"),
        ("post", "pending/dice/one", {"colour": "yellow", "pips": 5}, 400, "index"),
        ("post", "pending/dice", {"colour": "blue", "pips": 0}, 400, "pips"),
        ("delete", "pending/dice/3", None, 400, "index"),
        ("post", "pending/accept", None, 400, "dice"),
        ("post", "pending/accept", {"expected_seq": 0}, 400, "dice"),
        ("post", "manual-roll", {"dice": "r1 q2"}, 400, "dice"),
        ("post", "manual-roll", {}, 400, "dice"),
        ("post", "attempt", {"player": "Bruce", "goal": "orange"}, 400, "player"),
        ("post", "attempt", {"player": "Al", "goal": "black"}, 400, "goal"),
        ("post", "attempt", {"player": "Al"}, 400, "goal"),
    ],
)
def test_refused_camera_requests_change_nothing(
    client: FlaskClient,
    rolled: str,
    method: str,
    path: str,
    body: Any,
    status: int,
    field: str,
) -> None:
    before = seen(client, rolled)
    kwargs = {} if body is None else {"json": body}
    response = getattr(client, method)(f"/api/games/{rolled}/{path}", **kwargs)
    assert response.status_code == status
    assert response.get_json()["field"] == field
    assert seen(client, rolled) == before


def test_rules_refusal_on_accept_keeps_the_roll(
    client: FlaskClient, session: Session, game: str
) -> None:
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    session.offer_roll(settled((R, 3, False), (R, 4, False), (Y, 4, False)))
    before = seen(client, game)
    refused = client.post(f"/api/games/{game}/pending/accept")
    assert refused.status_code == 400
    assert "the roll shows 1 yellow" in refused.get_json()["error"]
    assert seen(client, game) == before


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "pending/accept", None),
        ("post", "pending/cancel", None),
        ("post", "pending/dice/0", {"colour": "red", "pips": 1}),
        ("post", "pending/dice", {"colour": "red", "pips": 1}),
        ("delete", "pending/dice/0", None),
    ],
)
def test_no_pending_attempt_is_409(
    client: FlaskClient, game: str, method: str, path: str, body: Any
) -> None:
    before = seen(client, game)
    kwargs = {} if body is None else {"json": body}
    response = getattr(client, method)(f"/api/games/{game}/{path}", **kwargs)
    assert response.status_code == 409
    assert "no declared attempt" in response.get_json()["error"]
    assert seen(client, game) == before


def test_unknown_game_camera_routes_are_404(client: FlaskClient) -> None:
    for path, body in [
        ("attempt", {"player": "Al", "goal": "red"}),
        ("manual-roll", {"dice": "r1"}),
        ("pending/cancel", None),
    ]:
        kwargs = {} if body is None else {"json": body}
        assert client.post(f"/api/games/zzzzzzzzzz/{path}", **kwargs).status_code == 404
    assert client.get("/api/games/zzzzzzzzzz/pending/thumbnail.jpg").status_code == 404


def test_roll_with_no_attempt_is_only_the_last_roll(
    client: FlaskClient, session: Session, game: str
) -> None:
    assert client.get("/api/roll/last").get_json() == {"roll": None}
    before = seen(client, game)
    session.offer_roll(settled((R, 6, False), (B, 2, False)))
    assert seen(client, game) == before
    roll = client.get("/api/roll/last").get_json()["roll"]
    assert roll["totals"]["purple"] == 2 and roll["game_id"] is None
    no_thumb = client.get(f"/api/games/{game}/pending/thumbnail.jpg")
    assert no_thumb.status_code == 404


def test_camera_status_and_video_without_a_feed(client: FlaskClient) -> None:
    assert client.get("/api/camera").get_json()["camera"] == "off"
    video = client.get("/video.mjpeg")
    assert video.status_code == 404 and "no camera" in video.get_json()["error"]


def test_a_typed_line_clears_the_pending_attempt_and_says_why(
    client: FlaskClient, rolled: str
) -> None:
    moved = client.post(f"/api/games/{rolled}/events", json={"line": "Al: pass"})
    assert moved.status_code == 201
    view = moved.get_json()
    assert view["pending"] is None
    assert view["pending_cleared"]["cause"] == "append"
    assert "'Al: pass' was recorded; it is Bruce's turn now" in view["pending_cleared"]["reason"]
    assert client.get(f"/api/games/{rolled}/pending").get_json() == {"pending": None}
    refused = client.post(f"/api/games/{rolled}/pending/accept")
    assert refused.status_code == 409
    assert "Al's attempt on orange was cleared" in refused.get_json()["error"]


def test_a_die_tapped_through_its_pips_is_one_correction(client: FlaskClient, rolled: str) -> None:
    """Issue 47 item 5: every pip tap was its own correction in the history ("corrected die 2
    to r2, to r3, to r4"); a die's final value is recorded once, from the camera's value."""
    pending = f"/api/games/{rolled}/pending"
    for pips in (4, 5, 6, 1, 2):  # five taps on die 1 (r3), one on die 2 (r4) between them
        client.post(f"{pending}/dice/0", json={"colour": "red", "pips": pips})
        if pips == 6:
            client.post(f"{pending}/dice/1", json={"colour": "red", "pips": 1})
    body = client.get(pending).get_json()["pending"]
    fixes = [(c["index"], c["before"], c["after"]) for c in body["corrections"]]
    assert fixes == [(1, "r4", "r1"), (0, "r3", "r2")]
    assert body["summary"] == "camera saw r3 r4 y4, corrected die 2 to r1, corrected die 1 to r2"
    client.delete(f"{pending}/dice/1")  # indexes move: a later tap on die 1 is a new correction
    client.post(f"{pending}/dice/0", json={"colour": "red", "pips": 3})
    actions = [c["action"] for c in client.get(pending).get_json()["pending"]["corrections"]]
    assert actions == ["correct", "correct", "remove", "correct"]
