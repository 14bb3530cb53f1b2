"""An imported record keeps the day it was played (issue 47 item 10): its `[Date]` titles the
game and dates the BG Stats play; a binary file is refused as no game record, its bytes not
echoed; a new game's default title names its game as people write it ("RYB game of ...")."""

from __future__ import annotations

from datetime import date

import pytest
from flask.testing import FlaskClient

RECORD = '[Game "ryb"]\n[Players "Al, Bo"]\n[Date "{}"]\n\nAl: goal orange 7\n'


@pytest.mark.parametrize("written", ["2024-05-03", "2024.05.03", "2024/5/3"])
def test_an_imported_date_titles_and_dates_the_game(client: FlaskClient, written: str) -> None:
    made = client.post("/api/games", json={"record": RECORD.format(written)})
    assert made.status_code == 201
    game = made.get_json()
    assert game["title"] == "RYB game of 2024-05-03"
    play = client.get(f"/api/games/{game['id']}/bgstats.json").get_json()["plays"][0]
    assert play["playDate"].startswith("2024-05-03 ") and play["durationMin"] == 0


def test_a_record_without_a_date_is_titled_today(client: FlaskClient) -> None:
    text = RECORD.replace('[Date "{}"]\n', "")
    made = client.post("/api/games", json={"record": text}).get_json()
    assert made["title"] == f"RYB game of {date.today().isoformat()}"
    made = client.post("/api/games", json={"players": ["Al", "Bo"], "options": {"game": "rgb"}})
    assert made.get_json()["title"] == f"RGB game of {date.today().isoformat()}"


def test_a_binary_file_is_no_game_record(client: FlaskClient) -> None:
    picture = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR".decode("utf-8", "replace")
    refused = client.post("/api/games", json={"record": picture})
    assert refused.status_code == 400
    error = refused.get_json()["error"]
    assert error.startswith("this file is not a game record") and "\ufffd" not in error
