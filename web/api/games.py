"""Routes for a whole game beside its events (docs/api.md): rename it, delete it (put away,
its record handed back; nothing is erased from the store) and start a rematch."""

from __future__ import annotations

import json

from flask import Blueprint, Response

from web.api.core import attachment, view_response
from web.config import services
from web.errors import json_body

bp = Blueprint("api_games", __name__)


@bp.post("/api/games/<game_id>/title")
def rename(game_id: str) -> Response:
    """`{"title": "Friday at the club"}`; 200 with the view."""
    body = json_body({"title"}, required={"title"})
    return view_response(services().session.rename_game(game_id, body["title"]).to_json())


@bp.post("/api/games/<game_id>/delete")
def delete(game_id: str) -> Response:
    """`{"confirm": "<the game's id>"}`: the game leaves the list; 200 with its record and the
    name to save it under."""
    body = json_body({"confirm"}, required={"confirm"})
    session = services().session
    record = session.put_away(game_id, body["confirm"])
    filename = session.export_names(game_id)["record"]
    return view_response({"deleted": game_id, "record": record, "filename": filename})


@bp.post("/api/games/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """A new game with the same players and options; 201 with its view."""
    json_body(())
    view = services().session.rematch(game_id)
    response = view_response(view.to_json(), 201)
    response.headers["Location"] = f"/api/games/{view.game_id}"
    return response


@bp.post("/api/demo-game")
def demo_game() -> Response:
    """`{}`: the game the demo recording is a game of (companion/session/demo.py), the latest
    unfinished one or a new one: 200 or 201 with `game_id`, `url` and `next` (what to do)."""
    json_body(())
    from companion.session import demo

    game_id, made = services().session.open_demo_game()
    body = {"game_id": game_id, "url": f"/games/{game_id}", "next": list(demo.NEXT_STEPS)}
    return view_response(body, 201 if made else 200)


@bp.get("/api/games/<game_id>/scores")
def scores(game_id: str) -> Response:
    """Each player's score after every live event, for the table's plot."""
    return view_response(services().session.score_timeline(game_id))


@bp.get("/api/games/<game_id>/bgstats.json")
def bgstats(game_id: str) -> Response:
    """The game as a Board Game Stats play file (download)."""
    session = services().session
    text = json.dumps(session.bgstats(game_id), ensure_ascii=False, indent=1)
    return attachment(text, "application/json", session.export_names(game_id)["bgstats"])
