"""The camera agents' half of the API (docs/club.md): a game's agent token (the control token
issues it), and what an agent may do with it: say hello (and learn how to read the dice) and
post settled rolls, and its camera's later corrections of them, to that one game. An agent
token opens nothing else.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, request

from companion.session.agents import AgentDesk, CorrectionRefusedError
from web.api.core import view_response
from web.config import services
from web.errors import ApiError, json_body, url_int
from web.security import agent_only, bearer_token

bp = Blueprint("agents", __name__)


def _desk() -> AgentDesk:
    desk = services().agents
    if desk is None:
        raise ApiError(404, "this server takes no camera agents")
    return desk


def _check_agent(game_id: str) -> None:
    if not _desk().token_matches(game_id, bearer_token()):
        raise ApiError(
            401,
            f"send this game's agent token as Authorization: Bearer <token> (game {game_id!r})",
            headers={"WWW-Authenticate": 'Bearer realm="dicetable-agent"'},
        )


@bp.post("/api/games/<game_id>/agent-token")
def issue_token(game_id: str) -> Response:
    """A new agent token for the game, shown once (the game's older one stops working)."""
    json_body(())
    token = _desk().issue_token(game_id)
    base = agent_base().rstrip("/")
    # `phone_url`: the table's phone camera page as that agent (docs/phone-camera.md).
    phone = f"{base}/games/{game_id}/camera#agent={token}"
    return view_response(
        {"token": token, "agent_url": f"{base}/games/{game_id}", "game_id": game_id,
         "phone_url": phone},
        201,
    )  # fmt: skip


def agent_base() -> str:
    """The server's address for an agent at another table: the one this browser used, unless
    that is this machine's own (127.0.0.1, localhost) and the server listens on the network,
    then its network address (the organiser's browser often runs on the server itself)."""
    from web.lan import network_urls

    config = services().config
    if urlsplit(request.host_url).hostname in ("127.0.0.1", "localhost", "::1"):
        found = network_urls(config.host, config.port, request.scheme)
        if found:
            return found[0]
    return request.host_url


@bp.get("/api/agent/games/<game_id>")
@agent_only
def hello(game_id: str) -> Response:
    """The agent is alive (`?camera=ok`, `ended`...: and its camera so); it learns the game and
    how its reader reads the dice."""
    _check_agent(game_id)
    return view_response(_desk().hello(game_id, request.args.get("camera")))


@bp.get("/api/agent/games/<game_id>/lessons")
@agent_only
def lessons(game_id: str) -> Response:
    """`?after=SEQ`: the agent's rolls players accepted since, with their corrections, which
    teach the table's memory on the agent's machine (`companion.agent.lessons`)."""
    _check_agent(game_id)
    after = url_int(request.args.get("after", "0"), "after")
    return view_response(_desk().lessons(game_id, after))


@bp.post("/api/agent/games/<game_id>/rolls")
@agent_only
def post_roll(game_id: str) -> Response:
    """`{"roll_id": "...", "dice": [Die JSON], "settled_at": "...Z", "frame_index": 12,
    "delay_ms": 310.5, "thumbnail_jpeg": "<base64>", "frame_size": {"width": 1280, "height":
    720}}`: 201 when kept, 200 when this roll id was kept before (`"repeat": true`; nothing
    changes). `thumbnail_jpeg` is the settled frame, `frame_size` the size its dice boxes are
    measured in (the page numbers the dice on it); `missed` (at most 8 Die JSON), what its
    reader passed over in that frame, which players may add from the picture."""
    _check_agent(game_id)
    body = json_body(
        {"roll_id", "dice", "settled_at", "frame_index", "delay_ms", "thumbnail_jpeg",
         "frame_size", "missed"},
        required={"roll_id", "dice", "settled_at"},
    )  # fmt: skip
    data: dict[str, Any] = {"dice": body["dice"]}
    if body.get("missed"):
        data["missed"] = body["missed"]
    for key in ("frame_index", "delay_ms"):
        if body.get(key) is not None:
            if isinstance(body[key], bool) or not isinstance(body[key], int | float):
                raise ApiError(400, f"{key} must be a number, got {body[key]!r}", key)
            data[key] = body[key]
    if body.get("frame_size") is not None:
        data["frame_size"] = _frame_size(body["frame_size"])
    thumbnail = _thumbnail(body.get("thumbnail_jpeg"))
    roll, new = _desk().receive(
        game_id, body["roll_id"], data, settled_at=body["settled_at"], thumbnail_jpeg=thumbnail
    )
    club = services().club
    if club is not None and new:
        club.changed(roll.game_id)
    answer = {"n": roll.n, "roll_id": roll.roll_id, "repeat": not new}
    return view_response(answer, 201 if new else 200)


@bp.post("/api/agent/games/<game_id>/corrections")
@agent_only
def post_correction(game_id: str) -> Response:
    """`{"roll_id": "...", "dice": [Die JSON]}`: the camera's later word on unsure dice of the
    roll it sent as `roll_id` (its dice in the same order and boxes, the cleared ones sure).
    200 `{"n", "roll_id", "changed"}` (`changed` false: taken before, nothing changes); 409
    naming why when the roll was accepted or is not pending (`reason`: "accepted",
    "not-pending" or "unknown"), the game unchanged."""
    _check_agent(game_id)
    body = json_body({"roll_id", "dice"}, required={"roll_id", "dice"})
    try:
        roll, changed = _desk().correct(game_id, body["roll_id"], body)
    except CorrectionRefusedError as exc:
        raise ApiError(409, str(exc), "roll_id", reason=exc.reason) from None
    return view_response({"n": roll.n, "roll_id": roll.roll_id, "changed": changed})


MAX_FRAME_SIDE = 10_000


def _frame_size(value: object) -> dict[str, int]:
    shown = f"frame_size must be {{'width': W, 'height': H}} in pixels, got {value!r}"
    if not isinstance(value, dict) or set(value) != {"width", "height"}:
        raise ApiError(400, shown, "frame_size")
    for side in value.values():
        if isinstance(side, bool) or not isinstance(side, int) or not 0 < side <= MAX_FRAME_SIDE:
            raise ApiError(400, shown, "frame_size")
    return {"width": value["width"], "height": value["height"]}


def _thumbnail(value: object) -> bytes | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ApiError(400, "thumbnail_jpeg must be base64 text", "thumbnail_jpeg")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise ApiError(400, "thumbnail_jpeg is not valid base64", "thumbnail_jpeg") from None
