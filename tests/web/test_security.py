"""Who may read and change: the loopback rule, control and overlay tokens, the login cookie with
its CSRF header, cross-site refusals, Host checks, and URLs that never become paths."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.session import Session
from tests.web.api.support import CONTROL, OVERLAY, build, orange_game
from web.app import create_app
from web.config import (
    OVERLAY_TOKEN_FILE,
    WebConfig,
    WebConfigError,
    load_overlay_token,
    services,
)
from web.security import COOKIE, csrf_token

BEARER = {"Authorization": f"Bearer {CONTROL}"}
LINE = {"line": "Al: pass"}


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[Flask, Session, str]]:
    app, session = build(tmp_path, host="0.0.0.0", control_token=CONTROL)
    yield app, session, orange_game(session)
    session.close()


@pytest.fixture
def open_app(tmp_path: Path) -> Iterator[tuple[Flask, Session, str]]:
    app, session = build(tmp_path)
    yield app, session, orange_game(session)
    session.close()


def history(session: Session, game: str) -> list[str]:
    return [h.line for h in session.history(game)]


# --- configuration -------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "table.local"])
def test_network_host_needs_a_control_token(tmp_path: Path, host: str) -> None:
    with Session.open(tmp_path / "data") as session:
        with pytest.raises(WebConfigError, match="needs a control token"):
            create_app(WebConfig(host=host), session)
        assert create_app(WebConfig(host=host, control_token=CONTROL), session)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2", "[::1]"])
def test_loopback_needs_no_token(tmp_path: Path, host: str) -> None:
    with Session.open(tmp_path / "data") as session:
        assert create_app(WebConfig(host=host), session)


@pytest.mark.parametrize(
    "settings",
    [
        {"control_token": "short"},
        {"control_token": "has spaces in it, sadly"},
        {"overlay_token": "x" * 200},
        {"control_token": CONTROL, "overlay_token": CONTROL},
        {"port": 70000},
        {"max_body_bytes": 10},
    ],
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(WebConfigError):
        WebConfig(**settings)


def test_server_processes_starting_together_share_one_token(tmp_path: Path) -> None:
    """Several server processes start at once on a new data folder (a club's workers): each
    gets the one token the first wrote, none reads the file half made (one once read it empty,
    between another's create and write, and refused to start), and no spare file is left."""
    import multiprocessing

    folders = [tmp_path / f"data{k}" for k in range(6)]
    with multiprocessing.get_context("fork").Pool(6) as pool:
        tokens = pool.map(load_overlay_token, [f for f in folders for _ in range(6)])
    for k, folder in enumerate(folders):
        assert len(set(tokens[6 * k : 6 * k + 6])) == 1
        assert [p.name for p in folder.iterdir()] == [OVERLAY_TOKEN_FILE]


def test_overlay_token_is_stable_per_data_folder(tmp_path: Path) -> None:
    first = load_overlay_token(tmp_path / "data")
    assert load_overlay_token(tmp_path / "data") == first
    path = tmp_path / "data" / OVERLAY_TOKEN_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_overlay_token(tmp_path / "other") != first
    with Session.open(tmp_path / "data") as session:
        app = create_app(WebConfig(), session)
        with app.app_context():
            assert services().overlay_token == first


# --- with a control token ------------------------------------------------------------------


def test_changes_need_the_control_token(guarded: tuple[Flask, Session, str]) -> None:
    app, session, game = guarded
    client = app.test_client()
    path = f"/api/games/{game}/events"
    missing = client.post(path, json=LINE)
    assert missing.status_code == 401
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = client.post(path, json=LINE, headers={"Authorization": "Bearer not-the-token-at-all"})
    assert wrong.status_code == 403
    in_url = client.post(f"{path}?token={CONTROL}", json=LINE)
    assert in_url.status_code == 403
    assert history(session, game) == ["Al: goal orange 7 value 21"]
    assert client.post(path, json=LINE, headers=BEARER).status_code == 201
    assert len(history(session, game)) == 2


def test_reads_need_a_token_too(guarded: tuple[Flask, Session, str]) -> None:
    app, _, game = guarded
    client = app.test_client()
    assert client.get("/api/games").status_code == 401
    assert client.get(f"/api/games/{game}").status_code == 401
    assert client.get("/api/games", headers=BEARER).status_code == 200
    assert client.get(f"/api/games?token={CONTROL}").status_code == 200


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/games/{game}", 200),
        ("/api/roll/last", 200),
        ("/api/camera", 200),
        ("/api/games", 403),
        ("/api/games/{game}/events", 403),
        ("/api/games/{game}/record", 403),
        ("/api/games/{game}/rolls.csv", 403),
        ("/api/games/{game}/pending", 403),
    ],
)
def test_overlay_token_reads_only_the_overlay(
    guarded: tuple[Flask, Session, str], path: str, status: int
) -> None:
    app, _, game = guarded
    client = app.test_client()
    url = path.format(game=game)
    assert client.get(f"{url}?token={OVERLAY}").status_code == status
    header = {"Authorization": f"Bearer {OVERLAY}"}
    assert client.get(url, headers=header).status_code == status


def test_overlay_token_streams_but_cannot_write(guarded: tuple[Flask, Session, str]) -> None:
    app, session, game = guarded
    client = app.test_client()
    stream = client.get(f"/api/games/{game}/stream?token={OVERLAY}", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    stream.close()
    header = {"Authorization": f"Bearer {OVERLAY}"}
    for path, body in [
        (f"/api/games/{game}/events", LINE),
        (f"/api/games/{game}/undo", None),
        (f"/api/games/{game}/attempt", {"player": "Al", "goal": "orange"}),
        ("/api/games", {"players": ["Al", "Bo"]}),
    ]:
        kwargs = {} if body is None else {"json": body}
        assert client.post(path, headers=header, **kwargs).status_code == 403
        assert client.post(f"{path}?token={OVERLAY}", **kwargs).status_code == 403
    assert history(session, game) == ["Al: goal orange 7 value 21"]
    assert len(session.list_games()) == 1


def test_login_cookie_needs_the_csrf_header(guarded: tuple[Flask, Session, str]) -> None:
    app, session, game = guarded
    client = app.test_client()
    assert client.get(f"/login?token={OVERLAY}").status_code == 403
    assert client.get("/login?token=wrong-token-wrong-token").status_code == 403
    login = client.get(f"/login?token={CONTROL}&next=/games/{game}")
    assert (login.status_code, login.headers["Location"]) == (302, f"/games/{game}")
    cookie = login.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}={CONTROL};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie

    assert client.get(f"/api/games/{game}").status_code == 200
    path = f"/api/games/{game}/events"
    assert client.post(path, json=LINE).status_code == 403
    bad = client.post(path, json=LINE, headers={"X-CSRF-Token": "0" * 64})
    assert bad.status_code == 403 and "X-CSRF-Token" in bad.get_json()["error"]
    assert history(session, game) == ["Al: goal orange 7 value 21"]
    with app.app_context():
        token = csrf_token()
    assert client.post(path, json=LINE, headers={"X-CSRF-Token": token}).status_code == 201


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example", "\\\\evil", ""])
def test_login_redirects_only_to_local_paths(
    guarded: tuple[Flask, Session, str], target: str
) -> None:
    app, _, _ = guarded
    response = app.test_client().get(f"/login?token={CONTROL}&next={target}")
    assert response.headers["Location"] == "/"


def test_logout_clears_the_cookie(guarded: tuple[Flask, Session, str]) -> None:
    app, _, game = guarded
    client = app.test_client()
    client.get(f"/login?token={CONTROL}")
    client.post("/logout")
    assert client.get(f"/api/games/{game}").status_code == 401


# --- cross-site and Host checks -------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "http://evil.example"}, 403),
        ({"Origin": "http://localhost:9999"}, 403),
        ({"Origin": "null"}, 403),
        ({"Sec-Fetch-Site": "cross-site"}, 403),
        ({"Sec-Fetch-Site": "same-site"}, 403),
        ({"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"}, 201),
        ({"Sec-Fetch-Site": "none"}, 201),
        ({}, 201),
    ],
)
@pytest.mark.parametrize("mode", ["open", "guarded"])
def test_cross_site_posts_are_refused(
    open_app: tuple[Flask, Session, str],
    guarded: tuple[Flask, Session, str],
    headers: dict[str, str],
    status: int,
    mode: str,
) -> None:
    app, session, game = open_app if mode == "open" else guarded
    sent = {**headers, **(BEARER if mode == "guarded" else {})}
    response = app.test_client().post(f"/api/games/{game}/events", json=LINE, headers=sent)
    assert response.status_code == status
    assert len(history(session, game)) == (2 if status == 201 else 1)


@pytest.mark.parametrize(
    ("host", "status"),
    [
        ("localhost", 200),
        ("localhost:8000", 200),
        ("127.0.0.1:8000", 200),
        ("[::1]:8000", 200),
        ("table.local", 200),
        ("evil.example", 403),
        ("evil.example:8000", 403),
        ("127.0.0.1.evil.example", 403),
    ],
)
def test_open_mode_answers_only_this_machines_names(tmp_path: Path, host: str, status: int) -> None:
    app, session = build(tmp_path, allowed_hosts=("table.local",))
    try:
        client = app.test_client()
        assert client.get("/api/games", headers={"Host": host}).status_code == status
        posted = client.post("/api/games", json={"players": ["Al", "Bo"]}, headers={"Host": host})
        assert posted.status_code == (201 if status == 200 else 403)
    finally:
        session.close()


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/..%2F..%2Fetc%2Fpasswd",
        "/api/games/....../events",
        "/api/games/%00aaaaaaaaa",
        "/api/games/aaaaaaaaaa/events/..%2F1/thumbnail.jpg",
        "/api/games/dicetable.sqlite3/record",
        "/api/games/overlay-token",
    ],
)
def test_ids_in_urls_never_touch_the_filesystem(
    open_app: tuple[Flask, Session, str], tmp_path: Path, path: str
) -> None:
    app, _, _ = open_app
    before = sorted((tmp_path / "data").iterdir())
    response = app.test_client().get(path)
    assert response.status_code in (400, 404)
    assert OVERLAY not in response.get_data(as_text=True)
    assert sorted((tmp_path / "data").iterdir()) == before
