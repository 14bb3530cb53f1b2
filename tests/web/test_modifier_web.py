"""A modifier dice game through the web's generic paths: created from the form or a record,
played line by line, and every page and download served without an RYB assumption failing."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from tests.web.api.support import OVERLAY

RECORD = Path(__file__).parents[1] / "companion" / "golden" / "modifier-three.mod"


def test_create_and_play_a_round(client: FlaskClient) -> None:
    sent = {"players": ["Ann", "Ben"], "options": {"game": "modifier"}}
    response = client.post("/api/games", json=sent)
    assert response.status_code == 201
    body = response.get_json()
    assert body["header"] == {"Game": "modifier", "Players": "Ann, Ben"}
    game = body["id"]
    lines = ["goals most-1s most-2s most-3s", "Ann: roll 1 1 1 2 2 2", "Ben: roll 3 3 3 3 1 1"]
    for line in [*lines, "reveal"]:
        response = client.post(f"/api/games/{game}/events", json={"line": line})
        assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]
    assert [p["tokens"] for p in state["players"]] == [12, 6]
    refused = client.post(f"/api/games/{game}/events", json={"line": "Ann: roll 1 2 3 4 5 6"})
    assert refused.status_code == 400
    assert "round 2 has no goal cards yet" in refused.get_json()["error"]


def test_an_unknown_game_names_the_option(client: FlaskClient) -> None:
    sent = {"players": ["Ann", "Ben"], "options": {"game": "chess"}}
    body = client.post("/api/games", json=sent).get_json()
    assert body["field"] == "options.game" and "unknown game 'chess'" in body["error"]


def test_every_page_and_download_of_an_imported_game(client: FlaskClient) -> None:
    text = RECORD.read_text(encoding="utf-8")
    response = client.post("/api/games", json={"record": text})
    assert response.status_code == 201
    game = response.get_json()["id"]
    assert response.get_json()["state"]["winner"] == "Ann"
    for path in (
        f"/games/{game}",
        f"/games/{game}/kid",
        f"/api/games/{game}",
        f"/api/games/{game}/events",
        f"/api/games/{game}/record",
        f"/api/games/{game}/rolls.csv",
        f"/api/games/{game}/stats",
        "/api/games",
    ):
        assert client.get(path).status_code == 200, path
    exported = client.get(f"/api/games/{game}/record").get_data(as_text=True)
    assert "\nreveal\n" in exported


def test_the_pages_of_a_modifier_game_are_its_own(client: FlaskClient) -> None:
    text = RECORD.read_text(encoding="utf-8")
    game = client.post("/api/games", json={"record": text}).get_json()["id"]
    ryb = client.post("/api/games", json={"players": ["Al", "Bo"]}).get_json()["id"]
    pages = {
        f"/games/{game}": "js/modifier-table.js",
        f"/games/{game}/kid": "js/modifier-kid.js",
        f"/overlay/{game}?token={OVERLAY}": "js/modifier-overlay.js",
        f"/games/{ryb}": "js/table.js",
        f"/games/{ryb}/kid": "js/kid.js",
        f"/overlay/{ryb}?token={OVERLAY}": "js/overlay.js",
    }
    for path, script in pages.items():
        html = client.get(path).get_data(as_text=True)
        assert f"/static/{script}" in html, path
