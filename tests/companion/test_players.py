"""Seating the players, as every game's rules do (companion.games.players)."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError
from companion.games.players import check_players, seat_of


@pytest.mark.parametrize(
    ("names", "low", "high", "error"),
    [
        (["Al", "Bo"], 2, 5, None),
        (["Al", "Bo", "Cy", "Di", "Ed"], 2, 5, None),
        (["Al"], 2, 5, "RYB is for 2 to 5 players, not 1"),
        (["Al", "Bo", "Cy"], 2, 2, "RYB is for 2 players, not 3"),
        (["Al", "Bo", "al"], 2, 5, "two players are called 'Al'; give them different names"),
        (["Mary Ann", "MARY ANN"], 2, 2, "two players are called 'Mary Ann'"),
    ],
)
def test_check_players(names: list[str], low: int, high: int, error: str | None) -> None:
    if error is None:
        check_players("RYB", names, low, high)
    else:
        with pytest.raises(InvalidEventError, match=error):
            check_players("RYB", names, low, high)


@pytest.mark.parametrize(
    ("name", "seat"), [("Al", 0), ("bo", 1), ("CY", 2), ("Di", None), ("", None)]
)
def test_seat_of_ignores_case(name: str, seat: int | None) -> None:
    assert seat_of(("Al", "Bo", "Cy"), name) == seat
