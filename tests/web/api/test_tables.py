"""The table's memory over HTTP, with the shipped reader behind a camera showing a fixture photo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader
from tests.web.api.support import OVERLAY
from web.app import create_app
from web.config import WebConfig


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    yield app.test_client()
    session.close()


def _look(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/tables/look")
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body


def test_look_then_register_fills_the_memory(client: FlaskClient) -> None:
    assert client.get("/api/tables").get_json()["dice"] == 0
    found = _look(client)
    total = sum(g["count"] for g in found["groups"])
    first = found["groups"][0]["colour"]
    answer = {"snapshot": found["snapshot"], "answers": {first: "none"}}
    result = client.post("/api/tables/register", json=answer).get_json()
    assert result["added"] == total and result["dice"] == total
    assert result["counts"]["not a die"] == found["groups"][0]["count"]
    cleared = client.delete("/api/tables/memory").get_json()
    assert (cleared["removed"], cleared["dice"]) == (total, 0)


@pytest.mark.parametrize(
    ("answers", "field"),
    [({"red": "bleu"}, "groups"), ("blue", "answers"), ({"nothing-like-it": "blue"}, "groups")],
)
def test_bad_answers_are_refused_and_keep_nothing(
    client: FlaskClient, answers: object, field: str
) -> None:
    found = _look(client)
    if isinstance(answers, dict) and "red" in answers:
        answers = {found["groups"][0]["colour"]: "bleu"}
    response = client.post(
        "/api/tables/register", json={"snapshot": found["snapshot"], "answers": answers}
    )
    assert response.status_code == 400
    assert response.get_json()["field"] == field
    assert client.get("/api/tables").get_json()["dice"] == 0


def test_an_old_snapshot_is_refused(client: FlaskClient) -> None:
    old = _look(client)["snapshot"]
    _look(client)
    response = client.post("/api/tables/register", json={"snapshot": old, "answers": {}})
    assert response.status_code == 400 and response.get_json()["field"] == "snapshot"


def test_without_a_camera_the_memory_is_not_offered(tmp_path: Path) -> None:
    session = Session.open(tmp_path, poll_s=0.05)
    try:
        app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=tmp_path), session)
        client = app.test_client()
        assert client.get("/api/tables").get_json()["learns"] is False
        assert client.post("/api/tables/look").status_code == 409
        assert client.get("/tables").status_code == 200
    finally:
        session.close()


def test_an_accepted_camera_roll_teaches_the_table(tmp_path: Path) -> None:
    from dataclasses import replace

    from tests.web.api.support import orange_game, settled
    from vision.types import Colour, DiceReading

    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader)
    client = create_app(
        WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk
    ).test_client()
    try:
        game = orange_game(session)
        client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
        r, y = Colour.RED, Colour.YELLOW
        roll = settled((r, 3, False), (r, 4, False), (y, 4, True), (Colour.BLACK, 1, False))
        signed = [replace(d, signature=(1.0, float(k))) for k, d in enumerate(roll.reading)]
        session.offer_roll(replace(roll, reading=DiceReading(tuple(signed))))
        client.post(f"/api/games/{game}/pending/dice/2", json={"colour": "yellow", "pips": 5})
        client.delete(f"/api/games/{game}/pending/dice/3")  # the black die is not the game's
        client.post(f"/api/games/{game}/pending/dice", json={"colour": "y", "pips": 2})
        assert client.post(f"/api/games/{game}/pending/accept").status_code == 201
        counts = client.get("/api/tables").get_json()["counts"]
        # The removed black die is not learnt as "not a die": it may be a real die of no roll.
        assert counts == {"red": 2, "yellow": 1}
    finally:
        session.close()


def test_changing_the_memory_needs_the_control_token_when_exposed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader)
    config = WebConfig(overlay_token=OVERLAY, data_dir=data, control_token="s3cret-token-abc")
    client = create_app(config, session, feed, desk).test_client()
    try:
        assert client.post("/api/tables/look").status_code in (401, 403)
        assert client.delete("/api/tables/memory").status_code in (401, 403)
        bearer = {"Authorization": "Bearer s3cret-token-abc"}
        assert client.post("/api/tables/look", headers=bearer).status_code == 200
    finally:
        session.close()


def test_each_die_is_numbered_and_can_be_marked_not_a_die(client: FlaskClient) -> None:
    found = _look(client)
    indexes = [d["index"] for g in found["groups"] for d in g["dice"]]
    assert indexes == list(range(len(indexes)))
    picture = client.get(found["picture"])
    assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
    assert picture.headers["Cache-Control"] == "no-store"
    body = {"snapshot": found["snapshot"], "answers": {}, "not_dice": [indexes[-1]]}
    result = client.post("/api/tables/register", json=body).get_json()
    assert result["counts"]["not a die"] == 1 and result["dice"] == len(indexes)


@pytest.mark.parametrize("not_dice", [[99], "0", [None]])
def test_bad_not_a_die_marks_are_refused_and_keep_nothing(
    client: FlaskClient, not_dice: object
) -> None:
    found = _look(client)
    body = {"snapshot": found["snapshot"], "answers": {}, "not_dice": not_dice}
    response = client.post("/api/tables/register", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "not_dice"
    assert client.get("/api/tables").get_json()["dice"] == 0


def test_an_old_snapshots_picture_is_gone(client: FlaskClient) -> None:
    old = _look(client)
    _look(client)
    assert client.get(old["picture"]).status_code == 404
    assert client.get("/api/tables/look/x1.jpg").status_code == 400


def test_a_die_removed_as_not_a_die_teaches_the_table_and_a_plain_removal_does_not(
    tmp_path: Path,
) -> None:
    from dataclasses import replace

    from tests.web.api.support import orange_game, settled
    from vision.types import Colour, DiceReading

    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader)
    client = create_app(
        WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk
    ).test_client()
    try:
        game = orange_game(session)
        pending = f"/api/games/{game}/pending"
        client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
        r, y, k = Colour.RED, Colour.YELLOW, Colour.BLACK
        roll = settled((r, 3, False), (r, 4, False), (y, 5, False), (k, 1, False), (k, 2, False))
        signed = [replace(d, signature=(1.0, float(n))) for n, d in enumerate(roll.reading)]
        session.offer_roll(replace(roll, reading=DiceReading(tuple(signed))))
        dice = client.get(pending).get_json()["pending"]["dice"]
        assert [d["learns"] for d in dice] == [True] * 5
        refused = client.delete(f"{pending}/dice/3", json={"not_a_die": "yes"})
        assert refused.status_code == 400 and refused.get_json()["field"] == "not_a_die"
        gone = client.delete(f"{pending}/dice/3", json={"was": "black 1", "not_a_die": True})
        assert "not a die" in gone.get_json()["pending"]["summary"]
        client.delete(f"{pending}/dice/3", json={"was": "black 2"})  # not part of this roll
        client.post(f"{pending}/dice", json={"colour": "y", "pips": 2})
        by_hand = client.delete(f"{pending}/dice/3", json={"not_a_die": True})
        assert (
            by_hand.status_code == 400 and "not read by the camera" in by_hand.get_json()["error"]
        )
        assert client.post(f"{pending}/accept").status_code == 201
        counts = client.get("/api/tables").get_json()["counts"]
        assert counts == {"red": 2, "yellow": 1, "not a die": 1}
    finally:
        session.close()


def test_a_face_given_at_registration_is_kept_and_counted(client: FlaskClient) -> None:
    # (That such a face is then read as given: tests/tables/test_faces.py.)
    found = _look(client)
    dice = [d for g in found["groups"] for d in g["dice"]]
    misread = dice[-1]
    given = min({d["pips"] for d in dice} - {misread["pips"]})
    body = {"snapshot": found["snapshot"], "answers": {}, "values": {str(misread["index"]): given}}
    result = client.post("/api/tables/register", json=body).get_json()
    shown = [d["pips"] for d in dice if d is not misread] + [given]
    assert result["faces"] == {str(v): shown.count(v) for v in range(1, 7)}
    assert result["faces_taught"].startswith("faces taught: 1")
    assert result["die_size_px"] > 0


@pytest.mark.parametrize(
    ("values", "why"),
    [({"99": 6}, "no die with index"), ({"0": 7}, "a die's face is 1 to 6"), ([6], "values must")],
)
def test_bad_faces_are_refused_and_keep_nothing(
    client: FlaskClient, values: object, why: str
) -> None:
    found = _look(client)
    body = {"snapshot": found["snapshot"], "answers": {}, "values": values}
    response = client.post("/api/tables/register", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "values"
    assert why in response.get_json()["error"]
    assert client.get("/api/tables").get_json()["dice"] == 0


@pytest.fixture
def passing(tmp_path: Path) -> Iterator[FlaskClient]:
    """A camera on a fixture photo where the reader passes over one thing (`passed` in a look)."""
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame(2))
    desk = TableDesk(open_store(data), "default", feed.reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    yield app.test_client()
    session.close()


def test_a_passed_over_thing_said_to_be_a_die_is_kept(passing: FlaskClient) -> None:
    found = _look(passing)
    count = sum(g["count"] for g in found["groups"])
    (thing,) = found["passed"]
    assert thing["index"] == count and len(thing["box_xyxy"]) == 4
    body = {"snapshot": found["snapshot"], "answers": {}, "passed": {str(count): 5}}
    result = passing.post("/api/tables/register", json=body).get_json()
    assert result["added"] == count + 1 and result["dice"] == count + 1


@pytest.mark.parametrize(
    ("passed", "why"),
    [
        ({"0": 5}, "no passed-over thing with index '0'"),
        ({"INDEX": 9}, "cannot show 9: a die's face is 1 to 6"),
        ([5], "passed must map"),
    ],
)
def test_bad_passed_over_answers_are_refused_and_keep_nothing(
    passing: FlaskClient, passed: object, why: str
) -> None:
    found = _look(passing)
    index = str(sum(g["count"] for g in found["groups"]))
    if isinstance(passed, dict) and "INDEX" in passed:
        passed = {index: passed["INDEX"]}
    body = {"snapshot": found["snapshot"], "answers": {}, "passed": passed}
    response = passing.post("/api/tables/register", json=body)
    assert response.status_code == 400 and response.get_json()["field"] == "passed"
    assert why in response.get_json()["error"]
    assert passing.get("/api/tables").get_json()["dice"] == 0


def test_a_look_with_nothing_passed_over_says_so(client: FlaskClient) -> None:
    assert _look(client)["passed"] == []


def test_every_table_is_listed_the_cameras_first(client: FlaskClient, tmp_path: Path) -> None:
    from vision.memory import Confirmed
    from vision.types import Colour

    assert client.get("/api/tables/all").get_json() == {"tables": []}
    found = _look(client)
    client.post("/api/tables/register", json={"snapshot": found["snapshot"], "answers": {}})
    phone = [Confirmed((1.0, 0.0), Colour.RED, 6, None, 30.0)]
    open_store(tmp_path / "data").add("phone-abc123", phone, "play")
    tables = client.get("/api/tables/all").get_json()["tables"]
    assert [(t["table"], t["current"]) for t in tables] == [
        ("default", True),
        ("phone-abc123", False),
    ]
    assert tables[1]["dice"] == 1 and tables[1]["die_size_px"] == 30.0
    assert tables[1]["counts"] == {"red": 1}


def test_every_table_is_listed_without_a_camera_too(tmp_path: Path) -> None:
    from vision.memory import Confirmed
    from vision.types import Colour

    open_store(tmp_path).add("phone-abc123", [Confirmed((1.0,), Colour.RED)], "play")
    session = Session.open(tmp_path, poll_s=0.05)
    try:
        app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=tmp_path), session)
        tables = app.test_client().get("/api/tables/all").get_json()["tables"]
    finally:
        session.close()
    assert [(t["table"], t["current"]) for t in tables] == [("phone-abc123", False)]
