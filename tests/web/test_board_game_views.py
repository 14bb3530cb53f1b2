"""The flyer game's and RGB's own kid views and stream overlays: each game gets its page (not
RYB's, which stayed empty for them), the overlay is read with its token alone and offers nothing
to press, and the pages the other games use share one base each."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.web.api.support import CONTROL, OVERLAY, build

STATIC = Path(__file__).parents[2] / "web" / "static" / "js"
GAMES = ("ryb", "modifier", "flyer", "rgb")
# The page's script per game: kid view, then overlay.
SCRIPTS = {
    "ryb": ("kid.js", "overlay.js"),
    "modifier": ("modifier-kid.js", "modifier-overlay.js"),
    "flyer": ("flyer-kid.js", "flyer-overlay.js"),
    "rgb": ("rgb-kid.js", "rgb-overlay.js"),
}
OVERLAY_SCRIPTS = ("overlay-frame.js", "board-overlay.js", "flyer-overlay.js", "rgb-overlay.js")


def new_game(client: FlaskClient, game: str, headers: dict[str, str] | None = None) -> str:
    options = {} if game == "ryb" else {"game": game}
    sent = {"players": ["Al", "Bo"], "options": options}
    response = client.post("/api/games", json=sent, headers=headers or {})
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[FlaskClient]:
    """An app with a control token, as on a network: the overlay token alone reads the overlay."""
    app, session = build(tmp_path, control_token=CONTROL)
    yield app.test_client()
    session.close()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_gets_its_own_kid_view_and_overlay(client: FlaskClient, game: str) -> None:
    gid = new_game(client, game)
    kid, overlay = SCRIPTS[game]
    kid_html = client.get(f"/games/{gid}/kid").get_data(as_text=True)
    overlay_html = client.get(f"/overlay/{gid}?token={OVERLAY}").get_data(as_text=True)
    assert f'src="/static/js/{kid}"' in kid_html
    assert f'src="/static/js/{overlay}"' in overlay_html
    assert 'id="leave"' in kid_html and 'id="canvas" hidden' in overlay_html


def test_the_rgb_kid_view_says_there_is_nothing_to_add_up(client: FlaskClient) -> None:
    html = client.get(f"/games/{new_game(client, 'rgb')}/kid").get_data(as_text=True)
    assert "No dice in this game!" in html and 'id="kid-turn"' in html
    assert 'id="kid-dice"' not in html and 'id="speech-switch"' not in html


@pytest.mark.parametrize("game", ["flyer", "rgb"])
@pytest.mark.parametrize(
    ("token", "status"), [(OVERLAY, 200), (None, 401), ("wrong-token-0123456789", 403)]
)
def test_the_overlay_needs_its_token(
    guarded: FlaskClient, game: str, token: str | None, status: int
) -> None:
    gid = new_game(guarded, game, {"Authorization": f"Bearer {CONTROL}"})
    query = "" if token is None else f"?token={token}"
    response = guarded.get(f"/overlay/{gid}{query}", headers={"Accept": "text/html"})
    assert response.status_code == status


@pytest.mark.parametrize("game", ["flyer", "rgb"])
def test_the_overlay_is_read_only(client: FlaskClient, game: str) -> None:
    html = client.get(f"/overlay/{new_game(client, game)}?token={OVERLAY}").get_data(as_text=True)
    for control in ("<button", "<form", "<input", "<select", "csrf-token", 'id="initial-view"'):
        assert control not in html, control
    assert client.get(f"/overlay/{new_game(client, game)}").status_code == 200  # no token set


@pytest.mark.parametrize("script", OVERLAY_SCRIPTS)
def test_overlay_scripts_only_read(script: str) -> None:
    text = (STATIC / script).read_text(encoding="utf-8")
    for writer in ("postJSON", "request(", "api.js", "onclick", "<button"):
        assert writer not in text, f"{script} uses {writer}"
