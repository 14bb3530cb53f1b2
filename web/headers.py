"""Headers every response carries: no MIME sniffing, and a Content-Security-Policy that lets a
page load only this server's own scripts, styles, images and streams.

No page may be framed (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older
browsers), so another site cannot lay the controls under a decoy and steer clicks. The overlay
is the exception: a streaming tool (OBS, a stream dashboard) may embed it, and it has nothing
to click. Its views are marked `@embeddable`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import current_app, request
from werkzeug.wrappers import Response

F = TypeVar("F", bound=Callable[..., object])

# The pages use only files from /static, fetch and EventSource to this server, images from it
# (thumbnails, the camera stream) and the overlay's empty `data:` favicon. Scripts set styles
# through the DOM (`el.style.width = ...`), which `style-src 'self'` allows; inline `<script>`
# holds only JSON data, which is not run.
POLICY = (
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
)
FRAMED_NEVER = "frame-ancestors 'none'"
FRAMED_ANYWHERE = "frame-ancestors *"


def embeddable(view: F) -> F:
    """Any site may frame this page (the overlay, for streaming tools)."""
    view.dicetable_embeddable = True  # type: ignore[attr-defined]
    return view


def content_security_policy(framed: bool) -> str:
    return "; ".join((*POLICY, FRAMED_ANYWHERE if framed else FRAMED_NEVER))


def is_embeddable() -> bool:
    """This request is for a page a streaming tool may frame (an overlay)."""
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, "dicetable_embeddable", False))


def add_headers(response: Response) -> Response:
    """The `after_request` hook."""
    framed = is_embeddable()
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = content_security_policy(framed)
    if not framed:
        response.headers["X-Frame-Options"] = "DENY"
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response
