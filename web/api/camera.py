"""The camera half of the API: declare an attempt, correct the pending roll, accept or cancel it,
enter a roll by hand; the table's last roll and its stream; the camera's status and video.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from companion.session.agents import reading_of, shot_id
from companion.session.roll import make_last_roll
from companion.session.values import LastRoll
from web.api.core import jpeg_response, view_response
from web.api.missed import missed_die
from web.config import services
from web.errors import ApiError, json_body, optional_seq, url_int
from web.security import overlay_readable
from web.sse import event_stream, mjpeg_response, roll_events, roll_json

bp = Blueprint("camera", __name__)


@bp.post("/api/games/<game_id>/attempt")
def declare_attempt(game_id: str) -> Response:
    """`{"player": "Al", "goal": "orange"}`: the next settled roll is this attempt's."""
    body = json_body({"player", "goal"}, required={"player"})
    view = services().session.declare_attempt(game_id, body["player"], body.get("goal"))
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/roll-again")
def declare_roll_again(game_id: str) -> Response:
    """`{"player": "Al", "verb": "doover"}` (or `"reroll"`, with `"returned": "#1"` where a
    re-roll is paid with a completed goal): the next settled roll throws Al's failed roll again."""
    body = json_body({"player", "verb", "returned"}, required={"player", "verb"})
    session = services().session
    view = session.declare_roll_again(game_id, body["player"], body["verb"], body.get("returned"))
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/table-roll")
def declare_table_roll(game_id: str) -> Response:
    """`{}`: the next settled table is the roll of every player still to roll (a game where
    all throw at once), each player's dice read in their zone of the table."""
    json_body(())
    return view_response(services().session.declare_table_roll(game_id).to_json())


@bp.get("/api/games/<game_id>/pending")
def pending(game_id: str) -> Response:
    found = services().session.pending(game_id)
    return view_response({"pending": None if found is None else found.to_json()})


@bp.get("/api/games/<game_id>/pending/thumbnail.jpg")
def pending_thumbnail(game_id: str) -> Response:
    data = services().session.pending_thumbnail(game_id)
    return jpeg_response(data, f"the pending roll of game {game_id}")


@bp.post("/api/games/<game_id>/pending/dice/<index>")
def correct_die(game_id: str, index: str) -> Response:
    """`{"colour": "yellow", "pips": 5}` sets die `index` (0-based); the same values confirm."""
    body = json_body({"colour", "pips", "was"}, required={"colour", "pips"})
    session = services().session
    number = url_int(index, "index")
    view = session.correct_die(game_id, number, body["colour"], body["pips"], body.get("was"))
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/pending/queued")
def use_queued(game_id: str) -> Response:
    """Show the newer camera roll that waited behind the one shown (its corrections go)."""
    json_body(())
    return view_response(services().session.use_queued(game_id).to_json())


@bp.post("/api/games/<game_id>/pending/dice")
def add_die(game_id: str) -> Response:
    """`{"colour": "red", "pips": 4}`, with `"player": "Ann"` in a table roll; with
    `"missed": 0, "roll_id": 3`, the die is missed die 0 of `GET .../pending/missed` for roll 3,
    added with its box in the frame, which the accepted roll teaches the table; a die pointed at
    (`POST .../pending/missed`) is added with the `"at"` it was pointed at too."""
    allowed = {"colour", "pips", "player", "missed", "roll_id", "at"}
    body = json_body(allowed, required={"colour", "pips"})
    seen = missed_die(game_id, body)
    session = services().session
    view = session.add_die(game_id, body["colour"], body["pips"], body.get("player"), seen)
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/pending/keep-needed")
def keep_needed(game_id: str) -> Response:
    """`{}`: keep only the dice the attempt rolls (its colours and count); the camera's other
    dice (on the table, not part of this roll) are removed, each a correction in the history."""
    json_body(())
    return view_response(services().session.keep_needed(game_id).to_json())


@bp.delete("/api/games/<game_id>/pending/dice/<index>")
def remove_die(game_id: str, index: str) -> Response:
    """`{"was": "r3"}` removes a die not part of the roll (teaching nothing); with
    `"not_a_die": true`, players say it is no die at all, which the accepted roll teaches."""
    body = json_body({"was", "not_a_die"})
    session, number = services().session, url_int(index, "index")
    view = session.remove_die(game_id, number, body.get("was"), body.get("not_a_die", False))
    return view_response(view.to_json())


@bp.post("/api/games/<game_id>/pending/accept")
def accept(game_id: str) -> Response:
    body = json_body({"expected_seq"})
    view = services().session.accept_roll(game_id, expected_seq=optional_seq(body))
    return view_response(view.to_json(), 201)


@bp.post("/api/games/<game_id>/pending/cancel")
def cancel(game_id: str) -> Response:
    json_body(())
    return view_response(services().session.cancel_attempt(game_id).to_json())


@bp.post("/api/games/<game_id>/manual-roll")
def manual_roll(game_id: str) -> Response:
    """`{"dice": "y4 y5 b2"}` (or a list of tokens)."""
    body = json_body({"dice"}, required={"dice"})
    return view_response(services().session.manual_roll(game_id, body["dice"]).to_json())


@bp.get("/api/roll/last")
@overlay_readable
def last_roll() -> Response:
    """The table's last roll; `?game=ID` at a club table whose camera is an agent: that
    table's last camera roll, from the store (whichever server process took it)."""
    game = request.args.get("game")
    if game:
        found = _agent_last_roll(game)
        if found is not None:
            return view_response(roll_json(found))
    return view_response(roll_json(services().session.last_roll()))


def _agent_last_roll(game_id: str) -> LastRoll | None:
    svc = services()
    if svc.agents is None or svc.agents.agent_state(game_id) is None:
        return None
    roll = svc.session.store.last_camera_roll(game_id)
    if roll is None:
        return None
    dice = reading_of(roll.data).dice
    return make_last_roll(roll.n, dice, roll.received_at, game_id, shot_id(roll.n))


@bp.get("/api/roll/stream")
@overlay_readable
def roll_stream() -> Response:
    svc = services()
    last_id = request.headers.get("Last-Event-ID")
    first = svc.session.last_roll()
    return event_stream(roll_events(svc.session, first, last_id, svc.config.heartbeat_s))


@bp.get("/api/camera")
@overlay_readable
def camera() -> Response:
    """The server's own camera; `?game=ID` at a table with a camera agent: that agent, which
    is this table's camera (its next settled roll answers the table's declared attempt)."""
    svc = services()
    game = request.args.get("game")
    agent = svc.agents.agent_state(game) if game and svc.agents is not None else None
    if agent is not None:
        return view_response(agent_camera(agent))
    live = svc.live
    if live is None:
        return view_response({"camera": "off", "state": None, "source": None})
    # `demo`: the feed plays the bundled recording, so the start page offers its demo game;
    # `colour_faces`: it reads the flyer's colour-face dice (`serve --game flyer`).
    demo = bool(getattr(live, "demo", False))
    return view_response(dict(live.status(), demo=demo, colour_faces=_reads_colour_faces(live)))


def _reads_colour_faces(live: object) -> bool | None:
    """Whether the feed's model reader reads colour faces; None where it has no model reader."""
    from companion.tables.desk import model_reader_of

    reader = model_reader_of(getattr(live, "reader", None))
    return None if reader is None else bool(reader.config.colour_faces)


@bp.get("/video.mjpeg")
def video() -> Response:
    svc = services()
    if svc.live is None:
        raise ApiError(404, "no camera: the dashboard runs without a live feed")
    session = svc.session
    return mjpeg_response(svc.live, svc.config.mjpeg_fps, lambda: session.closed)


def agent_camera(agent: dict[str, object]) -> dict[str, object]:
    """A table's camera agent as `/api/camera` tells a camera: `ok` while it is heard from,
    `lost` when silent; no video (the agent keeps its frames), each roll's settled frame."""
    told = agent.get("camera")
    if not agent.get("connected"):
        camera, detail = "lost", "the camera agent is silent"
    elif told in ("ended", "stopped", "failed"):
        camera, detail = "ended", "the camera agent's camera stopped"
    elif told in ("lost", "starting"):
        camera, detail = str(told), "the camera agent's camera"
    else:
        camera, detail = "ok", ""
    return {
        "camera": camera,
        "detail": detail,
        "source": "the table's camera agent",
        "state": None,
        "agent": agent,
        "video": False,
    }
