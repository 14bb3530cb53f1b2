"""Farkle's turn: throws, dice set aside, hot dice, the farkle and its penalty, the opening
minimum, banking, the last round, and every refusal in words with the state unchanged."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games import ANY_COLOUR, HeaderError
from companion.games.farkle import (
    GameState,
    Options,
    Scoring,
    apply,
    expected_dice,
    format_event,
    parse_event,
    start,
)
from companion.games.farkle.game import RULES


def play(lines: Sequence[str], header: dict[str, str] | None = None) -> GameState:
    state = start(header or {"Players": "Ann, Ben"})
    for line in lines:
        state = apply(state, parse_event(line))
    return state


def test_a_turn_sets_aside_throws_on_and_banks() -> None:
    state = play(["Ann: roll 1 5 2 3 4 6", "Ann: keep 1", "Ann: roll 5 5 2 3 4", "Ann: bank 5 5"])
    assert state.scores == (200, 0)
    assert state.turn is not None and state.turn.player == "Ben"
    assert state.done[-1].banked == 200


def test_hot_dice_throw_all_six_again() -> None:
    state = play(["Ann: roll 1 5 5 5 1 1", "Ann: keep 1 1 1 5 5 5"])
    turn = state.turn
    assert turn is not None and turn.dice_left == 6 and turn.hot_dice == 1 and turn.points == 1500
    after = apply(state, parse_event("Ann: roll 2 2 2 3 4 6"))
    assert after.turn is not None and after.turn.must_keep


def test_a_farkle_loses_the_turns_points_and_passes_the_turn() -> None:
    state = play(["Ann: roll 1 5 2 3 4 6", "Ann: keep 1 5", "Ann: roll 2 3 4 6"])
    assert state.scores == (0, 0) and state.farkles == (1, 0)
    assert state.done[-1].lost == 150 and state.done[-1].farkle == (2, 3, 4, 6)
    assert state.turn is not None and state.turn.player == "Ben"


@pytest.mark.parametrize(
    ("penalty", "score_after"), [("500", 500), ("1000", 0), ("no", 1000), ("yes", 0)]
)
def test_a_third_farkle_in_a_row_costs_the_penalty_never_below_zero(
    penalty: str, score_after: int
) -> None:
    header = {"Players": "Ann, Ben", "ThreeFarkles": penalty}
    lines = ["Ann: roll 1 1 1 2 3 4", "Ann: bank 1 1 1"]
    for _ in range(3):
        lines += ["Ben: roll 1 2 3 4 6 6", "Ben: bank 1", "Ann: roll 2 2 3 3 4 6"]
    state = play(lines, header)
    assert state.scores[0] == score_after
    assert state.farkles[0] == (3 if penalty == "no" else 0)


def test_a_bank_resets_the_farkles_in_a_row() -> None:
    header = {"Players": "Ann, Ben", "ThreeFarkles": "500"}
    lines = ["Ann: roll 2 2 3 3 4 6", "Ben: roll 2 2 3 3 4 6", "Ann: roll 2 2 3 3 4 6"]
    lines += ["Ben: roll 2 2 3 3 4 6", "Ann: roll 1 2 3 4 6 6", "Ann: bank 1"]
    state = play(lines, header)
    assert state.farkles == (0, 2)


def test_the_opening_minimum_holds_a_bank_back_until_the_player_is_on_the_board() -> None:
    header = {"Players": "Ann, Ben", "Opening": "500"}
    state = play(["Ann: roll 1 5 2 3 4 6", "Ann: keep 1 5"], header)
    with pytest.raises(InvalidEventError, match="needs 500 in one turn to get on the board"):
        apply(state, parse_event("Ann: bank"))
    state = play(["Ann: roll 1 5 2 3 4 6", "Ann: keep 1 5", "Ann: roll 5 5 5 2"], header)
    state = apply(state, parse_event("Ann: bank 5 5 5"))
    assert state.scores == (650, 0) and state.on_board == (True, False)
    state = apply(state, parse_event("Ben: roll 1 2 3 4 6 6"))
    with pytest.raises(InvalidEventError, match="Ben needs 500"):
        apply(state, parse_event("Ben: bank 1"))


def test_an_on_board_player_banks_any_points() -> None:
    header = {"Players": "Ann, Ben", "Opening": "500"}
    lines = ["Ann: roll 1 1 1 2 3 4", "Ann: bank 1 1 1", "Ben: roll 2 2 3 3 4 6"]
    state = play([*lines, "Ann: roll 1 2 3 4 6 6", "Ann: bank 1"], header)
    assert state.scores == (1100, 0)


def test_the_last_round_gives_everyone_else_one_more_turn() -> None:
    header = {"Players": "Ann, Ben, Cy", "Target": "1000"}
    state = play(["Ann: roll 1 1 1 2 3 4", "Ann: bank 1 1 1"], header)
    assert state.last_round_from == 0 and not state.over
    state = play(
        ["Ann: roll 1 1 1 2 3 4", "Ann: bank 1 1 1", "Ben: roll 2 2 3 3 4 6",
         "Cy: roll 1 2 3 4 5 6", "Cy: bank 1 2 3 4 5 6"],
        header,
    )  # fmt: skip
    assert state.over and state.winner == "Cy" and RULES.current_player(state) is None
    with pytest.raises(InvalidEventError, match="the game is over: Cy won"):
        apply(state, parse_event("Ann: roll 1 2 3 4 5 6"))


def test_a_shared_highest_score_is_a_shared_win() -> None:
    header = {"Players": "Ann, Ben", "Target": "1000"}
    lines = ["Ann: roll 1 1 1 2 3 4", "Ann: bank 1 1 1", "Ben: roll 1 1 1 2 3 4"]
    state = play([*lines, "Ben: bank 1 1 1"], header)
    assert state.over and state.winners == ("Ann", "Ben") and state.winner is None


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["Ben: roll 1 2 3 4 5 6"], "it is Ann's turn, not Ben's"),
        (["Cy: roll 1 2 3 4 5 6"], "nobody called 'Cy' plays"),
        (["Ann: roll 1 2 3"], "Ann throws 6 dice now, not 3: 1 2 3"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: keep 1", "Ann: roll 1 1"], "throws 5 dice now"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: roll 1 5 2 3 4 6"], "sets aside at least one scoring"),
        (["Ann: keep 1"], "has not thrown yet this turn"),
        (["Ann: bank"], "has no points this turn to bank"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: bank"], "set aside scoring dice of the throw"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: keep 1 1"], "does not hold 1 1: too few 1s"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: keep 1 2"], "1 2 do not all score"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: keep 1", "Ann: keep 5"], "already set aside 1"),
        (["Ann: roll 1 5 2 3 4 6", "Ann: bank 6"], "6 do not all score"),
    ],
)
def test_refusals_say_why_and_change_nothing(lines: list[str], message: str) -> None:
    state = play(lines[:-1])
    with pytest.raises(InvalidEventError, match=message):
        apply(state, parse_event(lines[-1]))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Ann: roll", "usage: roll DICE"),
        ("Ann: roll 1 7 3", "'7' is not a die"),
        ("Ann: roll 1 2 3 4 5 6 1", "7 dice: Farkle is played with 6"),
        ("Ann: keep", "name the dice set aside"),
        ("Ann: pass", "unknown verb 'pass'"),
        ("roll 1 2 3", "expected `NAME: VERB ARGS"),
        ("9x: roll 1", "'9x' is not a player name"),
    ],
)
def test_unreadable_lines_are_refused_in_words(line: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        parse_event(line)


@pytest.mark.parametrize(
    "line", ["Ann: roll 1 5 3 3 2 6", "Ann: keep 1 5", "Ann: bank", "Ann: bank 1 1 1"]
)
def test_lines_read_back_to_the_same_event(line: str) -> None:
    assert format_event(parse_event(line)) == line
    assert parse_event(line.replace("1 5", "15")) == parse_event(line)


@pytest.mark.parametrize(
    ("header", "key", "message"),
    [
        ({"Players": "Ann"}, "Players", "Farkle is for 2 to 10 players, not 1"),
        ({"Players": "Ann, ann"}, "Players", "two players are called"),
        ({"Players": "Ann, Ben", "Scoring": "house"}, "Scoring", "'house' is not a rule set"),
        ({"Players": "Ann, Ben", "Opening": "twenty"}, "Opening", "not a number of points"),
        ({"Players": "Ann, Ben", "Opening": "520"}, "Opening", "multiple of 50"),
        ({"Players": "Ann, Ben", "Target": "0"}, "Target", "multiple of 50 from 500"),
        ({"Players": "Ann, Ben", "ThreeFarkles": "maybe"}, "ThreeFarkles", "not a number"),
    ],
)
def test_bad_headers_name_the_key(header: dict[str, str], key: str, message: str) -> None:
    with pytest.raises(HeaderError, match=message) as caught:
        start(header)
    assert caught.value.key == key


def test_the_header_chooses_the_rule_set() -> None:
    state = start({"Players": "Ann, Ben", "Scoring": "Classic", "Opening": "500",
                   "Target": "5000", "ThreeFarkles": "1000"})  # fmt: skip
    assert state.options == Options(Scoring("classic"), 500, 5000, 1000)
    assert start({"Players": "Ann, Ben"}).options == Options()


def test_the_camera_expects_the_dice_left_to_throw() -> None:
    state = play(["Ann: roll 1 5 2 3 4 6"])
    with pytest.raises(InvalidEventError, match="sets aside scoring dice"):
        expected_dice(state, "Ann", None)
    state = apply(state, parse_event("Ann: keep 1 5"))
    assert expected_dice(state, "Ann", None) == {ANY_COLOUR: 4}
    with pytest.raises(InvalidEventError, match="it is Ann's turn, not Ben's"):
        expected_dice(state, "Ben", None)
