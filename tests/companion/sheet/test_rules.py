"""The score sheet's rules as tables: how a roll counts, the house-rule headers, record lines
read and written back, turns, what ends the game and who wins."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games import ANY_COLOUR, HeaderError, find_game, roll_format
from companion.games.sheet import (
    RULES,
    End,
    GameState,
    Roll,
    Score,
    apply,
    format_event,
    parse_event,
    read_count,
    start,
    state_json,
    steps,
)


def sheet(players: str = "Ann, Ben", **options: str) -> GameState:
    return start({"Players": players, **options})


def play(state: GameState, *lines: str) -> GameState:
    for line in lines:
        state = apply(state, parse_event(line))
    return state


@pytest.mark.parametrize(
    ("count", "dice", "points", "built"),
    [
        ("pips", (3, 4, 6), 13, ["3", "3 + 4 = 7", "3 + 4 + 6 = 13"]),
        ("", (5,), 5, ["5"]),
        ("sum", (2, 2), 4, ["2", "2 + 2 = 4"]),
        ("only 6", (6, 2, 6), 12, ["6", "6 + 6 = 12"]),
        ("only 5 6", (5, 1, 6), 11, ["5", "5 + 6 = 11"]),
        ("only 6s", (1, 2, 3), 0, []),
        ("dice 6", (6, 6, 1, 6), 3, ["1", "1 + 1 = 2", "1 + 1 + 1 = 3"]),
        ("dice 1, 6", (1, 6, 3), 2, ["1", "1 + 1 = 2"]),
        ("DICE 1", (2, 2), 0, []),
    ],
)
def test_a_roll_scores_by_the_count(
    count: str, dice: tuple[int, ...], points: int, built: list[str]
) -> None:
    how = read_count(count)
    assert how.score(dice) == points
    assert steps(how, dice) == built
    state = play(sheet(Count=count), "Ann: roll " + " ".join(map(str, dice)))
    assert state_json(state)["players"][0]["score"] == points


@pytest.mark.parametrize(
    ("key", "value", "named"),
    [
        ("Count", "sevens", "'sevens' is not a way to count"),
        ("Count", "only", "names no faces"),
        ("Count", "dice 0", "'0' is not a face of a die"),
        ("Lowest", "maybe", "'maybe' is not yes or no"),
        ("Target", "0", "'0' is not a target score"),
        ("Target", "-5", "'-5' is not a target score"),
        ("Rounds", "1000", "'1000' is not a number of rounds"),
        ("Dice", "25", "'25' is not a number of dice (1 to 24, or none)"),
        ("Players", "Ann, ann", "two players are called"),
        ("Players", "Ann, 4", "'4' is not a player's name"),
        ("Players", "Ann, End", "a word of the record"),
    ],
)
def test_a_bad_header_value_is_refused_in_words(key: str, value: str, named: str) -> None:
    header = {"Players": "Ann, Ben", key: value}
    with pytest.raises(HeaderError) as caught:
        start(header)
    assert caught.value.key == key and named in str(caught.value)


@pytest.mark.parametrize(
    ("line", "event", "canonical"),
    [
        ("Ann: roll 3 4 6", Roll("Ann", (3, 4, 6)), "Ann: roll 3 4 6"),
        ("Ann: ROLL 346", Roll("Ann", (3, 4, 6)), "Ann: roll 3 4 6"),
        ("Ann: roll 3,4,6", Roll("Ann", (3, 4, 6)), "Ann: roll 3 4 6"),
        ("Mary Jo: roll 2", Roll("Mary Jo", (2,)), "Mary Jo: roll 2"),
        ("Ann: score 12", Score("Ann", 12), "Ann: score 12"),
        ("Ann: score +7", Score("Ann", 7), "Ann: score 7"),
        ("Ann: score -5", Score("Ann", -5), "Ann: score -5"),
        ("END", End(), "end"),
    ],
)
def test_lines_read_and_write_back(line: str, event: object, canonical: str) -> None:
    assert parse_event(line) == event
    assert format_event(parse_event(line)) == canonical
    assert parse_event(canonical) == event


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Ann: roll", "usage: roll DICE"),
        ("Ann: roll 3 0", "die 2 is '0'"),
        ("Ann: roll 3 x", "die 2 is 'x'"),
        ("Ann: roll " + "1 " * 25, "1 to 24 dice"),
        ("Ann: score", "usage: score POINTS"),
        ("Ann: score 1.5", "the score '1.5' is not a whole number"),
        ("Ann: score 1 2", "usage: score POINTS"),
        ("Ann: bank 3", "unknown verb 'bank'"),
        ("Ann: end", "write it without a name"),
        ("end now", "usage: end"),
        ("roll 3", "expected `NAME: roll DICE...`"),
    ],
)
def test_a_bad_line_is_refused_in_words(line: str, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_event(line)
    assert named in str(caught.value)


@pytest.mark.parametrize(
    ("options", "lines", "named"),
    [
        ({}, ["Ben: roll 3"], "it is Ann's turn in round 1, not Ben's"),
        ({}, ["Ann: roll 3", "Ann: roll 4"], "it is Ben's turn in round 1, not Ann's"),
        ({}, ["Cat: roll 3"], "unknown player 'Cat' (players: Ann, Ben)"),
        ({}, ["end"], "no round has been played yet"),
        ({}, ["Ann: roll 3", "end"], "round 1 is not finished: Ben still to play it"),
        ({"Dice": "2"}, ["Ann: roll 3 3 3"], "a roll here is 2 dice, not 3"),
        ({}, ["Ann: score 1000001"], "a score is -1000000 to 1000000"),
        ({"Rounds": "1"}, ["Ann: roll 3", "Ben: roll 4", "Ann: roll 1"], "is 1 round long"),
        ({}, ["Ann: roll 1", "Ben: roll 1", "end", "end"], "already over"),
        ({"Target": "5"}, ["Ann: roll 6", "Ben: roll 1", "Ann: roll 1"], "the game is over"),
    ],
)
def test_the_rules_refuse_and_change_nothing(
    options: dict[str, str], lines: list[str], named: str
) -> None:
    state = play(sheet(**options), *lines[:-1])
    with pytest.raises(InvalidEventError) as caught:
        apply(state, parse_event(lines[-1]))
    assert named in str(caught.value)


def test_the_target_finishes_the_round_so_every_player_has_as_many_turns() -> None:
    state = play(sheet("Ann, Ben, Cat", Target="10"), "Ann: roll 6 6")
    view = state_json(state)
    assert view["turn"] == "Ben" and view["winner"] is None
    assert view["ending"] == (
        "Ann reached the target 10: round 1 is the last, so every player has as many turns"
    )
    state = play(state, "Ben: roll 6 6 6", "Cat: score 3")
    view = state_json(state)
    assert view["phase"] == "over" and view["winner"] == "Ben" and view["turn"] is None
    assert RULES.current_player(state) is None and RULES.winner(state) == "Ben"


@pytest.mark.parametrize(
    ("options", "lines", "leaders", "winner"),
    [
        ({"Rounds": "1"}, ["Ann: roll 5", "Ben: roll 2"], ["Ann"], "Ann"),
        ({"Rounds": "1", "Lowest": "yes"}, ["Ann: roll 5", "Ben: roll 2"], ["Ben"], "Ben"),
        ({"Rounds": "1"}, ["Ann: roll 4", "Ben: score 4"], ["Ann", "Ben"], "Ann and Ben"),
        ({}, ["Ann: roll 4"], ["Ann"], None),
        ({}, [], [], None),
    ],
)
def test_the_leader_and_the_winner(
    options: dict[str, str], lines: list[str], leaders: list[str], winner: str | None
) -> None:
    view = state_json(play(sheet(**options), *lines))
    assert view["leaders"] == leaders and view["winner"] == winner
    assert [p["name"] for p in view["players"] if p["leader"]] == leaders


def test_a_one_player_sheet_and_the_end_of_the_table() -> None:
    state = play(sheet("Solo"), "Solo: roll 6 5", "Solo: score 4", "end")
    view = state_json(state)
    assert view["winner"] == "Solo" and view["round"] == 2
    assert [e["points"] for e in view["players"][0]["entries"]] == [11, 4]
    assert view["last"] == {
        "player": "Solo", "round": 2, "points": 4, "dice": None, "counted": None,
        "steps": [], "total": 15,
    }  # fmt: skip


def test_the_registry_serves_the_sheet_for_any_colour_camera_rolls() -> None:
    rules = find_game("Sheet")
    assert rules is RULES and roll_format(rules) == "{player}: roll {pips}"
    state = sheet(Dice="5")
    assert rules.expected_dice(state, "Ann", None) == {ANY_COLOUR: 5}
    assert rules.expected_dice(sheet(), "Ann", None) == {}
    with pytest.raises(InvalidEventError, match="not an attempt on a goal"):
        rules.expected_dice(state, "Ann", "#1")
    with pytest.raises(InvalidEventError, match="unknown player 'Cat'"):
        rules.expected_dice(state, "Cat", None)
    assert roll_format(find_game("ryb")) == ""
