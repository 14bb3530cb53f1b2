"""The table's memory over HTTP: what it holds, registering the dice on the table, clearing it.

`GET /api/tables` says which table the camera reads at and what its memory holds;
`POST /api/tables/look` groups the dice the camera sees now by colour (a numbered snapshot: each
die has an index, and `GET /api/tables/look/N.jpg` is the frame with each die numbered index + 1);
`POST /api/tables/register` keeps that snapshot's dice as the players answered for each colour,
and the dice they marked one by one as "not a die" as such
and the faces they gave dice the camera misread, by index (a logo on the 6 read as a 3), and the
things the camera passed over (`passed` in the look, numbered after the dice) that they say are
dice, with their faces (`{"snapshot": 3, "answers": {"other": "blue", "black": "none"},
"not_dice": [4], "values": {"2": 6}, "passed": {"9": 1}}`); the summary says which faces the
table has been shown (`faces`);
`GET /api/tables/all` lists every table the data folder's memory holds (a game's phone camera
learns as table `phone-<game id>`), with what each remembers; `DELETE /api/tables/memory`
forgets every die of the table, or with `{"table": NAME}` of another table the data folder
holds (the empty table is `web.api.empty_table`'s). Looking waits for a still view
(`web.api.still`). Changes need the control token like every other change.

A game's phone's table is registered the same way while that phone sends here: `?table=NAME` on
the reads, `"table": NAME` in the look's and the register's bodies.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, Response, jsonify, request

from companion.tables.desk import Snapshot, TableDesk
from companion.tables.register import Group
from web.api.still import still_view
from web.config import services
from web.errors import ApiError, json_body, url_int

bp = Blueprint("tables", __name__)


def _desk() -> TableDesk:
    desk = services().tables
    if desk is None or not desk.learns:
        raise ApiError(409, "the table's memory needs the camera running with the model reader")
    return desk


def _camera(table: object) -> tuple[TableDesk, Any]:
    """The desk and live feed of table `table`: the server camera's (None: it), or a game's
    phone's while that phone sends here."""
    here = services().tables
    if table is None or (here is not None and table == here.table):
        return _desk(), services().live
    phones = services().phones
    found = None if phones is None or not isinstance(table, str) else phones.camera_of(table)
    if found is None:
        raise ApiError(
            409,
            f"no camera here looks at table {table!r} now: open its game's phone camera first",
            "table",
        )
    return found


@bp.get("/api/tables")
def summary() -> Response:
    """This camera's table; `?table=phone-<game>`: a game's phone's, while it sends here."""
    table = request.args.get("table")
    if table is not None:
        return jsonify(_camera(table)[0].summary())
    desk = services().tables
    if desk is None:
        return jsonify({"table": None, "learns": False, "dice": 0, "counts": {}})
    return jsonify(desk.summary())


@bp.get("/api/tables/all")
def every_table() -> Response:
    """Every table the data folder remembers dice of, the camera's first, then by name."""
    from companion.tables.register import face_progress
    from companion.tables.store import open_store

    here, phones = services().tables, services().phones
    current = None if here is None else here.table
    running = frozenset() if phones is None else phones.running_tables()
    rows = [
        {
            "table": s.name,
            "current": s.name == current,
            # A game's phone sends here now: its dice can be registered (`?table=`).
            "phone_running": s.name in running,
            "dice": s.dice,
            "counts": s.counts,
            "stale": s.stale,
            "die_size_px": None if s.die_size_px is None else round(s.die_size_px, 1),
            "faces_taught": face_progress(s.face_counts),
            "faces_by_marks": s.faces_by_marks,
        }
        for s in open_store(services().config.data_dir).summaries()
    ]
    rows.sort(key=lambda r: (not r["current"], r["table"]))
    return jsonify({"tables": rows})


@bp.post("/api/tables/look")
def look() -> Response:
    """`{}` looks at this camera's table; `{"table": "phone-<game>"}` at a game's phone's."""
    body = json_body({"table"})
    desk, live = _camera(body.get("table"))
    frame, reading = still_view(live)
    return jsonify(_snapshot_json(desk.snapshot(reading, frame), body.get("table")))


@bp.post("/api/tables/point")
def point() -> Response:
    """`{"snapshot": 3, "at": [x, y]}`: the die the players point at in look 3's picture
    (frame pixels), where the camera found none, read there and put among what it passed over;
    the look as `POST /api/tables/look` gives it, with `"pointed"`: that die's index, to say in
    the register's `passed` what face it shows."""
    body = json_body({"snapshot", "at", "table"}, required={"snapshot", "at"})
    desk = _camera(body.get("table"))[0]
    shot, index = desk.point(body["snapshot"], body["at"])
    return jsonify({**_snapshot_json(shot, body.get("table")), "pointed": index})


def _snapshot_json(shot: Snapshot, table: object) -> dict[str, Any]:
    groups, start = [], 0
    for group in shot.found:
        groups.append(_group_json(group, start))
        start += len(group.dice)
    picture = None
    if shot.picture_jpeg is not None:
        # The picture gains a numbered box with each die pointed at: a new address each time.
        query = {"seen": str(len(shot.passed))} | ({} if table is None else {"table": table})
        picture = f"/api/tables/look/{shot.number}.jpg?" + urlencode(query)
    passed = [
        {"index": start + k, "pips": d.pips, "colour": d.colour.value, "box_xyxy": list(d.box_xyxy)}
        for k, d in enumerate(shot.passed)
    ]
    return {"snapshot": shot.number, "groups": groups, "picture": picture, "passed": passed}


@bp.get("/api/tables/look/<number>.jpg")
def look_picture(number: str) -> Response:
    desk = _camera(request.args.get("table"))[0]
    data = desk.snapshot_picture(url_int(number, "snapshot"))
    if data is None:
        raise ApiError(404, f"no picture of snapshot {number}: look again", "snapshot")
    # Snapshot numbers start again with the server: a cached picture could be another table's.
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.post("/api/tables/register")
def register() -> Response:
    body = json_body(
        {"snapshot", "answers", "not_dice", "values", "passed", "table"},
        required={"snapshot", "answers"},
    )
    answers = body["answers"]
    if not isinstance(answers, dict):
        raise ApiError(400, "answers must map a colour as read to what those dice are", "answers")
    desk = _camera(body.get("table"))[0]
    added = desk.register(
        body["snapshot"], answers, body.get("not_dice"), body.get("values"), body.get("passed")
    )
    return jsonify({"added": added, **desk.summary()})


@bp.delete("/api/tables/memory")
def clear() -> Response:
    body = json_body({"table"})
    here = services().tables
    name = body.get("table")
    if name is None or (here is not None and name == here.table):
        desk = _desk()
        gone = desk.clear()
        return jsonify({"removed": gone, **desk.summary()})
    return jsonify({"removed": _forget_other(name), "table": name})


def _forget_other(name: object) -> int:
    """Forget another table of the data folder (a game's phone's: its running reader too)."""
    from companion.tables.store import open_store

    store = open_store(services().config.data_dir)
    known = [s.name for s in store.summaries()]
    if not isinstance(name, str) or name not in known:
        shown = ", ".join(known) or "none"
        raise ApiError(400, f"no table {name!r} remembers any dice here (tables: {shown})", "table")
    phones = services().phones
    gone = None if phones is None else phones.forget_table(name)
    return store.clear(name) if gone is None else gone


def _group_json(group: Group, start: int) -> dict[str, Any]:
    """A group and each of its dice; `start` is the index of its first die."""
    return {
        "colour": group.colour.value,
        "count": len(group.dice),
        "unsure": sum(1 for d in group.dice if d.unsure),
        "pips": [d.pips for d in group.dice],
        "boxes": [list(d.box_xyxy) for d in group.dice],
        "dice": [
            {"index": start + k, "pips": d.pips, "box_xyxy": list(d.box_xyxy), "unsure": d.unsure}
            for k, d in enumerate(group.dice)
        ],
    }
