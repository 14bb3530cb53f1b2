"""Turn structure, attempts, banking in both editions, winning, strict and lenient rules."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError
from companion.games.ryb import phase
from tests.companion.ryb.helpers import dice, game, play, refused

GREEN_FAIL = "Al: goal green 9\nAl: attempt green y1 y2 b2 b2"  # 3 green points
RED_BANKED = (  # Red 18 carries 7; Bruce's roll of 2 is open
    "Al: goal red 18\nAl: attempt red r3 r4\nAl: bank 7\n"
    "Bruce: goal blue 6\nBruce: attempt red r1 r1"
)


@pytest.mark.parametrize(
    ("edition", "setup", "line", "banked"),
    [
        ("2000", GREEN_FAIL, "Al: bank 0", 0),
        ("2000", GREEN_FAIL, "Al: bank 3", 3),
        ("2000", GREEN_FAIL, "Al: pass", 0),  # ending the turn banks nothing
        ("2000", GREEN_FAIL, "Bruce: goal red 6", 0),
        ("2000", RED_BANKED, "Bruce: bank 1", 8),
        ("1999", GREEN_FAIL, "Al: bank 1", 1),
        ("1999", GREEN_FAIL, "Al: bank 3", 3),
        ("1999", "Al: goal green 9\nAl: attempt green", "Al: bank 0", 0),
    ],
)
def test_bank_accepted(edition: str, setup: str, line: str, banked: int) -> None:
    rules = "lenient" if "attempt green\n" in setup + "\n" else "strict"
    state = play(game(setup, Edition=edition, Rules=rules), line)
    assert state.goals[0].banked == banked
    assert state.turn.roll is None


@pytest.mark.parametrize(
    ("edition", "setup", "line", "named"),
    [
        ("2000", GREEN_FAIL, "Al: bank 4", ("rolled 3 green points, cannot bank 4",)),
        ("2000", RED_BANKED, "Bruce: bank 0", ("at least 1", "Red 18 already carries 7")),
        ("2000", RED_BANKED, "Bruce: pass", ("already carries 7", "ends the turn without banking")),
        ("2000", RED_BANKED, "Cat: goal red 6", ("already carries 7", "add a `bank N` line")),
        ("1999", GREEN_FAIL, "Al: bank 0", ("the 1999 edition banks at least 1",)),
        ("1999", GREEN_FAIL, "Al: pass", ("1999 edition", "ends the turn without banking")),
        ("2000", "Al: goal red 6", "Al: bank 1", ("no", "none open")),
        ("2000", GREEN_FAIL + "\nAl: bank 1", "Al: bank 1", ("none open",)),
    ],
)
def test_bank_refused(edition: str, setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup, Edition=edition), line, *named)


def test_completion_needs_target_minus_banked() -> None:
    setup = RED_BANKED + "\nBruce: bank 1\nCat: goal blue 9"  # Red 18 carries 8: 10 needed
    done = play(game(setup), "Cat: attempt red r4 r6")
    assert [g.target for g in done.player("Cat").treasure] == [18]
    assert [(g.colour.value, g.target) for g in done.goals] == [("blue", 6), ("blue", 9)]
    short = play(game(setup), "Cat: attempt red r4 r5")
    assert short.turn.roll is not None and short.turn.roll.needed == 10
    assert short.player("Cat").treasure == ()


@pytest.mark.parametrize(
    ("lines", "named"),
    [
        (
            "Al: goal green 9\nAl: attempt green y1 y2 b2",
            ("Al has 2 blue dice, the roll shows 1 blue: b2",),
        ),
        ("Al: goal green 9\nAl: attempt green y1 y2 y3 b2 b2", ("shows 3 yellow: y1 y2 y3",)),
        (
            "Al: goal green 9\nAl: attempt green y1 y2 b2 b2 r1",
            ("r1 is a red die", "Green 9", "yellow and blue"),
        ),
        ("Al: goal green 9\nAl: attempt blue b1 b1", ("no blue goal in play", "Green 9")),
        ("Al: goal green 9\nAl: attempt #2 y1 y1 b1 b1", ("no goal #2", "there are 1")),
        ("Al: attempt green y1 y2 b2 b2", ("must play a card",)),
    ],
)
def test_attempt_refused(lines: str, named: tuple[str, ...]) -> None:
    setup, line = lines.rsplit("\n", 1) if "\n" in lines else ("", lines)
    refused(game(setup), line, *named)


def test_two_goals_of_a_colour_need_an_index() -> None:
    state = game("Al: goal green 9\nAl: pass\nBruce: goal green 7")
    refused(state, "Bruce: attempt green y1 y1 b1 b1", "2 green goals are in play", "use #1 or #2")
    state = play(state, "Bruce: attempt #2 y4 y4 b4 b4")
    assert state.player("Bruce").treasure[0].target == 7
    assert [g.target for g in state.goals] == [9]


def test_one_attempt_a_turn() -> None:
    state = game("Al: goal red 6\nAl: attempt red r6 r6")
    assert phase(state) == "end"
    refused(state, "Al: attempt red r1 r1", "already made an attempt")


def test_a_new_players_line_ends_the_turn_in_seat_order() -> None:
    state = game("Al: goal red 6")
    refused(state, "Cat: goal red 6", "after Al it is Bruce's turn, not Cat's")
    refused(game(""), "Bruce: goal red 6", "it is Al's turn, not Bruce's")
    refused(game("Al: refill"), "Bruce: goal red 6", "Al must play a card")
    assert play(state, "Bruce: goal red 6").turn.seat == 1
    refused(game("Al: goal red 6\nAl: pass"), "Al: goal red 9", "it is Bruce's turn, not Al's")


def test_refill_and_dump() -> None:
    state = play(game(""), "Al: dump")
    assert state.turn.seat == 1 and phase(state) == "play"
    refused(game("Al: refill"), "Al: dump", "only as the first thing")
    refused(game("Al: refill"), "Al: refill", "already refilled")
    refused(game("Al: goal red 6"), "Al: refill", "before playing a card")
    refused(game("Al: goal red 6"), "Al: dump", "only as the first thing")
    refused(game(""), "Al: pass", "must play a card (or dump)")
    assert play(game("Al: refill"), "Al: goal red 6").turn.cards == 1


def test_winning_needs_three_colours_and_more_than_100() -> None:
    two_colours = """
        Al: goal red 18 value 60
        Al: attempt red r6 r6
        Al: bank 0
        Bruce: goal blue 6 value 50
        Bruce: pass
        Cat: goal yellow 9 value 1
        Cat: pass
        Al: gimme Bruce red
        Al: attempt red r6 r6 r6
        Al: pass
        Bruce: goal green 5 value 1
        Bruce: pass
        Cat: goal orange 5 value 1
        Cat: pass
        Al: goal black 4 value 1
        Al: attempt blue b6 b6
    """
    state = game(two_colours)
    assert state.player("Al").score == 110 and state.winner is None  # red and blue only
    state = play(state, "Al: pass")
    state = play(play(state, "Bruce: goal purple 5 value 1"), "Bruce: pass")
    state = play(play(state, "Cat: goal red 6 value 1"), "Cat: pass")
    state = play(state, "Al: goal blue 9 value 1")
    state = play(state, "Al: attempt yellow y6 y6")
    assert state.winner == "Al" and phase(state) == "over"
    refused(state, "Al: pass", "the game is over: Al won")


@pytest.mark.parametrize(
    ("setup", "line"),
    [
        ("Al: goal green 9", "Al: attempt green y1 b2"),  # a subset of the pool
        ("Al: goal green 9", "Al: attempt green"),  # no dice: 0 points, nothing created
        ("", "Bruce: goal red 6"),  # out of turn
        ("Al: goal red 6", "Cat: goal red 6"),  # skipping a seat
        ("Al: goal red 6", "Al: gimme Bruce red"),  # a second card
        ("", "Al: pass"),  # no card
        ("", "Al: goal red 6\nAl: attempt red r1 r1\nAl: bank 0\nAl: gimme Bruce red"),
        ("", "Al: redrover Bruce 4 r4 y4"),  # part of the target's pool
    ],
)
def test_lenient_relaxes_what_strict_refuses(setup: str, line: str) -> None:
    *before, last = [*setup.splitlines(), *line.splitlines()]
    strict = game("\n".join(before))
    with pytest.raises(InvalidEventError):
        play(strict, last)
    lenient = play(game("\n".join(before), Rules="lenient"), last)
    assert lenient.moves == len(before) + 1


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("Al: attempt green y1 y1 y1 b1", ("Al has 2 yellow dice, the roll shows 3 yellow",)),
        ("Al: attempt green y1 b1\nAl: bank 5", ("cannot bank 5",)),
    ],
)
def test_lenient_never_creates_points_or_dice(line: str, named: tuple[str, ...]) -> None:
    *before, last = ["Al: goal green 9", *line.splitlines()]
    state = game("\n".join(before), Rules="lenient")
    refused(state, last, *named)


def test_dice_are_never_created() -> None:
    state = game(
        "Al: goal red 18\nAl: pass\nBruce: shanghai Cat red\nBruce: attempt red r1 r1 r1 r1"
    )
    total = sum(p.dice.size for p in state.players) + sum(b.count for b in state.borrowed)
    assert total == 18 and dice(state, "Cat") == (0, 2, 2)
