"""The RGB board: squares in chess notation, stack kinds, layers and the straight lines between.

Everything here is geometry and vocabulary; who may do what lives in `rules`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

FILES = "abcdefgh"
SIZE_OF_BOARD = 8


class Kind(StrEnum):
    """A stack's kind as the record names it: Man, Woman, Child or the Golden Child."""

    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"
    GOLDEN = "golden"

    @property
    def strength(self) -> int:
        """Attack size: large > medium > small; the Golden Child counts as small (ruling 5)."""
        return {"large": 3, "medium": 2, "small": 1, "golden": 1}[self.value]

    @property
    def piece_size(self) -> str:
        """The size of the Icehouse pieces the stack is built of."""
        return "small" if self is Kind.GOLDEN else self.value

    @property
    def role(self) -> str:
        return {
            "large": "Man",
            "medium": "Woman",
            "small": "Child",
            "golden": "Golden Child",
        }[self.value]


class Layer(StrEnum):
    """A piece's colour; a stack's layers are listed bottom to top."""

    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"


RGB_LAYERS = (Layer.RED, Layer.GREEN, Layer.BLUE)
GOLDEN_LAYERS = (Layer.YELLOW, Layer.YELLOW)


class SquareError(ValueError):
    """Text that names no square of the board."""


@dataclass(frozen=True, order=True, slots=True)
class Square:
    """A square by file (0 = a) and rank (0 = 1)."""

    file: int
    rank: int

    @classmethod
    def parse(cls, text: str) -> Square:
        word = text.strip().lower()
        if len(word) != 2 or word[0] not in FILES or word[1] not in "12345678":
            raise SquareError(f"{text!r} is not a square of the board (a1 to h8)")
        return cls(FILES.index(word[0]), int(word[1]) - 1)

    @property
    def name(self) -> str:
        return f"{FILES[self.file]}{self.rank + 1}"

    def __str__(self) -> str:
        return self.name

    def shifted(self, d_file: int, d_rank: int) -> Square | None:
        f, r = self.file + d_file, self.rank + d_rank
        if 0 <= f < SIZE_OF_BOARD and 0 <= r < SIZE_OF_BOARD:
            return Square(f, r)
        return None


ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def all_squares() -> Iterator[Square]:
    for rank in range(SIZE_OF_BOARD):
        for file in range(SIZE_OF_BOARD):
            yield Square(file, rank)


def neighbours(square: Square) -> tuple[Square, ...]:
    """The orthogonally adjacent squares: 'adjacent' everywhere in RGB (ruling 3)."""
    return tuple(s for d in ORTHOGONAL if (s := square.shifted(*d)) is not None)


def adjacent(a: Square, b: Square) -> bool:
    return abs(a.file - b.file) + abs(a.rank - b.rank) == 1


def in_line(a: Square, b: Square) -> bool:
    """Same rank or same file, and not the same square."""
    return a != b and (a.file == b.file or a.rank == b.rank)


def between(a: Square, b: Square) -> tuple[Square, ...]:
    """The squares strictly between two squares of one rank or file, from `a` toward `b`."""
    d_file = (b.file > a.file) - (b.file < a.file)
    d_rank = (b.rank > a.rank) - (b.rank < a.rank)
    out: list[Square] = []
    at = a.shifted(d_file, d_rank)
    while at is not None and at != b:
        out.append(at)
        at = at.shifted(d_file, d_rank)
    return tuple(out)


def diagonal_step(a: Square, b: Square) -> bool:
    return abs(a.file - b.file) == 1 and abs(a.rank - b.rank) == 1


def on_half(square: Square, seat: int) -> bool:
    """Ranks 1-4 belong to the first player, ranks 5-8 to the second (ruling 1)."""
    return square.rank < 4 if seat == 0 else square.rank >= 4


@dataclass(frozen=True, slots=True)
class Stack:
    """One RGB (or the Golden Child): its owner, kind and remaining layers, bottom to top."""

    owner: str
    kind: Kind
    layers: tuple[Layer, ...]

    @classmethod
    def full(cls, owner: str, kind: Kind) -> Stack:
        return cls(owner, kind, GOLDEN_LAYERS if kind is Kind.GOLDEN else RGB_LAYERS)

    @property
    def top(self) -> Layer:
        return self.layers[-1]

    def has(self, layer: Layer) -> bool:
        return layer in self.layers

    def without(self, layer: Layer) -> Stack:
        """The stack less one piece of `layer` (it may be left with no layers: dead)."""
        at = len(self.layers) - 1 - self.layers[::-1].index(layer)
        return Stack(self.owner, self.kind, self.layers[:at] + self.layers[at + 1 :])

    def missing(self) -> tuple[Layer, ...]:
        """The colours a Golden Child could put back, lowest first (none for the Golden Child)."""
        if self.kind is Kind.GOLDEN:
            return ()
        return tuple(layer for layer in RGB_LAYERS if layer not in self.layers)

    def with_layer(self, layer: Layer) -> Stack:
        layers = tuple(x for x in RGB_LAYERS if x in self.layers or x is layer)
        return Stack(self.owner, self.kind, layers)

    def describe(self) -> str:
        """`Al's Man (large)` style words for messages."""
        if self.kind is Kind.GOLDEN:
            return f"{self.owner}'s Golden Child"
        return f"{self.owner}'s {self.kind.value} stack"

    def layer_words(self) -> str:
        return ", ".join(layer.value for layer in self.layers)
