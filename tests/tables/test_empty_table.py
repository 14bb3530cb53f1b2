"""The empty table kept for a table: recorded at calibration or from the dashboard, it survives a
restart, and it goes with its profile (replaced by a new calibration, or deleted)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from flask.testing import FlaskClient

from calibration import storage
from calibration.empty import empty_path, load_empty, save_empty
from calibration.errors import ProfileNameError
from companion.cli import main
from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.register import RegisterError
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, board, fresh_reader
from tests.web.api.support import OVERLAY
from web.app import create_app
from web.config import WebConfig

SEED = 5017  # a rendered board the shipped reader reads phantoms on (4 with run 44's finder)


def _desk(data: Path, table: str = "default") -> TableDesk:
    return TableDesk(open_store(data), table, fresh_reader(), data)


def _phantoms(desk: TableDesk) -> int:
    table = board(SEED)
    return sum(not table.is_die(d) for d in desk._reader.read(table.thrown))


def test_the_empty_table_survives_a_restart(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    before = _phantoms(desk)
    assert before > 0, "the board should give the reader phantoms"
    assert desk.summary()["empty_table"] is False
    shot = desk.look_empty(board(SEED).empty)
    assert shot.dice >= 1  # the board's phantoms: the table's own once kept
    assert desk.record_empty(shot.number, True) == shot.dice
    restarted = _desk(tmp_path)
    assert restarted.summary()["empty_table"] is True
    assert _phantoms(restarted) < before
    assert empty_path(tmp_path, "default").is_file()


def _calibrate(data: Path, frame: np.ndarray, *extra: str) -> int:
    folder = data.parent / "camera"
    folder.mkdir(exist_ok=True)
    cv2.imwrite(str(folder / "frame.png"), frame)
    args = ["calibrate", "--source", str(folder), "--name", "den", "--frames", "1"]
    return main([*args, "--table", "0,0,960,540", "--activate", "--data", str(data), *extra])


def test_calibration_records_the_empty_table_and_a_new_one_replaces_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert _calibrate(data, board(SEED).empty) == 0
    assert load_empty(data, "den") is not None
    desk = TableDesk.open(data, fresh_reader())
    assert desk.table == "den" and desk.summary()["empty_table"] is True
    assert _calibrate(data, board(SEED).empty, "--no-empty") == 0
    assert load_empty(data, "den") is None  # the old picture went with the old profile
    assert TableDesk.open(data, fresh_reader()).summary()["empty_table"] is False


def test_the_empty_table_is_deleted_with_its_profile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    assert _calibrate(data, board(SEED).empty) == 0
    assert main(["calibrate", "--delete", "den", "--data", str(data)]) == 0
    assert "it was active" in capsys.readouterr().out
    assert load_empty(data, "den") is None and storage.active_name(data) is None
    assert main(["calibrate", "--delete", "den", "--data", str(data)]) == 2
    assert "no profile 'den'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["../x", "a/b", "", "Kitchen Table"])
def test_names_that_are_no_profiles_build_no_path(tmp_path: Path, name: str) -> None:
    with pytest.raises(ProfileNameError):
        save_empty(tmp_path, name, board(SEED).empty)
    assert not any(tmp_path.rglob("*.png"))


def test_a_table_named_as_no_profile_cannot_keep_an_empty_table(tmp_path: Path) -> None:
    with pytest.raises(RegisterError, match="no camera profile"):
        _desk(tmp_path, "Kitchen Table").look_empty(board(SEED).empty)


def test_a_damaged_picture_is_ignored_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = empty_path(tmp_path, "default")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a png")
    assert _desk(tmp_path).summary()["empty_table"] is False
    assert "not a picture" in caplog.text


def _client(data: Path, token: str | None = None) -> tuple[FlaskClient, Session]:
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), board(SEED).empty)
    desk = TableDesk(open_store(data), "default", feed.reader, data)
    config = WebConfig(overlay_token=OVERLAY, data_dir=data, control_token=token)
    return create_app(config, session, feed, desk).test_client(), session


def test_the_dashboard_records_the_empty_table(tmp_path: Path) -> None:
    client, session = _client(tmp_path / "data")
    try:
        assert client.get("/api/tables").get_json()["empty_table"] is False
        look = client.post("/api/tables/empty/look").get_json()
        assert look["dice"] >= 1 and f"sees {look['dice']} dice" in look["message"]
        assert client.get(look["picture"]).mimetype == "image/jpeg"
        unsaid = client.post("/api/tables/empty", json={"look": look["look"]})
        assert unsaid.status_code == 400 and unsaid.get_json()["field"] == "confirm"
        assert client.get("/api/tables").get_json()["empty_table"] is False
        response = client.post("/api/tables/empty", json={"look": look["look"], "confirm": True})
        assert response.status_code == 200
        body = response.get_json()
        assert body["empty_table"] is True and body["phantoms"] >= 1
        # The camera shows the empty table: what it read there is no die any more.
        # (A look there reads no die, and offers its picture to point at any die missed.)
        assert client.post("/api/tables/look").get_json()["groups"] == []
    finally:
        session.close()


def test_recording_the_empty_table_needs_the_control_token_when_exposed(tmp_path: Path) -> None:
    client, session = _client(tmp_path / "data", token="s3cret-token-abc")
    try:
        assert client.post("/api/tables/empty/look").status_code in (401, 403)
        assert client.delete("/api/tables/empty").status_code in (401, 403)
        bearer = {"Authorization": "Bearer s3cret-token-abc"}
        look = client.post("/api/tables/empty/look", headers=bearer).get_json()["look"]
        keep = {"look": look, "confirm": True}
        assert client.post("/api/tables/empty", headers=bearer, json=keep).status_code == 200
    finally:
        session.close()


def test_through_a_profile_the_picture_is_the_table_as_the_reader_sees_it(tmp_path: Path) -> None:
    """A profile cuts the table out of the frame and white-balances it: the empty table that
    calibration keeps is that view, so the live reader behind the profile drops the board's
    phantoms in it and keeps its dice."""
    from calibration.apply import ProfiledReader, reader_for

    data = tmp_path / "data"
    table = board(SEED)
    folder = tmp_path / "camera"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), table.empty)
    args = ["calibrate", "--source", str(folder), "--name", "den", "--frames", "1"]
    assert main([*args, "--table", "40,30,920,510", "--activate", "--data", str(data)]) == 0
    plain = reader_for(data, fresh_reader())
    before = plain.read(table.thrown).dice
    live = reader_for(data, fresh_reader())
    assert isinstance(live, ProfiledReader)
    TableDesk.open(data, live)  # as the camera feed opens it: the picture goes to the reader
    after = live.read(table.thrown).dice
    assert sum(not table.is_die(d) for d in before) > 0
    assert [d for d in after if not table.is_die(d)] == []
    assert [d.box_xyxy for d in after if table.is_die(d)] == [
        d.box_xyxy for d in before if table.is_die(d)
    ]
