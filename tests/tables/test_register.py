"""Registering dice: groups by colour, answers in words, and what the memory is given."""

from __future__ import annotations

import pytest

from companion.tables.learn import from_roll
from companion.tables.register import (
    RegisterError,
    confirmations,
    face_progress,
    groups,
    numbered,
    parse_answer,
    parse_faces,
    parse_not_dice,
    parse_numbers,
    parse_passed,
    passed_confirmations,
)
from vision.types import Colour, Die


def _die(colour: Colour, pips: int, x: int, signed: bool = True) -> Die:
    signature = (float(x), 1.0) if signed else None
    return Die(colour, pips, 0.9, (x, 0, x + 20, 20), False, signature)


DICE = (
    _die(Colour.OTHER, 3, 0),
    _die(Colour.RED, 2, 30),
    _die(Colour.OTHER, 6, 60),
    _die(Colour.BLACK, 1, 90),
)


def test_groups_put_the_biggest_first() -> None:
    found = groups(DICE)
    assert [(g.colour, len(g.dice)) for g in found] == [
        (Colour.OTHER, 2),
        (Colour.RED, 1),
        (Colour.BLACK, 1),
    ]
    assert found[0].describe() == "2 other (pips 3 6)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", Colour.OTHER), (None, Colour.OTHER), ("Blue", Colour.BLUE), (" none ", None)],
)
def test_answers(text: object, expected: Colour | None) -> None:
    assert parse_answer(text, Colour.OTHER) is expected


@pytest.mark.parametrize("text", ["bleu", 3, ["blue"]])
def test_an_answer_that_is_no_colour_is_refused_in_words(text: object) -> None:
    with pytest.raises(RegisterError, match="other dice"):
        parse_answer(text, Colour.OTHER)


def test_confirmations_follow_the_answers() -> None:
    kept = confirmations(groups(DICE), {"other": "blue", "black": "none"})
    assert [(c.colour, c.pips) for c in kept] == [
        (Colour.BLUE, 3),
        (Colour.BLUE, 6),
        (Colour.RED, 2),
        (None, 1),
    ]


def test_an_answer_for_a_colour_not_on_the_table_is_refused() -> None:
    with pytest.raises(RegisterError, match="no dice were read as green"):
        confirmations(groups(DICE), {"green": "blue"})


def test_an_accepted_roll_teaches_its_kept_dice_only() -> None:
    corrected = DICE[0].corrected(Colour.BLUE, 3)
    hand = Die(Colour.YELLOW, 4, 1.0, (0, 0, 1, 1))
    kept = (corrected, DICE[1], DICE[2], hand)  # the black die was removed: not this roll's
    taught = [(c.colour, c.pips) for c in from_roll(kept)]
    assert taught == [(Colour.BLUE, 3), (Colour.RED, 2), (Colour.OTHER, 6)]


def test_a_die_marked_one_by_one_is_not_a_die_whatever_its_group_says() -> None:
    found = groups(DICE)
    assert [d.box_xyxy[0] for d in numbered(found)] == [0, 60, 30, 90]
    kept = confirmations(found, {"other": "blue"}, frozenset({1}))
    assert [(c.colour, c.pips) for c in kept] == [
        (Colour.BLUE, 3),
        (None, 6),
        (Colour.RED, 2),
        (Colour.BLACK, 1),
    ]


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ([4], "no die with index 4"),
        ([-1], "no die with index -1"),
        ("1", "must be a list"),
        ([True], "must be a list"),
        ([1.0], "must be a list"),
    ],
)
def test_bad_not_a_die_marks_are_named(value: object, why: str) -> None:
    with pytest.raises(RegisterError, match=why) as caught:
        parse_not_dice(value, 4)
    assert caught.value.field == "not_dice"


@pytest.mark.parametrize(
    ("text", "expected"), [("", set()), ("2 4", {1, 3}), ("1,3", {0, 2}), (" 4 ", {3})]
)
def test_die_numbers_at_the_prompt(text: str, expected: set[int]) -> None:
    assert parse_numbers(text, 4) == expected


@pytest.mark.parametrize("text", ["0", "5", "two", "-1"])
def test_numbers_that_are_no_dice_are_refused(text: str) -> None:
    with pytest.raises(RegisterError, match="no die's number"):
        parse_numbers(text, 4)


@pytest.mark.parametrize(
    ("text", "expected"), [("", {}), ("3=6", {2: 6}), ("1=1, 2=6", {0: 1, 1: 6})]
)
def test_faces_at_the_prompt(text: str, expected: dict[int, int]) -> None:
    assert parse_faces(text, 3) == expected


@pytest.mark.parametrize("text", ["3", "4=6", "3=7", "x=1", "3=six"])
def test_faces_that_are_no_faces_are_refused(text: str) -> None:
    with pytest.raises(RegisterError):
        parse_faces(text, 3)


@pytest.mark.parametrize(
    ("progress", "says"),
    [
        ((1, 1, 1, 1, 1, 1), "(every face)"),
        ((2, 0, 1, 1, 0, 1), "until 2, 5 show"),
    ],
)
def test_face_progress_names_the_faces_still_to_show(progress: tuple[int, ...], says: str) -> None:
    assert says in face_progress(progress)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, {}), ({}, {}), ({"4": 1, 5: 6}, {4: 1, 5: 6})],
)
def test_passed_over_things_said_to_be_dice(value: object, expected: dict[int, int]) -> None:
    assert parse_passed(value, 4, 2) == expected


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ({"3": 1}, "no passed-over thing with index '3': the table showed indexes 4 to 5"),
        ({"6": 1}, "no passed-over thing with index '6'"),
        ({"4": 0}, "passed-over thing 5 cannot show 0: a die's face is 1 to 6"),
        ({"4": "6"}, "cannot show '6'"),
        ([4], "passed must map passed-over thing indexes to 1..6"),
    ],
)
def test_bad_passed_over_answers_are_named(value: object, why: str) -> None:
    with pytest.raises(RegisterError, match=why) as caught:
        parse_passed(value, 4, 2)
    assert caught.value.field == "passed"


def test_no_passed_over_index_when_nothing_was_passed_over() -> None:
    with pytest.raises(RegisterError, match="the table showed none"):
        parse_passed({"4": 1}, 4, 0)


PASSED = (
    _die(Colour.OTHER, 2, 200),  # its group is answered "blue"
    _die(Colour.WHITE, 4, 230),  # no group of its colour: kept as read
    _die(Colour.BLACK, 5, 260),  # its group is answered "none": marked a die, it is one
    _die(Colour.RED, 6, 290, signed=False),  # no signature: teaches nothing
    _die(Colour.RED, 3, 320),  # left alone: teaches nothing
)


def test_passed_over_things_teach_only_where_the_players_said_they_are_dice() -> None:
    found = groups(DICE)
    said = {4: 1, 5: 2, 6: 3, 7: 4}
    kept = passed_confirmations(found, {"other": "blue", "black": "none"}, PASSED, said)
    assert [(c.colour, c.pips, c.size_px) for c in kept] == [
        (Colour.BLUE, 1, 20),
        (Colour.WHITE, 2, 20),
        (Colour.BLACK, 3, 20),
    ]
