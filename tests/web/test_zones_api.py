"""Player zones set on the dashboard (issue 32 item 9): drawn rectangles or equal zones go into
the active camera profile (a whole-picture profile is made when there is none), and the table
roll then splits a settled table by them; bad input is refused naming the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from calibration.storage import active_name, load_active
from companion.table_roll.zones import table_zones
from vision.types import Colour, DiceReading, Die


def die(x: int, y: int) -> Die:
    return Die(Colour.RED, 3, 0.95, (x - 10, y - 10, x + 10, y + 10), False)


def test_no_zones_until_set(client: FlaskClient) -> None:
    assert client.get("/api/zones").get_json() == {
        "profile": None, "size": None, "table": [], "zones": []
    }  # fmt: skip


def test_equal_zones_make_an_active_whole_picture_profile(
    client: FlaskClient, tmp_path: Path
) -> None:
    answer = client.post("/api/zones", json={"size": [640, 360], "names": ["Ann", "Ben"]})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["profile"] == "default" and [z["name"] for z in body["zones"]] == ["Ann", "Ben"]
    data = tmp_path / "data"
    assert active_name(data) == "default"
    profile = load_active(data)
    assert profile is not None and profile.zone_names() == ("Ann", "Ben")


def test_drawn_zones_split_the_table_roll(client: FlaskClient, tmp_path: Path) -> None:
    zones = [
        {"name": "Ann", "rect": [0, 0, 640, 720]},
        {"name": "Ben", "rect": [640, 0, 1280, 720]},
    ]
    answer = client.post("/api/zones", json={"size": [1280, 720], "zones": zones})
    assert answer.status_code == 200
    reading = DiceReading.of([die(100, 100), die(900, 300), die(1000, 500)])
    split, notes = table_zones(tmp_path / "data", reading, (1280, 720))
    assert notes == ()
    assert {name: len(dice) for name, dice in split.items()} == {"Ann": 1, "Ben": 2}


def test_new_zones_replace_the_old_ones(client: FlaskClient) -> None:
    client.post("/api/zones", json={"size": [640, 360], "names": ["Ann", "Ben", "Cat"]})
    zones = [{"name": "Dan", "rect": [10, 10, 200, 200]}]
    body = client.post("/api/zones", json={"size": [640, 360], "zones": zones}).get_json()
    assert [z["name"] for z in body["zones"]] == ["Dan"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"names": ["Ann"]}, "size", "missing"),
        ({"size": [640], "names": ["Ann"]}, "size", "[width, height]"),
        ({"size": [640, 360]}, "zones", "either"),
        ({"size": [640, 360], "names": ["Ann"], "zones": []}, "zones", "either"),
        ({"size": [640, 360], "names": []}, "names", "1 to 12"),
        ({"size": [640, 360], "names": ["Ann", "Ann"]}, "names", "twice"),
        ({"size": [640, 360], "names": ["<b>"]}, "names", "zone name"),
        ({"size": [640, 360], "zones": [{"name": "Ann", "rect": [5, 5, 1, 1]}]},
         "zones[0].rect", "not a rectangle"),
        ({"size": [640, 360], "zones": [{"name": "Ann", "rect": [0, 0, 700, 10]}]},
         "zones[0].rect", "inside the 640x360"),
        ({"size": [640, 360], "zones": [{"name": "Ann"}]}, "zones[0]", "rect"),
        ({"size": [640, 360], "zones": [{"name": "Ann", "rect": ["a", 0, 1, 1]}]},
         "zones[0].rect", "[x1, y1, x2, y2]"),
    ],
)  # fmt: skip
def test_bad_zones_are_refused_naming_the_field(
    client: FlaskClient, body: dict[str, Any], field: str, words: str
) -> None:
    answer = client.post("/api/zones", json=body)
    assert answer.status_code == 400
    error = answer.get_json()
    assert error["field"] == field and words in error["error"]
    assert client.get("/api/zones").get_json()["zones"] == []


def test_zones_saved_with_no_profile_keep_the_tables_memory_and_empty_table(
    client: FlaskClient, tmp_path: Path
) -> None:
    """Issue 47 item 2: the zones went into a new profile `dashboard`, made active, so after a
    restart the table read as `dashboard`, whose memory and empty table were empty."""
    import numpy as np

    from calibration.empty import load_empty, save_empty
    from companion.tables.names import table_for

    data = tmp_path / "data"
    assert table_for(data) == "default"
    save_empty(data, "default", np.full((90, 160, 3), 120, np.uint8))
    client.post("/api/zones", json={"size": [640, 360], "names": ["Ann", "Ben"]})
    assert table_for(data) == "default"  # what a restarted server reads at
    assert load_empty(data, "default") is not None


def test_a_stored_inactive_default_profile_is_not_replaced(
    client: FlaskClient, tmp_path: Path
) -> None:
    from calibration.drawn import whole_picture
    from calibration.storage import profile_path, save_profile

    data = tmp_path / "data"
    save_profile(data, whole_picture((320, 180)))
    before = profile_path(data, "default").read_text(encoding="utf-8")
    answer = client.post("/api/zones", json={"size": [640, 360], "names": ["Ann"]})
    assert answer.status_code == 409
    assert "calibrate --activate default" in answer.get_json()["error"]
    assert profile_path(data, "default").read_text(encoding="utf-8") == before
    assert active_name(data) is None
