"""Every fixed Action card (Gimme!, Swap, Do-Over, Red Rover, Shanghai): accepted and refused."""

from __future__ import annotations

import pytest

from companion.games.ryb import Card
from tests.companion.ryb.helpers import dice, game, play, refused

# Bruce has no yellow dice after this (Cat has four).
NO_YELLOW = """
Al: goal red 6
Al: pass
Bruce: swap Cat y1 y2 take r r
Bruce: pass
"""

Pools = dict[str, tuple[int, int, int]]

ACCEPTED: list[tuple[str, str, str, Pools]] = [
    ("gimme", "", "Al: gimme Bruce yellow", {"Al": (2, 3, 2), "Bruce": (2, 1, 2)}),
    ("gimme-word-or-letter", "", "Al: gimme Cat b", {"Al": (2, 2, 3), "Cat": (2, 2, 1)}),
    (
        "swap",
        "",
        "Al: swap Bruce r2 y3 take b b",
        {"Al": (1, 1, 4), "Bruce": (3, 3, 0)},
    ),
    ("swap-sum-10", "", "Al: swap Cat r6 r4 take y y", {"Al": (0, 4, 2), "Cat": (4, 0, 2)}),
    ("swap-over-10-no-change", "", "Al: swap Bruce r6 y5", {"Al": (2, 2, 2), "Bruce": (2, 2, 2)}),
    ("swap-declined", "", "Al: swap Bruce r1", {"Al": (2, 2, 2)}),
    (
        "redrover-takes-matching",
        "",
        "Al: redrover Bruce 4 r4 r1 y4 y2 b3 b6",
        {"Al": (3, 3, 2), "Bruce": (1, 1, 2)},
    ),
    (
        "redrover-none-match",
        "",
        "Al: redrover Bruce 6 r4 r1 y4 y2 b3 b5",
        {"Al": (2, 2, 2), "Bruce": (2, 2, 2)},
    ),
    (
        "redrover-after-gimme",
        NO_YELLOW,
        "Cat: redrover Bruce 1 r1 r1 r1 r1 b2 b2",
        {"Cat": (4, 4, 2)},
    ),
    ("shanghai", "", "Al: shanghai Bruce red", {"Al": (2, 2, 2), "Bruce": (0, 2, 2)}),
]


@pytest.mark.parametrize(
    ("setup", "line", "pools"), [a[1:] for a in ACCEPTED], ids=[a[0] for a in ACCEPTED]
)
def test_card_accepted(setup: str, line: str, pools: Pools) -> None:
    before = game(setup)
    after = play(before, line)
    for name, expected in pools.items():
        assert dice(after, name) == expected
    assert after.turn.cards == 1
    assert after.discard[-1] is Card(line.split()[1])


REFUSED: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("gimme-self", "", "Al: gimme Al red", ("Al cannot target themselves",)),
    ("gimme-unknown-player", "", "Al: gimme Bob red", ("unknown player 'Bob'", "Al, Bruce, Cat")),
    (
        "gimme-missing-colour",
        NO_YELLOW,
        "Cat: gimme Bruce yellow",
        ("Bruce has no yellow die", "4 red"),
    ),
    ("gimme-second-card", "Al: goal red 6", "Al: gimme Bruce red", ("already played a card",)),
    (
        "gimme-after-attempt",
        "Al: goal red 6\nAl: attempt red r6 r5",
        "Al: gimme Bruce red",
        ("already attempted",),
    ),
    ("swap-sum-over-10", "", "Al: swap Bruce r6 y5 take b b", ("sums to 11", "more than 10")),
    (
        "swap-dice-not-in-pool",
        "",
        "Al: swap Bruce r1 r2 r3 take b b b",
        ("Al has 2 red dice", "3 red"),
    ),
    ("swap-take-count", "", "Al: swap Bruce r1 take b b", ("gave 1, take 2",)),
    (
        "swap-take-missing",
        "",
        "Al: swap Bruce r1 r1 y1 y1 take b b b b",
        ("Bruce has 2 blue", "4 blue"),
    ),
    ("swap-self", "", "Al: swap Al r1 take b", ("themselves",)),
    (
        "redrover-part-of-pool",
        "",
        "Al: redrover Bruce 4 r4 y4",
        ("Bruce has 2 red dice, the roll shows 1 red: r4",),
    ),
    ("redrover-too-many", "", "Al: redrover Bruce 4 r4 r4 r4 y1 y1 b1 b1", ("shows 3 red",)),
    (
        "shanghai-absent-colour",
        NO_YELLOW,
        "Cat: shanghai Bruce yellow",
        ("Bruce has no yellow dice",),
    ),
    ("shanghai-self", "", "Al: shanghai Al red", ("themselves",)),
]


@pytest.mark.parametrize(
    ("setup", "line", "named"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_card_refused(setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup), line, *named)


def test_shanghai_dice_join_the_attempt_and_go_back_at_turn_end() -> None:
    state = game("Al: shanghai Bruce red\n")
    refused(state, "Al: goal red 6", "already played a card")
    state = game(
        """
        Al: goal red 18
        Al: pass
        Bruce: shanghai Cat red
        """
    )
    assert dice(state, "Cat") == (0, 2, 2)
    refused(state, "Bruce: attempt red r6 r6", "Bruce has 4 red dice, the roll shows 2 red")
    state = play(state, "Bruce: attempt red r6 r6 r5 r5")
    assert state.player("Bruce").treasure[0].target == 18
    state = play(state, "Bruce: pass")
    assert dice(state, "Cat") == (2, 2, 2) and dice(state, "Bruce") == (2, 2, 2)
    assert state.borrowed == ()


def test_do_over_replaces_the_failed_roll() -> None:
    state = game("Al: goal green 9\nAl: attempt green y1 y1 b1 b1")
    assert state.turn.roll is not None and state.turn.roll.points == 2
    after = play(state, "Al: doover y4 y5 b5 b4")
    assert after.player("Al").treasure[0].target == 9
    assert after.discard == (Card.DO_OVER,)
    assert after.turn.cards == 1  # a Do-Over is not the turn's Play-a-Card card
    still = play(state, "Al: doover y1 y2 b1 b6")
    assert still.turn.roll is not None and still.turn.roll.points == 3


@pytest.mark.parametrize(
    ("setup", "line", "named"),
    [
        ("Al: goal red 6", "Al: doover r1 r1", ("right after", "none open")),
        (
            "Al: goal green 9\nAl: attempt green y1 y1 b1 b1",
            "Al: doover y4 y5 b5",
            ("2 yellow, 2 blue", "1 blue"),
        ),
        (
            "Al: goal green 9\nAl: attempt green y5 y5 b5 b5",
            "Al: doover y1 y1 b1 b1",
            ("none open",),
        ),
        (
            "Al: goal green 9\nAl: attempt green y1 y1 b1 b1\nAl: bank 2",
            "Al: doover y1 y1 b1 b1",
            ("none open",),
        ),
    ],
    ids=["no-roll", "other-dice", "after-completion", "after-bank"],
)
def test_do_over_refused(setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup), line, *named)
