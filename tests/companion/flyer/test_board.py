"""Flyer boards in Dicetable's text format: the shipped default, boards inline in a record
header, and every fault a board can have named."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.games.flyer import (
    BoardError,
    Hue,
    apply,
    builtin_board,
    parse_board,
    parse_event,
    start,
)
from companion.games.flyer.board import board_from_header

TINY = "name Tiny; start c; space c red; space x blue; home h1; home h2; link c x h1; link x h2"


def test_the_default_board_follows_the_rulings() -> None:
    board = builtin_board()
    assert board.homes == ("nw-home", "ne-home", "se-home", "sw-home")
    assert all(board.colour(h) is Hue.WHITE for h in board.homes)
    assert all(board.next_to(h) == {"border"} for h in board.homes)  # the border touches them all
    assert board.colour("border") is Hue.WHITE and board.colour("ne") is Hue.YELLOW
    assert {board.colour(s) for s in board.colours} == set(Hue)


def test_a_board_inline_in_the_header() -> None:
    board = board_from_header(TINY)
    assert board.name == "Tiny" and board.next_to("x") == {"c", "h2"}


BAD = [
    ("space c red; home h; link c h", "the start None is no space"),
    ("start c; space c red; home h; link c q", "a link names 'q', which is no space"),
    ("start c; space c pink; home h; link c h", "board statement 2: 'pink' is not one of"),
    ("start c; space c red; space c blue; home h", "board statement 3: space 'c' is named twice"),
    ("start c; space c red", "the board has no homebase"),
    ("start c; space c red; home h", "homebase 'h' cannot be reached from the start"),
    ("start h; home h", "the marker stack cannot start on a homebase"),
    ("start c; space c red; home h; link c h; fly c", "board statement 5: cannot read 'fly c'"),
]


@pytest.mark.parametrize(("text", "reason"), BAD)
def test_bad_boards_name_the_fault(text: str, reason: str) -> None:
    with pytest.raises(BoardError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_board(text)


def test_unknown_board_name() -> None:
    with pytest.raises(BoardError, match="unknown board 'castle' \\(boards: default\\)"):
        builtin_board("castle")


def test_a_game_on_an_inline_board_with_chosen_homes() -> None:
    text = "\n".join(
        [
            '[Game "flyer"]',
            '[Players "Al, Bo"]',
            f'[Board "{TINY}"]',
            '[Homes "h2, h1"]',
            "Al: values 1 2 3 4 5 6",
            "Al: roll blue red white white",
            "Al: move red to x paying blue red",
            "Al: move red to h2 paying white red",
        ]
    )
    with pytest.raises(RecordError, match="no red die left"):
        replay(text)
    state = replay(text.replace("roll blue red white white", "roll blue red white red"))
    assert state.scores == (1, 0) and state.stacks["h2"] == (Hue.RED,)


def test_a_marker_cannot_pass_through_a_homebase() -> None:
    state = start({"Players": "Al, Bo", "Board": TINY})
    state = apply(state, parse_event("Al: values 1 2 3 4 5 6"))
    state = apply(state, parse_event("Al: roll white blue red red"))
    with pytest.raises(InvalidEventError, match="buy no way of 2 step"):
        apply(state, parse_event("Al: move red to x paying white blue red red"))


HEADERS = [
    ({"Players": "Al"}, "Players", "this board is for 2 to 4 players, not 1"),
    ({"Players": "Al, Bo", "Homes": "nw-home"}, "Homes", "name one homebase per player"),
    ({"Players": "Al, Bo", "Homes": "nw-home, centre"}, "Homes", "'centre' is not a homebase"),
    ({"Players": "Al, Bo", "Homes": "nw-home, nw-home"}, "Homes", "cannot share a homebase"),
    ({"Players": "Al, al"}, "Players", "two players are called 'Al'; give them different"),
    ({"Players": "Al, Bo", "Board": "moon"}, "Board", "unknown board 'moon'"),
    ({"Players": "Al, Bo", "Covered": "maybe"}, "Covered", "'maybe' is not yes or no"),
    ({}, "Players", "missing"),
]


@pytest.mark.parametrize(("header", "key", "reason"), HEADERS)
def test_bad_headers_name_their_key(header: dict[str, str], key: str, reason: str) -> None:
    from companion.games import HeaderError

    with pytest.raises(HeaderError, match=reason) as caught:
        start(header)
    assert caught.value.key == key


def test_positions_for_the_table_view() -> None:
    from companion.games.flyer.view import board_json

    spaces = {s["name"]: (s["x"], s["y"]) for s in board_json(builtin_board())["spaces"]}
    assert spaces["centre"] == (4.0, 4.0) and spaces["nw-home"] == (0.0, 0.0)
    tiny = {
        s["name"]: (s["x"], s["y"]) for s in board_json(parse_board(TINY + "; at c 1 2"))["spaces"]
    }
    assert tiny["c"] == (1.0, 2.0) and tiny["x"] == (8.0, 4.0)  # the rest go round a circle
    with pytest.raises(BoardError, match="'far' is not a number"):
        parse_board(TINY + "; at c far 2")
    with pytest.raises(BoardError, match="`at` names 'q', which is no space"):
        parse_board(TINY + "; at q 1 2")
