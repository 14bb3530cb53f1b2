"""Server-sent events: a `snapshot` first (the whole view, so an overlay that reloads rebuilds at
once), then a `change` with the whole new view each time it changes, each with `id:` set so a
reconnecting `EventSource` sends `Last-Event-ID`; a client whose id is still current gets no
snapshot again, any other gets one (the simplest correct resume). Comments keep idle
connections open through proxies. Also the MJPEG stream of the annotated camera frames.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Response

from companion.session import Session
from companion.session_values import GameView, LastRoll
from web.config import LiveFeed

RETRY_MS = 2000
MJPEG_BOUNDARY = "dicetable-frame"


def message(event: str, data: Any, event_id: str | None = None) -> str:
    """One SSE message; `json.dumps` writes no raw newline, so `data:` is a single line."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


def heartbeat() -> str:
    return ": keep-alive\n\n"


def game_events(
    session: Session, first: GameView, last_event_id: str | None, heartbeat_s: float
) -> Iterator[str]:
    """The stream of one game; `first` was read before the response began (a 404 stays a 404)."""
    yield f"retry: {RETRY_MS}\n\n"
    if last_event_id != first.version:
        yield message("snapshot", first.to_json(), first.version)
    seen = first.version
    while not session.table.closed:
        view = session.wait_for_change(first.game_id, seen, heartbeat_s)
        if view is None:
            yield heartbeat()
            continue
        seen = view.version
        yield message("change", view.to_json(), view.version)


def roll_json(roll: LastRoll | None) -> dict[str, Any]:
    return {"roll": None if roll is None else roll.to_json()}


def roll_id(roll: LastRoll | None) -> str:
    return "0" if roll is None else str(roll.rev)


def roll_events(
    session: Session, first: LastRoll | None, last_event_id: str | None, heartbeat_s: float
) -> Iterator[str]:
    """The table's last settled roll, for the kid view and the overlay; `first` was read
    before the response began, so a roll arriving meanwhile is a change, not lost."""
    yield f"retry: {RETRY_MS}\n\n"
    if last_event_id != roll_id(first):
        yield message("snapshot", roll_json(first), roll_id(first))
    rev = first.rev if first is not None else 0
    while not session.table.closed:
        changed = session.wait_for_roll(rev, heartbeat_s)
        if changed is None:
            yield heartbeat()
            continue
        rev = changed.rev
        yield message("change", roll_json(changed), roll_id(changed))


def event_stream(events: Iterator[str]) -> Response:
    response = Response(events, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-transform"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def mjpeg_frames(live: LiveFeed, fps: float) -> Iterator[bytes]:
    """Each new annotated frame as one part of a multipart/x-mixed-replace response."""
    last: bytes | None = None
    while True:
        frame = live.latest_jpeg()
        if frame is not None and frame is not last:
            last = frame
            head = (
                f"--{MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\n"
                f"Content-Length: {len(frame)}\r\n\r\n"
            )
            yield head.encode("ascii") + frame + b"\r\n"
        time.sleep(1.0 / fps)


def mjpeg_response(live: LiveFeed, fps: float) -> Response:
    kind = f"multipart/x-mixed-replace; boundary={MJPEG_BOUNDARY}"
    response = Response(mjpeg_frames(live, fps), content_type=kind)
    response.headers["Cache-Control"] = "no-cache, no-store"
    return response
