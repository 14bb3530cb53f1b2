"""The table's memory over HTTP: what it holds, registering the dice on the table, clearing it.

`GET /api/tables` says which table the camera reads at and what its memory holds;
`POST /api/tables/look` groups the dice the camera sees now by colour (a numbered snapshot);
`POST /api/tables/register` keeps that snapshot's dice as the players answered for each colour
(`{"snapshot": 3, "answers": {"other": "blue", "black": "none"}}`); `DELETE /api/tables/memory`
forgets every die of the table; `POST /api/tables/empty` keeps the camera's newest frame as the
empty table (board and pieces laid out, no dice), whose pieces are then never read as dice.
Changes need the control token like every other change.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt
from flask import Blueprint, Response, jsonify

from companion.tables.desk import TableDesk
from companion.tables.register import Group
from web.config import services
from web.errors import ApiError, json_body

bp = Blueprint("tables", __name__)


@runtime_checkable
class _Framed(Protocol):
    """A camera feed that hands over its newest frame (`vision.live.LivePipeline` does)."""

    def latest_frame(self) -> npt.NDArray[np.uint8] | None: ...


def _desk() -> TableDesk:
    desk = services().tables
    if desk is None or not desk.learns:
        raise ApiError(409, "the table's memory needs the camera running with the model reader")
    return desk


@bp.get("/api/tables")
def summary() -> Response:
    desk = services().tables
    if desk is None:
        return jsonify({"table": None, "learns": False, "dice": 0, "counts": {}})
    return jsonify(desk.summary())


@bp.post("/api/tables/look")
def look() -> Response:
    json_body(())
    desk, live = _desk(), services().live
    reading = None if live is None else live.latest_reading()
    shot = desk.snapshot(reading)
    return jsonify({"snapshot": shot.number, "groups": [_group_json(g) for g in shot.found]})


@bp.post("/api/tables/register")
def register() -> Response:
    body = json_body({"snapshot", "answers"}, required={"snapshot", "answers"})
    answers = body["answers"]
    if not isinstance(answers, dict):
        raise ApiError(400, "answers must map a colour as read to what those dice are", "answers")
    desk = _desk()
    added = desk.register(body["snapshot"], answers)
    return jsonify({"added": added, **desk.summary()})


@bp.delete("/api/tables/memory")
def clear() -> Response:
    json_body(())
    desk = _desk()
    gone = desk.clear()
    return jsonify({"removed": gone, **desk.summary()})


@bp.post("/api/tables/empty")
def record_empty() -> Response:
    json_body(())
    desk, live = _desk(), services().live
    frame = live.latest_frame() if isinstance(live, _Framed) else None
    phantoms = desk.record_empty(frame)
    return jsonify({"phantoms": phantoms, **desk.summary()})


def _group_json(group: Group) -> dict[str, Any]:
    return {
        "colour": group.colour.value,
        "count": len(group.dice),
        "unsure": sum(1 for d in group.dice if d.unsure),
        "pips": [d.pips for d in group.dice],
        "boxes": [list(d.box_xyxy) for d in group.dice],
    }
