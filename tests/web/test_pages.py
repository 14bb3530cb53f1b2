"""The HTML pages through Flask's test client: each route, its first snapshot, 404s, tokens, and
that every script and stylesheet a page names is served."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from tests.web.api.support import CONTROL, OVERLAY, build, orange_game, settled
from vision.types import Colour

STATIC = Path(__file__).parents[2] / "web" / "static"
INITIAL_RE = re.compile(r'<script type="application/json" id="initial-view">(.*?)</script>', re.S)
ASSET_RE = re.compile(r'(?:src|href)="(/static/[^"?]+)"')


def initial_view(html: str) -> Any:
    found = INITIAL_RE.search(html)
    assert found is not None, "the page embeds no first snapshot"
    return json.loads(found.group(1))


def test_home_has_the_new_game_form_and_a_csrf_token(client: FlaskClient) -> None:
    response = client.get("/")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert re.search(r'<meta name="csrf-token" content="[0-9a-f]{64}">', html)
    assert html.count('name="player"') == 3
    for key in ("edition", "variable", "rules", "draft", "reroll", "cancel"):
        assert f'data-option="{key}"' in html


def test_table_view_embeds_the_view_the_api_serves(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert initial_view(html) == client.get(f"/api/games/{game}").get_json()
    assert f'data-game="{game}"' in html
    assert f"/overlay/{game}?token={OVERLAY}" in html
    assert f'href="/api/games/{game}/record"' in html
    assert f'href="/api/games/{game}/rolls.csv"' in html


def test_kid_view_of_a_game_embeds_its_view(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    session.append(game, "Al: attempt orange r4 r4 y3 y4")
    view = initial_view(client.get(f"/games/{game}/kid").get_data(as_text=True))
    assert view["state"]["last_attempt"]["totals"]["orange"] == 7


def test_kid_view_of_the_table_embeds_the_last_roll(client: FlaskClient, session: Session) -> None:
    assert initial_view(client.get("/kid").get_data(as_text=True)) == {"roll": None}
    session.offer_roll(settled((Colour.RED, 4, False), (Colour.YELLOW, 3, True)))
    roll = initial_view(client.get("/kid").get_data(as_text=True))["roll"]
    assert [(d["colour"], d["pips"], d["unsure"]) for d in roll["dice"]] == [
        ("red", 4, False),
        ("yellow", 3, True),
    ]
    assert roll["totals"]["orange"] == 3


@pytest.mark.parametrize(
    "path",
    ["/games/{bad}", "/games/{bad}/kid", "/overlay/{bad}"],
)
@pytest.mark.parametrize("bad", ["x0000000000", "no-such-game", "%2e%2e"])
def test_unknown_games_are_a_404_page(client: FlaskClient, path: str, bad: str) -> None:
    response = client.get(path.format(bad=bad), headers={"Accept": "text/html"})
    assert response.status_code == 404
    assert "text/html" in response.content_type
    assert "no game" in response.get_data(as_text=True).lower()


def test_overlay_test_mode_needs_no_game(client: FlaskClient) -> None:
    for path in ("/overlay?test=1", "/overlay/anything?test=1"):
        response = client.get(path)
        assert response.status_code == 200
        assert 'id="canvas"' in response.get_data(as_text=True)


def test_overlay_page_embeds_no_state(client: FlaskClient, session: Session) -> None:
    game = orange_game(session)
    html = client.get(f"/overlay/{game}").get_data(as_text=True)
    assert 'id="initial-view"' not in html
    assert "Orange" not in html and "orange" not in html


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[tuple[FlaskClient, str]]:
    """An app with a control token; the game is Al and Bruce's orange game."""
    app, session = build(tmp_path, control_token=CONTROL)
    yield app.test_client(), orange_game(session)
    session.close()


@pytest.mark.parametrize(
    ("path", "token", "status"),
    [
        ("/overlay/{game}", OVERLAY, 200),
        ("/overlay/{game}", None, 401),
        ("/overlay/{game}", "wrong-token-0123456789", 403),
        ("/overlay?test=1", OVERLAY, 200),
        ("/games/{game}", OVERLAY, 403),
        ("/games/{game}/kid", OVERLAY, 403),
        ("/", OVERLAY, 403),
        ("/games/{game}", None, 401),
        ("/games/{game}", CONTROL, 200),
        ("/static/js/overlay.js", None, 200),
        ("/static/css/overlay.css", None, 200),
    ],
)
def test_tokens_guard_the_pages(
    guarded: tuple[FlaskClient, str], path: str, token: str | None, status: int
) -> None:
    client, game = guarded
    query = "" if token is None else ("&" if "?" in path else "?") + f"token={token}"
    response = client.get(path.format(game=game) + query, headers={"Accept": "text/html"})
    response.close()  # static files are streamed from an open file
    assert response.status_code == status


def test_logged_in_pages_carry_the_csrf_token_the_api_checks(
    guarded: tuple[FlaskClient, str],
) -> None:
    client, game = guarded
    assert client.get(f"/login?token={CONTROL}").status_code == 302
    html = client.get(f"/games/{game}").get_data(as_text=True)
    found = re.search(r'<meta name="csrf-token" content="([0-9a-f]+)">', html)
    assert found is not None
    line = {"line": "Al: attempt orange r1 r1 y1 y1"}
    refused = client.post(f"/api/games/{game}/events", json=line)
    assert refused.status_code == 403
    headers = {"X-CSRF-Token": found.group(1)}
    accepted = client.post(f"/api/games/{game}/events", json=line, headers=headers)
    assert accepted.status_code == 201


def _pages(session: Session) -> list[str]:
    game = orange_game(session)
    return ["/", f"/games/{game}", f"/games/{game}/kid", "/kid", f"/overlay/{game}", "/overlay"]


def test_every_asset_a_page_names_is_served(client: FlaskClient, session: Session) -> None:
    assets: set[str] = set()
    for page in _pages(session):
        response = client.get(page)
        assert response.status_code == 200, page
        assets.update(ASSET_RE.findall(response.get_data(as_text=True)))
    assert {"/static/js/table.js", "/static/js/kid.js", "/static/js/overlay.js"} <= assets
    for asset in sorted(assets):
        response = client.get(asset)
        assert response.status_code == 200, asset
        response.close()


IMPORT_RE = re.compile(r'^import\s+(?:[^"\']+\s+from\s+)?["\'](\.[^"\']+)["\'];', re.M)


@pytest.mark.parametrize("module", sorted(p.name for p in (STATIC / "js").glob("*.js")))
def test_every_module_import_resolves(module: str) -> None:
    """No build step: a module importing a file that is not there breaks the page silently."""
    text = (STATIC / "js" / module).read_text(encoding="utf-8")
    for target in IMPORT_RE.findall(text):
        assert (STATIC / "js" / target).resolve().is_file(), f"{module} imports {target}"
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text
