"""A table roll (everyone throws at once): a settled table split into each player's dice, the
checks in words, corrections that keep each die with its player, and one line per player."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import InvalidEventError
from companion.games import ANY_COLOUR, find_game
from companion.games.modifier.camera import table_rollers
from companion.session import camera as cam
from companion.session.errors import PendingError
from companion.table_roll import pending as tr
from companion.table_roll.split import UNZONED
from vision.types import Colour, DiceReading, Die

W = Colour.OTHER
FORMAT = "{player}: roll {pips}"


def die(x: int, pips: int, unsure: bool = False) -> Die:
    return Die(W, pips, 0.5 if unsure else 0.95, (x, 10, x + 20, 30), unsure)


def row(*pips: int, x0: int = 0) -> DiceReading:
    return DiceReading.of([die(x0 + 30 * k, p) for k, p in enumerate(pips)])


def table(rollers: tuple[str, ...], dice: tuple[Die, ...], owners: tuple[str, ...]) -> cam.Pending:
    empty = cam.Pending(
        "g", "", "", {ANY_COLOUR: 6}, "t", 0, 0, rollers=rollers, line_format=FORMAT
    )
    shot = cam.CameraShot(DiceReading.of(dice), None, 1, 0.0, "t")
    return tr.with_table_shot(empty, shot, (dice, owners, ()), 1)


SIX = (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize(
    ("zones", "rollers", "owners", "notes"),
    [
        # zones named like the players, in any order and letter case
        ({"ben": row(*SIX), "Ann": row(*SIX)}, ("Ann", "Ben"), ["Ann"] * 6 + ["Ben"] * 6, 0),
        # seat zones: as many zones as players, in seat order
        ({"seat-1": row(*SIX), "seat-2": row(1, 1)}, ("Ann", "Ben"), ["Ann"] * 6 + ["Ben"] * 2, 0),
        # Ann has rolled already: the dice in her zone are not part of this roll
        ({"Ann": row(*SIX), "Ben": row(*SIX)}, ("Ben",), ["Ben"] * 6, 0),
        # a die outside every zone is a stray one (the check counts it)
        (
            {"Ann": row(*SIX), "Ben": row(*SIX), UNZONED: row(3)},
            ("Ann", "Ben"),
            ["Ann"] * 6 + ["Ben"] * 6 + [""],
            0,
        ),
        # no zones at all: every die stray, each player without a zone said so
        ({UNZONED: row(*SIX)}, ("Ann", "Ben"), [""] * 6, 2),
    ],
)
def test_split_table(
    zones: dict[str, DiceReading], rollers: tuple[str, ...], owners: list[str], notes: int
) -> None:
    dice, found, said = tr.split_table(zones, ("Ann", "Ben"), rollers, 6)
    assert list(found) == owners and len(dice) == len(owners)
    assert len(said) == notes


def test_each_players_dice_run_left_to_right() -> None:
    zones = {"Ann": DiceReading.of([die(90, 6), die(10, 1), die(50, 4)])}
    dice, _, _ = tr.split_table(zones, ("Ann",), ("Ann",), 3)
    assert [d.pips for d in dice] == [1, 4, 6]


ANN = tuple(die(30 * k, p) for k, p in enumerate(SIX))
BEN5 = tuple(die(300 + 30 * k, p) for k, p in enumerate((6, 6, 5, 5, 4)))


@pytest.mark.parametrize(
    ("dice", "owners", "check", "ready"),
    [
        (ANN + ANN, ("Ann",) * 6 + ("Ben",) * 6, "every player's 6 dice are in", True),
        (ANN + BEN5, ("Ann",) * 6 + ("Ben",) * 5, "Ben has 5 dice, not 6", False),
        (
            ANN + ANN + (die(600, 2),),
            ("Ann",) * 6 + ("Ben",) * 6 + ("",),
            "every player's 6 dice are in; 1 die lies outside every zone",
            True,
        ),
        (
            (die(0, 4, unsure=True), *ANN[1:], *ANN),
            ("Ann",) * 6 + ("Ben",) * 6,
            "Ann's die 1 is unsure: confirm or correct it",
            False,
        ),
        ((), (), "Ann has 0 dice, not 6; Ben has 0 dice, not 6", False),
    ],
)
def test_the_check_in_words(
    dice: tuple[Die, ...], owners: tuple[str, ...], check: str, ready: bool
) -> None:
    pending = table(("Ann", "Ben"), dice, owners)
    assert pending.check == check
    assert pending.matches is ready
    assert pending.to_json()["ready"] is ready


def test_a_ready_table_roll_is_one_line_per_player() -> None:
    pending = table(("Ann", "Ben"), ANN + ANN[::-1], ("Ann",) * 6 + ("Ben",) * 6)
    assert cam.accept_lines(pending) == ("Ann: roll 1 2 3 4 5 6", "Ben: roll 6 5 4 3 2 1")
    shown = pending.to_json()["table"]
    assert [p["player"] for p in shown["players"]] == ["Ann", "Ben"]
    assert shown["players"][1]["dice"] == list(range(6, 12))


def test_corrections_keep_each_die_with_its_player() -> None:
    pending = table(
        ("Ann", "Ben"), ANN + BEN5 + (die(600, 2),), ("Ann",) * 6 + ("Ben",) * 5 + ("",)
    )
    with pytest.raises(PendingError, match="Ben has 5 dice"):
        cam.accept_lines(pending)
    pending = cam.remove_die(pending, 11, 2)  # the stray die
    pending = cam.add_die(pending, "white", 3, 3, "Ben")
    pending = cam.correct_die(pending, 0, "white", 2, 4)
    assert pending.owners == ("Ann",) * 6 + ("Ben",) * 6
    assert cam.accept_lines(pending) == ("Ann: roll 2 2 3 4 5 6", "Ben: roll 6 6 5 5 4 3")
    assert "added white 3" in cam.summary(pending)


@pytest.mark.parametrize(
    ("player", "message"),
    [
        (None, "say whose die this is: one of Ann, Ben"),
        ("Cat", "^Cat throws no dice in this table roll: give the die to one of Ann, Ben$"),
        ("", "one of Ann"),
    ],
)
def test_a_die_added_to_a_table_roll_names_a_rolling_player(player: object, message: str) -> None:
    pending = table(("Ann", "Ben"), ANN, ("Ann",) * 6)
    with pytest.raises(PendingError, match=message):
        cam.add_die(pending, "white", 3, 2, player)


def test_a_rolling_player_is_named_in_any_case() -> None:
    pending = table(("Ann", "Ben"), ANN, ("Ann",) * 6)
    assert cam.add_die(pending, "white", 3, 2, " ben ").owners[-1] == "Ben"


def test_a_table_roll_is_not_typed_as_one_list_of_dice() -> None:
    pending = table(("Ann", "Ben"), ANN, ("Ann",) * 6)
    with pytest.raises(PendingError, match="add each die to its player"):
        cam.with_hand_dice(pending, ANN, 2)


def test_an_attempt_gives_no_die_to_a_player() -> None:
    attempt = cam.Pending("g", "Al", "orange", {Colour.RED: 2}, "t", 0, 0)
    assert cam.add_die(attempt, "red", 3, 1).owners == ()
    with pytest.raises(PendingError, match="only a table roll"):
        cam.add_die(attempt, "red", 3, 1, "Al")


def _modifier(*lines: str) -> Any:
    rules = find_game("modifier")
    state = rules.new_game({"Players": "Ann, Ben, Cat"})
    for line in lines:
        state = rules.apply(state, rules.parse_event(line, state))
    return state


@pytest.mark.parametrize(
    ("lines", "rollers", "refusal"),
    [
        ((), None, "no round is open"),
        (("goals most-1s most-2s most-3s",), ("Ann", "Ben", "Cat"), None),
        (("goals most-1s most-2s most-3s", "Ben: roll 1 2 3 4 5 6"), ("Ann", "Cat"), None),
        (
            (
                "goals most-1s most-2s most-3s",
                *(f"{p}: roll 1 2 3 4 5 6" for p in ("Ann", "Ben", "Cat")),
            ),
            None,
            "every player's dice are in",
        ),
    ],
)
def test_who_the_table_roll_is_for(
    lines: tuple[str, ...], rollers: tuple[str, ...] | None, refusal: str | None
) -> None:
    state = _modifier(*lines)
    if refusal is None:
        assert table_rollers(state) == rollers
    else:
        with pytest.raises(InvalidEventError, match=refusal):
            table_rollers(state)


def test_a_newer_table_waits_until_a_person_takes_it() -> None:
    pending = table(("Ann", "Ben"), ANN + BEN5, ("Ann",) * 6 + ("Ben",) * 5)
    pending = cam.add_die(pending, "white", 1, 2, "Ben")
    newer = cam.CameraShot(DiceReading.of(ANN), None, 2, 0.0, "t2")
    waiting = tr.with_table_shot(pending, newer, (ANN, ("Ann",) * 6, ("a note",)), 3)
    assert waiting.dice == pending.dice and waiting.corrections == pending.corrections
    assert waiting.queued is newer and waiting.to_json()["queued"] is not None
    taken = cam.with_queued(waiting, 4)
    assert (taken.dice, taken.owners, taken.notes) == (ANN, ("Ann",) * 6, ("a note",))
    assert taken.corrections == () and taken.queued is None and taken.queued_split is None
    with pytest.raises(PendingError, match="no newer camera roll"):
        cam.with_queued(taken, 5)
