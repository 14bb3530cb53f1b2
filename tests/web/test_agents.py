"""Camera agents on the real Flask app: a game's agent token, rolls posted once each and handed
to the game's pending attempt, the club's cards; and the agent itself against a real server on
loopback that goes down and comes back, on both store backends."""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
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
from tests.web.api.support import CONTROL, OVERLAY, orange_game
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
        (roll("roll-0001", frame_size={"width": 0, "height": 720}), 400, "frame_size must be"),
        (roll("roll-0001", frame_size=[1280, 720]), 400, "frame_size must be"),
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


def answer_of(client: FlaskClient, path: str) -> Any:
    answer = client.get(path)
    assert answer.status_code == 200 and answer.json is not None, answer.data
    return answer.json


def test_a_table_with_an_agent_has_it_as_its_camera_and_reviews_on_its_frame(
    app_session: tuple[Flask, Session], client: FlaskClient
) -> None:
    session = app_session[1]
    game = orange_game(session)
    assert answer_of(client, f"/api/camera?game={game}")["camera"] == "off"  # no agent yet
    token = agent_token(client, game)
    assert answer_of(client, f"/api/camera?game={game}")["camera"] == "lost"  # never heard from
    client.get(f"/api/agent/games/{game}", headers=bearer(token))
    camera = answer_of(client, f"/api/camera?game={game}")
    assert (camera["camera"], camera["video"], camera["agent"]["connected"]) == ("ok", False, True)
    assert answer_of(client, "/api/camera")["camera"] == "off"  # the server's own: none
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    frame = {"width": 1280, "height": 720}
    body = roll("roll-0001", thumbnail_jpeg=base64.b64encode(JPEG).decode(), frame_size=frame)
    assert (
        client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token)).status_code
        == 201
    )
    pending = answer_of(client, f"/api/games/{game}/pending")["pending"]
    assert pending["camera"]["frame_size"] == frame and pending["has_thumbnail"] is True
    last = answer_of(client, f"/api/roll/last?game={game}")["roll"]
    assert [d["pips"] for d in last["dice"]] == [4, 2, 5, 6] and last["game_id"] == game


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


# --- the camera's corrections (`vision.settle.RollCorrected`) forwarded by the agent ----------

# The fourth die, sent unsure as y6, read sure as y3 once the camera's doubt cleared.
FIXED = [dict(d, pips=3, confidence=0.9, unsure=False) if d.get("unsure") else d for d in DICE]


def correction(roll_id: str) -> dict[str, Any]:
    return {"roll_id": roll_id, "dice": FIXED}


Step = str  # what happens at the table before the correction comes, in order
STEPS: dict[Step, tuple[str, str, dict[str, Any] | None]] = {
    "attempt": ("POST", "/api/games/{game}/attempt", {"player": "Al", "goal": "orange"}),
    "roll": ("AGENT", "/api/agent/games/{game}/rolls", roll("roll-0001")),
    "newer roll": ("AGENT", "/api/agent/games/{game}/rolls", roll("roll-0002")),
    "fix": ("AGENT", "/api/agent/games/{game}/corrections", correction("roll-0001")),
    "confirm y6": ("POST", "/api/games/{game}/pending/dice/3", {"colour": "yellow", "pips": 6}),
    "show the newer": ("POST", "/api/games/{game}/pending/queued", None),
    "accept": ("POST", "/api/games/{game}/pending/accept", None),
    "cancel": ("POST", "/api/games/{game}/pending/cancel", None),
}
# name, steps before, corrections sent then (status, `changed` or the refusal's reason each),
# the pending roll's dice after (None: no attempt waits).
CORRECTION_CASES: list[tuple[str, list[Step], list[tuple[int, object]], str | None]] = [
    ("forwarded and applied", ["attempt", "roll"], [(200, True)], "r4 r2 y5 y3"),
    (
        "sent again after a lost answer: applied once",
        ["attempt", "roll"],
        [(200, True), (200, False)],
        "r4 r2 y5 y3",
    ),
    ("a person confirmed the die first", ["attempt", "roll", "confirm y6"], [(200, True)],
     "r4 r2 y5 y6"),
    ("the roll was accepted first", ["attempt", "roll", "confirm y6", "accept"],
     [(409, "accepted")], None),
    ("accepted after the correction, whose answer was lost", ["attempt", "roll", "fix", "accept"],
     [(200, False)], None),
    ("the attempt was cancelled", ["attempt", "roll", "cancel"], [(409, "not-pending")], None),
    ("a newer roll is shown instead", ["attempt", "roll", "newer roll", "show the newer"],
     [(409, "not-pending")], "r4 r2 y5 y6?"),
    ("no attempt was declared", ["roll"], [(409, "not-pending")], None),
    ("the roll never came", ["attempt"], [(409, "unknown")], ""),
]  # fmt: skip


def shown(dice: Any) -> str:
    return " ".join(f"{d.colour.value[0]}{d.pips}{'?' if d.unsure else ''}" for d in dice)


@pytest.mark.parametrize(
    ("name", "steps", "answers", "after"), CORRECTION_CASES, ids=[c[0] for c in CORRECTION_CASES]
)
def test_a_correction_through_the_agent_api(
    app_session: tuple[Flask, Session],
    client: FlaskClient,
    name: str,
    steps: list[Step],
    answers: list[tuple[int, object]],
    after: str | None,
) -> None:
    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    for step in steps:
        method, path, body = STEPS[step]
        headers = bearer(token) if method == "AGENT" else {}
        done = client.post(path.format(game=game), json=body, headers=headers)
        assert done.status_code in (200, 201), (step, done.json)
    events = [(e.seq, e.line, e.undone) for e in session.store.events(game, include_undone=True)]
    before = session.pending(game)
    for status, outcome in answers:
        answer = client.post(
            f"/api/agent/games/{game}/corrections", json=correction("roll-0001"),
            headers=bearer(token),
        )  # fmt: skip
        assert answer.status_code == status and answer.json is not None, (name, answer.json)
        if status == 200:
            assert answer.json == {"n": 1, "roll_id": "roll-0001", "changed": outcome}, name
        else:
            assert answer.json["reason"] == outcome and answer.json["field"] == "roll_id", name
            assert "roll-0001" in answer.json["error"], name
            assert session.pending(game) == before, name  # refused: nothing changed
        if outcome is False:
            assert session.pending(game) == before, name  # taken before: not written again
        before = session.pending(game)
    # The stored game never changes by a correction: a person still accepts the roll.
    kept = [(e.seq, e.line, e.undone) for e in session.store.events(game, include_undone=True)]
    assert kept == events, name
    pending = session.pending(game)
    if after is None:
        assert pending is None, name
    else:
        assert pending is not None and shown(pending.dice) == after, name


def test_a_refused_correction_names_what_was_wrong(
    app_session: tuple[Flask, Session], client: FlaskClient
) -> None:
    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    client.post(f"/api/agent/games/{game}/rolls", json=roll("roll-0001"), headers=bearer(token))
    client.post(f"/api/games/{game}/pending/dice/3", json={"colour": "yellow", "pips": 6})
    client.post(f"/api/games/{game}/pending/accept")

    def refusal(body: dict[str, Any]) -> tuple[int, str]:
        answer = client.post(
            f"/api/agent/games/{game}/corrections", json=body, headers=bearer(token)
        )
        assert answer.json is not None
        return answer.status_code, str(answer.json["error"])

    status, error = refusal(correction("roll-0001"))
    assert status == 409
    assert f"camera roll 1 ('roll-0001') of game '{game}' was accepted" in error
    assert "event 2: 'Al: attempt orange r4 r2 y5 y6'" in error
    assert refusal(correction("roll-0009")) == (
        409,
        f"game '{game}' kept no camera roll 'roll-0009': a correction comes after the roll it "
        "corrects, and that roll never came (or was refused)",
    )
    assert refusal({"roll_id": "x", "dice": FIXED})[0] == 400
    assert refusal({"roll_id": "roll-0001", "dice": "y3"})[0] == 400
    assert refusal({"roll_id": "roll-0001"}) == (400, "missing field 'dice'")


@dataclass
class AgentAtAttempt:
    """Al's attempt declared on the server, and a camera agent for its game (not started)."""

    session: Session
    game: str
    server: Server
    agent: AgentClient
    outbox: Outbox
    sender: Sender
    said: list[str]


def agent_at_attempt(
    app_session: tuple[Flask, Session], client: FlaskClient, tmp_path: Path
) -> AgentAtAttempt:
    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    server = Server(app_session[0])
    server.up()
    address = GameAddress.parse(f"http://127.0.0.1:{server.port}/games/{game}")
    agent = AgentClient(address, token, timeout_s=2.0)
    said: list[str] = []
    outbox = Outbox(tmp_path / "agent")
    sender = Sender(outbox, agent, hello_s=0.2, max_wait_s=0.3, report=said.append)
    return AgentAtAttempt(session, game, server, agent, outbox, sender, said)


def test_the_agent_sends_a_correction_queued_while_the_server_was_down_after_its_roll(
    app_session: tuple[Flask, Session], client: FlaskClient, tmp_path: Path
) -> None:
    from companion.agent.run import Queue
    from tests.web.api.support import settled
    from vision.settle import RollCorrected, SettledRoll
    from vision.types import Colour, DiceReading

    table = agent_at_attempt(app_session, client, tmp_path)
    session, game, server, agent = table.session, table.game, table.server, table.agent
    outbox, sender, said = table.outbox, table.sender, table.said
    server.down()  # the port is known; nothing answers on it
    sender.start()
    # The camera: roll 5 with its last die unsure, then the doubt clears while the dice lie still.
    red, yellow = Colour.RED, Colour.YELLOW
    sent = settled((red, 4, False), (red, 2, False), (yellow, 5, False), (yellow, 6, True))
    camera_roll = SettledRoll(2000.0, 1700.0, 60, sent.frame_bgr, sent.reading, roll_id=5)
    *sure, doubted = sent.reading.dice
    cleared = DiceReading((*sure, replace(doubted, pips=3, confidence=0.9, unsure=False)))
    queue = Queue(outbox, said.append)
    queue.roll(camera_roll)
    queue.correction(RollCorrected(2400.0, 1700.0, 72, None, 5, cleared, (3,)))
    try:
        time.sleep(1.0)  # the sender tries the closed port meanwhile
        assert outbox.waiting() == 2
        server.up()
        wait_for(lambda: outbox.waiting() == 0)
        kept = session.store.last_camera_roll(game)
        assert kept is not None and kept.n == 1
        pending = session.pending(game)
        assert pending is not None and shown(pending.dice) == "r4 r2 y5 y3"
        assert pending.camera is not None and not pending.camera.reading.any_unsure
        answers = outbox.answers()
        assert [(a["status"], a.get("n")) for _, a in answers] == [(201, 1), (200, 1)]
        assert answers[1][1]["changed"] is True and answers[1][1]["roll_id"] == kept.roll_id
        # the correction's answer lost and the correction sent again: it applies once
        again = agent.post_correction({"roll_id": kept.roll_id, "dice": cleared.to_json()})
        assert (again.status, again.body["changed"]) == (200, False)
        assert session.pending(game) == pending
    finally:
        sender.stop()
        outbox.close()
        server.down()
    assert any("unreachable" in line for line in said)
    assert sender.failure is None


def test_a_correction_of_a_roll_accepted_first_is_refused_and_dropped_from_the_outbox(
    app_session: tuple[Flask, Session], client: FlaskClient, tmp_path: Path
) -> None:
    table = agent_at_attempt(app_session, client, tmp_path)
    session, game, server = table.session, table.game, table.server
    outbox, sender, said = table.outbox, table.sender, table.said
    sender.start()
    try:
        outbox.put(roll("roll-0001"))
        wait_for(lambda: outbox.waiting() == 0)
        # a person confirms the unsure die and accepts before the camera's doubt clears
        client.post(f"/api/games/{game}/pending/dice/3", json={"colour": "yellow", "pips": 6})
        assert client.post(f"/api/games/{game}/pending/accept").status_code == 201
        events = session.store.events(game)
        key = outbox.put_correction("roll-0001", {"dice": FIXED})
        wait_for(lambda: outbox.waiting() == 0)
        # dropped, not retried: the sender goes on with the next roll
        outbox.put(roll("roll-0002"))
        wait_for(lambda: outbox.waiting() == 0)
    finally:
        sender.stop()
        outbox.close()
        server.down()
    with Outbox(tmp_path / "agent") as kept:
        answers = dict(kept.answers())
    assert answers[key]["status"] == 409 and answers[key]["reason"] == "accepted"
    assert answers["roll-0002"]["status"] == 201
    refused = [line for line in said if "correction of roll roll-0001" in line]
    assert len(refused) == 1 and "refused for good, dropped from the outbox" in refused[0]
    assert "was accepted before this correction came" in refused[0]
    assert session.store.events(game) == events  # the stored game unchanged
    assert [e.line for e in events][-1] == "Al: attempt orange r4 r2 y5 y6"
    assert sender.failure is None


def test_a_club_servers_start_page_gives_a_clubs_first_steps(
    client: FlaskClient, store_spot: StoreSpot
) -> None:
    html = client.get("/").get_data(as_text=True)
    club = store_spot.backend == "postgresql"
    assert ('id="club-steps"' in html, 'id="first-steps"' in html) == (club, not club)
    assert ("Start a game for each table" in html) == club
    assert ("js/first-steps.js" in html) == (not club)


def test_an_agent_whose_camera_ended_is_shown_so(
    app_session: tuple[Flask, Session], client: FlaskClient
) -> None:
    game = orange_game(app_session[1])
    token = agent_token(client, game)
    hello = f"/api/agent/games/{game}"
    assert client.get(f"{hello}?camera=ok", headers=bearer(token)).status_code == 200
    assert answer_of(client, f"/api/camera?game={game}")["camera"] == "ok"
    assert client.get(f"{hello}?camera=ended", headers=bearer(token)).status_code == 200
    card = answer_of(client, f"/api/games/{game}/card")
    assert (card["agent"]["connected"], card["agent"]["camera"]) == (True, "ended")
    camera = answer_of(client, f"/api/camera?game={game}")
    assert camera["camera"] == "ended" and "stopped" in camera["detail"]
    bad = client.get(f"{hello}?camera=exploded", headers=bearer(token))
    assert bad.status_code == 400 and bad.json is not None
    assert "camera state must be one of" in bad.json["error"]


def test_an_agent_on_a_folder_of_photos_sends_a_roll_each_then_says_its_camera_ended(
    app_session: tuple[Flask, Session], client: FlaskClient, tmp_path: Path
) -> None:
    import shutil

    from companion.agent.run import run_agent
    from companion.feed.live import open_table_feed

    session = app_session[1]
    game = orange_game(session)
    token = agent_token(client, game)
    photos = tmp_path / "photos"
    photos.mkdir()
    rendered = Path(__file__).parents[1] / "fixtures" / "rendered" / "images"
    for k in range(2):
        shutil.copy(rendered / f"00000{k}.jpg", photos / f"{k}.jpg")
    server = Server(app_session[0])
    server.up()
    address = GameAddress.parse(f"http://127.0.0.1:{server.port}/games/{game}")
    said: list[str] = []
    done: list[int] = []

    def agent() -> None:
        done.append(run_agent(
            AgentClient(address, token, timeout_s=5.0), tmp_path / "agent",
            lambda wanted: open_table_feed(str(photos), tmp_path / "agent-data", game=wanted),
            said.append, hello_s=0.2,
        ))  # fmt: skip

    thread = threading.Thread(target=agent)
    thread.start()
    try:
        wait_for(lambda: len(list(session.store.camera_rolls(game))) == 2, 60)
        wait_for(lambda: (a := session.store.agent(game)) is not None and a.camera == "ended")
        card = answer_of(client, f"/api/games/{game}/card")
        assert card["agent"]["camera"] == "ended" and card["last_roll"]["n"] == 2
    finally:
        client.post(f"/api/games/{game}/agent-token")  # the old token stops the agent
        thread.join(30)
        server.down()
    assert done == [2] and any("token" in line for line in said)
