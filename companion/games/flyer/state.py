"""The frozen state of a flyer game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from companion.games.flyer.board import Board
from companion.games.flyer.colours import STACK_ORDER, Hue
from companion.games.players import seat_of


class Phase(StrEnum):
    VALUES = "values"  # the colour values are not thrown yet
    ROLL = "roll"  # the player to act rolls the colour dice
    MOVE = "move"  # the player moves markers, or the next player rolls
    OVER = "over"


@dataclass(frozen=True)
class GameState:
    board: Board
    players: tuple[str, ...]
    homes: tuple[str, ...]  # each player's homebase, by seat
    covered_rule: bool
    stacks: Mapping[str, tuple[Hue, ...]]  # space -> markers, bottom to top
    values: Mapping[Hue, int] | None = None
    scores: tuple[int, ...] = ()
    seat: int = 0
    rolled: bool = False
    dice: tuple[Hue, ...] = ()  # the turn's dice not yet paid
    turns: int = 0

    @property
    def player(self) -> str:
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        return all(self.board.is_home(space) for space in self.stacks)

    @property
    def phase(self) -> Phase:
        if self.values is None:
            return Phase.VALUES
        if self.over:
            return Phase.OVER
        return Phase.MOVE if self.rolled else Phase.ROLL

    def seat_of(self, name: str) -> int | None:
        return seat_of(self.players, name)

    def owner_of_home(self, space: str) -> str | None:
        if space in self.homes:
            return self.players[self.homes.index(space)]
        return None

    def where(self, marker: Hue) -> tuple[str, int]:
        """The space a marker is on and its place in that stack (0 = bottom)."""
        for space, stack in self.stacks.items():
            if marker in stack:
                return space, stack.index(marker)
        raise AssertionError(f"the {marker.value} marker is nowhere")

    def markers(self) -> Iterator[tuple[Hue, str, int]]:
        for marker in STACK_ORDER:
            space, at = self.where(marker)
            yield marker, space, at

    def winners(self) -> tuple[str, ...]:
        """Everyone with the highest score once the game is over; a tie is shared (ruling 4)."""
        if self.phase is not Phase.OVER:
            return ()
        best = max(self.scores)
        return tuple(p for p, s in zip(self.players, self.scores, strict=True) if s == best)


def start_state(
    board: Board, players: tuple[str, ...], homes: tuple[str, ...], covered_rule: bool
) -> GameState:
    return GameState(
        board,
        players,
        homes,
        covered_rule,
        {board.start: STACK_ORDER},
        scores=tuple(0 for _ in players),
    )
