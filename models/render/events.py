"""What happens on the table in a video, in seconds from its start."""

from __future__ import annotations

from dataclasses import dataclass

from vision.types import Colour


@dataclass(frozen=True)
class Throw:
    """Dice of these colours thrown in from one edge; `values` fixes the faces they end on."""

    at_s: float
    colours: tuple[Colour, ...]
    values: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not self.colours:
            raise ValueError("a throw needs at least one die")
        if self.values is not None:
            if len(self.values) != len(self.colours):
                raise ValueError(
                    f"values {self.values!r} must match the {len(self.colours)} colours"
                )
            if any(not 1 <= v <= 6 for v in self.values):
                raise ValueError(f"values must be 1..6, got {self.values!r}")


@dataclass(frozen=True)
class HandPass:
    """A hand crosses over the table without touching anything."""

    at_s: float
    duration_s: float = 1.2


@dataclass(frozen=True)
class Nudge:
    """A hand pushes one die a little (its top face stays)."""

    at_s: float
    die_id: int


@dataclass(frozen=True)
class PickUp:
    """A hand picks one die up and carries it out of view."""

    at_s: float
    die_id: int


@dataclass(frozen=True)
class Sweep:
    """A hand sweeps every die on the table out of view."""

    at_s: float
    duration_s: float = 1.2


Event = Throw | HandPass | Nudge | PickUp | Sweep
