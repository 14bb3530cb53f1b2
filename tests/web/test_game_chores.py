"""Rename, delete and rematch a game (issue #24 item 19), and what each refuses."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.session import Session


def test_rename(client: FlaskClient, game: str) -> None:
    answer = client.post(f"/api/games/{game}/title", json={"title": "  Friday   at the club "})
    assert answer.status_code == 200
    assert answer.get_json()["title"] == "Friday at the club"
    listed = client.get("/api/games").get_json()["games"]
    assert [g["title"] for g in listed] == ["Friday at the club"]


@pytest.mark.parametrize("title", ["", "   ", 7, None, "x" * 201, "a\u0000b"])
def test_a_bad_title_is_refused_and_nothing_changes(
    client: FlaskClient, game: str, title: object
) -> None:
    before = client.get(f"/api/games/{game}").get_json()
    answer = client.post(f"/api/games/{game}/title", json={"title": title})
    assert answer.status_code == 400 and answer.get_json()["field"] == "title"
    assert client.get(f"/api/games/{game}").get_json() == before


def test_delete_needs_the_games_id_and_hands_back_its_record(
    client: FlaskClient, session: Session, game: str
) -> None:
    record = session.export(game)
    refused = client.post(f"/api/games/{game}/delete", json={"confirm": "yes"})
    assert refused.status_code == 400 and refused.get_json()["field"] == "confirm"
    assert [g["id"] for g in client.get("/api/games").get_json()["games"]] == [game]
    answer = client.post(f"/api/games/{game}/delete", json={"confirm": game})
    filename = session.export_names(game)["record"]
    assert answer.get_json() == {"deleted": game, "record": record, "filename": filename}
    assert client.get("/api/games").get_json()["games"] == []
    # Nothing is erased: the record imports back, and the store still has the game.
    assert client.post("/api/games", json={"record": record}).status_code == 201
    assert session.store.get_game(game).archived


def test_rematch_keeps_players_options_and_the_title_marked(
    client: FlaskClient, session: Session
) -> None:
    sent = {"players": ["Mary Ann", "Bo"], "options": {"rules": "lenient", "title": "Final"}}
    first = client.post("/api/games", json=sent).get_json()
    client.post(f"/api/games/{first['id']}/events", json={"line": "Mary Ann: goal orange 7"})
    answer = client.post(f"/api/games/{first['id']}/rematch")
    assert answer.status_code == 201
    again = answer.get_json()
    assert again["id"] != first["id"] and again["seq"] == 0
    assert answer.headers["Location"] == f"/api/games/{again['id']}"
    assert again["header"] == {
        "Game": "ryb",
        "Players": "Mary Ann, Bo",
        "Rules": "lenient",
    }
    # Issue 47 item 10: the rematch dropped the players' title.
    assert again["title"] == "Final (rematch)"
    third = client.post(f"/api/games/{again['id']}/rematch").get_json()
    assert third["title"] == "Final (rematch 2)"
    plain = session.create_from_options(["Al", "Bo"], {}).game_id
    fresh = client.post(f"/api/games/{plain}/rematch").get_json()["title"]
    assert fresh == f"RYB game of {date.today().isoformat()}"


def test_the_score_timeline_follows_the_live_events(client: FlaskClient, session: Session) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    session.append(game, "Al: attempt orange r6 r6 y6 y6")
    timeline = client.get(f"/api/games/{game}/scores").get_json()
    assert timeline["players"] == ["Al", "Bruce"]
    assert [(p["seq"], p["scores"]) for p in timeline["points"]] == [
        (0, [0, 0]),
        (1, [0, 0]),
        (2, [21, 0]),
    ]
    session.undo(game)
    timeline = client.get(f"/api/games/{game}/scores").get_json()
    assert [p["seq"] for p in timeline["points"]] == [0, 1]


def test_a_bg_stats_play_file(client: FlaskClient, session: Session) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    session.append(game, "Al: attempt orange r6 r6 y6 y6")
    answer = client.get(f"/api/games/{game}/bgstats.json")
    assert answer.headers["Content-Disposition"] == (
        f'attachment; filename="{session.export_names(game)["bgstats"]}"'
    )
    play_file = json.loads(answer.get_data(as_text=True))
    assert list(play_file) == ["about", "players", "locations", "games", "plays"]
    assert [(p["id"], p["name"]) for p in play_file["players"]] == [(1, "Al"), (2, "Bruce")]
    assert play_file["games"][0]["name"] == "RYB (Red Yellow Blue)"
    (play,) = play_file["plays"]
    assert (play["gameRefId"], play["locationRefId"]) == (1, 1)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    scores = [
        (s["playerRefId"], s["score"], s["winner"], s["seatOrder"]) for s in play["playerScores"]
    ]
    assert scores == [(1, "21", False, 1), (2, "0", False, 2)]
    again = json.loads(client.get(f"/api/games/{game}/bgstats.json").get_data(as_text=True))
    assert again["plays"][0]["uuid"] == play["uuid"]  # the same play, not a second one


def test_the_bg_stats_winner_is_the_games(client: FlaskClient) -> None:
    record = (Path(__file__).parents[1] / "companion" / "golden" / "win-2000.ryb").read_text()
    game = client.post("/api/games", json={"record": record}).get_json()
    winner = game["state"]["winner"]
    assert winner
    play_file = client.get(f"/api/games/{game['id']}/bgstats.json").get_json()
    names = {p["id"]: p["name"] for p in play_file["players"]}
    won = [names[s["playerRefId"]] for s in play_file["plays"][0]["playerScores"] if s["winner"]]
    assert won == [winner]
