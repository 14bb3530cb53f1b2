"""The five-dice game through the HTTP API: a golden record imported and every score as worked
out, its exports named for the game, and the dice check counting only the dice thrown (dice kept
aside were chosen, not thrown, and would bias the fairness test)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.games import find_game
from companion.games.fivedice.events import Roll
from tests.web.api.support import build

RECORD = Path(__file__).parents[1] / "companion" / "golden" / "fivedice-two.fivedice"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    app, session = build(tmp_path)
    try:
        yield app.test_client()
    finally:
        session.close()


def test_a_record_through_the_api(client: FlaskClient) -> None:
    answer = client.post("/api/games", json={"record": RECORD.read_text()})
    assert answer.status_code == 201
    view = answer.get_json()
    assert [p["score"] for p in view["state"]["players"]] == [524, 210]
    game = view["id"]
    record = client.get(f"/api/games/{game}/record")
    assert ".fivedice" in record.headers["Content-Disposition"]
    record.close()
    play = client.get(f"/api/games/{game}/bgstats.json").get_json()
    assert play["games"][0]["name"] == "Five dice (category game)"


def test_a_bad_line_is_refused_through_the_api_and_changes_nothing(client: FlaskClient) -> None:
    game = client.post(
        "/api/games", json={"players": ["Ann", "Ben"], "options": {"game": "fivedice"}}
    ).get_json()["id"]
    assert (
        client.post(f"/api/games/{game}/events", json={"line": "Ann: roll 4 4 2 6 1"}).status_code
        == 201
    )
    refused = client.post(f"/api/games/{game}/events", json={"line": "Ann: score fours 12"})
    assert refused.status_code == 400
    assert "4 4 2 6 1 scores 8 in Fours, not 12" in refused.get_json()["error"]
    assert client.get(f"/api/games/{game}").get_json()["seq"] == 1


def test_the_dice_check_counts_only_the_dice_thrown(client: FlaskClient) -> None:
    lines = ["Ann: roll 6 6 2 3 1", "Ann: keep 6 6", "Ann: roll 6 6 6 1 1", "Ann: score sixes"]
    record = '[Game "fivedice"]\n[Players "Ann"]\n' + "\n".join(lines) + "\n"
    game = client.post("/api/games", json={"record": record}).get_json()["id"]
    stats = client.get(f"/api/games/{game}/stats").get_json()
    assert stats["rolls"] == 2 and stats["colours"] == []
    assert stats["overall"]["dice"] == 5 + 3  # the two kept 6s were not thrown again
    assert stats["overall"]["counts"] == [3, 1, 1, 0, 0, 3]


def test_a_throw_read_alone_counts_all_five() -> None:
    rules = find_game("fivedice")
    state = rules.new_game({"Players": "Ann"})
    event = rules.parse_event("Ann: roll 6 6 2 3 1", state)
    assert isinstance(event, Roll) and event.thrown == (6, 6, 2, 3, 1)
    assert event == Roll("Ann", (6, 6, 2, 3, 1))  # what was thrown is not part of the line
