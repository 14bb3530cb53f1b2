"""`GET /api/games/<id>/stats`: roll statistics and the dice fairness check of one game
(docs/api.md). The numbers come from `companion.exports.stats`; this view only reads the live
events.
"""

from __future__ import annotations

from flask import Blueprint, Response

from companion.exports.stats import game_stats
from companion.games import find_game
from companion.session import amend
from web.api.core import view_response
from web.config import services

bp = Blueprint("stats", __name__)


@bp.get("/api/games/<game_id>/stats")
def stats(game_id: str) -> Response:
    session = services().session
    view = session.view(game_id)
    live = amend.live([entry for entry in session.history(view.game_id) if not entry.undone])
    figures = game_stats(find_game(view.game), view.header, live)
    seq = live[-1].seq if live else 0
    return view_response({"id": view.game_id, "seq": seq, **figures.to_json()})
