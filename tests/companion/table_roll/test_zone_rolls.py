"""A settled table read zone by zone into each player's roll (issue 22, item 3): zones to players,
dice numbered left to right, a zone with more or fewer than six dice or an unsure die flagged, and
the modifier dice game's roll lines for the players whose dice are not in yet."""

from __future__ import annotations

import pytest

from calibration.apply import by_zone
from companion.exports.record import replay
from companion.games.modifier.camera import table_rolls
from companion.table_roll.split import UNZONED, split_by_player, stray_dice, zone_owners
from tests.calibration.helpers import make_profile
from vision.types import Colour, DiceReading, Die


def die(x: int, y: int, pips: int, unsure: bool = False) -> Die:
    return Die(Colour.WHITE, pips, 0.5 if unsure else 1.0, (x - 5, y - 5, x + 5, y + 5), unsure)


def row(y: int, pips: str, x0: int = 20) -> list[Die]:
    return [die(x0 + 30 * k, y, int(p)) for k, p in enumerate(pips.split())]


@pytest.mark.parametrize(
    ("zones", "players", "owners"),
    [
        (["Ann", "ben"], ["Ben", "Ann"], {"Ben": "ben", "Ann": "Ann"}),
        (["seat 1", "seat 2"], ["Ann", "Ben"], {"Ann": "seat 1", "Ben": "seat 2"}),
        (["seat 1", "seat 2", UNZONED], ["Ann", "Ben"], {"Ann": "seat 1", "Ben": "seat 2"}),
        (["seat 1"], ["Ann", "Ben"], {"Ann": None, "Ben": None}),
        (["Ann", "seat 2"], ["Ann", "Ben"], {"Ann": "Ann", "Ben": None}),
    ],
)
def test_zones_go_to_players_by_name_else_by_seat(
    zones: list[str], players: list[str], owners: dict[str, str | None]
) -> None:
    assert zone_owners(zones, players) == owners


def test_each_zone_becomes_a_roll_numbered_left_to_right() -> None:
    zones = {
        "north": DiceReading.of(list(reversed(row(10, "6 5 4 3 2 1")))),
        "south": DiceReading.of(row(200, "1 1 2 2 3")),
        UNZONED: DiceReading.of([die(500, 500, 4)]),
    }
    ann, ben = split_by_player(zones, ["Ann", "Ben"], 6)
    assert (ann.zone, ann.pips, ann.problem) == ("north", (6, 5, 4, 3, 2, 1), None)
    assert ben.problem == "Ben's zone (south) shows 5 dice, not 6"
    assert stray_dice(zones) == "1 die lies outside every player's zone"


def test_an_unsure_die_holds_the_roll_back() -> None:
    dice = row(10, "1 2 3 4 5")
    zones = {"Ann": DiceReading.of([*dice, die(400, 10, 6, unsure=True)])}
    (ann,) = split_by_player(zones, ["Ann"], 6)
    assert ann.problem == "die 6 in Ann's zone (Ann) is unsure: confirm or correct it"


def test_the_modifier_game_gets_a_roll_line_per_waiting_player() -> None:
    state = replay(
        '[Game "modifier"]\n[Players "Al, Bo, Cy"]\n\n'
        "goals most-1s most-2s most-3s\nCy: roll 1 1 1 1 1 1\n"
    )
    zones = {
        "al": DiceReading.of(row(10, "3 1 4 1 5 6")),
        "bo": DiceReading.of(row(100, "2 2 1 6")),
        "cy": DiceReading.of(row(200, "6 6 6 6 6 6")),
    }
    got = table_rolls(state, zones)
    assert got.lines == ("Al: roll 3 1 4 1 5 6",)  # Cy has rolled already
    assert got.problems == ("Bo's zone (bo) shows 4 dice, not 6",)


def test_no_round_open_means_no_lines() -> None:
    state = replay('[Game "modifier"]\n[Players "Al, Bo"]\n')
    got = table_rolls(state, {"al": DiceReading.of(row(10, "1 2 3 4 5 6"))})
    assert got.lines == () and "no round is open" in got.problems[0]


def test_a_calibrated_table_splits_into_the_players_rolls() -> None:
    profile = make_profile()  # zones "al" (left half of the table) and "bo" (right half)
    left = [die(110 + 30 * k, 200, p) for k, p in enumerate((1, 2, 3, 4, 5, 6))]
    right = [die(360 + 30 * k, 300, p) for k, p in enumerate((6, 6, 6, 1, 1, 1))]
    zones = by_zone(DiceReading.of([*right, *left]), profile)
    state = replay('[Game "modifier"]\n[Players "Al, Bo"]\n\ngoals most-1s most-2s most-3s\n')
    got = table_rolls(state, zones)
    assert got.lines == ("Al: roll 1 2 3 4 5 6", "Bo: roll 6 6 6 1 1 1")
    assert got.problems == ()
