"""The bank range the state JSON publishes (`turn.bank`, ruling 4): what it says for both
editions, Swiss Bank included, and that the rules accept exactly that range."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.ryb import GameState, state_json
from tests.companion.ryb.helpers import game, play, refused

# Al's Red 12 carries 2 points; Bruce plays a Swiss Bank on it, then rolls r1 r2 (3 points).
SWISS_ON_CARRIED_GOAL = """
    Al: goal red 12
    Al: attempt red r1 r1
    Al: bank 2
    Al: pass
    Bruce: swissbank red
    Bruce: attempt red r1 r2
"""
# Bruce's card carries 3 (the goal nothing); on his next turn he rolls r2 r2 (4 points).
SWISS_CARD_CARRIES = """
    Al: goal red 12
    Al: pass
    Bruce: swissbank red
    Bruce: attempt red r1 r2
    Bruce: bank 3 swiss
    Cat: goal blue 9
    Cat: pass
    Al: goal yellow 9
    Al: pass
    Bruce: goal green 9
    Bruce: attempt red r2 r2
"""
RAIDED = """
    Al: goal red 6
    Al: attempt red r3 r4
    Al: pass
    Bruce: goal yellow 6
    Bruce: pass
    Cat: raid Al
    Cat: attempt Al:red r1 r2
"""

CASES: list[tuple[str, str, dict[str, str], dict[str, Any] | None]] = [
    ("nothing-rolled-yet", "Al: goal red 12", {}, None),
    (
        "2000-fresh-goal",
        "Al: goal red 12\nAl: attempt red r3 r4",
        {},
        {"min": 0, "max": 7, "swiss": None},
    ),
    (
        "2000-goal-carries-points",
        "Al: goal red 12\nAl: attempt red r1 r1\nAl: bank 2\nAl: pass\n"
        "Bruce: goal blue 9\nBruce: pass\nCat: goal yellow 9\nCat: pass\n"
        "Al: goal green 9\nAl: attempt red r2 r3",
        {},
        {"min": 1, "max": 5, "swiss": None},
    ),
    (
        "2000-nothing-rolled",
        "Al: goal orange 7\nAl: attempt orange r1 r1",
        {"Rules": "lenient"},
        {"min": 0, "max": 0, "swiss": None},
    ),
    (
        "1999-fresh-goal",
        "Al: goal red 12\nAl: attempt red r3 r4",
        {"Edition": "1999"},
        {"min": 1, "max": 7, "swiss": None},
    ),
    (
        "1999-nothing-rolled",
        "Al: goal orange 7\nAl: attempt orange r1 r1",
        {"Edition": "1999", "Rules": "lenient"},
        {"min": 0, "max": 0, "swiss": None},
    ),
    ("banked", "Al: goal red 12\nAl: attempt red r3 r4\nAl: bank 2", {}, None),
    ("completed", "Al: goal red 6\nAl: attempt red r3 r4", {}, None),
    (
        "swiss-card-empty-goal-carries",
        SWISS_ON_CARRIED_GOAL,
        {"Variable": "swissbank"},
        {"min": 1, "max": 3, "swiss": {"min": 0, "max": 3}},
    ),
    (
        "swiss-card-carries-goal-empty",
        SWISS_CARD_CARRIES,
        {"Variable": "swissbank"},
        {"min": 0, "max": 4, "swiss": {"min": 1, "max": 4}},
    ),
    (
        "swiss-1999",
        SWISS_ON_CARRIED_GOAL,
        {"Variable": "swissbank", "Edition": "1999"},
        {"min": 1, "max": 3, "swiss": {"min": 1, "max": 3}},
    ),
    (
        "raid-has-no-swiss",
        RAIDED,
        {"Variable": "raid"},
        {"min": 0, "max": 3, "swiss": None},
    ),
]


def _state(lines: str, header: dict[str, str]) -> GameState:
    return game(lines, **header)


@pytest.mark.parametrize(
    ("lines", "header", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_turn_bank_is_the_range_ruling_4_allows(
    lines: str, header: dict[str, str], expected: dict[str, Any] | None
) -> None:
    turn = state_json(_state(lines, header))["turn"]
    assert turn["bank"] == expected
    assert (turn["phase"] == "bank") == (expected is not None)


@pytest.mark.parametrize(
    ("lines", "header"),
    [case[1:3] for case in CASES if case[3] is not None],
    ids=[case[0] for case in CASES if case[3] is not None],
)
def test_the_rules_accept_exactly_the_published_range(lines: str, header: dict[str, str]) -> None:
    state = _state(lines, header)
    bank = state_json(state)["turn"]["bank"]
    player = state_json(state)["last_attempt"]["player"]
    for suffix, limits in (("", bank), (" swiss", bank["swiss"])):
        if limits is None:
            refused(state, f"{player}: bank 0{suffix}", "no Swiss Bank card")
            continue
        low, high = limits["min"], limits["max"]
        for points in (low, high):
            assert (
                state_json(play(state, f"{player}: bank {points}{suffix}"))["turn"]["bank"] is None
            )
        if low > 0:
            refused(state, f"{player}: bank {low - 1}{suffix}", f"at least {low}")
        refused(state, f"{player}: bank {high + 1}{suffix}", f"cannot bank {high + 1}")
