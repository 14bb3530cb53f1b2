"""`/club`: every table of the club at a glance, live (`web/static/js/club.js` follows
`/api/club/stream`), each card linking to that table's view, kid view and overlay."""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template

from web.config import services
from web.security import csrf_token

bp = Blueprint("club_page", __name__)


@bp.get("/club")
def club() -> Response:
    from web.api.agents import agent_base

    html = render_template(
        "club.html",
        csrf_token=csrf_token(),
        overlay_token=services().overlay_token,
        server_url=agent_base(),
    )
    response = make_response(html)
    response.headers["Cache-Control"] = "no-store"  # it carries the CSRF token
    return response
