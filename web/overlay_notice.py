"""What an overlay address answers when it cannot show the game (a wrong or missing token, a game
that is not in this data folder): a transparent page with one small notice in its corner, so a
streaming tool never lays an opaque login or error page over the stream."""

from __future__ import annotations

from flask import Response, make_response, render_template


def overlay_notice(status: int, message: str) -> Response:
    response = make_response(render_template("overlay_notice.html", message=message), status)
    response.headers["Cache-Control"] = "no-store"
    return response
