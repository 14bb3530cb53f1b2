"""The modifier dice game's camera flow through the API: the table is declared as everyone's roll,
a settled frame with dice in two players' zones (calibration zones) becomes a pending roll of
each player's dice, a missing die is added to its player, and Accept records one roll line per
player, teaching the accepted dice to the session's listeners."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from flask.testing import FlaskClient

from calibration import storage
from companion.session import Session
from companion.session.camera import Pending
from tests.calibration.helpers import SIZE, make_profile
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

W = Colour.OTHER


def _zones(data_dir: Path) -> None:
    """A profile whose two zones are named after the players: Ann left, Ben right."""
    base = make_profile()
    al, bo = base.player_zones
    profile = replace(base, player_zones=(replace(al, name="Ann"), replace(bo, name="Ben")))
    storage.save_profile(data_dir, profile)
    storage.activate(data_dir, profile.name)


def _die(x: int, y: int, pips: int, unsure: bool = False) -> Die:
    return Die(W, pips, 0.5 if unsure else 0.95, (x - 8, y - 8, x + 8, y + 8), unsure)


def _settled(*dice: Die) -> SettledRoll:
    frame = np.full((SIZE[1], SIZE[0], 3), 90, np.uint8)
    return SettledRoll(2000.0, 1700.0, 61, frame, DiceReading.of(list(dice)))


ANN = [_die(120 + 30 * k, 200, p) for k, p in enumerate((3, 1, 4, 1, 5, 6))]  # zone x 100-320
BEN = [_die(340 + 30 * k, 300, p) for k, p in enumerate((6, 5, 4, 3, 2))]  # zone x 320-540


@pytest.fixture
def modifier(client: FlaskClient, session: Session) -> str:
    _zones(session.data_dir)
    made = client.post(
        "/api/games", json={"players": ["Ann", "Ben"], "options": {"game": "modifier"}}
    )
    game: str = made.get_json()["id"]
    client.post(f"/api/games/{game}/events", json={"line": "goals most-1s most-6s longest-run"})
    return game


def _pending(client: FlaskClient, game: str) -> Any:
    return client.get(f"/api/games/{game}/pending").get_json()["pending"]


def test_a_settled_table_is_each_players_roll(
    client: FlaskClient, session: Session, modifier: str
) -> None:
    taught: list[Pending] = []
    session.accepted.append(taught.append)
    declared = client.post(f"/api/games/{modifier}/table-roll", json={})
    assert declared.status_code == 200
    assert declared.get_json()["pending"]["table"]["rollers"] == ["Ann", "Ben"]

    assert session.offer_roll(_settled(*BEN, *ANN, _die(20, 20, 2))) == modifier
    pending = _pending(client, modifier)
    table = pending["table"]
    assert [(p["player"], len(p["dice"])) for p in table["players"]] == [
        ("Ann", 6),
        ("Ben", 5),
        ("", 1),
    ]
    assert table["players"][0]["line"] == "Ann: roll 3 1 4 1 5 6"
    assert table["players"][1]["problem"] == "Ben has 5 dice, not 6"
    assert pending["ready"] is False

    refused = client.post(f"/api/games/{modifier}/pending/accept", json={})
    assert refused.status_code == 400 and "Ben has 5 dice" in refused.get_json()["error"]
    assert client.get(f"/api/games/{modifier}").get_json()["seq"] == 1

    added = client.post(
        f"/api/games/{modifier}/pending/dice", json={"colour": "white", "pips": 1, "player": "Ben"}
    )
    assert added.status_code == 200 and added.get_json()["pending"]["ready"] is True

    session.offer_roll(_settled(*ANN[:2]))  # the dice settle again: it waits, nothing is lost
    pending = _pending(client, modifier)
    assert pending["queued"] is not None and pending["ready"] is True

    accepted = client.post(f"/api/games/{modifier}/pending/accept", json={})
    assert accepted.status_code == 201, accepted.get_json()
    view = accepted.get_json()
    assert view["pending"] is None and view["seq"] == 3
    events = client.get(f"/api/games/{modifier}/events").get_json()
    lines = [e["line"] for e in (events["events"] if isinstance(events, dict) else events)]
    assert lines[-2:] == ["Ann: roll 3 1 4 1 5 6", "Ben: roll 6 5 4 3 2 1"]
    assert [p.owners.count("Ben") for p in taught] == [6]
    assert len(taught[0].dice) == 12 and "" not in taught[0].owners  # the stray die taught nothing


def test_a_die_added_to_a_table_roll_must_name_its_player(
    client: FlaskClient, session: Session, modifier: str
) -> None:
    client.post(f"/api/games/{modifier}/table-roll", json={})
    session.offer_roll(_settled(*ANN, *BEN))
    before = _pending(client, modifier)
    refused = client.post(
        f"/api/games/{modifier}/pending/dice", json={"colour": "white", "pips": 1}
    )
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "player"
    assert _pending(client, modifier) == before


@pytest.mark.parametrize(
    ("lines", "refusal"),
    [
        ((), "no round is open"),
        (
            ("goals most-1s most-6s longest-run", "Ann: roll 1 1 1 1 1 1", "Ben: roll 1 1 1 1 1 1"),
            "dice are in",
        ),
    ],
)
def test_the_table_cannot_roll_when_nobody_may(
    client: FlaskClient, session: Session, lines: tuple[str, ...], refusal: str
) -> None:
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    for line in lines:
        session.append(game, line)
    refused = client.post(f"/api/games/{game}/table-roll", json={})
    assert refused.status_code == 400 and refusal in refused.get_json()["error"]
    assert _pending(client, game) is None


def test_an_ryb_game_is_not_rolled_as_one_table(client: FlaskClient, game: str) -> None:
    refused = client.post(f"/api/games/{game}/table-roll", json={})
    assert refused.status_code == 400 and "in turn" in refused.get_json()["error"]


def test_without_zones_every_die_is_stray_and_said_so(
    client: FlaskClient, session: Session
) -> None:
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    client.post(f"/api/games/{game}/table-roll", json={})
    session.offer_roll(_settled(*ANN))
    table = _pending(client, game)["table"]
    assert [p["player"] for p in table["players"]] == ["Ann", "Ben", ""]
    assert any("no player zones" in n for n in table["notes"])


def test_an_attempt_in_the_modifier_game_points_to_the_table_roll(
    client: FlaskClient, modifier: str
) -> None:
    refused = client.post(f"/api/games/{modifier}/attempt", json={"player": "Ann", "goal": "x"})
    assert refused.status_code == 400
    assert "read the whole table with the camera" in refused.get_json()["error"]
