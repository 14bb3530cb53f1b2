"""Missed dice of the pending camera roll (`companion.session.missed`): what the reader passed
over in the roll's frame, for a player to add one that teaches the table its look."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from companion.session.camera import CameraShot, SeenDie
from companion.session.errors import NoPendingError
from companion.session.missed import MissedDice, MissedLook
from web.api.core import view_response
from web.config import services
from web.errors import json_body

bp = Blueprint("missed", __name__)


@bp.get("/api/games/<game_id>/pending/missed")
def missed(game_id: str) -> Response:
    """`{"roll_id": 3, "missed": [{"index": 0, "box_xyxy": [...], "colour", "pips"}]}`: add one
    with `POST /api/games/<id>/pending/dice` `{"missed": 0, "roll_id": 3, "colour", "pips"}`."""
    return view_response(look(game_id).to_json())


def look(game_id: str) -> MissedLook:
    """The pending camera roll's missed dice (refused where the camera cannot learn)."""
    missed, shot = _waiting(game_id)
    return missed.look(game_id, shot)


def _waiting(game_id: str) -> tuple[MissedDice, CameraShot | None]:
    """The server's missed dice and the game's waiting camera roll (refused where none waits)."""
    svc = services()
    pending = svc.session.pending(game_id)
    if pending is None or not pending.has_roll:
        raise NoPendingError(f"game {game_id} has no camera roll waiting")
    assert svc.missed is not None  # create_app makes one
    return svc.missed, pending.camera


def missed_die(game_id: str, body: dict[str, Any]) -> SeenDie | None:
    """The missed die a `POST .../pending/dice` body names (`missed`, `roll_id`; `at`, for one
    pointed at: found again there, so any server process adds the same die), or None."""
    if "missed" not in body:
        return None
    if "at" not in body:
        return look(game_id).pick(body["missed"], body.get("roll_id"))
    missed, shot = _waiting(game_id)
    found, index = missed.point(game_id, shot, body["at"], body.get("roll_id"))
    return found.pick(index, body.get("roll_id"))


@bp.post("/api/games/<game_id>/pending/missed")
def point(game_id: str) -> Response:
    """`{"at": [x, y], "roll_id": 3}`: the die a player points at in roll 3's picture (frame
    pixels), where the camera found nothing, read and put among the missed dice; the answer is
    the look as `GET` gives it, with `"pointed"`: that die's index, to add as any missed die."""
    body = json_body({"at", "roll_id"}, required={"at", "roll_id"})
    missed, shot = _waiting(game_id)
    found, index = missed.point(game_id, shot, body["at"], body["roll_id"])
    return view_response({**found.to_json(), "pointed": index})
