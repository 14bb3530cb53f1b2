"""Flyer-game events: one per record line (docs/rules-flyer.md)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.flyer.colours import Hue


@dataclass(frozen=True, slots=True)
class Values:
    """The six throws of the normal die, in the order thrown; `player` is "" for the table."""

    player: str
    throws: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Roll:
    """The colour dice of a turn, as they lie; a roll by the next player ends the turn before."""

    player: str
    dice: tuple[Hue, ...]


@dataclass(frozen=True, slots=True)
class MoveMarkers:
    """Markers leaving one space together for `space`, paid with dice of the turn's roll."""

    player: str
    markers: tuple[Hue, ...]
    space: str
    paying: tuple[Hue, ...]


Event = Values | Roll | MoveMarkers
