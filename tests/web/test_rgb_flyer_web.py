"""RGB and the flyer game through the web's generic paths: created from the form or a record,
played line by line, every page and download served; RGB has its own board page."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

GOLDEN = Path(__file__).parents[1] / "companion" / "golden"
RECORDS = {"rgb": GOLDEN / "rgb-win.rgb", "flyer": GOLDEN / "flyer-default.flyer"}


def test_create_and_play_rgb_from_the_form(client: FlaskClient) -> None:
    sent = {"players": ["Al", "Bo"], "options": {"game": "rgb"}}
    response = client.post("/api/games", json=sent)
    assert response.status_code == 201
    game = response.get_json()["id"]
    response = client.post(f"/api/games/{game}/events", json={"line": "Al: place large d2"})
    assert response.status_code == 201
    state = response.get_json()["state"]
    assert state["stacks"][0]["square"] == "d2" and state["turn"]["player"] == "Bo"
    assert "d7" in state["legal"]["place"]["squares"]
    refused = client.post(f"/api/games/{game}/events", json={"line": "Bo: place large d2"})
    assert refused.status_code == 400
    assert "d2 is not on Bo's half of the board (ranks 5 to 8)" in refused.get_json()["error"]
    assert client.post(f"/api/games/{game}/undo").status_code == 200


def test_create_and_play_flyer_from_the_form(client: FlaskClient) -> None:
    sent = {"players": ["Al", "Bo"], "options": {"game": "flyer"}}
    game = client.post("/api/games", json=sent).get_json()["id"]
    for line in ("values 1 2 3 4 5 6", "Al: roll red red blue", "Al: move red to n paying red red"):
        response = client.post(f"/api/games/{game}/events", json={"line": line})
        assert response.status_code == 201, response.get_json()
    assert response.get_json()["state"]["turn"]["dice"] == ["blue"]


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_page_and_download_of_an_imported_game(client: FlaskClient, name: str) -> None:
    response = client.post("/api/games", json={"record": RECORDS[name].read_text(encoding="utf-8")})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()["id"]
    for path in (
        f"/games/{game}",
        f"/api/games/{game}",
        f"/api/games/{game}/events",
        f"/api/games/{game}/record",
        f"/api/games/{game}/rolls.csv",
        f"/api/games/{game}/stats",
        "/api/games",
    ):
        assert client.get(path).status_code == 200, path


def test_rgb_has_its_own_board_page(client: FlaskClient) -> None:
    text = RECORDS["rgb"].read_text(encoding="utf-8")
    game = client.post("/api/games", json={"record": text}).get_json()["id"]
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert "/static/js/rgb-table.js" in html and 'id="rgb-board"' in html
    with client.get("/static/js/rgb-board.js") as script:
        assert script.status_code == 200


def test_the_flyer_game_has_its_own_table_page(client: FlaskClient) -> None:
    text = RECORDS["flyer"].read_text(encoding="utf-8")
    game = client.post("/api/games", json={"record": text}).get_json()["id"]
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert "/static/js/flyer-table.js" in html and 'id="flyer-board"' in html
