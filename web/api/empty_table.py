"""The empty table over HTTP (issue 47 item 1): look, then keep, or forget.

`POST /api/tables/empty/look` takes a still view of the table and numbers what the camera reads
as dice in it (`GET /api/tables/empty/look/N.jpg`); `POST /api/tables/empty` with `{"look": N}`
keeps that view as the table's empty picture, and with dice in it only with `"confirm": true`
(the players say they are the board's pieces); `DELETE /api/tables/empty` forgets it. Changes
need the control token like every other change.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from companion.tables.desk import TableDesk
from web.api.still import still_view
from web.config import services
from web.errors import ApiError, json_body, url_int

bp = Blueprint("empty_table", __name__)


def _desk() -> TableDesk:
    desk = services().tables
    if desk is None or not desk.learns:
        raise ApiError(409, "the empty table needs the camera running with the model reader")
    return desk


@bp.post("/api/tables/empty/look")
def look() -> Response:
    json_body(())
    desk = _desk()
    frame, _ = still_view(services().live)
    shot = desk.look_empty(frame)
    return jsonify(
        {
            "look": shot.number,
            "picture": f"/api/tables/empty/look/{shot.number}.jpg",
            "dice": shot.dice,
            "boxes": [list(d.box_xyxy) for d in shot.things],
            "message": shot.message(),
        }
    )


@bp.get("/api/tables/empty/look/<number>.jpg")
def look_picture(number: str) -> Response:
    data = _desk().empty_picture(url_int(number, "look"))
    if data is None:
        raise ApiError(404, f"no picture of look {number}: look again", "look")
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.post("/api/tables/empty")
def keep() -> Response:
    body = json_body({"look", "confirm"}, required={"look"})
    desk = _desk()
    phantoms = desk.record_empty(body["look"], body.get("confirm", False))
    return jsonify({"phantoms": phantoms, **desk.summary()})


@bp.delete("/api/tables/empty")
def forget() -> Response:
    json_body(())
    desk = _desk()
    gone = desk.forget_empty()
    return jsonify({"forgotten": gone, **desk.summary()})
