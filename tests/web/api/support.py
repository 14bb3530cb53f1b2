"""Shared pieces of the web tests (no tests here): an app over a real session in a temporary data
folder, a real threaded HTTP server on 127.0.0.1, and a raw HTTP/SSE client with timeouts."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from flask import Flask
from werkzeug.serving import make_server

from companion.session import Session
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die
from web.app import create_app
from web.config import WebConfig

CONTROL = "control-token-0123456789"
OVERLAY = "overlay-token-0123456789"


class FakeCamera:
    """A live feed that says how the camera is (`state`) and never settles a roll by itself:
    tests hand rolls to the session as the camera would."""

    def __init__(self, state: str = "ok", detail: str = "", fps: float = 15.0) -> None:
        self.state, self.detail, self.fps = state, detail, fps
        self.callbacks: list[Any] = []
        self.corrections: list[Any] = []

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def latest_jpeg(self) -> bytes | None:
        return None

    def latest_reading(self) -> DiceReading | None:
        return None

    def status(self) -> dict[str, object]:
        return {"source": "camera 0", "camera": self.state, "detail": self.detail,
                "state": "empty", "fps": self.fps, "frames": 0, "rolls": 0}  # fmt: skip

    def subscribe(self, callback: Any, *, corrections: Any = None) -> None:
        self.callbacks.append(callback)
        self.corrections.append(corrections)


def build(tmp_path: Path, live: Any = None, **config: Any) -> tuple[Flask, Session]:
    session = Session.open(tmp_path / "data", poll_s=0.05)
    settings = {"overlay_token": OVERLAY, "data_dir": tmp_path / "data", **config}
    return create_app(WebConfig(**settings), session, live), session


def orange_game(session: Session) -> str:
    """Al has played Orange 7: an attempt rolls his 2 red and 2 yellow dice."""
    gid = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(gid, "Al: goal orange 7")
    return gid


def settled(*dice: tuple[Colour, int, bool]) -> SettledRoll:
    found = [
        Die(colour, pips, 0.5 if unsure else 0.95, (40 * k + 5, 10, 40 * k + 40, 45), unsure)
        for k, (colour, pips, unsure) in enumerate(dice)
    ]
    frame = np.full((120, 200, 3), 120, np.uint8)
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(found))


@dataclass
class SseEvent:
    event: str | None = None
    id: str | None = None
    data: Any = None
    comments: list[str] = field(default_factory=list)


class SseClient:
    """Reads an event stream over a raw HTTP connection; every read has a timeout."""

    def __init__(self, response: http.client.HTTPResponse, conn: http.client.HTTPConnection):
        self.response = response
        self.conn = conn

    def next(self, *, skip_comments: bool = True) -> SseEvent:
        found = SseEvent()
        while True:
            raw = self.response.readline()
            if not raw:
                raise EOFError("the stream ended")
            line = raw.decode("utf-8").rstrip("\n")
            if line == "":
                if found.event is not None or (found.comments and not skip_comments):
                    return found
                found = SseEvent()
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "":
                found.comments.append(value)
            elif name == "event":
                found.event = value
            elif name == "id":
                found.id = value
            elif name == "data":
                found.data = json.loads(value)

    def close(self) -> None:
        self.conn.close()


@dataclass
class LiveServer:
    host: str
    port: int

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=20)
        try:
            sent = dict(headers or {})
            payload = None
            if body is not None:
                payload = json.dumps(body).encode()
                sent.setdefault("Content-Type", "application/json")
            conn.request(method, path, body=payload, headers=sent)
            response = conn.getresponse()
            data = response.read()
            is_json = response.getheader("Content-Type", "").startswith("application/json")
            return response.status, json.loads(data) if is_json else data
        finally:
            conn.close()

    def stream(self, path: str, headers: dict[str, str] | None = None) -> SseClient:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=5)
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        assert response.status == 200, response.read()
        assert response.getheader("Content-Type", "").startswith("text/event-stream")
        return SseClient(response, conn)


@contextmanager
def serving(app: Flask) -> Iterator[LiveServer]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield LiveServer("127.0.0.1", server.server_port)
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()
