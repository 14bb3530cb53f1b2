"""The five-dice game's events: frozen values, one per record line (docs/rules-fivedice.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.fivedice.scoring import Box


@dataclass(frozen=True, slots=True)
class Roll:
    """`P: roll D D D D D`: the five dice as they lie after a throw, kept and thrown alike (what
    the camera reads). `thrown`: those that left the hand, the dice less the ones kept aside, as
    the game stood when the line was read (None: read without it); not part of the line."""

    player: str
    dice: tuple[int, ...]
    thrown: tuple[int, ...] | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Keep:
    """`P: keep [K ...]`: the faces set aside before the next throw (none: throw all five)."""

    player: str
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """`P: score BOX [POINTS]`: the turn's dice written in an open box; POINTS, when given, is
    the score the player expects, and a different one refuses the line."""

    player: str
    box: Box
    points: int | None = None


Event = Roll | Keep | Score
