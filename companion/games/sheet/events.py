"""The score sheet's events: frozen values, one per record line."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """`P: roll 3 4 6`: the dice P threw this turn (camera or typed), scored by `Count`."""

    player: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """`P: score 12`: a score written by hand for anything the dice do not say (may be < 0)."""

    player: str
    points: int


@dataclass(frozen=True, slots=True)
class End:
    """`end`: the table ends the game after a finished round (a game with no target)."""

    player: str = ""


Event = Roll | Score | End
