"""The frozen state of an RGB game and the counts of pieces on and off the board."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from companion.games.players import seat_of
from companion.games.rgb.board import Kind, Layer, Square, Stack

PIECE_SIZES = ("large", "medium", "small")
TRIOS_PER_SIZE = 5
GOLDEN_PIECES = 2
# Ruling 1: the first player has two Men, three Women, three Children; the second three Men,
# two Women, two Children and the Golden Child.
OPENING: tuple[dict[Kind, int], dict[Kind, int]] = (
    {Kind.LARGE: 2, Kind.MEDIUM: 3, Kind.SMALL: 3},
    {Kind.LARGE: 3, Kind.MEDIUM: 2, Kind.SMALL: 2, Kind.GOLDEN: 1},
)

Piece = tuple[str, Layer]  # (piece size, colour)


class Phase(StrEnum):
    PLACE = "place"
    PLAY = "play"
    SUSTAIN = "sustain"
    OVER = "over"


def all_pieces() -> dict[Piece, int]:
    """Every piece in the game: five of each size and colour, and the Golden Child's two."""
    out: dict[Piece, int] = {
        (size, layer): TRIOS_PER_SIZE
        for size in PIECE_SIZES
        for layer in (Layer.RED, Layer.GREEN, Layer.BLUE)
    }
    out[("small", Layer.YELLOW)] = GOLDEN_PIECES
    return out


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, str]
    board: Mapping[Square, Stack]
    to_place: tuple[tuple[Kind, ...], tuple[Kind, ...]]
    discarded: Mapping[Piece, int] = field(default_factory=dict)
    seat: int = 0
    starving: tuple[Square, ...] = ()
    passes: int = 0
    turns: int = 0
    winner: str | None = None
    draw: bool = False

    @property
    def player(self) -> str:
        return self.players[self.seat]

    @property
    def opponent(self) -> str:
        return self.players[1 - self.seat]

    @property
    def phase(self) -> Phase:
        if self.winner is not None or self.draw:
            return Phase.OVER
        if any(self.to_place):
            return Phase.PLACE
        return Phase.SUSTAIN if self.starving else Phase.PLAY

    def seat_of(self, name: str) -> int | None:
        return seat_of(self.players, name)

    def stacks_of(self, owner: str) -> Iterator[tuple[Square, Stack]]:
        for square in sorted(self.board):
            stack = self.board[square]
            if stack.owner == owner:
                yield square, stack

    def children(self, owner: str) -> int:
        """RGB Children only: the Golden Child never counts (the text, 'The Golden Child')."""
        return sum(1 for _, s in self.stacks_of(owner) if s.kind is Kind.SMALL)

    def golden(self, owner: str) -> Square | None:
        return next((sq for sq, s in self.stacks_of(owner) if s.kind is Kind.GOLDEN), None)


def start_state(players: tuple[str, str]) -> GameState:
    reserve = tuple(
        tuple(kind for kind, n in counts.items() for _ in range(n)) for counts in OPENING
    )
    return GameState(players, {}, (reserve[0], reserve[1]))


def count_board(state: GameState) -> dict[Piece, int]:
    out: dict[Piece, int] = {}
    for stack in state.board.values():
        for layer in stack.layers:
            key = (stack.kind.piece_size, layer)
            out[key] = out.get(key, 0) + 1
    return out


def count_unplaced(state: GameState) -> dict[Piece, int]:
    out: dict[Piece, int] = {}
    for reserve in state.to_place:
        for kind in reserve:
            for layer in Stack.full("", kind).layers:
                key = (kind.piece_size, layer)
                out[key] = out.get(key, 0) + 1
    return out


def off_board(state: GameState) -> dict[Piece, int]:
    """Pieces not on the board: never placed yet, or discarded."""
    out = dict(count_unplaced(state))
    for key, n in state.discarded.items():
        out[key] = out.get(key, 0) + n
    return out
