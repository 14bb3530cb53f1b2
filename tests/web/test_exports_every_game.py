"""The exports every game's page offers (issue 32 item 1): a rolls CSV with the throws of each
dice game, and a BG Stats play with every player's score, the modifier game's tokens too."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from flask.testing import FlaskClient

GOLDEN = Path(__file__).parents[1] / "companion" / "golden"


def imported(client: FlaskClient, record: str) -> str:
    answer = client.post("/api/games", json={"record": (GOLDEN / record).read_text("utf-8")})
    assert answer.status_code == 201
    return str(answer.get_json()["id"])


@pytest.mark.parametrize(
    ("record", "first"),
    [
        ("modifier-three.mod", ["2", "Ann", "", "5 3 1 2 5 6"]),
        ("flyer-default.flyer", ["1", "", "", "3 1 4 1 5 6"]),
        ("win-2000.ryb", None),
    ],
)
def test_the_rolls_csv_lists_each_games_throws(
    client: FlaskClient, record: str, first: list[str] | None
) -> None:
    game = imported(client, record)
    rows = list(csv.reader(io.StringIO(client.get(f"/api/games/{game}/rolls.csv").text)))
    assert rows[0][:4] == ["seq", "player", "goal", "dice"]
    assert len(rows) > 2 and all(len(row) == len(rows[0]) for row in rows)
    if first is not None:
        assert rows[1][:4] == first


@pytest.mark.parametrize(
    ("record", "key"), [("modifier-three.mod", "tokens"), ("flyer-default.flyer", "score")]
)
def test_the_bgstats_play_has_every_players_score(
    client: FlaskClient, record: str, key: str
) -> None:
    game = imported(client, record)
    players = client.get(f"/api/games/{game}").get_json()["state"]["players"]
    play = client.get(f"/api/games/{game}/bgstats.json").get_json()
    scores = [s["score"] for s in play["plays"][0]["playerScores"]]
    assert scores == [str(p[key]) for p in players]
    assert play["games"][0]["noPoints"] is False
    assert play["games"][0]["name"] != client.get(f"/api/games/{game}").get_json()["game"]
