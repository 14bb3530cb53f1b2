"""Flyer-game rules as tables, and the rule text's two worked examples as exact cases."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games.flyer import GameState, Hue, Phase, apply, parse_event, start, state_json

THROWS = "Al: values 3 1 4 1 5 6"  # red 1, purple 1, blue 3, green 4, yellow 5, white 6


def game(*lines: str, players: str = "Al, Bo, Cy, Di", covered: bool = False) -> GameState:
    header = {"Players": players, "Covered": "yes" if covered else "no"}
    state = start(header)
    for line in lines:
        state = apply(state, parse_event(line))
    return state


def stacks(state: GameState) -> dict[str, list[str]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for m in state_json(state)["markers"]:
        out.setdefault(m["space"], []).append((m["position"], m["colour"]))
    return {space: [c for _, c in sorted(ms)] for space, ms in out.items()}


def with_markers(state: GameState, **spaces: str) -> GameState:
    """The same state with the markers placed as given (`ne="green"`, bottom to top)."""
    placed = {
        space.replace("_", "-"): tuple(Hue(w) for w in text.split())
        for space, text in spaces.items()
    }
    rest = tuple(
        h for h in state.stacks[state.board.start] if all(h not in s for s in placed.values())
    )
    return replace(state, stacks={**({state.board.start: rest} if rest else {}), **placed})


# The text's first example: 2 red, 1 blue, 1 yellow, 1 white at the start of a game.
EXAMPLE_ROLL = "Al: roll red red blue yellow white"

EXAMPLE_1 = [
    ("the red marker alone", False, "Al: move red to n paying red red", {"n": ["red"]}),
    (
        "red, blue and yellow together, the space paid once",
        False,
        "Al: move red blue yellow to n paying red red blue yellow",
        {"n": ["red", "blue", "yellow"], "centre": ["white", "green", "purple"]},
    ),
    (
        "covered rule: the red marker alone",
        True,
        "Al: move red to n paying red red",
        {"n": ["red"]},
    ),
]


@pytest.mark.parametrize(
    ("why", "covered", "line", "expected"), EXAMPLE_1, ids=[r[0] for r in EXAMPLE_1]
)
def test_first_example_accepted(
    why: str, covered: bool, line: str, expected: dict[str, list[str]]
) -> None:
    after = stacks(game(THROWS, EXAMPLE_ROLL, line, covered=covered))
    for space, markers in expected.items():
        assert after[space] == markers, why


def test_first_example_covered_rule_keeps_the_blue_marker_under_purple() -> None:
    state = game(THROWS, EXAMPLE_ROLL, covered=True)
    with pytest.raises(InvalidEventError, match="the blue marker is under the purple marker"):
        apply(state, parse_event("Al: move red blue yellow to n paying red red blue yellow"))


def test_first_example_a_purple_die_frees_the_purple_marker() -> None:
    state = game(THROWS, "Al: roll red red purple blue yellow white", covered=True)
    after = apply(state, parse_event("Al: move purple red to n paying red red purple"))
    assert stacks(after)["n"] == ["red", "purple"]  # they moved one by one: order reversed
    assert state_json(after)["turn"]["dice"] == ["blue", "yellow", "white"]


def test_second_example_green_from_a_yellow_space_needs_two_green_and_two_white() -> None:
    state = with_markers(game(THROWS, "Al: roll green green white white red blue"), ne="green")
    after = apply(state, parse_event("Al: move green to nw-home paying green green white white"))
    assert stacks(after)["nw-home"] == ["green"]
    assert state_json(after)["players"][0]["score"] == 4  # green's value
    with pytest.raises(InvalidEventError, match="buy no way of 2 step"):
        apply(state, parse_event("Al: move green to nw-home paying green green white red"))


def test_values_sorted_low_to_high_from_red_to_white() -> None:
    values = state_json(game("Bo: values 6 2 2 5 1 3"))["values"]
    assert values == {"red": 1, "purple": 2, "blue": 2, "green": 3, "yellow": 5, "white": 6}


def test_the_stack_starts_in_the_centre_in_the_text_order() -> None:
    assert stacks(game()) == {"centre": ["white", "yellow", "green", "blue", "purple", "red"]}


ROLLED = (THROWS, "Al: roll red red blue yellow white green")

REFUSED = [
    ((), "Al: roll red", "throw the colour values first"),
    ((THROWS,), "Al: values 1 2 3 4 5 6", "the colour values are already thrown"),
    ((), "Al: values 1 2 3", r"six throws of a normal die \(1 to 6\), not 1 2 3$"),
    ((), "Al: values 1 2 3 4 5 7", "not 1 2 3 4 5 7$"),
    ((), "values", "not none$"),  # issue 47 item 8: it said "not ()"
    ((THROWS,), "Bo: roll red", "it is Al's turn to roll, not Bo's"),
    ((THROWS,), "Al: move red to n paying red red", "Al rolls the colour dice before moving"),
    ((THROWS,), "Al: roll red red red red red red red", "a roll is of the 6 colour dice, not 7"),
    (ROLLED, "Al: roll red", "Al has rolled this turn already"),
    (ROLLED, "Cy: roll red", "after Al it is Bo's turn, not Cy's"),
    (ROLLED, "Bo: move red to n paying red red", "it is Al's turn, not Bo's"),
    (ROLLED, "Ed: roll red", "Ed is not playing"),
    (ROLLED, "Al: move purple to n paying red purple", "Al has no purple die left to pay with"),
    (ROLLED, "Al: move red to n paying red red blue", "3 dice pay for no whole number of steps"),
    (
        ROLLED,
        "Al: move blue to n paying red red",
        "1 step\\(s\\) need 1 blue dice for the blue marker",
    ),
    (ROLLED, "Al: move red to e paying red red", "buy no way of 1 step\\(s\\) from centre to e"),
    (
        ROLLED,
        "Al: move red to border paying white red",
        "buy no way of 1 step\\(s\\) from centre to border",
    ),
    (ROLLED, "Al: move red to x9 paying red red", "there is no space 'x9' on this board"),
    (ROLLED, "Al: move red to centre paying red red", "the markers are on centre already"),
    (ROLLED, "Al: move red red to n paying red red red", "a marker is named twice: red, red"),
]


@pytest.mark.parametrize(("before", "line", "reason"), REFUSED, ids=[r[1] for r in REFUSED])
def test_refused(before: tuple[str, ...], line: str, reason: str) -> None:
    state = game(*before)
    with pytest.raises(InvalidEventError, match=reason):
        apply(state, parse_event(line))


def test_markers_on_two_spaces_do_not_move_together() -> None:
    state = game(*ROLLED, "Al: move red to n paying red red")
    with pytest.raises(
        InvalidEventError, match="the red marker is on n, the blue marker is on centre"
    ):
        apply(state, parse_event("Al: move red blue to s paying green red blue"))


def test_a_marker_home_stays_there() -> None:
    state = with_markers(game(*ROLLED), nw_home="red")
    with pytest.raises(
        InvalidEventError, match="the red marker is home on nw-home and stays there"
    ):
        apply(state, parse_event("Al: move red to border paying white red"))


def test_a_homebase_nobody_chose_is_closed() -> None:
    state = with_markers(game(*ROLLED, players="Al, Bo"), border="white")
    with pytest.raises(InvalidEventError, match="se-home is nobody's homebase in this game"):
        apply(state, parse_event("Al: move white to se-home paying white white"))


def test_any_marker_may_move_without_the_covered_rule_and_the_rest_close_up() -> None:
    after = game(*ROLLED, "Al: move white to w paying yellow white")
    assert stacks(after) == {
        "centre": ["yellow", "green", "blue", "purple", "red"],
        "w": ["white"],
    }


def test_landing_on_markers_puts_the_newcomers_on_top() -> None:
    state = game(*ROLLED, "Al: move red to n paying red red", "Bo: roll red blue red purple")
    after = apply(state, parse_event("Bo: move blue purple to n paying red blue purple"))
    assert stacks(after)["n"] == ["red", "purple", "blue"]


def test_the_game_ends_when_every_marker_is_home_and_a_tie_is_shared() -> None:
    state = with_markers(
        game(THROWS, "Al: roll white white white red"),
        nw_home="white yellow green",
        ne_home="blue purple",
        border="red",
    )
    after = apply(state, parse_event("Al: move red to nw-home paying white red"))
    shown = state_json(after)
    assert after.phase is Phase.OVER and shown["turn"]["player"] is None
    # Al scores only the red marker's 1 here: the others were placed, not moved home.
    assert shown["winner"] == "Al" and shown["winners"] == ["Al"]
    tie = replace(after, scores=(4, 4, 0, 0))
    assert state_json(tie)["winner"] == "Al and Bo" and tie.winners() == ("Al", "Bo")
    with pytest.raises(InvalidEventError, match="the game is over"):
        apply(after, parse_event("Bo: roll red"))


BAD_LINES = [
    ("Al: roll red pink", "'pink' is not one of the six colours"),
    ("Al: move red n paying red red", "usage: move MARKER... to SPACE paying COLOUR..."),
    ("Al: move red to n paying", "usage: move"),
    ("Al: move to n paying red", "usage: move"),
    ("Al: values 1 2 x 4 5 6", "'x' is not a throw of a normal die"),
    ("Al: jump", "unknown verb 'jump'"),
    ("Al: roll", "usage: roll"),
]


@pytest.mark.parametrize(("line", "reason"), BAD_LINES)
def test_unreadable_lines(line: str, reason: str) -> None:
    with pytest.raises(RecordError, match=re.escape(reason)):
        parse_event(line)


def test_values_is_the_whole_tables_line_and_needs_no_name() -> None:
    from companion.games.flyer import Values, format_event

    event = parse_event("values 6 2 2 5 1 3")
    assert event == Values("", (6, 2, 2, 5, 1, 3))
    assert format_event(event) == "values 6 2 2 5 1 3"
    assert format_event(parse_event("al: VALUES 1 2 3 4 5 6")) == "al: values 1 2 3 4 5 6"
    assert state_json(apply(start({"Players": "Al, Bo"}), event))["values"]["white"] == 6


def test_the_table_view_is_offered_exactly_what_the_dice_pay_for() -> None:
    from companion.games.flyer.legal import legal_json

    offered = legal_json(game(THROWS, EXAMPLE_ROLL))
    assert offered is not None
    moves = {(" ".join(m["markers"]), m["to"], " ".join(m["paying"])) for m in offered}
    assert ("red", "n", "red red") in moves
    assert ("yellow blue red", "n", "blue red red yellow") in moves
    assert ("yellow", "w", "yellow yellow") not in moves  # only one yellow die
    assert all(m["from"] == "centre" for m in offered)
    covered = legal_json(game(THROWS, EXAMPLE_ROLL, covered=True))
    assert covered is not None
    assert {" ".join(m["markers"]) for m in covered} == {"red"}  # "can only move the red marker"
    assert ("n", ["red", "red"]) in [(m["to"], m["paying"]) for m in covered]
    assert legal_json(game(THROWS)) is None  # nothing to pay with before the roll
