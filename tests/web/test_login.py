"""With a control token, a browser asking for a page without it gets a login page (not a JSON
error); its form posts the token with a nonce bound to a cookie, so the token never stands in a
URL, and no other site can post it. The API keeps its JSON errors."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.api.support import CONTROL, OVERLAY, build, orange_game
from web.login import LOGIN_NONCE
from web.security import COOKIE, csrf_token

HTML = {"Accept": "text/html,application/xhtml+xml"}
WRONG = "wrong-token-0123456789"


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    app, session = build(tmp_path, host="0.0.0.0", control_token=CONTROL)
    yield app, orange_game(session)
    session.close()


def form_field(page: TestResponse, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page.get_data(as_text=True))
    assert found is not None, f"no {name} field in the login form"
    return html.unescape(found.group(1))


def log_in(client: FlaskClient, page: TestResponse, **fields: str) -> TestResponse:
    data = {"next": form_field(page, "next"), "nonce": form_field(page, "nonce"), **fields}
    return client.post("/login", data=data)


def test_a_page_without_the_token_answers_with_the_login_form(
    guarded: tuple[Flask, str],
) -> None:
    app, game = guarded
    client = app.test_client()
    page = client.get(f"/games/{game}", headers=HTML)
    body = page.get_data(as_text=True)
    assert (page.status_code, page.mimetype) == (401, "text/html")
    assert '<form method="post" action="/login"' in body
    assert form_field(page, "next") == f"/games/{game}"
    assert 'name="token"' in body and 'type="password"' in body
    nonce = page.headers["Set-Cookie"]
    assert nonce.startswith(f"{LOGIN_NONCE}={form_field(page, 'nonce')};")
    assert "HttpOnly" in nonce and "SameSite=Strict" in nonce and "Path=/login" in nonce
    with app.app_context():
        secret = csrf_token()
    assert CONTROL not in body and secret not in body and 'name="csrf-token"' not in body
    assert page.headers["Cache-Control"] == "no-store"

    api = client.get(f"/api/games/{game}", headers=HTML)
    assert (api.status_code, api.mimetype) == (401, "application/json")
    assert "token is needed" in api.get_json()["error"]


def test_the_login_form_sets_the_cookie_and_goes_back(guarded: tuple[Flask, str]) -> None:
    app, game = guarded
    client = app.test_client()
    page = client.get(f"/games/{game}/kid?x=1&token={WRONG}", headers=HTML)
    assert page.status_code == 403 and "not accepted" in page.get_data(as_text=True)
    assert WRONG not in page.get_data(as_text=True)
    assert form_field(page, "next") == f"/games/{game}/kid?x=1"

    answer = log_in(client, page, token=CONTROL)
    assert (answer.status_code, answer.headers["Location"]) == (303, f"/games/{game}/kid?x=1")
    cookies = answer.headers.getlist("Set-Cookie")
    assert any(c.startswith(f"{COOKIE}={CONTROL};") and "HttpOnly" in c for c in cookies)
    assert client.get(f"/games/{game}", headers=HTML).status_code == 200


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"token": WRONG}, "not this table's control token"),
        ({"token": OVERLAY}, "overlay token"),
        ({"token": ""}, "not this table's control token"),
        ({"token": CONTROL, "nonce": "forged-nonce"}, "expired or came from elsewhere"),
        ({"token": CONTROL, "nonce": ""}, "expired or came from elsewhere"),
    ],
)
def test_a_refused_login_shows_the_form_again_and_sets_no_cookie(
    guarded: tuple[Flask, str], fields: dict[str, str], words: str
) -> None:
    app, game = guarded
    client = app.test_client()
    page = client.get(f"/games/{game}", headers=HTML)
    answer = log_in(client, page, **fields)
    assert (answer.status_code, answer.mimetype) == (403, "text/html")
    assert words in html.unescape(answer.get_data(as_text=True))
    assert form_field(answer, "next") == f"/games/{game}"
    assert not any(c.startswith(f"{COOKIE}=") for c in answer.headers.getlist("Set-Cookie"))
    assert client.get(f"/games/{game}", headers=HTML).status_code == 401


def test_another_site_cannot_post_a_login(guarded: tuple[Flask, str]) -> None:
    app, game = guarded
    client = app.test_client()
    page = client.get(f"/games/{game}", headers=HTML)
    data = {"token": CONTROL, "next": "/", "nonce": form_field(page, "nonce")}
    answer = client.post("/login", data=data, headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    assert client.get(f"/games/{game}", headers=HTML).status_code == 401


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example", "\\\\evil"])
def test_the_form_goes_back_only_to_local_paths(guarded: tuple[Flask, str], target: str) -> None:
    app, _ = guarded
    client = app.test_client()
    page = client.get("/login")
    assert page.status_code == 200 and 'name="token"' in page.get_data(as_text=True)
    answer = log_in(client, page, token=CONTROL, next=target)
    assert (answer.status_code, answer.headers["Location"]) == (303, "/")


def test_without_a_control_token_login_just_goes_on(tmp_path: Path) -> None:
    app, session = build(tmp_path)
    try:
        client = app.test_client()
        assert client.get("/login?next=/kid").headers["Location"] == "/kid"
        assert client.post("/login", data={"next": "/kid"}).headers["Location"] == "/kid"
    finally:
        session.close()
