"""The game record: header, comments, event lines, errors with line numbers, round trips."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.exports.record import (
    Record,
    RecordLine,
    format_record,
    parse_record,
    replay,
    replay_steps,
)
from companion.games import GameRules, UnknownRulesError, find_game, game_names
from companion.games.ryb import (
    GameState,
    GoalRef,
    format_event,
    parse_event,
    parse_goal_ref,
    state_json,
)
from vision.types import Colour

TEXT = """\
# A comment line
[Game "ryb"]
[Players "Al, Bruce"]
[Event "Club \\"night\\" #3"]   # the value holds a quote and a #

Al: goal green 9   # value from the deck
Al:   attempt   #1 y4 y5 b2 b5
Al: bank 0
Bruce: goal red 18 value 36
"""


def test_parse_record_header_lines_and_comments() -> None:
    record = parse_record(TEXT)
    assert record.header == {"Game": "ryb", "Players": "Al, Bruce", "Event": 'Club "night" #3'}
    assert [str(line) for line in record.lines] == [
        "Al: goal green 9",
        "Al: attempt #1 y4 y5 b2 b5",
        "Al: bank 0",
        "Bruce: goal red 18 value 36",
    ]
    assert [line.line_no for line in record.lines] == [6, 7, 8, 9]
    assert record.header_line_nos["Players"] == 3


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("Al: attempt #2 r1", "Al: attempt #2 r1"),
        ("Al: attempt Ed:#2 r1", "Al: attempt Ed:#2 r1"),
        ("Al: pass #2 is a goal ref, # this is a comment", "Al: pass #2 is a goal ref,"),
        ("Al: pass # done", "Al: pass"),
        ("Al: pass #done", "Al: pass"),
        ("Al: pass#notacomment", "Al: pass#notacomment"),
    ],
)
def test_hash_starts_a_comment_unless_a_digit_follows(line: str, kept: str) -> None:
    assert [str(x) for x in parse_record(line).lines] == [kept]


def test_format_then_parse_round_trips_exactly() -> None:
    record = parse_record(TEXT)
    lines = [str(line) for line in record.lines]
    text = format_record(record.header, lines)
    again = parse_record(text)
    assert again == Record(record.header, record.lines)
    assert [str(line) for line in again.lines] == lines
    assert format_record(again.header, [str(x) for x in again.lines]) == text
    assert text.startswith(
        '[Game "ryb"]\n[Players "Al, Bruce"]\n[Event "Club \\"night\\" #3"]\n\nAl:'
    )


def test_record_line_equality_ignores_where_it_was() -> None:
    assert RecordLine("Al", "pass", 3, "Al:  pass") == RecordLine("Al", "pass", 9)


@pytest.mark.parametrize(
    ("header", "lines", "named"),
    [
        ({"bad key": "x"}, [], "bad header key"),
        ({"Key": "two\nlines"}, [], "line break"),
        ({}, ["Al: pass # comment"], "cannot hold a comment"),
        ({}, ["no colon here"], "NAME: VERB"),
    ],
)
def test_format_record_refuses(header: dict[str, str], lines: list[str], named: str) -> None:
    with pytest.raises(RecordError, match=named):
        format_record(header, lines)


SYNTAX_ERRORS = [
    ('[Players "Al, Bruce"\n', 1, 'a header line is [Key "Value"]'),
    ('[Players "Al, Bruce"] extra\n', 1, "text after a header line"),
    ('[Players "Al"]\n[Players "Bo"]\n', 2, "Players is already set on line 1"),
    ('[Players "Al, Bo"]\nAl: pass\n[Date "x"]\n', 3, "header lines come before"),
    ('[Players "Al, Bo"]\nAl pass\n', 2, "expected `NAME: VERB"),
    ('[Players "Al, Bo"]\nAl:\n', 2, "expected `NAME: VERB"),
]


@pytest.mark.parametrize(("text", "line_no", "named"), SYNTAX_ERRORS)
def test_parse_record_errors_name_the_line(text: str, line_no: int, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert caught.value.line_no == line_no
    assert caught.value.line == text.splitlines()[line_no - 1]
    assert named in str(caught.value) and f"line {line_no}:" in str(caught.value)


REPLAY_ERRORS = [
    ('[Game "chess"]\n[Players "Al, Bo"]\n', 1, "unknown game 'chess' (games: ryb"),
    ('[Date "today"]\n', None, "missing: name the players"),
    ('[Players "Al"]\n', 1, "RYB is for 2 to 5 players, not 1"),
    ('[Players "Al, al"]\n', 1, "two players are called"),
    ('[Players "Al, r4"]\n', 1, "bad player name 'r4'"),
    ('[Players "Al, Bo"]\n[Edition "2001"]\n', 2, "'2001' is not one of 2000, 1999"),
    ('[Players "Al, Bo"]\n[Variable "wild"]\n', 2, "'wild' is not one of reset, balance"),
    ('[Players "Al, Bo"]\n[Rules "loose"]\n', 2, "strict, lenient"),
    ('[Players "Al, Bo"]\n[Reroll "gold"]\n', 2, "card, goal, random, treasure"),
    ('[Players "Al, Bo"]\n[Deck "big"]\n', 2, "unknown deck 'big'"),
    ('[Players "Al, Bo"]\n\nAl: fly away\n', 3, "unknown verb 'fly'"),
    ('[Players "Al, Bo"]\nAl: goal green 9\nAl: attempt green g4\n', 3, "bad die 'g4'"),
    ('[Players "Al, Bo"]\nAl: goal green 10\n', 2, "no Green 10 card: give the card's value"),
    ('[Players "Al, Bo"]\nAl: goal pink 9 value 3\n', 2, "unknown colour 'pink'"),
    ('[Players "Al, Bo"]\nAl: bank lots\n', 2, "points banked must be a whole number"),
    ('[Players "Al, Bo"]\nAl: gimme Bo green\n', 2, "dice are red, yellow or blue"),
    ('[Players "Al, Bo"]\nAl: redrover Bo 7 r1\n', 2, "1..6, not '7'"),
    ('[Players "Al, Bo"]\nAl: goal red 6\nEd: pass\n', 3, "unknown player 'Ed' (players: Al, Bo)"),
    (
        '[Players "Al, Bo"]\nAl: goal green 9\nAl: attempt green y1 y4 y5 b1 b1\n',
        3,
        "Al has 2 yellow dice, the roll shows 3 yellow: y1 y4 y5",
    ),
]


@pytest.mark.parametrize(("text", "line_no", "named"), REPLAY_ERRORS)
def test_replay_errors_name_the_line(text: str, line_no: int | None, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(text)
    assert caught.value.line_no == line_no
    if line_no is not None:
        assert caught.value.line == text.splitlines()[line_no - 1]
    assert named in str(caught.value)


def test_replay_of_a_header_only_record_is_the_start() -> None:
    state = replay('[Players "Al, Bo"]\n')
    assert isinstance(state, GameState) and state.moves == 0


def test_replay_steps_give_each_state() -> None:
    steps = list(replay_steps(TEXT))
    assert [s.state.moves for s in steps] == [1, 2, 3, 4]
    assert steps[-1].state == replay(TEXT)
    assert format_event(steps[0].event) == "Al: goal green 9 value 27"


CANONICAL = [
    "Al: refill",
    "Al: dump",
    "Al: pass",
    "Al: reshuffle",
    "Al: goal black 10 value 40",
    "Al: attempt green y4 y5 b2 b5",
    "Al: attempt #2 r1",
    "Al: attempt Bo:#1 r1 r2",
    "Al: attempt Bo:red",
    "Al: doover y1 b6",
    "Al: reroll y1 b6",
    "Al: reroll return red y1 b6",
    "Al: reroll return #2 r3",
    "Al: bank 0",
    "Al: bank 4 swiss",
    "Al: gimme Bo yellow",
    "Al: swap Bo r2 y3 take b b",
    "Al: swap Bo r6 y5",
    "Al: redrover Bo 4 r4 r1 y4 b2",
    "Al: shanghai Bo blue",
    "Al: reset",
    "Al: balance Bo r b",
    "Al: balance Bo",
    "Al: teaparty right",
    "Al: recycle gimme Bo red",
    "Al: recycle recycle swap Bo r1 take y",
    "Al: trade",
    "Al: exchange Bo give r r take b",
    "Al: exchange Bo take y",
    "Al: exchange Bo give b",
    "Al: void Bo red Al Cy",
    "Al: void Bo yellow",
    "Al: swissbank purple",
    "Al: swissbank #3",
    "Al: denied",
    "Al: raid Bo",
    "Al: draft red",
    "Al: cancel",
]


@pytest.mark.parametrize("line", CANONICAL)
def test_every_verb_formats_back_to_its_line(line: str) -> None:
    state = replay('[Players "Al, Bo, Cy"]\n')
    event = parse_event(line, state)
    assert format_event(event) == line
    assert parse_event(format_event(event), state) == event


@pytest.mark.parametrize(
    ("line", "canonical"),
    [
        ("Al: gimme Bo y", "Al: gimme Bo yellow"),
        ("Al: goal Green 9", "Al: goal green 9 value 27"),
        ("Al: swap Bo R2 y3 take blue b", "Al: swap Bo r2 y3 take b b"),
        ("Al: ATTEMPT green Y4", "Al: attempt green y4"),
        ("Al: draft b", "Al: draft blue"),
    ],
)
def test_lines_are_read_leniently_and_written_canonically(line: str, canonical: str) -> None:
    state = replay('[Players "Al, Bo"]\n')
    assert format_event(parse_event(line, state)) == canonical


def test_registry_finds_ryb_by_name() -> None:
    assert game_names()[0] == "ryb"  # the default comes first; other games follow
    rules: GameRules[Any, Any] = find_game(" RYB ")
    assert rules.name == "ryb"
    with pytest.raises(UnknownRulesError, match="unknown game 'go'"):
        find_game("go")


def test_registry_serves_a_camera_session() -> None:
    rules = find_game("ryb")
    state = rules.new_game({"Players": "Al, Bo"})
    assert rules.current_player(state) == "Al"
    state = rules.apply(state, rules.parse_event("Al: goal purple 9", state))
    assert rules.expected_dice(state, "Al", "purple") == {Colour.BLUE: 2, Colour.RED: 2}
    assert rules.expected_dice(state, "Bo", "#1") == {Colour.BLUE: 2, Colour.RED: 2}
    with pytest.raises(InvalidEventError, match="no orange goal"):
        rules.expected_dice(state, "Al", "orange")
    with pytest.raises(InvalidEventError, match="unknown colour"):
        rules.expected_dice(state, "Al", "mauve")
    with pytest.raises(InvalidEventError, match="goal index must be a whole number"):
        rules.expected_dice(state, "Al", "#0")
    assert parse_goal_ref(" Bo:#2 ") == GoalRef(index=2, owner="Bo")
    assert rules.winner(state) is None
    assert rules.state_json(state) == state_json(state)
    event = rules.parse_event("Al: attempt purple r1 r2 b1 b1", state)
    assert rules.event_player(event) == "Al"
    assert rules.format_event(event) == "Al: attempt purple r1 r2 b1 b1"


def _doc_blocks() -> list[str]:
    doc = Path(__file__).parents[2] / "docs" / "record-format.md"
    return doc.read_text(encoding="utf-8").split("```")[1::2]


def test_the_documented_example_replays_to_example_3() -> None:
    example = _doc_blocks()[0]
    golden = Path(__file__).parent / "golden" / "example3.ryb"
    assert state_json(replay(example))["goals"] == state_json(replay(golden.read_text()))["goals"]


def test_the_documented_json_has_the_real_keys() -> None:
    documented = json.loads(_doc_blocks()[2].removeprefix("json\n"))
    real = state_json(replay((Path(__file__).parent / "golden" / "win-2000.ryb").read_text()))
    assert list(documented) == list(real)
    for key in ("options", "turn", "last_attempt"):
        assert list(documented[key]) == list(real[key])
    for key in ("players", "goals"):
        assert list(documented[key][0]) == list(real[key][0])
    assert list(documented["players"][0]["treasure"][0]) == list(real["players"][0]["treasure"][0])
