"""The JSON API over games and their events (docs/api.md). Views only read the request, call the
session and shape the answer; every rule and check lives in `companion`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, g, jsonify, request

from web.config import services
from web.errors import ApiError, json_body, optional_seq, string_field, url_int
from web.security import overlay_readable
from web.sse import event_stream, game_events

bp = Blueprint("api", __name__)


def view_response(data: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(data)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def attachment(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/api/games")
def list_games() -> Response:
    return view_response({"games": [s.to_json() for s in services().session.list_games()]})


@bp.post("/api/games")
def create_game() -> Response:
    """`{"players": [...], "options": {...}}` or `{"record": "..."}`."""
    body = json_body({"players", "options", "record"})
    session = services().session
    if "record" in body:
        if "players" in body or "options" in body:
            raise ApiError(400, "send either a record or players and options, not both", "record")
        view = session.import_record(string_field(body, "record"))
    elif "players" in body:
        view = session.create_from_options(body["players"], body.get("options"))
    else:
        raise ApiError(400, "missing field 'players' (or 'record')", "players")
    response = view_response(view.to_json(), 201)
    response.headers["Location"] = f"/api/games/{view.game_id}"
    return response


@bp.get("/api/games/<game_id>")
@overlay_readable
def get_game(game_id: str) -> Response:
    return view_response(services().session.view(game_id).to_json())


@bp.get("/api/games/<game_id>/events")
def history(game_id: str) -> Response:
    session = services().session
    view = session.view(game_id)
    events = [h.to_json() for h in session.history(game_id)]
    return view_response({"id": view.game_id, "seq": view.seq, "events": events})


@bp.post("/api/games/<game_id>/events")
def append(game_id: str) -> Response:
    """`{"line": "Al: bank 3", "expected_seq": 7}`; 201 with the new view."""
    body = json_body({"line", "expected_seq"}, required={"line"})
    line = string_field(body, "line")
    g.submitted_line = line
    view = services().session.append(game_id, line, expected_seq=optional_seq(body))
    return view_response(view.to_json(), 201)


@bp.post("/api/games/<game_id>/undo")
def undo(game_id: str) -> Response:
    body = json_body({"expected_seq"})
    view = services().session.undo(game_id, expected_seq=optional_seq(body))
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/redo")
def redo(game_id: str) -> Response:
    body = json_body({"expected_seq"})
    view = services().session.redo(game_id, expected_seq=optional_seq(body))
    return view_response(view.to_json())


@bp.get("/api/games/<game_id>/record")
def record(game_id: str) -> Response:
    session = services().session
    text = session.export(game_id)
    return attachment(text, "text/plain", session.export_names(game_id)["record"])


@bp.get("/api/games/<game_id>/rolls.csv")
def rolls_csv(game_id: str) -> Response:
    session = services().session
    text = session.rolls_csv(game_id)
    return attachment(text, "text/csv", session.export_names(game_id)["rolls"])


def jpeg_response(data: bytes | None, what: str) -> Response:
    if data is None:
        raise ApiError(404, f"{what} has no thumbnail")
    response = Response(data, mimetype="image/jpeg")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


@bp.get("/api/games/<game_id>/events/<seq>/thumbnail.jpg")
def thumbnail(game_id: str, seq: str) -> Response:
    number = url_int(seq, "seq")
    data = services().session.thumbnail(game_id, number)
    return jpeg_response(data, f"event {number} of game {game_id}")


@bp.get("/api/games/<game_id>/stream")
@overlay_readable
def game_stream(game_id: str) -> Response:
    svc = services()
    first = svc.session.view(game_id)
    last_id = request.headers.get("Last-Event-ID")
    return event_stream(game_events(svc.session, first, last_id, svc.config.heartbeat_s))


# The player zones' routes (web/api/zones.py) ride on this blueprint: they use its responses, so
# they are imported once it is whole.
from web.api.zones import bp as zones_bp  # noqa: E402

bp.register_blueprint(zones_bp)
