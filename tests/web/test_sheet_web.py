"""The score sheet through the web's generic paths: created from the form's options, played
line by line with refusals in words, its own pages, the overlay's sample, and every download
(record, rolls CSV, BG Stats) with the sheet's scores and winner."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from flask.testing import FlaskClient

from tests.web.api.support import OVERLAY

RECORD = Path(__file__).parents[1] / "companion" / "golden" / "sheet-target.sheet"


def test_create_from_the_form_and_play(client: FlaskClient) -> None:
    options = {"game": "sheet", "count": "dice 6", "lowest": "yes", "target": "2", "dice": "3"}
    response = client.post("/api/games", json={"players": ["Ann", "Ben"], "options": options})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["header"] == {
        "Game": "sheet", "Players": "Ann, Ben", "Count": "dice 6", "Lowest": "yes",
        "Target": "2", "Dice": "3",
    }  # fmt: skip
    game = body["id"]
    for line in ("Ann: roll 6 6 1", "Ben: roll 6 2 3"):
        response = client.post(f"/api/games/{game}/events", json={"line": line})
        assert response.status_code == 201, response.get_json()
    state = response.get_json()["state"]
    assert [p["score"] for p in state["players"]] == [2, 1] and state["winner"] == "Ben"
    refused = client.post(f"/api/games/{game}/events", json={"line": "Ann: roll 1 1 1"})
    assert refused.status_code == 400
    assert "the game is over: Ann reached the target 2 in round 1" in refused.get_json()["error"]


def test_a_bad_option_names_its_field(client: FlaskClient) -> None:
    sent = {"players": ["Ann"], "options": {"game": "sheet", "count": "only 9"}}
    body = client.post("/api/games", json=sent).get_json()
    assert body["field"] == "options.count" and "'9' is not a face of a die" in body["error"]


def test_the_pages_are_the_sheets_own_and_the_downloads_carry_its_scores(
    client: FlaskClient,
) -> None:
    game = client.post("/api/games", json={"record": RECORD.read_text()}).get_json()["id"]
    pages = {
        f"/games/{game}": "js/sheet-table.js",
        f"/games/{game}/kid": "js/sheet-kid.js",
        f"/overlay/{game}?token={OVERLAY}": "js/sheet-overlay.js",
    }
    for path, script in pages.items():
        html = client.get(path).get_data(as_text=True)
        assert f"/static/{script}" in html, path
    sample = client.get(f"/overlay?test=1&game=sheet&token={OVERLAY}").get_data(as_text=True)
    assert '"game": "sheet"' in sample or '"game":"sheet"' in sample
    record = client.get(f"/api/games/{game}/record")
    assert "Mary Jo: roll 6 6 6 6 6" in record.get_data(as_text=True)
    assert ".sheet" in record.headers["Content-Disposition"]
    rows = list(
        csv.DictReader(
            io.StringIO(client.get(f"/api/games/{game}/rolls.csv").get_data(as_text=True))
        )
    )
    assert len(rows) == 10  # the ten rolls; the two typed scores throw no dice
    play = json.loads(client.get(f"/api/games/{game}/bgstats.json").get_data(as_text=True))
    assert "Score sheet" in json.dumps(play)
    assert "75" in json.dumps(play) and "Mary Jo" in json.dumps(play)


def test_bg_stats_marks_a_shared_win_and_a_lowest_wins_game(client: FlaskClient) -> None:
    lines = ["Ann: roll 1", "Ben: roll 1", "Cat: roll 5"]
    options = {"game": "sheet", "lowest": "yes", "rounds": "1"}
    game = client.post(
        "/api/games", json={"players": ["Ann", "Ben", "Cat"], "options": options}
    ).get_json()["id"]
    for line in lines:
        assert client.post(f"/api/games/{game}/events", json={"line": line}).status_code == 201
    play = client.get(f"/api/games/{game}/bgstats.json").get_json()
    assert play["games"][0]["highestWins"] is False
    scores = play["plays"][0]["playerScores"]
    assert [(s["score"], s["winner"]) for s in scores] == [("1", True), ("1", True), ("5", False)]


def test_the_dice_check_counts_every_rolled_die(client: FlaskClient) -> None:
    """The fairness check reads the sheet's rolls (`RuleSet.thrown_pips`): every die under
    `all` (a sheet's dice may be any colour), none from typed scores."""
    game = client.post("/api/games", json={"record": RECORD.read_text()}).get_json()["id"]
    stats = client.get(f"/api/games/{game}/stats").get_json()
    assert stats["rolls"] == 10 and stats["colours"] == []
    assert stats["overall"]["dice"] == 50
    assert stats["overall"]["counts"] == [19, 11, 2, 3, 4, 11]  # counted by hand
    ann = stats["players"][0]
    assert (ann["name"], ann["rolls"], ann["dice"], ann["mean_pips"]) == ("Ann", 4, 20, 2.6)
