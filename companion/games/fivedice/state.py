"""The frozen state of a five-dice game: each player's score sheet and the turn in play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.games.fivedice.scoring import (
    EXTRA_FIVE_KIND,
    UPPER,
    UPPER_BONUS,
    UPPER_TARGET,
    Box,
)
from companion.games.players import seat_of

THROWS = 3


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's boxes (those filled, with their points) and extra five-of-a-kind bonuses."""

    boxes: Mapping[Box, int] = field(default_factory=dict)
    extra: int = 0

    @property
    def open(self) -> tuple[Box, ...]:
        return tuple(b for b in Box if b not in self.boxes)

    @property
    def upper(self) -> int:
        return sum(self.boxes.get(b, 0) for b in UPPER)

    @property
    def upper_bonus(self) -> int:
        return UPPER_BONUS if self.upper >= UPPER_TARGET else 0

    @property
    def lower(self) -> int:
        return sum(p for b, p in self.boxes.items() if b not in UPPER)

    @property
    def extra_points(self) -> int:
        return EXTRA_FIVE_KIND * self.extra

    @property
    def total(self) -> int:
        return self.upper + self.upper_bonus + self.lower + self.extra_points


@dataclass(frozen=True, slots=True)
class Turn:
    """The dice of the turn in play: how many throws so far, the five dice, the faces set aside
    for the next throw (`kept`) and those that were set aside through the last one (`held`)."""

    throws: int = 0
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    held: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Scored:
    """The last box filled, for the views: who, which box, the dice, points and any bonus."""

    player: str
    box: Box
    dice: tuple[int, ...]
    points: int
    bonus: int
    joker: bool


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    seat: int = 0
    turn: Turn = Turn()
    last: Scored | None = None

    @property
    def over(self) -> bool:
        return all(not s.open for s in self.sheets)

    @property
    def player(self) -> str:
        return self.players[self.seat]

    @property
    def round(self) -> int:
        """The round in play, 1 to 13 (13 once the game is over)."""
        return min(len(self.sheets[self.seat].boxes) + 1, len(Box))

    def seat_of(self, name: str) -> int | None:
        return seat_of(self.players, name)

    def winners(self) -> tuple[str, ...]:
        """Everyone with the highest total once every box is filled (a tie shares the win)."""
        if not self.over:
            return ()
        best = max(s.total for s in self.sheets)
        return tuple(p for p, s in zip(self.players, self.sheets, strict=True) if s.total == best)


def start_state(players: tuple[str, ...]) -> GameState:
    return GameState(players, tuple(Sheet() for _ in players))
