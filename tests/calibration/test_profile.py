"""Profile values and their JSON: round trip, and every refusal names the field and the value."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from calibration.errors import FrameSizeError, ProfileError
from calibration.profile import PROFILE_VERSION, CameraInfo, PlayerZone, Profile, WhiteReference
from tests.calibration.helpers import make_profile, profile_json


def test_json_round_trip_is_exact() -> None:
    profile = make_profile()
    text = profile.to_text()
    again = Profile.from_text(text)
    assert again == profile
    assert again.to_text() == text
    assert json.loads(text)["version"] == PROFILE_VERSION


def test_zones_and_notes_are_optional_in_json() -> None:
    data = profile_json()
    del data["player_zones"], data["notes"]
    profile = Profile.from_json(data)
    assert profile.player_zones == () and profile.notes == ""


def _set(path: str, value: Any) -> dict[str, Any]:
    """The sample profile's JSON with one value (a dotted/indexed path) replaced."""
    data = copy.deepcopy(profile_json())
    keys: list[Any] = []
    for part in path.replace("]", "").replace("[", ".").split("."):
        keys.append(int(part) if part.isdigit() else part)
    target: Any = data
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return data


# (path to change, new value, field the error must name, text the message must hold)
JSON_ERRORS = [
    ("version", 2, "version", "unknown version 2"),
    ("version", "1", "version", "'1'"),
    ("name", "../x", "name", "'../x'"),
    ("name", "Kitchen", "name", "'Kitchen'"),
    ("camera.size_wh", [640], "camera.size_wh", "[640]"),
    ("camera.size_wh", [0, 480], "camera.size_wh", "[0, 480]"),
    ("camera.source", "", "camera.source", "''"),
    ("created_at", "yesterday", "created_at", "'yesterday'"),
    ("created_at", "2024-05-01T12:00:00", "created_at", "time zone"),
    ("table_region", [[100, 80], [540, 80]], "table_region", "at least 3 points, got 2"),
    ("table_region[2]", [700, 10], "table_region[2]", "(700, 10) lies outside the 640x480 frame"),
    ("table_region[0]", [-1, 80], "table_region[0]", "(-1, 80)"),
    ("table_region[1]", [540.5, 80], "table_region[1]", "540.5"),
    ("table_region[1]", [540], "table_region[1]", "[540]"),
    ("table_region", [[0, 0], [10, 10], [20, 20]], "table_region", "no area"),
    ("table_region", [[0, 0], [10, 10], [10, 0], [0, 10]], "table_region", "cross"),
    ("table_region", "everywhere", "table_region", "'everywhere'"),
    ("white_reference.gains_bgr[0]", 5.0, "white_reference.gains_bgr[0]", "gain 5.0 is outside"),
    ("white_reference.gains_bgr[2]", 0.1, "white_reference.gains_bgr[2]", "0.1"),
    ("white_reference.gains_bgr[1]", "1", "white_reference.gains_bgr[1]", "'1'"),
    ("white_reference.gains_bgr", [1, 1], "white_reference.gains_bgr", "[1.0, 1.0]"),
    ("white_reference.method", "guess", "white_reference.method", "'guess'"),
    ("white_reference.method", "none", "white_reference.gains_bgr", "[1.25, 1.0, 0.8]"),
    ("white_reference.brightness", 300, "white_reference.brightness", "300"),
    ("player_zones[1].name", "al", "player_zones[1].name", "'al' is used twice"),
    ("player_zones[0].name", "a/b", "player_zones[0].name", "'a/b'"),
    ("player_zones[0].polygon[0]", [10, 10], "player_zones[0].polygon[0]", "(10, 10)"),
    ("notes", 7, "notes", "7"),
]


@pytest.mark.parametrize(("path", "value", "field", "text"), JSON_ERRORS)
def test_bad_json_names_field_and_value(path: str, value: Any, field: str, text: str) -> None:
    with pytest.raises(ProfileError) as caught:
        Profile.from_json(_set(path, value))
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert text in str(caught.value)


@pytest.mark.parametrize(
    ("mutate", "text"),
    [
        (lambda d: d.pop("camera"), "missing 'camera'"),
        (lambda d: d.update(colour="red"), "unknown field(s) 'colour'"),
        (lambda d: d["white_reference"].pop("gains_bgr"), "missing 'gains_bgr'"),
        (lambda d: d["camera"].update(fps=30), "unknown field(s) 'fps'"),
    ],
)
def test_missing_and_unknown_fields_are_named(mutate: Any, text: str) -> None:
    data = copy.deepcopy(profile_json())
    mutate(data)
    with pytest.raises(ProfileError, match=r"\(s\)|missing") as caught:
        Profile.from_json(data)
    assert text in str(caught.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "kitchen.json is not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "must be a JSON object, got [1, 2]"),
        ("null", "got None"),
    ],
)
def test_unreadable_text_is_a_profile_error(text: str, expected: str) -> None:
    with pytest.raises(ProfileError) as caught:
        Profile.from_text(text, origin="kitchen.json")
    assert expected in str(caught.value)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": ""}, "name"),
        ({"camera": CameraInfo("0", (640, 0))}, "camera.size_wh"),
        ({"table_region": ((0, 0), (641, 0), (641, 480))}, "table_region[1]"),
        (
            {"white_reference": WhiteReference("card", ((0, 0), (9, 0), (9, 9)), (1, 1, 9), 50)},
            "white_reference.gains_bgr[2]",
        ),
        ({"player_zones": (PlayerZone("al", ((0, 0), (50, 0), (50, 50))),)}, "player_zones[0]"),
    ],
)
def test_profiles_built_in_code_are_checked_too(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(ProfileError) as caught:
        make_profile(**changes)
    assert caught.value.field.startswith(field)


def test_scaled_to_same_shape_scales_every_region() -> None:
    profile = make_profile()
    big = profile.scaled_to((1280, 960))
    assert big.size_wh == (1280, 960)
    assert big.table_rect == (200, 160, 1080, 800)
    assert big.player_zones[1].polygon[0] == (640, 160)
    assert big.white_reference.gains_bgr == profile.white_reference.gains_bgr
    assert profile.scaled_to((640, 480)) is profile


def test_scaled_to_keeps_zones_on_a_table_edge_inside() -> None:
    # A zone point 2 px past the table edge is allowed; scaled by 3 it would be 6 px past.
    zone = PlayerZone("al", ((100, 80), (320, 80), (320, 402), (98, 400)))
    profile = make_profile(player_zones=(zone,), camera=CameraInfo("0", (640, 480)))
    big = profile.scaled_to((1920, 1440))
    assert big.player_zones[0].polygon == ((300, 240), (960, 240), (960, 1200), (300, 1200))


def test_scaled_to_another_shape_names_both_sizes() -> None:
    with pytest.raises(FrameSizeError, match=r"frame is 1280x720 .* recorded at 640x480"):
        make_profile().scaled_to((1280, 720))


def test_the_stored_format_matches_the_golden_file() -> None:
    """Pins the documented layout (docs/calibration.md): a change here is a format change."""
    golden = (Path(__file__).parent / "golden" / "kitchen.json").read_text()
    assert make_profile().to_text() == golden
    assert Profile.from_text(golden) == make_profile()
