"""Optional variants (ruling 9): dice draft, re-roll by paying, cancelling an Action card."""

from __future__ import annotations

import pytest

from companion.games.ryb import Card, current_player, phase
from tests.companion.ryb.helpers import dice, game, play, refused

SNAKE_3 = ["Al", "Bruce", "Cat", "Cat", "Bruce", "Al"] * 3


def _draft_lines(colours: str, order: list[str] = SNAKE_3) -> str:
    return "\n".join(f"{who}: draft {c}" for who, c in zip(order, colours.split(), strict=False))


def test_draft_starts_with_empty_pools_and_snakes() -> None:
    state = game("", Draft="yes")
    assert phase(state) == "draft" and dice(state, "Al") == (0, 0, 0)
    picks = []
    for k in range(18):
        who = current_player(state)
        assert who is not None
        picks.append(who)
        state = play(state, f"{who}: draft {'ryb'[k % 3]}")
    assert picks == SNAKE_3
    assert phase(state) == "play" and current_player(state) == "Al"
    assert all(p.dice.size == 6 for p in state.players)
    assert sum(p.dice.red for p in state.players) == 6


def test_draft_can_start_with_a_named_player() -> None:
    state = game("", Draft="Bruce")
    assert current_player(state) == "Bruce"
    state = play(
        play(play(play(state, "Bruce: draft r"), "Cat: draft r"), "Al: draft r"), "Al: draft y"
    )
    assert current_player(state) == "Cat"


@pytest.mark.parametrize(
    ("setup", "line", "named"),
    [
        ("", "Bruce: draft red", ("it is Al's pick in the draft, not Bruce's",)),
        ("", "Al: goal red 6", ("the dice draft is not finished: Al picks next",)),
        (
            _draft_lines("r r r r r r"),
            "Al: draft red",
            ("no red dice are left", "6 yellow, 6 blue"),
        ),
        (_draft_lines("r y b " * 6), "Al: draft red", ("the dice draft is over",)),
    ],
    ids=["out-of-order", "not-a-pick", "colour-gone", "after-the-draft"],
)
def test_draft_refused(setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup, Draft="yes"), line, *named)


def test_lenient_draft_any_order_but_six_each() -> None:
    state = game(_draft_lines("r r r r r r", ["Al"] * 6), Draft="yes", Rules="lenient")
    assert dice(state, "Al") == (6, 0, 0)
    refused(state, "Al: draft y", "Al already has 6 dice")


REROLL_SETUP = "Al: goal green 9\nAl: attempt green y1 y1 b1 b1"


@pytest.mark.parametrize("payment", ["card", "goal", "random"])
def test_reroll_paid_with_a_card(payment: str) -> None:
    state = play(game(REROLL_SETUP, Reroll=payment), "Al: reroll y5 y5 b5 b4")
    assert [g.target for g in state.player("Al").treasure] == [9]
    assert state.discard == ()  # the card paid is not an Action card the companion tracks


def test_reroll_paid_with_a_completed_goal() -> None:
    setup = (
        "Al: goal red 6\nAl: attempt red r6 r6\nAl: pass\n"
        "Bruce: goal green 9\nBruce: attempt green y1 y1 b1 b1"
    )
    state = game(setup, Reroll="treasure")
    refused(state, "Bruce: reroll y1 y1 b1 b1", "reroll return GOAL")
    refused(state, "Bruce: reroll return red y1 y1 b1 b1", "no red goal in Bruce's treasure pile")
    back = game(
        "Al: goal red 6\nAl: attempt red r6 r6\nAl: pass\nBruce: goal blue 6\nBruce: pass\n"
        "Cat: goal yellow 6\nCat: pass\nAl: goal green 9\nAl: attempt green y1 y1 b1 b1",
        Reroll="treasure",
    )
    after = play(back, "Al: reroll return red y2 y2 b2 b2")
    assert after.player("Al").treasure == ()
    assert [g.name for g in after.goals][-1] == "Red 6"
    assert after.turn.roll is not None and after.turn.roll.points == 4


@pytest.mark.parametrize(
    ("header", "line", "named"),
    [
        ({}, "Al: reroll y1 y1 b1 b1", ("re-rolling by paying is off",)),
        ({"Reroll": "card"}, "Al: reroll y1 y1 b1", ("the same dice",)),
        ({"Reroll": "card"}, "Al: reroll return red y1 y1 b1 b1", ("not a completed goal",)),
        ({"Reroll": "card"}, "Bruce: reroll y1 y1 b1 b1", ("Bruce's failed attempt",)),
    ],
)
def test_reroll_refused(header: dict[str, str], line: str, named: tuple[str, ...]) -> None:
    state = game(REROLL_SETUP, **header)
    if line.startswith("Bruce"):
        state = play(play(state, "Al: bank 0"), "Bruce: goal red 6")
    refused(state, line, *named)


def test_cancel_undoes_an_action_card() -> None:
    state = game("Al: gimme Bruce red\nCat: cancel", Cancel="yes")
    assert dice(state, "Al") == (2, 2, 2) and dice(state, "Bruce") == (2, 2, 2)
    assert state.discard == (Card.GIMME, Card.GIMME)
    assert state.turn.seat == 0 and state.turn.cards == 1
    refused(state, "Bruce: cancel", "no card is waiting")


def test_cancel_a_do_over_keeps_the_first_roll() -> None:
    state = game(REROLL_SETUP + "\nAl: doover y6 y6 b6 b6", Cancel="yes")
    assert state.player("Al").treasure != ()
    state = play(state, "Bruce: cancel")
    assert state.player("Al").treasure == () and state.turn.roll is not None
    assert state.turn.roll.points == 2 and state.discard == (Card.DO_OVER, Card.DO_OVER)


def test_cancel_a_denial_restores_the_card() -> None:
    state = game("Al: gimme Bruce red\nBruce: denied\nCat: cancel", Cancel="yes", Variable="denied")
    assert dice(state, "Al") == (3, 2, 2)
    assert state.discard == (Card.GIMME, Card.VARIABLE, Card.VARIABLE)


@pytest.mark.parametrize(
    ("header", "setup", "named"),
    [
        ({}, "Al: gimme Bruce red", ("cancelling cards is off",)),
        ({"Cancel": "yes"}, "Al: goal red 6", ("no card is waiting",)),
        ({"Cancel": "yes"}, "Al: gimme Bruce red\nCat: cancel", ("no card is waiting",)),
    ],
)
def test_cancel_refused(header: dict[str, str], setup: str, named: tuple[str, ...]) -> None:
    refused(game(setup, **header), "Bruce: cancel", *named)
