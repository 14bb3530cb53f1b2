"""A phone as a table's camera, over the real app and the real reader: who may send, what is
refused (and that a refusal changes nothing and stops no camera), one phone per table, the
server's own table, and the page and its QR code."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from calibration.storage import activate, save_profile
from companion.cli.commands import serve
from companion.feed.live import open_phone_feed
from companion.session import Session
from tests.calibration.helpers import SIZE, TABLE_RECT, make_profile
from tests.web.api.support import CONTROL, OVERLAY, FakeCamera, orange_game, settled
from vision.live import LivePipeline
from vision.sources import PhoneSource
from vision.types import Colour
from web import lan, pages
from web.app import create_app
from web.config import WebConfig, services
from web.phone import PhoneDesk

PHONE_A = {"X-Phone-Device": "phone-aaaa-0001", "X-Phone-Name": "Ann's phone"}
PHONE_B = {"X-Phone-Device": "phone-bbbb-0002", "X-Phone-Name": "Bob's phone"}


def jpeg(width: int = 160, height: int = 90) -> bytes:
    ok, data = cv2.imencode(".jpg", np.full((height, width, 3), 90, np.uint8))
    assert ok
    return data.tobytes()


def body(answer: Any) -> dict[str, Any]:
    found = answer.json
    assert isinstance(found, dict), answer
    return found


def control(**more: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {CONTROL}", **more}


def make(tmp_path: Path, live: Any = None, **config: Any) -> tuple[Flask, Session]:
    session = Session.open(tmp_path / "data", poll_s=0.05)
    settings = {"overlay_token": OVERLAY, "data_dir": tmp_path / "data", **config}
    app = create_app(WebConfig(**settings), session, live, phone_feed=open_phone_feed)
    return app, session


def desk(app: Flask) -> PhoneDesk:
    with app.app_context():
        found = services().phones
    assert found is not None
    return found


@pytest.fixture
def app_session(tmp_path: Path) -> Iterator[tuple[Flask, Session]]:
    app, session = make(tmp_path, host="0.0.0.0", control_token=CONTROL)
    yield app, session
    desk(app).stop_all()
    session.close()


@pytest.fixture
def client(app_session: tuple[Flask, Session]) -> FlaskClient:
    return app_session[0].test_client()


@pytest.fixture
def game(app_session: tuple[Flask, Session]) -> str:
    return orange_game(app_session[1])


def send(client: FlaskClient, game: str, data: bytes, headers: dict[str, str], **kw: Any) -> Any:
    query = "?takeover=1" if kw.pop("takeover", False) else ""
    return client.post(
        f"/api/games/{game}/camera/frames{query}",
        data=data,
        headers={**headers, **kw.pop("extra", {})},
        content_type=kw.pop("content_type", "image/jpeg"),
    )


def test_a_frame_is_read_through_the_games_own_live_feed(
    app_session: tuple[Flask, Session], client: FlaskClient, game: str
) -> None:
    answer = send(client, game, jpeg(), control(**PHONE_A))
    assert answer.status_code == 200, answer.json
    found = body(answer)
    assert found["sending"] is True and found["sender"]["label"] == "Ann's phone"
    link = desk(app_session[0])._links[game]
    assert isinstance(link.feed, LivePipeline) and isinstance(link.source, PhoneSource)
    assert link.source.frames_taken == 1
    status = client.get(f"/api/games/{game}/camera/phone", headers=control())
    assert status.status_code == 200 and body(status)["sender"]["label"] == "Ann's phone"


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({}, 401),
        ({"Authorization": "Bearer not-the-token-at-all"}, 403),
        ({"Authorization": f"Bearer {OVERLAY}"}, 403),
    ],
)
def test_a_frame_needs_the_control_token_or_the_games_agent_token(
    client: FlaskClient, game: str, headers: dict[str, str], status: int
) -> None:
    refused = send(client, game, jpeg(), {**headers, **PHONE_A})
    assert refused.status_code == status, refused.json
    assert client.get(f"/api/games/{game}/camera/phone").status_code == 401


def test_the_games_agent_token_opens_its_phone_camera_and_no_other(
    app_session: tuple[Flask, Session], client: FlaskClient, game: str
) -> None:
    issued = body(client.post(f"/api/games/{game}/agent-token", headers=control()))
    token = issued["token"]
    assert issued["phone_url"] == f"{issued['agent_url']}/camera#agent={token}"
    other = orange_game(app_session[1])
    agent = {"Authorization": f"Bearer {token}", **PHONE_A}
    assert send(client, game, jpeg(), agent).status_code == 200
    assert send(client, other, jpeg(), agent).status_code == 403
    # The agent token opens the phone's views only, not the game.
    assert client.get(f"/api/games/{game}", headers=agent).status_code == 403


HUGE = jpeg(16, 16).replace(b"\x00\x10\x00\x10", b"\x27\x10\x27\x10", 1)


@pytest.mark.parametrize(
    ("data", "kind", "extra", "status", "reason", "words"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(64), "image/png", {}, 415, "not-jpeg", "image/jpeg"),
        (b"\x89PNG\r\n\x1a\n" + bytes(64), "image/jpeg", {}, 400, "not-jpeg", "not a JPEG"),
        (b"hello", "image/jpeg", {}, 400, "not-jpeg", "not a JPEG"),
        (HUGE, "image/jpeg", {}, 400, "too-large", "10000x10000"),
        (b"\xff\xd8" + bytes(1_100_000), "image/jpeg", {}, 413, None, "over the limit"),
        (b"", "image/jpeg", {"X-Phone-Device": "x"}, 400, "bad-device", "X-Phone-Device"),
    ],
)
def test_a_bad_frame_is_refused_changes_nothing_and_the_camera_goes_on(
    app_session: tuple[Flask, Session],
    client: FlaskClient,
    game: str,
    data: bytes,
    kind: str,
    extra: dict[str, str],
    status: int,
    reason: str | None,
    words: str,
) -> None:
    session = app_session[1]
    assert send(client, game, jpeg(), control(**PHONE_A)).status_code == 200
    before = session.view(game).to_json()
    refused = send(client, game, data, control(**PHONE_A), content_type=kind, extra=extra)
    assert refused.status_code == status, refused.json
    assert words.lower() in body(refused)["error"].lower()
    if reason is not None:
        assert body(refused)["reason"] == reason
    assert session.view(game).to_json() == before
    link = desk(app_session[0])._links[game]
    assert link.source.frames_taken == 1
    again = send(client, game, jpeg(), control(**PHONE_A))
    assert again.status_code in (200, 429) and link.feed.status()["camera"] != "failed"


def test_frames_faster_than_fifteen_a_second_are_refused_with_retry_after(
    app_session: tuple[Flask, Session], client: FlaskClient, game: str
) -> None:
    answers = [send(client, game, jpeg(), control(**PHONE_A)) for _ in range(6)]
    codes = [a.status_code for a in answers]
    assert codes[:3] == [200, 200, 200] and 429 in codes[3:], codes
    late = answers[codes.index(429)]
    assert body(late)["reason"] == "too-frequent" and late.headers["Retry-After"] == "1"
    assert "15 a second" in body(late)["error"]
    link = desk(app_session[0])._links[game]
    assert link.source.frames_taken == codes.count(200)


def test_a_deleted_games_phone_is_refused_and_its_feed_stops(
    app_session: tuple[Flask, Session], client: FlaskClient, game: str
) -> None:
    assert send(client, game, jpeg(), control(**PHONE_A)).status_code == 200
    deleted = client.post(f"/api/games/{game}/delete", json={"confirm": game}, headers=control())
    assert deleted.status_code == 200, deleted.json
    gone = send(client, game, jpeg(), control(**PHONE_A))
    assert gone.status_code == 404 and game in body(gone)["error"]
    assert game not in desk(app_session[0])._links
    assert client.get(f"/games/{game}/camera").status_code == 404


def test_one_phone_per_table_and_a_second_may_take_over(client: FlaskClient, game: str) -> None:
    assert send(client, game, jpeg(), control(**PHONE_A)).status_code == 200
    busy = send(client, game, jpeg(), control(**PHONE_B))
    assert busy.status_code == 409 and body(busy)["reason"] == "busy"
    assert "Ann's phone is already this table's camera" in body(busy)["error"]
    assert body(busy)["sender"]["label"] == "Ann's phone"
    seen = body(client.get(f"/api/games/{game}/camera/phone", headers=control(**PHONE_B)))
    assert seen["sender"]["label"] == "Ann's phone" and seen["sending"] is False
    itself = body(client.get(f"/api/games/{game}/camera/phone", headers=control(**PHONE_A)))
    assert itself["sending"] is True  # Ann's page, reloaded, is still the table's camera
    taken = send(client, game, jpeg(), control(**PHONE_B), takeover=True)
    assert taken.status_code == 200 and body(taken)["sending"] is True
    told = send(client, game, jpeg(), control(**PHONE_A))
    assert told.status_code == 409 and body(told)["reason"] == "taken-over"
    assert "Bob's phone took over" in body(told)["error"]
    left = client.post(f"/api/games/{game}/camera/leave", headers=control(**PHONE_B))
    assert body(left) == {"left": True}
    assert send(client, game, jpeg(), control(**PHONE_A)).status_code == 200


def test_the_servers_own_table_takes_a_phone_only_when_its_camera_is_one(
    tmp_path: Path,
) -> None:
    app, session = make(tmp_path / "a")
    try:
        refused = app.test_client().post(
            "/api/camera/frames", data=jpeg(), headers=PHONE_A, content_type="image/jpeg"
        )
        assert refused.status_code == 404 and "--source phone" in body(refused)["error"]
    finally:
        session.close()
    from companion.feed.live import table_reader

    source = PhoneSource()
    live = LivePipeline(source, table_reader(None, "ryb"))
    app, session = make(tmp_path / "b", live)
    try:
        client = app.test_client()
        taken = client.post(
            "/api/camera/frames", data=jpeg(), headers=PHONE_A, content_type="image/jpeg"
        )
        assert taken.status_code == 200 and body(taken)["sending"] is True
        assert source.frames_taken == 1
        page = client.get("/camera")
        assert page.status_code == 200 and b'data-api="/api/camera"' in page.data
    finally:
        session.close()


def test_serve_source_phone_makes_the_servers_own_camera_a_phone(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    serve.add_arguments(parser, "serve")
    args = parser.parse_args(["--source", "phone", "--data", str(tmp_path / "data")])
    served = serve.build(args, io.StringIO())
    try:
        assert served.live is not None and desk(served.app).server_takes_a_phone
        client = served.app.test_client()
        taken = client.post(
            "/api/camera/frames", data=jpeg(), headers=PHONE_A, content_type="image/jpeg"
        )
        assert taken.status_code == 200 and body(taken)["sending"] is True
        assert body(taken)["region"] is None  # no profile: the page draws the whole frame
    finally:
        serve.stop_phones(served.app)
        served.session.close()
    # With an active profile, the page draws its table region, in fractions of the frame.
    save_profile(tmp_path / "data", make_profile())
    activate(tmp_path / "data", "kitchen")
    served = serve.build(args, io.StringIO())
    try:
        status = body(served.app.test_client().get("/api/camera/phone"))
        (x1, y1, x2, y2), (w, h) = TABLE_RECT, SIZE
        corners = [[round(x / w, 4), round(y / h, 4)] for x, y in ((x1, y1), (x2, y2))]
        assert all(corner in status["region"] for corner in corners), status["region"]
    finally:
        serve.stop_phones(served.app)
        served.session.close()


def test_the_camera_page_and_the_table_pages_qr_code(
    client: FlaskClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = client.get(f"/games/{game}/camera")
    assert page.status_code == 200
    assert b'data-logged-in="no"' in page.data and CONTROL.encode() not in page.data
    logged = client.get(f"/games/{game}/camera", headers=control())
    assert b'data-logged-in="yes"' in logged.data and b"phone-camera.js" in logged.data
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    for scheme in ("http", "https"):
        html = client.get(f"/games/{game}", headers=control(), base_url=f"{scheme}://localhost")
        table = html.get_data(as_text=True)
        assert "Use a phone as this table" in table and 'id="phone-camera-qr"' in table
        assert f'href="/tables?table=phone-{game}"' in table  # its dice, registered
        wanted = f"{scheme}://192.168.1.20:8000/login?token={CONTROL}&next=%2Fgames%2F{game}%2F"
        assert phone_camera_url_of(client, game, scheme) == wanted + "camera"
    monkeypatch.setattr(lan, "lan_addresses", lambda: [])
    alone = client.get(f"/games/{game}", headers=control()).get_data(as_text=True)
    assert 'id="phone-camera-none"' in alone and "--https" in alone


def phone_camera_url_of(client: FlaskClient, game: str, scheme: str) -> str:
    app = client.application
    with app.test_request_context(f"/games/{game}", base_url=f"{scheme}://localhost"):
        return str(pages.phone_camera_url(game))


def test_a_game_a_phone_films_takes_no_roll_of_the_servers_own_camera(tmp_path: Path) -> None:
    camera = FakeCamera()
    app, session = make(tmp_path, camera)
    try:
        client = app.test_client()
        game = orange_game(session)
        declared = client.post(
            f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"}
        )
        assert declared.status_code == 200
        assert send(client, game, jpeg(), PHONE_A).status_code == 200
        red, yellow = Colour.RED, Colour.YELLOW
        roll = settled((red, 3, False), (red, 4, False), (yellow, 5, False))
        camera.callbacks[0](roll)
        pending = session.pending(game)
        assert pending is not None and not pending.has_roll  # the phone films this table
        assert session.last_roll() is not None  # still the server's table's last roll
        client.post(f"/api/games/{game}/camera/leave", headers=PHONE_A)
        camera.callbacks[0](roll)
        pending = session.pending(game)
        assert pending is not None and pending.has_roll  # no phone: the server's camera again
    finally:
        desk(app).stop_all()
        session.close()
