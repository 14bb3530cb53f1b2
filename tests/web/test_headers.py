"""Every response says `nosniff` and carries a Content-Security-Policy allowing only this
server's own files; no page may be framed except the overlay, which streaming tools embed."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.api.support import OVERLAY
from web.headers import content_security_policy

PAGES = ["/", "/games/{id}", "/games/{id}/kid", "/kid", "/login"]
OVERLAYS = ["/overlay/{id}?token=" + OVERLAY, "/overlay?test=1&token=" + OVERLAY]
OTHERS = [
    "/api/games",
    "/api/games/{id}",
    "/api/games/{id}/record",
    "/api/games/nope",
    "/no/such/page",
    "/static/css/app.css",
    "/static/js/table.js",
]


def fetch(client: FlaskClient, path: str) -> TestResponse:
    answer = client.get(path)
    answer.get_data()
    answer.close()  # static files are streamed from an open file
    return answer


def directives(response_policy: str) -> dict[str, str]:
    parts = (p.strip().partition(" ") for p in response_policy.split(";"))
    return {name: value for name, _, value in parts}


@pytest.mark.parametrize("path", PAGES + OVERLAYS + OTHERS)
def test_every_answer_carries_the_headers(client: FlaskClient, game: str, path: str) -> None:
    answer = fetch(client, path.format(id=game))
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    policy = directives(answer.headers["Content-Security-Policy"])
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert "unsafe-inline" not in answer.headers["Content-Security-Policy"]
    assert "unsafe-eval" not in answer.headers["Content-Security-Policy"]


@pytest.mark.parametrize("path", PAGES + OTHERS)
def test_no_page_but_the_overlay_may_be_framed(client: FlaskClient, game: str, path: str) -> None:
    answer = fetch(client, path.format(id=game))
    assert directives(answer.headers["Content-Security-Policy"])["frame-ancestors"] == "'none'"
    assert answer.headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("path", OVERLAYS)
def test_the_overlay_may_be_framed(client: FlaskClient, game: str, path: str) -> None:
    answer = fetch(client, path.format(id=game))
    assert answer.status_code == 200
    assert directives(answer.headers["Content-Security-Policy"])["frame-ancestors"] == "*"
    assert "X-Frame-Options" not in answer.headers


def test_an_error_answer_carries_them_too(client: FlaskClient, game: str) -> None:
    answer = client.post(f"/api/games/{game}/events", json={"line": "Al: bank ²"})
    assert answer.status_code == 400
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Content-Security-Policy"] == content_security_policy(framed=False)


@pytest.mark.parametrize("path", PAGES + OVERLAYS)
def test_pages_hold_no_inline_code_the_policy_would_block(
    client: FlaskClient, game: str, path: str
) -> None:
    html = client.get(path.format(id=game)).get_data(as_text=True)
    assert " style=" not in html and "<style" not in html
    assert " onclick=" not in html and "javascript:" not in html
    scripts = html.split("<script")[1:]
    for script in scripts:
        opening = script.partition(">")[0]
        assert 'src="' in opening or 'type="application/json"' in opening, opening
