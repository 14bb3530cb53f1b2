"""Who may read and who may change: checked once per request, before any view runs.

- Every POST/DELETE is refused when it comes from another site (`Origin` naming another host,
  or `Sec-Fetch-Site: cross-site|same-site`).
- Without a control token (allowed on loopback only) anyone on this machine may read and change,
  but the `Host` header must name this machine, so a page on a rebinding DNS name cannot.
- With a control token, a change needs `Authorization: Bearer <token>`, or the `dicetable_token`
  cookie (set by the login page, `web.login`) together with the `X-CSRF-Token` header from the
  page's `<meta name="csrf-token">`. Reading needs the token too, except that the overlay token
  (header, or `?token=`) reads the views marked `@overlay_readable`. Views marked `@public`
  (login, static files) need nothing; a game's agent token opens its phone camera's views
  (`@agent_or_control`). A browser refused a page gets the login page; the API
  answers JSON errors.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar
from urllib.parse import urlsplit

from flask import current_app, g, request

from web.config import LOOPBACK_NAMES, Services, services
from web.errors import ApiError, wants_json

COOKIE = "dicetable_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
F = TypeVar("F", bound=Callable[..., object])


class Access(StrEnum):
    NONE = "none"
    OVERLAY = "overlay"
    CONTROL = "control"


def overlay_readable(view: F) -> F:
    """The overlay token may GET this view (the overlay page, its state and its stream)."""
    view.dicetable_overlay = True  # type: ignore[attr-defined]
    return view


def agent_only(view: F) -> F:
    """A camera agent's view: it checks the game's agent token itself (`web.api.agents`); the
    control and overlay tokens neither open nor are needed for it."""
    view.dicetable_agent = True  # type: ignore[attr-defined]
    return view


def agent_or_control(view: F) -> F:
    """A phone camera's view (`web.api.phone`): the control token opens it as any change, and
    so does the `<game_id>`'s agent token alone (the phone is then that table's agent)."""
    view.dicetable_agent_or_control = True  # type: ignore[attr-defined]
    return view


def _game_agent(svc: Services) -> bool:
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, str) or svc.agents is None:
        return False
    return svc.agents.token_matches(game_id, _bearer())


def public(view: F) -> F:
    """No token needed (login, static files); cross-site POSTs are still refused."""
    view.dicetable_public = True  # type: ignore[attr-defined]
    return view


def same_secret(given: str | None, secret: str | None) -> bool:
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


def bearer_token() -> str | None:
    """The token of this request's `Authorization: Bearer` header, if any."""
    return _bearer()


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _credential(svc: Services) -> tuple[Access, str | None, bool]:
    """(access, how it was given, whether any token was presented at all)."""
    bearer, cookie, query = _bearer(), request.cookies.get(COOKIE), request.args.get("token")
    if same_secret(bearer, svc.control_token):
        return Access.CONTROL, "bearer", True
    if same_secret(cookie, svc.control_token):
        return Access.CONTROL, "cookie", True
    if request.method in SAFE_METHODS and same_secret(query, svc.control_token):
        return Access.CONTROL, "query", True
    if same_secret(bearer, svc.overlay_token) or same_secret(query, svc.overlay_token):
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


class LoginRequiredError(ApiError):
    """A page (not the API) was asked for without a token that may read it: `web.login`
    answers with the login page instead of a JSON error."""


def check_request() -> None:
    """The `before_request` hook; raises ApiError (401 or 403) to refuse, or
    LoginRequiredError for a page a browser may not read yet."""
    svc = services()
    unsafe = request.method not in SAFE_METHODS
    _check_host(svc)
    if unsafe:
        _check_origin()
    if request.endpoint is None or _marked("dicetable_public") or svc.control_token is None:
        return
    if _marked("dicetable_agent"):
        return
    if _marked("dicetable_agent_or_control") and _game_agent(svc):
        return
    level, how, presented = _credential(svc)
    g.dicetable_access = level
    if unsafe:
        _check_write(level, how, presented)
        return
    if level is Access.CONTROL or (level is Access.OVERLAY and _marked("dicetable_overlay")):
        return
    refused = _refusal(level, presented)
    if wants_json():
        raise refused
    raise LoginRequiredError(refused.status, refused.message)


def _refusal(level: Access, presented: bool) -> ApiError:
    if level is Access.OVERLAY:
        return ApiError(403, "the overlay token only reads the overlay, its state and its stream")
    if presented:
        return ApiError(403, "the token given is not accepted here")
    return ApiError(
        401,
        "a token is needed: send Authorization: Bearer <token>, or open /login?token=...",
        headers={"WWW-Authenticate": 'Bearer realm="dicetable"'},
    )


def _check_write(level: Access, how: str | None, presented: bool) -> None:
    if level is Access.NONE:
        raise _refusal(level, presented)
    if level is not Access.CONTROL:
        raise ApiError(403, "this token is read-only; changes need the control token")
    if how == "cookie" and not same_secret(request.headers.get(CSRF_HEADER), csrf_token()):
        raise ApiError(403, f"missing or wrong {CSRF_HEADER} header (reload the page)")
    if how == "query":
        raise ApiError(403, "send the control token in the Authorization header, not the URL")


def safe_next(target: str | None) -> str:
    """`target` if it is a path on this server, else `/` (no open redirects).

    Browsers drop tabs and line breaks from a URL, so `/<TAB>/evil.example` is `//evil.example`
    to them: any whitespace or control character refuses the target (and a line break could
    not stand in a `Location` header anyway)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(c.isspace() or not c.isprintable() for c in target):
        return "/"
    return target
