"""A phone camera page's half of the API (docs/phone-camera.md): ask who sends to a table, send
it a frame, stop sending. `/api/games/<id>/camera/...` is a game's table (the control token, or
that game's agent token, opens it); `/api/camera/...` the server's own (`serve --source phone`).

A frame is the request body, `Content-Type: image/jpeg`, with the page's device id in
`X-Phone-Device` and its name in `X-Phone-Name`; `?takeover=1` takes the table from another
phone. Every refusal is a JSON error with a `reason` (`not-jpeg`, `too-large`, `too-frequent`,
`busy`, `taken-over`, `deleted`, `no-phone-camera`), and changes nothing.
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, request

from web.api.core import view_response
from web.config import services
from web.errors import ApiError
from web.phone import SERVER_TABLE, PhoneDesk, PhoneRefusedError
from web.security import agent_or_control

bp = Blueprint("phone", __name__)

DEVICE_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
JPEG_TYPES = ("image/jpeg", "image/jpg")


def _desk() -> PhoneDesk:
    desk = services().phones
    if desk is None:
        raise ApiError(404, "this server takes no phone camera")
    return desk


def _device() -> str:
    device = request.headers.get("X-Phone-Device", "")
    if DEVICE_RE.fullmatch(device) is None:
        raise ApiError(
            400,
            "X-Phone-Device must name this phone: 8-64 letters, digits, '-' or '_' "
            f"(got {device[:70]!r})",
            "device",
            reason="bad-device",
        )
    return device


def _refused(exc: PhoneRefusedError) -> ApiError:
    headers = {"Retry-After": "1"} if exc.reason == "too-frequent" else None
    return ApiError(exc.status, str(exc), headers=headers, reason=exc.reason, **exc.extra)


def _status(key: str) -> Response:
    device = request.headers.get("X-Phone-Device", "")
    try:
        return view_response(_desk().status(key, device if DEVICE_RE.fullmatch(device) else None))
    except PhoneRefusedError as exc:
        raise _refused(exc) from None


def _frame(key: str) -> Response:
    device = _device()
    kind = (request.mimetype or "").lower()
    if kind not in JPEG_TYPES:
        raise ApiError(
            415,
            f"a frame is sent as Content-Type: image/jpeg, not {kind or 'nothing'!r}",
            "frame",
            reason="not-jpeg",
        )
    data = request.get_data(cache=False)
    takeover = request.args.get("takeover") == "1"
    try:
        label = request.headers.get("X-Phone-Name")
        answer = _desk().push(key, device, label, data, takeover=takeover)
    except PhoneRefusedError as exc:
        raise _refused(exc) from None
    return view_response(answer)


def _leave(key: str) -> Response:
    return view_response({"left": _desk().leave(key, _device())})


@bp.get("/api/games/<game_id>/camera/phone")
@agent_or_control
def game_status(game_id: str) -> Response:
    """`{"sender": {"label", "seen_s_ago"} | null, "camera", "dice", "last_roll", ...}`."""
    return _status(game_id)


@bp.post("/api/games/<game_id>/camera/frames")
@agent_or_control
def game_frame(game_id: str) -> Response:
    """One JPEG frame for the game's table; the answer is the table as `camera/phone` says."""
    return _frame(game_id)


@bp.post("/api/games/<game_id>/camera/leave")
@agent_or_control
def game_leave(game_id: str) -> Response:
    return _leave(game_id)


@bp.get("/api/camera/phone")
def server_status() -> Response:
    return _status(SERVER_TABLE)


@bp.post("/api/camera/frames")
def server_frame() -> Response:
    return _frame(SERVER_TABLE)


@bp.post("/api/camera/leave")
def server_leave() -> Response:
    return _leave(SERVER_TABLE)
