"""Dice values of RYB: the three die colours, a rolled die, a pool of dice and colour totals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from vision.types import Colour

DIE_COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.YELLOW, Colour.BLUE)
GOAL_COLOURS: tuple[Colour, ...] = (
    Colour.RED,
    Colour.ORANGE,
    Colour.YELLOW,
    Colour.GREEN,
    Colour.BLUE,
    Colour.PURPLE,
    Colour.BLACK,
)
# The die colours whose sums make each goal colour (ruling 2).
NEEDS: dict[Colour, tuple[Colour, ...]] = {
    Colour.RED: (Colour.RED,),
    Colour.YELLOW: (Colour.YELLOW,),
    Colour.BLUE: (Colour.BLUE,),
    Colour.ORANGE: (Colour.RED, Colour.YELLOW),
    Colour.GREEN: (Colour.YELLOW, Colour.BLUE),
    Colour.PURPLE: (Colour.BLUE, Colour.RED),
    Colour.BLACK: DIE_COLOURS,
}
LETTER: dict[Colour, str] = {Colour.RED: "r", Colour.YELLOW: "y", Colour.BLUE: "b"}


class RolledDie(NamedTuple):
    """One die of a roll: its body colour and the pips on top."""

    colour: Colour
    pips: int

    def __str__(self) -> str:
        return f"{LETTER[self.colour]}{self.pips}"


def check_die(colour: Colour, pips: int) -> None:
    """Raise ValueError unless (colour, pips) is a red, yellow or blue die showing 1..6."""
    if colour not in DIE_COLOURS:
        raise ValueError(f"RYB dice are red, yellow or blue, not {colour.value}")
    if isinstance(pips, bool) or not isinstance(pips, int) or not 1 <= pips <= 6:
        raise ValueError(f"a die shows 1..6 pips, not {pips!r}")


def totals(dice: Iterable[tuple[Colour, int]]) -> dict[Colour, int]:
    """Colour points of a roll for all seven goal colours (ruling 2).

    Primary colours are the sum of that colour's dice; a secondary is the smaller of its two sums;
    black the smallest of the three. A colour with no dice sums to 0.
    """
    sums = dict.fromkeys(DIE_COLOURS, 0)
    for colour, pips in dice:
        check_die(colour, pips)
        sums[colour] += pips
    return {goal: min(sums[c] for c in NEEDS[goal]) for goal in GOAL_COLOURS}


def format_dice(dice: Iterable[RolledDie]) -> str:
    return " ".join(str(d) for d in dice)


@dataclass(frozen=True, slots=True)
class Pool:
    """How many dice of each colour a player holds."""

    red: int = 0
    yellow: int = 0
    blue: int = 0

    def __post_init__(self) -> None:
        for colour in DIE_COLOURS:
            if self[colour] < 0:
                raise ValueError(f"a pool cannot hold {self[colour]} {colour.value} dice")

    @classmethod
    def starting(cls) -> Pool:
        return cls(2, 2, 2)

    @classmethod
    def of(cls, colours: Iterable[Colour]) -> Pool:
        counts = dict.fromkeys(DIE_COLOURS, 0)
        for colour in colours:
            if colour not in counts:
                raise ValueError(f"RYB dice are red, yellow or blue, not {colour.value}")
            counts[colour] += 1
        return cls.from_counts(counts)

    @classmethod
    def from_counts(cls, counts: Mapping[Colour, int]) -> Pool:
        return cls(
            counts.get(Colour.RED, 0), counts.get(Colour.YELLOW, 0), counts.get(Colour.BLUE, 0)
        )

    def __getitem__(self, colour: Colour) -> int:
        if colour is Colour.RED:
            return self.red
        if colour is Colour.YELLOW:
            return self.yellow
        if colour is Colour.BLUE:
            return self.blue
        return 0

    @property
    def size(self) -> int:
        return self.red + self.yellow + self.blue

    def plus(self, other: Pool) -> Pool:
        return Pool(self.red + other.red, self.yellow + other.yellow, self.blue + other.blue)

    def minus(self, other: Pool) -> Pool:
        """Remove dice; raises ValueError when the pool lacks them (callers check first)."""
        return Pool(self.red - other.red, self.yellow - other.yellow, self.blue - other.blue)

    def covers(self, other: Pool) -> bool:
        return all(self[c] >= other[c] for c in DIE_COLOURS)

    def only(self, colours: Iterable[Colour]) -> Pool:
        keep = set(colours)
        return Pool.from_counts({c: self[c] for c in DIE_COLOURS if c in keep})

    def to_json(self) -> dict[str, int]:
        return {c.value: self[c] for c in DIE_COLOURS}

    def describe(self) -> str:
        parts = [f"{self[c]} {c.value}" for c in DIE_COLOURS if self[c]]
        return ", ".join(parts) if parts else "no dice"


def pool_of(dice: Iterable[RolledDie]) -> Pool:
    return Pool.of(d.colour for d in dice)
