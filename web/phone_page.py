"""The phone camera page (docs/phone-camera.md): `/games/<id>/camera` films a game's table,
`/camera` the server's own (`serve --source phone`).

The page itself is open to anyone who can reach the server: it holds no game state, and a phone
that came with a game's agent token (`#agent=...`) has no control token to log in with. Every
frame it sends is checked (`web.api.phone`); the CSRF token is only in the page for a browser
that is logged in.
"""

from __future__ import annotations

from flask import Blueprint, Response, make_response, render_template, url_for

from companion.errors import InvalidGameIdError, UnknownGameError
from web.config import services
from web.phone import MAX_FPS
from web.security import Access, access, csrf_token, public

bp = Blueprint("phone_page", __name__, template_folder="templates")


def _page(api: str, back: str, game_id: str | None, code: int = 200) -> Response:
    logged_in = access() is Access.CONTROL
    html = render_template(
        "camera.html",
        csrf_token=csrf_token() if logged_in else "",
        logged_in=logged_in,
        api=api,
        back=back,
        game_id=game_id,
        max_fps=int(MAX_FPS),
    )
    response = make_response(html, code)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/games/<game_id>/camera")
@public
def game_camera(game_id: str) -> Response:
    try:
        info = services().session.store.get_game(game_id)
        if info.archived:
            raise UnknownGameError(f"game {game_id!r} was deleted")
        gid = info.id
    except (UnknownGameError, InvalidGameIdError):
        html = render_template(
            "error.html",
            csrf_token="",
            status="Not found",
            message=f"There is no game {game_id!r} here (was it deleted?).",
        )
        return make_response(html, 404)
    return _page(f"/api/games/{gid}/camera", url_for("pages.table", game_id=gid), gid)


@bp.get("/camera")
@public
def server_camera() -> Response:
    return _page("/api/camera", url_for("pages.home"), None)
