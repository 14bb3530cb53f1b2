"""Registering dice the camera found none of: the players point at each in the look's picture
(`POST /api/tables/point`), and say the face it shows like any passed-over thing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from flask.testing import FlaskClient

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader, small_board_photos
from tests.web.api.support import OVERLAY
from vision.types import iou
from web.app import create_app
from web.config import WebConfig


def _client(tmp_path: Path, frame: npt.NDArray[np.uint8]) -> Iterator[FlaskClient]:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), frame)
    desk = TableDesk(open_store(data), "default", feed.reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    yield app.test_client()
    session.close()


@pytest.fixture
def board(tmp_path: Path) -> Iterator[FlaskClient]:
    """A camera over a board whose small dice a cold reader reads none of."""
    yield from _client(tmp_path, small_board_photos()[0].image_bgr)


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[FlaskClient]:
    """A camera over a fixture photo whose dice the reader reads."""
    yield from _client(tmp_path, fixture_frame())


def _centre(box: tuple[float, ...] | list[float]) -> list[float]:
    return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]


def _point(client: FlaskClient, snapshot: int, at: object) -> Any:
    return client.post("/api/tables/point", json={"snapshot": snapshot, "at": at})


def test_dice_the_camera_read_none_of_are_pointed_at_and_registered(board: FlaskClient) -> None:
    found = board.post("/api/tables/look").get_json()
    assert found["groups"] == [] and found["picture"]
    dice = small_board_photos()[0].visible_dice
    said: dict[str, int] = {}
    for die in dice:
        answer = _point(board, found["snapshot"], _centre(die.box_xyxy))
        assert answer.status_code == 200, answer.get_json()
        look = answer.get_json()
        (pointed,) = [p for p in look["passed"] if p["index"] == look["pointed"]]
        assert iou(tuple(pointed["box_xyxy"]), die.box_xyxy) > 0.3
        assert board.get(look["picture"]).status_code == 200
        said[str(look["pointed"])] = die.pips
    assert len(said) == len(dice)
    body = {"snapshot": found["snapshot"], "answers": {}, "passed": said}
    kept = board.post("/api/tables/register", json=body).get_json()
    assert kept["added"] == len(dice)
    assert kept["faces"] == {str(v): sum(d.pips == v for d in dice) for v in range(1, 7)}
    sides = [max(d.box_xyxy[2] - d.box_xyxy[0], d.box_xyxy[3] - d.box_xyxy[1]) for d in dice]
    assert kept["die_size_px"] == pytest.approx(float(np.median(sides)), abs=4.0)
    # Knowing the dice' size, the camera now reads them at a scale that shows them.
    again = board.post("/api/tables/look").get_json()
    assert sum(g["count"] for g in again["groups"]) >= 3


def test_the_same_die_pointed_at_twice_is_one(board: FlaskClient) -> None:
    found = board.post("/api/tables/look").get_json()
    at = _centre(small_board_photos()[0].visible_dice[0].box_xyxy)
    first = _point(board, found["snapshot"], at).get_json()
    second = _point(board, found["snapshot"], [at[0] + 1, at[1] + 1]).get_json()
    assert second["pointed"] == first["pointed"] and second["passed"] == first["passed"]


def test_a_die_read_already_is_named(plain: FlaskClient) -> None:
    found = plain.post("/api/tables/look").get_json()
    first = found["groups"][0]["dice"][0]
    answer = _point(plain, found["snapshot"], _centre(first["box_xyxy"]))
    assert answer.status_code == 400 and answer.get_json()["field"] == "at"
    assert f"that is number {first['index'] + 1}, read already" in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("change", "field", "why"),
    [
        ({"at": [2000, 10]}, "at", "the spot (2000, 10) is outside the 1280x720 picture"),
        ({"at": [1, 2, 3]}, "at", "at must be [x, y]"),
        ({"at": None}, "at", "at must be [x, y]"),
        ({"snapshot": 99}, "snapshot", "that view of the table is gone"),
        ({"colour": "red"}, "colour", ""),
    ],
)
def test_a_bad_point_is_refused_and_the_look_is_unchanged(
    board: FlaskClient, change: dict[str, Any], field: str, why: str
) -> None:
    found = board.post("/api/tables/look").get_json()
    body = {"snapshot": found["snapshot"], "at": [100, 100]} | change
    answer = board.post("/api/tables/point", json=body)
    assert answer.status_code == 400 and answer.get_json()["field"] == field, answer.get_json()
    assert why in answer.get_json()["error"]
    register = {"snapshot": found["snapshot"], "answers": {}}
    assert board.post("/api/tables/register", json=register).get_json()["added"] == 0
