"""A die the camera missed, added from the roll's own picture: kept with its box, taught to the
table on accept, and read on the next roll (`companion.session.missed`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fresh_reader, logo_one_photo, small_board_photos
from tests.web.api.support import OVERLAY
from vision.reader import ModelReader
from vision.settle import SettledRoll
from vision.types import iou
from web.app import create_app
from web.config import WebConfig

ROLL = 7


@dataclass
class Table:
    client: FlaskClient
    session: Session
    reader: ModelReader
    desk: TableDesk
    game: str

    @property
    def pending(self) -> str:
        return f"/api/games/{self.game}/pending"

    def offer(self, roll_id: int = ROLL, frame: Any = None) -> None:
        """The camera settles on `frame` (the logo-1 photo), as the reader reads it now."""
        frame = logo_one_photo().image_bgr if frame is None else frame
        reading = self.reader.read(frame)
        self.session.offer_roll(SettledRoll(2000.0, 1700.0, 60, frame, reading, roll_id=roll_id))

    def accept(self) -> int:
        """Confirm the dice the camera was unsure of, then accept the roll."""
        for die in self.dice():
            if die["unsure"]:
                fix = {"colour": die["colour"], "pips": die["pips"]}
                self.client.post(f"{self.pending}/dice/{die['index']}", json=fix)
        status: int = self.client.post(f"{self.pending}/accept").status_code
        return status

    def dice(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.client.get(self.pending).get_json()["pending"]["dice"]
        return found


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    reader = fresh_reader()
    feed = FakeFeed(reader, logo_one_photo().image_bgr)
    desk = TableDesk(open_store(data), "default", reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    client = app.test_client()
    game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
    session.declare_attempt(game, "Ann", None)  # a roll of any dice, any number
    yield Table(client, session, reader, desk, game)
    session.close()


def _logo_index(missed: list[dict[str, Any]]) -> int:
    """The missed die that is the photo's logo 1 (the network calls it "not a die")."""
    ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
    hits = [m["index"] for m in missed if max(iou(tuple(m["box_xyxy"]), o) for o in ones) > 0.5]
    assert len(hits) == 1, missed
    index: int = hits[0]
    return index


def test_a_missed_logo_added_from_the_picture_is_read_on_the_next_roll(table: Table) -> None:
    table.offer()
    read = len(table.dice())
    look = table.client.get(f"{table.pending}/missed").get_json()
    assert look["roll_id"] == ROLL
    logo = _logo_index(look["missed"])
    body = {"colour": "red", "pips": 1, "missed": logo, "roll_id": ROLL}
    added = table.client.post(f"{table.pending}/dice", json=body)
    assert added.status_code == 200, added.get_json()
    new = table.dice()[-1]
    new_box = tuple(new["box_xyxy"])
    assert (new["in_frame"], new["learns"], new["pips"]) == (True, True, 1)
    assert new["box_xyxy"] == pytest.approx(look["missed"][logo]["box_xyxy"], abs=0.1)
    assert table.accept() == 201
    assert table.desk.summary()["dice"] == read + 1
    # The next roll of the same dice: the logo 1 is read as a 1, with nothing to add. Taught
    # once it is still flagged for a look; that roll confirmed, it is read surely.
    (taught,) = [d for d in logo_one_photo().visible_dice if iou(d.box_xyxy, new_box) > 0.5]
    for turn, sure in (("Ben", False), ("Ann", True)):
        table.session.declare_attempt(table.game, turn, None)
        table.offer(ROLL + 1)
        logo_die = next(d for d in table.dice() if iou(tuple(d["box_xyxy"]), taught.box_xyxy) > 0.5)
        assert (logo_die["colour"], logo_die["pips"], logo_die["unsure"]) == ("red", 1, not sure)
        assert table.accept() == 201


def test_a_die_added_by_hand_teaches_nothing_but_one_from_the_picture_does(table: Table) -> None:
    table.offer()
    read = len(table.dice())
    table.client.post(f"{table.pending}/dice", json={"colour": "red", "pips": 1})
    assert table.dice()[-1]["in_frame"] is False
    assert table.accept() == 201
    assert table.desk.summary()["dice"] == read


@pytest.mark.parametrize(
    ("change", "field", "why"),
    [
        ({"missed": 99}, "missed", "no missed die with index 99"),
        ({"missed": "first"}, "missed", "no missed die with index 'first'"),
        ({"roll_id": ROLL + 1}, "roll_id", "no longer the one shown"),
        ({"roll_id": None}, "roll_id", "roll_id must be the roll's number"),
        ({"pips": 7}, "pips", ""),
    ],
)
def test_bad_missed_dice_are_refused_and_change_nothing(
    table: Table, change: dict[str, Any], field: str, why: str
) -> None:
    table.offer()
    before = table.dice()
    look = table.client.get(f"{table.pending}/missed").get_json()
    body = {"colour": "red", "pips": 1, "missed": _logo_index(look["missed"]), "roll_id": ROLL}
    response = table.client.post(f"{table.pending}/dice", json=body | change)
    assert response.status_code == 400
    assert response.get_json()["field"] == field and why in response.get_json()["error"]
    assert table.dice() == before


def test_a_missed_die_is_added_once(table: Table) -> None:
    table.offer()
    look = table.client.get(f"{table.pending}/missed").get_json()
    body = {"colour": "red", "pips": 1, "missed": _logo_index(look["missed"]), "roll_id": ROLL}
    assert table.client.post(f"{table.pending}/dice", json=body).status_code == 200
    again = table.client.post(f"{table.pending}/dice", json=body)
    assert again.status_code == 400 and "in the roll already" in again.get_json()["error"]


def test_an_agents_roll_offers_its_own_word_and_one_by_hand_no_picture(table: Table) -> None:
    table.offer(roll_id=-3)  # an agent's roll (`companion.session.agents.shot_id`)
    agents = table.client.get(f"{table.pending}/missed")  # not read again here: what it sent
    assert agents.status_code == 200 and agents.get_json()["missed"] == []
    table.client.post(f"/api/games/{table.game}/manual-roll", json={"dice": "r1 r2 y3"})
    by_hand = table.client.get(f"{table.pending}/missed")
    assert by_hand.status_code == 400 and "entered by hand" in by_hand.get_json()["error"]


def test_no_waiting_roll_and_no_camera_are_said(table: Table, tmp_path: Path) -> None:
    assert table.client.get(f"{table.pending}/missed").status_code == 409  # attempt, no roll
    session = Session.open(tmp_path / "bare", poll_s=0.05)
    try:  # a server whose camera's reader cannot learn (here: none at all)
        app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=tmp_path / "bare"), session)
        game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
        session.declare_attempt(game, "Ann", None)
        frame = logo_one_photo().image_bgr
        session.offer_roll(SettledRoll(2000.0, 1700.0, 60, frame, table.reader.read(frame)))
        refused = app.test_client().get(f"/api/games/{game}/pending/missed")
        assert refused.status_code == 400 and "by hand" in refused.get_json()["error"]
    finally:
        session.close()


def test_in_a_table_roll_a_missed_die_is_given_to_a_player(table: Table) -> None:
    """Everyone throws at once (the modifier dice game): a die added from the picture names
    whose it is, and sits in that player's dice with its box; one naming nobody is refused."""
    session, client = table.session, table.client
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    client.post(f"/api/games/{game}/table-roll", json={})
    frame = logo_one_photo().image_bgr
    session.offer_roll(SettledRoll(2000.0, 1700.0, 60, frame, table.reader.read(frame), roll_id=9))
    base = f"/api/games/{game}/pending"
    look = client.get(f"{base}/missed").get_json()
    body = {"colour": "red", "pips": 1, "missed": _logo_index(look["missed"]), "roll_id": 9}
    nobody = client.post(f"{base}/dice", json=body)
    assert nobody.status_code == 400 and nobody.get_json()["field"] == "player"
    assert client.post(f"{base}/dice", json={**body, "player": "Ben"}).status_code == 200
    pending = client.get(base).get_json()["pending"]
    (ben,) = [g for g in pending["table"]["players"] if g["player"] == "Ben"]
    added = pending["dice"][ben["dice"][-1]]
    assert (added["pips"], added["in_frame"], added["learns"]) == (1, True, True)


def test_a_small_die_pointed_at_teaches_the_table_its_dice_size(table: Table) -> None:
    """A board's small dice: the cold camera reads none, and offers only tokens. A player points
    at one in the picture; it is read there with its box, added, and the accepted roll teaches
    the table its size, so the next roll runs the finder up-scaled and finds the board's dice."""
    photo = small_board_photos()[0]
    table.offer(frame=photo.image_bgr)
    assert table.dice() == []
    offered = table.client.get(f"{table.pending}/missed").get_json()["missed"]
    boxes = [d.box_xyxy for d in photo.visible_dice]
    assert not any(iou(tuple(m["box_xyxy"]), box) > 0.3 for m in offered for box in boxes)
    die = photo.visible_dice[0]
    x1, y1, x2, y2 = die.box_xyxy
    answer = table.client.post(
        f"{table.pending}/missed", json={"at": [(x1 + x2) / 2, (y1 + y2) / 2], "roll_id": ROLL}
    )
    assert answer.status_code == 200, answer.get_json()
    look = answer.get_json()
    pointed = look["missed"][look["pointed"]]
    assert iou(tuple(pointed["box_xyxy"]), die.box_xyxy) > 0.5 and pointed["pips"] == die.pips
    body = {"colour": pointed["colour"], "pips": die.pips, "missed": look["pointed"]}
    body["roll_id"] = ROLL
    assert table.client.post(f"{table.pending}/dice", json=body).status_code == 200
    assert table.accept() == 201
    assert table.desk.summary()["die_size_px"] == pytest.approx(max(x2 - x1, y2 - y1), abs=4.0)
    table.session.declare_attempt(table.game, "Ben", None)
    table.offer(ROLL + 1, photo.image_bgr)
    read = [(tuple(r["box_xyxy"]), r["pips"]) for r in table.dice()]
    right = [
        d
        for d in photo.visible_dice
        if any(iou(box, d.box_xyxy) > 0.5 and pips == d.pips for box, pips in read)
    ]
    assert len(right) >= 3  # 4 of its 5 dice, read here


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"at": [5000, 10], "roll_id": ROLL}, 400, "at"),
        ({"at": "middle", "roll_id": ROLL}, 400, "at"),
        ({"at": [10, 10]}, 400, "roll_id"),
        ({"at": [10, 10], "roll_id": ROLL + 5}, 400, "roll_id"),
        ({"at": [10, 10], "roll_id": ROLL, "pips": 3}, 400, "pips"),
    ],
)
def test_a_bad_point_is_refused_and_changes_nothing(
    table: Table, body: dict[str, Any], status: int, field: str
) -> None:
    table.offer()
    before = (table.dice(), table.client.get(f"{table.pending}/missed").get_json())
    answer = table.client.post(f"{table.pending}/missed", json=body)
    assert answer.status_code == status and answer.get_json()["field"] == field, answer.get_json()
    assert (table.dice(), table.client.get(f"{table.pending}/missed").get_json()) == before


@pytest.mark.parametrize(
    ("at", "roll_id", "field"),
    [([5000, 10], ROLL, "at"), ("middle", ROLL, "at"), ([10, 10], ROLL + 5, "roll_id")],
)
def test_an_add_naming_a_bad_spot_is_refused_and_changes_nothing(
    table: Table, at: object, roll_id: int, field: str
) -> None:
    """A die pointed at is added by its spot (`"at"`, found again there): a spot off the picture,
    or of another roll, adds nothing."""
    table.offer()
    before = table.dice()
    body = {"colour": "red", "pips": 3, "missed": 0, "roll_id": roll_id, "at": at}
    answer = table.client.post(f"{table.pending}/dice", json=body)
    assert answer.status_code == 400 and answer.get_json()["field"] == field, answer.get_json()
    assert table.dice() == before
