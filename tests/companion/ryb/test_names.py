"""Real names (issue #24 item 9): a space, an emoji, accents and other scripts are accepted in
the header, as the one who plays a line and as a line's argument, and write back the same."""

from __future__ import annotations

import pytest

from companion.errors import RecordError
from companion.exports.record import replay
from companion.games import find_game
from companion.games.ryb.notation import parse_event
from companion.games.ryb.tokens import is_name, join_names
from companion.games.ryb.writing import format_event

NAMES = ["Mary Ann", "🎲 Bo", "Zoë-Li", "Jean Luc Picard", "O'Brien", "李雷", "👩🏽‍🚀 Sam"]


@pytest.mark.parametrize("name", [*NAMES, "Al", "D.J.", "Anne_Marie", "Bo2"])
def test_real_names_are_names(name: str) -> None:
    assert is_name(name)


@pytest.mark.parametrize(
    "text",
    ["", " Al", "Al ", "Mary  Ann", "2Pac", "Al:Bo", "Al, Bo", "#1", "-Al", "Al\tBo", "Al\u0000"],
)
def test_what_the_record_needs_is_not_a_name(text: str) -> None:
    assert not is_name(text)


@pytest.mark.parametrize(
    ("args", "joined"),
    [
        (["Mary", "Ann", "yellow"], ["Mary Ann", "yellow"]),
        (["Mary", "Ann:red", "r1"], ["Mary Ann:red", "r1"]),
        (["Jean", "Luc", "Picard", "Mary", "Ann"], ["Jean Luc Picard", "Mary Ann"]),
        (["Mary", "yellow"], ["Mary", "yellow"]),
        (["red", "r1", "y2"], ["red", "r1", "y2"]),
    ],
)
def test_names_of_several_words_are_joined_back(args: list[str], joined: list[str]) -> None:
    assert join_names(args, ["Mary Ann", "Jean Luc Picard", "Bo"]) == joined


RECORD = '[Players "Mary Ann, 🎲 Bo, Zoë-Li, Jean Luc Picard"]\n[Rules "lenient"]\n'
TURN = "Mary Ann: goal orange 7\nMary Ann: attempt orange r3 y4\nMary Ann: bank 2\nMary Ann: pass\n"


def test_a_game_plays_with_them() -> None:
    state = replay(RECORD + TURN + "🎲 Bo: goal red 6\n")
    shown = find_game("ryb").state_json(state)
    names = [p["name"] for p in shown["players"]]
    assert names == ["Mary Ann", "🎲 Bo", "Zoë-Li", "Jean Luc Picard"]
    assert shown["goals"][0]["banked"] == 2 and shown["turn"]["player"] == "🎲 Bo"


@pytest.mark.parametrize(
    "line",
    [
        "🎲 Bo: gimme Mary Ann yellow",
        "🎲 Bo: raid Jean Luc Picard",
        "🎲 Bo: attempt Mary Ann:orange r1",
        "Zoë-Li: void Mary Ann blue Jean Luc Picard Zoë-Li",
    ],
)
def test_a_line_naming_them_writes_back_the_same(line: str) -> None:
    state = replay(RECORD + TURN)
    assert format_event(parse_event(line, state)) == line


def test_a_bad_name_says_what_a_name_may_hold() -> None:
    with pytest.raises(RecordError, match="one space between words"):
        replay('[Players "Al, Mary  Ann"]\n')
