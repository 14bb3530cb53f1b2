"""The app over the real live pipeline (drawn frames, the baseline reader, the settle detector):
settled rolls reach the session, the camera status and the MJPEG video are served."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.test import TestResponse

from companion.session import Session
from tests.vision.test_baseline_drawing import (
    BLACK,
    BLUE,
    RED,
    WHITE,
    YELLOW,
    DrawnDie,
    draw_scene,
)
from tests.web.api.support import OVERLAY, orange_game
from vision.baseline import BaselineReader
from vision.live import LiveConfig, LivePipeline
from vision.settle import SettleConfig, SettledRoll
from vision.sources import SyntheticSource
from web.app import create_app
from web.config import WebConfig

SCENE = draw_scene(
    [
        DrawnDie((90, 120), 56, 6, RED, WHITE, 0),
        DrawnDie((220, 200), 56, 4, BLUE, WHITE, 10),
        DrawnDie((350, 120), 56, 3, YELLOW, BLACK, 20),
    ]
)

EMPTY = draw_scene([])


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[tuple[LivePipeline, Session, SyntheticSource]]:
    # The empty table, then the dice thrown onto it: dice lying still from the first frame
    # would be the table as the camera found it, not a roll.
    source = SyntheticSource([EMPTY] * 2 + [SCENE] * 8, fps=10.0, name="drawn table")
    live = LivePipeline(source, BaselineReader(), LiveConfig(settle=SettleConfig(settle_ms=100)))
    with Session.open(tmp_path / "data") as session:
        yield live, session, source


def settle_once(live: LivePipeline, source: SyntheticSource) -> SettledRoll:
    source.open()
    while (frame := source.read()) is not None:
        event = live.process(frame)
        if isinstance(event, SettledRoll):
            return event
    raise AssertionError("the still scene never settled")


def test_settled_rolls_reach_the_session_through_the_app(
    live_app: tuple[LivePipeline, Session, SyntheticSource],
) -> None:
    live, session, source = live_app
    app = create_app(WebConfig(overlay_token=OVERLAY), session, live)
    client = app.test_client()
    game = orange_game(session)
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})

    roll = settle_once(live, source)
    seen = [(d.colour.value, d.pips) for d in roll.reading]
    last = client.get("/api/roll/last").get_json()["roll"]
    assert [(d["colour"], d["pips"]) for d in last["dice"]] == seen
    assert last["game_id"] == game
    pending = client.get(f"/api/games/{game}/pending").get_json()["pending"]
    assert [(d["colour"], d["pips"]) for d in pending["dice"]] == seen
    assert pending["has_thumbnail"] and pending["source"] == "camera"
    thumb = client.get(f"/api/games/{game}/pending/thumbnail.jpg")
    assert thumb.data.startswith(b"\xff\xd8\xff")

    status = client.get("/api/camera").get_json()
    assert (status["source"], status["state"]) == ("drawn table", "settled")


def open_video(live_app: tuple[LivePipeline, Session, SyntheticSource]) -> TestResponse:
    """The MJPEG video of a table that has settled once (so there is a frame to send)."""
    live, session, source = live_app
    app = create_app(WebConfig(overlay_token=OVERLAY, mjpeg_fps=50.0), session, live)
    settle_once(live, source)
    return app.test_client().get("/video.mjpeg", buffered=False)


def test_video_streams_annotated_jpeg_frames(
    live_app: tuple[LivePipeline, Session, SyntheticSource],
) -> None:
    video = open_video(live_app)
    assert video.status_code == 200
    assert video.mimetype == "multipart/x-mixed-replace"
    part = next(video.iter_encoded())
    video.close()
    head, _, body = part.partition(b"\r\n\r\n")
    assert head.startswith(b"--dicetable-frame\r\nContent-Type: image/jpeg\r\n")
    assert body.startswith(b"\xff\xd8\xff") and body.endswith(b"\r\n")


def test_video_ends_when_the_session_closes(
    live_app: tuple[LivePipeline, Session, SyntheticSource],
) -> None:
    video = open_video(live_app)
    parts = video.iter_encoded()
    next(parts)
    live_app[1].close()
    # The same frame is never sent twice, so a stream that did not stop would block forever:
    # read the rest on a thread and give it a deadline.
    rest: list[bytes] = []
    reader = threading.Thread(target=lambda: rest.extend(parts), daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive()
    video.close()
    assert rest == []
