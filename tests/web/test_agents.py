"""Camera agents on the real Flask app: a game's agent token, rolls posted once each and handed
to the game's pending attempt, the club's cards; and the agent itself against a real server on
loopback that goes down and comes back, on both store backends."""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from companion.agent.client import AgentClient, AgentError, GameAddress
from companion.agent.outbox import Outbox
from companion.agent.sender import Sender
from companion.session import Session
from companion.store.core import open_store
from tests.store_backends import StoreSpot
from tests.web.test_api_support import CONTROL, OVERLAY, orange_game
from web.app import create_app
from web.config import WebConfig

JPEG = b"\xff\xd8\xff\xe0 thumb"
DICE = [
    {"colour": "red", "pips": 4, "confidence": 0.95, "box_xyxy": [5, 10, 40, 45]},
    {"colour": "red", "pips": 2, "confidence": 0.95, "box_xyxy": [45, 10, 80, 45]},
    {"colour": "yellow", "pips": 5, "confidence": 0.95, "box_xyxy": [85, 10, 120, 45]},
    {"colour": "yellow", "pips": 6, "confidence": 0.4, "box_xyxy": [125, 10, 160, 45],
     "unsure": True},
]  # fmt: skip
AT = "2026-11-27T01:02:03.000000Z"


def roll(roll_id: str, **more: Any) -> dict[str, Any]:
    return {"roll_id": roll_id, "dice": DICE, "settled_at": AT, **more}


def make_app(spot: StoreSpot, data: Path, **config: Any) -> tuple[Flask, Session]:
    session = Session(open_store(spot.spec), data, poll_s=0.05)
    settings = {"overlay_token": OVERLAY, "data_dir": data, **config}
    return create_app(WebConfig(**settings), session), session


@pytest.fixture
def app_session(store_spot: StoreSpot, tmp_path: Path) -> Iterator[tuple[Flask, Session]]:
    app, session = make_app(store_spot, tmp_path / "data")
    yield app, session
    session.close()


@pytest.fixture
def client(app_session: tuple[Flask, Session]) -> FlaskClient:
    return app_session[0].test_client()


def agent_token(client: FlaskClient, game: str) -> str:
    answer = client.post(f"/api/games/{game}/agent-token")
    assert answer.status_code == 201, answer.json
    assert answer.json is not None and answer.json["agent_url"].endswith(f"/games/{game}")
    return str(answer.json["token"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_roll_is_kept_once_and_becomes_the_pending_attempts_roll(
    app_session: tuple[Flask, Session], client: FlaskClient
) -> None:
    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    hello = client.get(f"/api/agent/games/{game}", headers=bearer(token))
    assert hello.status_code == 200
    assert hello.json == {
        "game_id": game, "game": "ryb", "title": session.view(game).title, "camera_game": "ryb"
    }  # fmt: skip
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    thumb = base64.b64encode(JPEG).decode()
    first = client.post(
        f"/api/agent/games/{game}/rolls", json=roll("roll-0001", thumbnail_jpeg=thumb),
        headers=bearer(token),
    )  # fmt: skip
    assert (first.status_code, first.json) == (
        201,
        {"n": 1, "roll_id": "roll-0001", "repeat": False},
    )
    again = client.post(
        f"/api/agent/games/{game}/rolls", json=roll("roll-0001"), headers=bearer(token)
    )
    assert (again.status_code, again.json) == (
        200,
        {"n": 1, "roll_id": "roll-0001", "repeat": True},
    )
    pending = session.pending(game)
    assert pending is not None and pending.camera is not None
    assert [(d.colour.value, d.pips) for d in pending.dice] == [
        ("red", 4), ("red", 2), ("yellow", 5), ("yellow", 6)
    ]  # fmt: skip
    assert pending.unsure == (3,)
    assert session.pending_thumbnail(game) == JPEG
    last = session.last_roll()
    assert last is not None and last.game_id == game
    card = client.get(f"/api/games/{game}/card").json
    assert card is not None
    assert card["last_roll"]["dice"] == "r4 r2 y5 y6" and card["last_roll"]["n"] == 1
    assert card["agent"]["connected"] is True
    assert (card["players"], card["turn"]) == (["Al", "Bruce"], "Al")
    club = client.get("/api/club").json
    assert club is not None and [t["game_id"] for t in club["tables"]] == [game]


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (roll("short"), 400, "invalid roll id"),
        ({"roll_id": "roll-0001", "dice": "r4", "settled_at": AT}, 400, "dice must be a list"),
        (roll("roll-0001", dice=[{"colour": "mauve"}]), 400, "bad die"),
        (roll("roll-0001", settled_at="now"), 400, "invalid settled_at"),
        (roll("roll-0001", thumbnail_jpeg="%%%"), 400, "not valid base64"),
        (roll("roll-0001", delay_ms="slow"), 400, "delay_ms must be a number"),
        ({"dice": DICE, "settled_at": AT}, 400, "missing field 'roll_id'"),
    ],
)
def test_a_bad_roll_is_refused_and_nothing_kept(
    app_session: tuple[Flask, Session],
    client: FlaskClient,
    body: dict[str, Any],
    status: int,
    message: str,
) -> None:
    game = orange_game(app_session[1])
    token = agent_token(client, game)
    answer = client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token))
    assert answer.status_code == status and answer.json is not None
    assert message in answer.json["error"]
    assert app_session[1].store.last_camera_roll(game) is None


def test_an_agent_token_opens_its_game_and_nothing_else(
    store_spot: StoreSpot, tmp_path: Path
) -> None:
    app, session = make_app(store_spot, tmp_path / "data", control_token=CONTROL)
    try:
        client = app.test_client()
        game, other = orange_game(session), orange_game(session)
        answer = client.post(f"/api/games/{game}/agent-token", headers=bearer(CONTROL))
        token = answer.json["token"] if answer.json else ""
        # no token, or the agent token where it does not belong
        assert client.post(f"/api/games/{game}/agent-token").status_code == 401
        assert client.get(f"/api/agent/games/{game}").status_code == 401
        for path in (f"/api/agent/games/{other}", f"/api/agent/games/{other}/rolls"):
            method = client.get if path.endswith(other) else client.post
            assert method(path, headers=bearer(token)).status_code == 401
        assert client.get(f"/api/games/{game}", headers=bearer(token)).status_code == 403
        refused = client.post(
            f"/api/games/{game}/undo", json={}, headers=bearer(token)
        )  # fmt: skip
        assert refused.status_code == 403
        assert client.get(f"/api/agent/games/{game}", headers=bearer(CONTROL)).status_code == 401
        # the right one posts rolls; a new token ends the old one
        ok = client.post(
            f"/api/agent/games/{game}/rolls", json=roll("roll-0001"), headers=bearer(token)
        )
        assert ok.status_code == 201
        client.post(f"/api/games/{game}/agent-token", headers=bearer(CONTROL))
        assert client.get(f"/api/agent/games/{game}", headers=bearer(token)).status_code == 401
    finally:
        session.close()


class Server:
    """The app on a real loopback port that can go down and come back on the same port."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.port = 0
        self._server: Any = None
        self._thread: threading.Thread | None = None

    def up(self) -> None:
        self._server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.port = self._server.server_port
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}
        )
        self._thread.start()

    def down(self) -> None:
        self._server.shutdown()
        assert self._thread is not None
        self._thread.join(10)
        self._server.server_close()


def wait_for(check: Any, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_the_agent_delivers_every_roll_once_through_a_server_outage_and_its_own_restart(
    app_session: tuple[Flask, Session], client: FlaskClient, tmp_path: Path
) -> None:
    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    server = Server(app_session[0])
    server.up()
    address = GameAddress.parse(f"http://127.0.0.1:{server.port}/games/{game}")
    agent = AgentClient(address, token, timeout_s=2.0)
    queue = tmp_path / "agent"
    said: list[str] = []
    outbox = Outbox(queue)
    sender = Sender(outbox, agent, hello_s=0.2, max_wait_s=0.3, report=said.append)
    sender.start()
    sent = [outbox.put(roll(f"roll-{k:04d}")) for k in range(3)]
    wait_for(lambda: outbox.waiting() == 0)
    server.down()
    sent += [outbox.put(roll(f"roll-{k:04d}")) for k in range(3, 8)]
    time.sleep(1.0)  # the sender retries against a closed port meanwhile
    assert outbox.waiting() == 5
    sender.stop()
    outbox.close()  # the agent stops with rolls waiting, and starts again
    outbox = Outbox(queue)
    assert outbox.waiting() == 5
    sender = Sender(outbox, agent, hello_s=0.2, max_wait_s=0.3, report=said.append)
    sender.start()
    time.sleep(0.5)
    server.up()
    try:
        wait_for(lambda: outbox.waiting() == 0)
        # an answer lost on the way: the same roll sent again is not kept twice
        assert agent.post_roll(roll(sent[4])).body["repeat"] is True
    finally:
        sender.stop()
        outbox.close()
        server.down()
    kept = list(session.store.camera_rolls(game))
    assert [r.roll_id for r in kept] == sent
    assert [r.n for r in kept] == list(range(1, 9))
    assert any("unreachable" in line for line in said)


def test_a_wrong_token_stops_the_agent_with_a_clear_error(
    app_session: tuple[Flask, Session], tmp_path: Path
) -> None:
    game = orange_game(app_session[1])
    server = Server(app_session[0])
    server.up()
    try:
        address = GameAddress.parse(f"http://127.0.0.1:{server.port}/games/{game}")
        with Outbox(tmp_path / "agent") as outbox:
            sender = Sender(outbox, AgentClient(address, "not-the-token-123456"), report=print)
            sender.run()
            assert isinstance(sender.failure, AgentError)
            assert "check the game address and its agent token" in str(sender.failure)
    finally:
        server.down()


@pytest.mark.parametrize("url", ["http://h/games/short", "ftp://h/games/0123456789", "nothing"])
def test_a_bad_game_address_is_refused(url: str) -> None:
    with pytest.raises(AgentError, match="expected the game's address"):
        GameAddress.parse(url)


def test_the_club_page_and_its_script(client: FlaskClient) -> None:
    page = client.get("/club")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    html = page.get_data(as_text=True)
    assert 'id="club-tables"' in html and "js/club.js" in html
    script = client.get("/static/js/club.js")
    assert script.status_code == 200 and b"/api/club/stream" in script.data
    script.close()


def test_a_roll_taken_by_one_process_reaches_an_attempt_declared_in_another(
    store_spot: StoreSpot, tmp_path: Path
) -> None:
    from companion.session.agents import AgentDesk

    here = Session(open_store(store_spot.spec), tmp_path / "a", poll_s=0.05)
    there = Session(open_store(store_spot.spec), tmp_path / "b", poll_s=0.05)
    try:
        game = orange_game(here)
        taker, other = AgentDesk(here), AgentDesk(there)
        taker.receive(game, "roll-0001", {"dice": DICE}, settled_at=AT, thumbnail_jpeg=JPEG)
        other.on_change(game, "roll 1")  # no attempt there yet: the roll is only noted
        assert there.pending(game) is None
        there.declare_attempt(game, "Al", "orange")
        taker.receive(game, "roll-0002", {"dice": DICE[:2]}, settled_at=AT, thumbnail_jpeg=None)
        other.on_change(game, "roll 2")
        pending = there.pending(game)
        assert pending is not None and len(pending.dice) == 2  # roll 2, not roll 1
        other.on_change(game, "roll 2")  # told twice: handed over once
        assert there.pending(game) == pending
        assert here.pending(game) is None  # the attempt lives where it was declared
    finally:
        here.close()
        there.close()
