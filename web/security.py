"""Who may read and who may change: checked once per request, before any view runs.

- Every POST/DELETE is refused when it comes from another site (`Origin` naming another host,
  or `Sec-Fetch-Site: cross-site|same-site`).
- Without a control token (allowed on loopback only) anyone on this machine may read and change,
  but the `Host` header must name this machine, so a page on a rebinding DNS name cannot.
- With a control token, a change needs `Authorization: Bearer <token>`, or the `dicetable_token`
  cookie (set by `/login?token=...`) together with the `X-CSRF-Token` header from the page's
  `<meta name="csrf-token">`. Reading needs the token too, except that the overlay token
  (header, or `?token=`) reads the views marked `@overlay_readable`. Views marked `@public`
  (login, static files) need nothing.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar
from urllib.parse import urlsplit

from flask import Blueprint, current_app, g, redirect, request
from werkzeug.wrappers import Response

from web.config import LOOPBACK_NAMES, Services, services
from web.errors import ApiError

COOKIE = "dicetable_token"
CSRF_HEADER = "X-CSRF-Token"
COOKIE_MAX_AGE_S = 30 * 24 * 3600
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
F = TypeVar("F", bound=Callable[..., object])

bp = Blueprint("auth", __name__)


class Access(StrEnum):
    NONE = "none"
    OVERLAY = "overlay"
    CONTROL = "control"


def overlay_readable(view: F) -> F:
    """The overlay token may GET this view (the overlay page, its state and its stream)."""
    view.dicetable_overlay = True  # type: ignore[attr-defined]
    return view


def public(view: F) -> F:
    """No token needed (login, static files); cross-site POSTs are still refused."""
    view.dicetable_public = True  # type: ignore[attr-defined]
    return view


def _same(given: str | None, secret: str | None) -> bool:
    if not given or not secret:
        return False
    return hmac.compare_digest(given.encode(), secret.encode())


def csrf_token() -> str:
    """The value pages put in `<meta name="csrf-token">` and send back as `X-CSRF-Token`.
    Derived from the control token, so only a page this server rendered for a logged-in
    browser knows it; another site can neither read it nor the HttpOnly cookie."""
    svc = services()
    key = (svc.control_token or svc.overlay_token).encode()
    return hmac.new(key, b"dicetable-csrf-v1", hashlib.sha256).hexdigest()


def access() -> Access:
    """What this request's credentials allow (CONTROL for everyone when no token is set)."""
    cached = g.get("dicetable_access")
    if isinstance(cached, Access):
        return cached
    svc = services()
    found = _credential(svc)[0] if svc.control_token is not None else Access.CONTROL
    g.dicetable_access = found
    return found


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _credential(svc: Services) -> tuple[Access, str | None, bool]:
    """(access, how it was given, whether any token was presented at all)."""
    bearer, cookie, query = _bearer(), request.cookies.get(COOKIE), request.args.get("token")
    if _same(bearer, svc.control_token):
        return Access.CONTROL, "bearer", True
    if _same(cookie, svc.control_token):
        return Access.CONTROL, "cookie", True
    if request.method in SAFE_METHODS and _same(query, svc.control_token):
        return Access.CONTROL, "query", True
    if _same(bearer, svc.overlay_token) or _same(query, svc.overlay_token):
        return Access.OVERLAY, "overlay", True
    return Access.NONE, None, bool(bearer or cookie or query)


def hostname(host: str) -> str:
    """The name part of a Host header: `[::1]:8000` -> `::1`, `localhost:8000` -> `localhost`."""
    if host.startswith("["):
        return host[1:].partition("]")[0].lower()
    return host.rpartition(":")[0].lower() if host.count(":") == 1 else host.lower()


def _check_host(svc: Services) -> None:
    if svc.control_token is not None:
        return
    name = hostname(request.host or "")
    if name not in LOOPBACK_NAMES and name not in svc.config.allowed_hosts:
        raise ApiError(
            403, f"Host {request.host!r} is not this machine; open http://127.0.0.1 instead"
        )


def _check_origin() -> None:
    origin = request.headers.get("Origin")
    if origin is not None and (origin == "null" or urlsplit(origin).netloc != request.host):
        raise ApiError(403, f"cross-site request refused: Origin {origin!r} is not this server")
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site in ("cross-site", "same-site"):
        raise ApiError(403, f"cross-site request refused (Sec-Fetch-Site: {fetch_site})")


def _marked(name: str) -> bool:
    endpoint = request.endpoint or ""
    if name == "dicetable_public" and (endpoint == "static" or endpoint.endswith(".static")):
        return True
    view = current_app.view_functions.get(endpoint)
    return bool(getattr(view, name, False))


def check_request() -> None:
    """The `before_request` hook; raises ApiError (401 or 403) to refuse."""
    svc = services()
    unsafe = request.method not in SAFE_METHODS
    _check_host(svc)
    if unsafe:
        _check_origin()
    if request.endpoint is None or _marked("dicetable_public") or svc.control_token is None:
        return
    level, how, presented = _credential(svc)
    g.dicetable_access = level
    if level is Access.NONE:
        if presented:
            raise ApiError(403, "the token given is not accepted here")
        raise ApiError(
            401,
            "a token is needed: send Authorization: Bearer <token>, or open /login?token=...",
            headers={"WWW-Authenticate": 'Bearer realm="dicetable"'},
        )
    if unsafe:
        _check_write(level, how)
    elif level is Access.OVERLAY and not _marked("dicetable_overlay"):
        raise ApiError(403, "the overlay token only reads the overlay, its state and its stream")


def _check_write(level: Access, how: str | None) -> None:
    if level is not Access.CONTROL:
        raise ApiError(403, "this token is read-only; changes need the control token")
    if how == "cookie" and not _same(request.headers.get(CSRF_HEADER), csrf_token()):
        raise ApiError(403, f"missing or wrong {CSRF_HEADER} header (reload the page)")
    if how == "query":
        raise ApiError(403, "send the control token in the Authorization header, not the URL")


def _safe_next(target: str | None) -> str:
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return "/"


@bp.get("/login")
@public
def login() -> Response:
    """`/login?token=<control token>[&next=/games/abc]` sets the cookie, then redirects."""
    svc = services()
    token = request.args.get("token")
    if svc.control_token is None:
        return redirect(_safe_next(request.args.get("next")))
    if _same(token, svc.overlay_token):
        raise ApiError(403, "that is the overlay token; log in with the control token", "token")
    if not _same(token, svc.control_token):
        raise ApiError(403, "wrong or missing control token", "token")
    response = redirect(_safe_next(request.args.get("next")))
    response.set_cookie(
        COOKIE,
        token or "",
        max_age=COOKIE_MAX_AGE_S,
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
        path="/",
    )
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.post("/logout")
@public
def logout() -> Response:
    response = redirect("/")
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
    return response
