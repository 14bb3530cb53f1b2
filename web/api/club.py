"""The club's tables at a glance: every table's card, and its stream (docs/club.md)."""

from __future__ import annotations

from flask import Blueprint, Response, request

from web.api.core import view_response
from web.club import ClubHub, club_version
from web.config import services
from web.errors import ApiError
from web.security import overlay_readable
from web.sse import event_stream, follow

bp = Blueprint("club", __name__)


def _hub() -> ClubHub:
    hub = services().club
    if hub is None:
        raise ApiError(404, "this server shows no club")
    return hub


@bp.get("/api/club")
def club() -> Response:
    return view_response({"tables": _hub().cards()})


@bp.get("/api/club/stream")
def club_stream() -> Response:
    svc, hub = services(), _hub()
    tables = hub.cards()
    first = (club_version(tables), {"tables": tables})
    wait = hub.follow_club(svc.config.heartbeat_s)
    last_id = request.headers.get("Last-Event-ID")
    return event_stream(follow(svc.session, first, last_id, wait))


@bp.get("/api/games/<game_id>/card")
@overlay_readable
def card(game_id: str) -> Response:
    return view_response(_hub().card(game_id))


@bp.get("/api/games/<game_id>/card/stream")
@overlay_readable
def card_stream(game_id: str) -> Response:
    svc, hub = services(), _hub()
    found = hub.card(game_id)
    wait = hub.follow_card(found["game_id"], svc.config.heartbeat_s)
    last_id = request.headers.get("Last-Event-ID")
    return event_stream(follow(svc.session, (found["version"], found), last_id, wait))
