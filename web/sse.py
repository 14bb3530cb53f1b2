"""Server-sent events: a `snapshot` first (the whole view, so an overlay that reloads rebuilds at
once), then a `change` with the whole new view each time it changes, each with `id:` set so a
reconnecting `EventSource` sends `Last-Event-ID`; a client whose id is still current gets no
snapshot again, any other gets one (the simplest correct resume). Comments keep idle
connections open through proxies. Every stream ends when the session closes. Also the MJPEG
stream of the annotated camera frames.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response

from companion.session import Session
from companion.session.values import GameView, LastRoll
from web.config import LiveFeed

RETRY_MS = 2000
MJPEG_BOUNDARY = "dicetable-frame"


def message(event: str, data: Any, event_id: str | None = None) -> str:
    """One SSE message; `json.dumps` writes no raw newline, so `data:` is a single line."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def heartbeat() -> str:
    return ": keep-alive\n\n"


def follow(
    session: Session,
    first: tuple[str, Any],
    last_event_id: str | None,
    wait: Callable[[str], tuple[str, Any] | None],
) -> Iterator[str]:
    """The stream of one thing: `first` (its id and data, read before the response began, so a
    404 stays a 404 and a change meanwhile is sent, not lost), then each `wait(id)` answer as a
    change, a heartbeat when `wait` times out; it ends when the session closes."""
    seen, data = first
    yield f"retry: {RETRY_MS}\n\n"
    if last_event_id != seen:
        yield message("snapshot", data, seen)
    while True:
        changed = wait(seen)
        if changed is not None:
            seen, data = changed
            yield message("change", data, seen)
        elif session.closed:
            return
        else:
            yield heartbeat()


def game_events(
    session: Session, first: GameView, last_event_id: str | None, heartbeat_s: float
) -> Iterator[str]:
    """One game's view, by version."""

    def wait(after: str) -> tuple[str, Any] | None:
        view = session.wait_for_change(first.game_id, after, heartbeat_s)
        return None if view is None else (view.version, view.to_json())

    return follow(session, (first.version, first.to_json()), last_event_id, wait)


def roll_json(roll: LastRoll | None) -> dict[str, Any]:
    return {"roll": None if roll is None else roll.to_json()}


def roll_id(roll: LastRoll | None) -> str:
    return "0" if roll is None else str(roll.rev)


def roll_events(
    session: Session, first: LastRoll | None, last_event_id: str | None, heartbeat_s: float
) -> Iterator[str]:
    """The table's last settled roll, by rev, for the kid view and the overlay."""

    def wait(after: str) -> tuple[str, Any] | None:
        roll = session.wait_for_roll(int(after), heartbeat_s)
        return None if roll is None else (roll_id(roll), roll_json(roll))

    return follow(session, (roll_id(first), roll_json(first)), last_event_id, wait)


def event_stream(events: Iterator[str]) -> Response:
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def mjpeg_frames(live: LiveFeed, fps: float, stopped: Callable[[], bool]) -> Iterator[bytes]:
    """Each new annotated frame as one part of a multipart/x-mixed-replace response, until
    `stopped()` (the session closed)."""
    last: bytes | None = None
    while not stopped():
        frame = live.latest_jpeg()
        if frame is not None and frame is not last:
            last = frame
            head = (
                f"--{MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                f"Content-Length: {len(frame)}\r\n\r\n"
            )
            yield head.encode("ascii") + frame + b"\r\n"
        time.sleep(1.0 / fps)


def mjpeg_response(live: LiveFeed, fps: float, stopped: Callable[[], bool]) -> Response:
    kind = f"multipart/x-mixed-replace; boundary={MJPEG_BOUNDARY}"
    response = Response(mjpeg_frames(live, fps, stopped), content_type=kind)
    response.headers["Cache-Control"] = "no-cache, no-store"
    return response
