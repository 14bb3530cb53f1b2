"""Farkle through the HTTP API as a table plays it: lines appended one by one (a refused one
answers 400 in words and changes nothing), undo taking a farkle back, and the exports: the
record (`.farkle`), the rolls CSV and the BG Stats play with every score and the winner."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from flask.testing import FlaskClient

GOLDEN = Path(__file__).parents[1] / "companion" / "golden"


def new_game(client: FlaskClient, **options: str) -> str:
    body = {"players": ["Ann", "Ben"], "options": {"game": "farkle", **options}}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["id"])


def send(client: FlaskClient, game: str, line: str) -> dict[str, object]:
    answer = client.post(f"/api/games/{game}/events", json={"line": line})
    assert answer.status_code == 201, answer.get_json()
    state: dict[str, object] = answer.get_json()["state"]
    return state


def test_a_refused_line_answers_in_words_and_changes_nothing(client: FlaskClient) -> None:
    game = new_game(client, opening="500")
    send(client, game, "Ann: roll 1 5 2 3 4 6")
    before = client.get(f"/api/games/{game}").get_json()
    answer = client.post(f"/api/games/{game}/events", json={"line": "Ann: bank 1 5"})
    assert answer.status_code == 400
    assert (
        "Ann needs 500 in one turn to get on the board; this turn has 150"
        in (answer.get_json()["error"])
    )
    assert client.get(f"/api/games/{game}").get_json() == before


def test_undo_takes_a_farkle_back_with_the_turns_points(client: FlaskClient) -> None:
    game = new_game(client)
    send(client, game, "Ann: roll 1 5 2 3 4 6")
    send(client, game, "Ann: keep 1 5")
    state = send(client, game, "Ann: roll 2 3 4 6")
    assert state["last_turn"] == {
        "player": "Ann", "throws": state["turns"][0]["throws"], "banked": 0,  # type: ignore[index]
        "farkle": [2, 3, 4, 6], "lost": 150, "penalty": 0, "score": 0, "hot_dice": 0,
    }  # fmt: skip
    back = client.post(f"/api/games/{game}/undo", json={}).get_json()["state"]
    assert back["turn"]["player"] == "Ann" and back["turn"]["points"] == 150
    assert back["turn"]["dice_left"] == 4 and back["turns"] == []


def test_the_exports_of_a_whole_game(client: FlaskClient) -> None:
    text = (GOLDEN / "farkle-fixed.farkle").read_text("utf-8")
    made = client.post("/api/games", json={"record": text})
    assert made.status_code == 201
    game = made.get_json()["id"]
    record = client.get(f"/api/games/{game}/record")
    assert record.headers["Content-Disposition"].endswith('.farkle"')
    assert '[Scoring "fixed"]' in record.text and "Ann: bank 1 5" in record.text
    rows = list(csv.reader(io.StringIO(client.get(f"/api/games/{game}/rolls.csv").text)))
    throws = rows[1:]
    assert rows[1][:4] == ["1", "Ann", "", "1 5 2 3 4 6"]
    assert len(throws) == text.count(": roll ")
    play = client.get(f"/api/games/{game}/bgstats.json").get_json()
    scores = {s["playerRefId"]: s for s in play["plays"][0]["playerScores"]}
    names = {p["id"]: p["name"] for p in play["players"]}
    by_name = {names[k]: (s["score"], s["winner"]) for k, s in scores.items()}
    assert by_name == {"Ann": ("5050", True), "Ben": ("4250", False), "Cy": ("2700", False)}
    assert play["games"][0]["name"] == "Farkle"


def test_a_shared_win_marks_both_players_in_bgstats(client: FlaskClient) -> None:
    text = (GOLDEN / "farkle-tie.farkle").read_text("utf-8")
    game = client.post("/api/games", json={"record": text}).get_json()["id"]
    play = client.get(f"/api/games/{game}/bgstats.json").get_json()
    assert [s["winner"] for s in play["plays"][0]["playerScores"]] == [True, True]


def test_the_start_page_offers_every_games_record_files(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'accept=".ryb,.flyer,.rgb,.mod,' in html and ".farkle," in html
