"""Logging a browser in with the control token.

A page asked for without the right token answers with the login page (`LoginRequiredError`, raised
by `web.security.check_request`); API routes keep their JSON errors. Its form posts the token
to `POST /login`, so the token never stands in a URL, a browser history or a server log. The
form carries a random nonce that must match the `dicetable_login` cookie set with the page
(HttpOnly, SameSite=Strict): another site can neither read nor set it, so it cannot post a login
(cross-site posts are refused by `Origin` as well). `GET /login?token=...` still works for a
link printed on the console; `POST /logout` forgets the token.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from flask import Blueprint, make_response, redirect, render_template, request
from werkzeug.wrappers import Response

from web.config import services
from web.headers import is_embeddable
from web.overlay_notice import overlay_notice
from web.security import COOKIE, LoginRequiredError, public, safe_next, same_secret

LOGIN_NONCE = "dicetable_login"
NONCE_MAX_AGE_S = 3600
COOKIE_MAX_AGE_S = 30 * 24 * 3600
ASK = "This table is protected: enter its control token to open this page."
REFUSED = "The token this browser gave is not accepted for this page: enter the control token."
OVERLAY_ASK = "this address has no token. Copy the overlay URL again from the game's table page."
OVERLAY_REFUSED = (
    "the token in this address is not accepted. Copy the overlay URL again from the game's table "
    "page."
)

bp = Blueprint("auth", __name__, template_folder="templates")


def requested_page() -> str:
    """Where to go back after logging in: this request's path, without any `token`."""
    query = [(k, v) for k, v in request.args.items(multi=True) if k != "token"]
    return request.path + ("?" + urlencode(query) if query else "")


def _private(response: Response, cookie: str, value: str, max_age: int, path: str) -> None:
    """Set a cookie no script and no other site can read, on an answer nothing may cache."""
    response.set_cookie(
        cookie,
        value,
        max_age=max_age,
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
        path=path,
    )
    response.headers["Cache-Control"] = "no-store"


def login_page(status: int, message: str, target: str, *, refused: bool) -> Response:
    nonce = secrets.token_urlsafe(24)
    html = render_template("login.html", message=message, next=target, nonce=nonce, refused=refused)
    response = make_response(html, status)
    _private(response, LOGIN_NONCE, nonce, NONCE_MAX_AGE_S, "/login")
    # Not "no-referrer": a browser then posts the form with `Origin: null`, which the
    # cross-site check must refuse.
    response.headers["Referrer-Policy"] = "same-origin"
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="dicetable"'
    return response


@bp.app_errorhandler(LoginRequiredError)
def ask_to_log_in(error: LoginRequiredError) -> Response:
    if is_embeddable():
        # An overlay in a streaming tool: never an opaque login page over the stream.
        return overlay_notice(error.status, OVERLAY_ASK if error.status == 401 else OVERLAY_REFUSED)
    words = ASK if error.status == 401 else REFUSED
    return login_page(error.status, words, requested_page(), refused=error.status != 401)


def logged_in(token: str, target: str) -> Response:
    """Remember the control token in the browser and go on to `target`."""
    response = redirect(target, 303 if request.method == "POST" else 302)
    _private(response, COOKIE, token, COOKIE_MAX_AGE_S, "/")
    response.delete_cookie(LOGIN_NONCE, path="/login", httponly=True, samesite="Strict")
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _check_token(token: str | None, target: str) -> Response | None:
    """None when `token` is the control token, else the login page saying what is wrong."""
    svc = services()
    if same_secret(token, svc.control_token):
        return None
    if same_secret(token, svc.overlay_token):
        words = "That is the overlay token, which only opens the overlay: enter the control token."
    else:
        words = "That is not this table's control token; try again."
    return login_page(403, words, target, refused=True)


@bp.get("/login")
@public
def login() -> Response:
    """The login page; `?token=<control token>[&next=/games/abc]` logs in at once."""
    target = safe_next(request.args.get("next"))
    if services().control_token is None:
        return redirect(target)
    token = request.args.get("token")
    if token is None:
        return login_page(200, ASK, target, refused=False)
    return _check_token(token, target) or logged_in(token, target)


@bp.post("/login")
@public
def login_form() -> Response:
    """The login form: `token`, `next` and the `nonce` matching the page's cookie."""
    target = safe_next(request.form.get("next"))
    if services().control_token is None:
        return redirect(target, 303)
    if not same_secret(request.form.get("nonce"), request.cookies.get(LOGIN_NONCE)):
        words = "The login form had expired or came from elsewhere: enter the token again."
        return login_page(403, words, target, refused=True)
    token = request.form.get("token")
    return _check_token(token, target) or logged_in(token or "", target)


@bp.post("/logout")
@public
def logout() -> Response:
    response = redirect("/")
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
    return response
