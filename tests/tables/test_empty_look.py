"""Recording the empty table looks first and keeps second (issue 47 item 1): dice left on the
table are counted and numbered before anything is kept, kept only on the players' word, and the
empty table can be forgotten. The still view both steps wait for (item 3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from flask.testing import FlaskClient

from calibration.empty import load_empty
from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.register import RegisterError
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, board, fixture_frame, fresh_reader
from tests.web.api.support import OVERLAY
from vision.types import DiceReading
from web.app import create_app
from web.config import WebConfig

SEED = 5017  # as tests/tables/test_empty_table.py: a board with phantoms, five dice thrown


def test_dice_left_on_the_table_are_counted_and_kept_only_on_the_players_word(
    tmp_path: Path,
) -> None:
    desk = TableDesk(open_store(tmp_path), "default", fresh_reader(), tmp_path)
    table = board(SEED)
    shot = desk.look_empty(table.thrown)
    dice = sum(table.is_die(d) for d in shot.things)
    assert dice >= 4 and shot.dice >= dice
    assert f"The camera sees {shot.dice} dice" in shot.message()
    with pytest.raises(RegisterError, match=f"sees {shot.dice} dice") as refused:
        desk.record_empty(shot.number)
    assert refused.value.field == "confirm"
    assert load_empty(tmp_path, "default") is None and desk.summary()["empty_table"] is False
    with pytest.raises(RegisterError, match="gone") as stale:
        desk.record_empty(shot.number + 1, True)
    assert stale.value.field == "look"


def test_a_table_with_nothing_on_it_is_kept_without_a_word(tmp_path: Path) -> None:
    desk = TableDesk(open_store(tmp_path), "default", fresh_reader(), tmp_path)
    plain = np.full((360, 640, 3), (60, 110, 40), np.uint8)  # bare green felt
    shot = desk.look_empty(plain)
    assert shot.dice == 0 and "no dice" in shot.message()
    assert desk.record_empty(shot.number) == 0
    assert desk.summary()["empty_table"] is True
    with pytest.raises(RegisterError, match="gone"):
        desk.record_empty(shot.number)  # a look is kept once


class _Restless(FakeFeed):
    """A camera whose picture holds still only after `moving` asks (None: never)."""

    def __init__(self, frame: npt.NDArray[np.uint8], moving: int | None) -> None:
        super().__init__(fresh_reader(), frame)
        self.moving, self.asked = moving, 0

    def still_view(self, min_ms: float) -> tuple[npt.NDArray[np.uint8], DiceReading] | None:
        assert min_ms > 0
        self.asked += 1
        if self.moving is None or self.asked <= self.moving:
            return None
        return self.frame, self.reader.read(self.frame)

    def latest_frame(self) -> npt.NDArray[np.uint8] | None:
        raise AssertionError("a feed that knows stillness is asked for a still view")

    def latest_reading(self) -> DiceReading | None:
        raise AssertionError("a feed that knows stillness is asked for a still view")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    sessions: list[Session] = []

    def serve(feed: FakeFeed) -> FlaskClient:
        data = tmp_path / "data"
        session = Session.open(data, poll_s=0.05)
        sessions.append(session)
        desk = TableDesk(open_store(data), "default", feed.reader, data)
        app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
        app.config["STILL_WAIT_S"] = 0.3
        return app.test_client()

    yield serve
    for session in sessions:
        session.close()


@pytest.mark.parametrize("path", ["/api/tables/look", "/api/tables/empty/look"])
def test_a_picture_that_keeps_moving_is_not_taken(served: Any, path: str) -> None:
    feed = _Restless(fixture_frame(), moving=None)
    answer = served(feed).post(path)
    assert answer.status_code == 409 and answer.get_json()["field"] == "camera"
    assert "hold still" in answer.get_json()["error"] and feed.asked > 1


@pytest.mark.parametrize("path", ["/api/tables/look", "/api/tables/empty/look"])
def test_the_view_is_taken_once_the_picture_holds_still(served: Any, path: str) -> None:
    feed = _Restless(fixture_frame(), moving=2)
    answer = served(feed).post(path)
    assert answer.status_code == 200 and feed.asked == 3


def test_the_empty_table_is_forgotten(served: Any, tmp_path: Path) -> None:
    client = served(FakeFeed(fresh_reader(), board(SEED).empty))
    assert client.delete("/api/tables/empty").get_json()["forgotten"] is False
    look = client.post("/api/tables/empty/look").get_json()["look"]
    client.post("/api/tables/empty", json={"look": look, "confirm": True})
    assert load_empty(tmp_path / "data", "default") is not None
    body = client.delete("/api/tables/empty").get_json()
    assert body["forgotten"] is True and body["empty_table"] is False
    assert load_empty(tmp_path / "data", "default") is None
    assert client.post("/api/tables/look").status_code == 200  # the phantoms are read again


@pytest.mark.parametrize(
    ("body", "field"),
    [({}, "look"), ({"look": "1"}, "look"), ({"look": 1, "confirm": "yes"}, "confirm")],
)
def test_a_bad_keep_is_refused_naming_the_field(served: Any, body: object, field: str) -> None:
    client = served(FakeFeed(fresh_reader(), board(SEED).empty))
    client.post("/api/tables/empty/look")
    answer = client.post("/api/tables/empty", json=body)
    assert answer.status_code == 400 and answer.get_json()["field"] == field
    assert client.get("/api/tables").get_json()["empty_table"] is False
