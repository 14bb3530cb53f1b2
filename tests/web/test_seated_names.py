"""A line's leading name in any case (issue 47): "al: pass" was refused as "unknown player 'al'"
in RYB, the modifier game and the score sheet, and stored as "al: ..." in Farkle, though players
are told apart ignoring case. It is now the seated player's line, spelt as the seat is, whether
sent as a line, amended or imported; a name nobody has is still refused by the rules."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

CASES = [
    ("ryb", ["Al", "Bo"], [], "al: goal orange 7", "Al: goal orange 7 value 21"),
    (
        "modifier",
        ["Al", "Bo"],
        ["goals most-1s highest-total longest-run"],
        "AL:  roll 1 2 3 4 5 6",
        "Al: roll 1 2 3 4 5 6",
    ),
    ("farkle", ["Al", "Bo"], [], "al: roll 1 5 2 3 4 6", "Al: roll 1 5 2 3 4 6"),
    ("sheet", ["Mary Ann", "Bo"], [], "mary  ann: roll 1 2 3 4 5", "Mary Ann: roll 1 2 3 4 5"),
]


def new_game(client: FlaskClient, game: str, players: list[str], before: list[str]) -> str:
    made = client.post("/api/games", json={"players": players, "options": {"game": game}})
    assert made.status_code == 201, made.get_json()
    game_id: str = made.get_json()["id"]
    for line in before:
        assert client.post(f"/api/games/{game_id}/events", json={"line": line}).status_code == 201
    return game_id


def lines(client: FlaskClient, game_id: str) -> list[str]:
    return [e["line"] for e in client.get(f"/api/games/{game_id}/events").get_json()["events"]]


@pytest.mark.parametrize(("game", "players", "before", "typed", "stored"), CASES)
def test_a_line_names_its_player_in_any_case(
    client: FlaskClient, game: str, players: list[str], before: list[str], typed: str, stored: str
) -> None:
    game_id = new_game(client, game, players, before)
    sent = client.post(f"/api/games/{game_id}/events", json={"line": typed})
    assert sent.status_code == 201, sent.get_json()
    assert lines(client, game_id)[-1] == stored


def test_an_amendment_and_an_import_read_the_name_so_too(client: FlaskClient) -> None:
    game_id = new_game(client, "ryb", ["Al", "Bo"], ["Al: goal orange 7"])
    amend = "amend #1 al: goal orange 7 value 20"
    amended = client.post(f"/api/games/{game_id}/events", json={"line": amend})
    assert amended.status_code == 201, amended.get_json()
    assert lines(client, game_id)[-1] == "amend #1 Al: goal orange 7 value 20"
    record = '[Game "farkle"]\n[Players "Al, Bo"]\n\nal: roll 1 5 2 3 4 6\n'
    made = client.post("/api/games", json={"record": record})
    assert made.status_code == 201, made.get_json()
    assert lines(client, made.get_json()["id"]) == ["Al: roll 1 5 2 3 4 6"]


def test_a_name_nobody_has_is_still_refused(client: FlaskClient) -> None:
    game_id = new_game(client, "ryb", ["Al", "Bo"], [])
    refused = client.post(f"/api/games/{game_id}/events", json={"line": "ben: pass"})
    assert refused.status_code == 400
    assert "unknown player 'ben'" in refused.get_json()["error"]


@pytest.mark.parametrize(("game", "line"), [("ryb", "Al: goal orange 7"), ("farkle", "")])
def test_the_camera_is_told_whose_roll_it_is_in_any_case(
    client: FlaskClient, game: str, line: str
) -> None:
    game_id = new_game(client, game, ["Al", "Bo"], [line] if line else [])
    goal = {"goal": "orange"} if game == "ryb" else {}
    declared = client.post(f"/api/games/{game_id}/attempt", json={"player": "al", **goal})
    assert declared.status_code == 200, declared.get_json()
    assert declared.get_json()["pending"]["player"] == "Al"
    refused = client.post(f"/api/games/{game_id}/attempt", json={"player": "bo", **goal})
    assert "it is Al's turn" in refused.get_json()["error"]
