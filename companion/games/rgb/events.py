"""RGB events: one per record line (docs/rules-rgb.md). Each names the player who acts."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.rgb.board import Kind, Layer, Square


@dataclass(frozen=True, slots=True)
class Place:
    """An opening placement of one of the player's stacks."""

    player: str
    kind: Kind
    square: Square


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    source: Square
    target: Square


@dataclass(frozen=True, slots=True)
class Create:
    """A new Child beside a fertile Man and Woman."""

    player: str
    square: Square


@dataclass(frozen=True, slots=True)
class Attack:
    """`source` takes `layer` off the stack on `target`; `support` discards its top layer."""

    player: str
    source: Square
    target: Square
    layer: Layer
    support: Square | None = None


@dataclass(frozen=True, slots=True)
class Heal:
    """The Golden Child puts back the lowest missing layer of the stack on `square`."""

    player: str
    square: Square


@dataclass(frozen=True, slots=True)
class Sustain:
    """A starving Child on `square` loses `layer` at the end of its owner's turn."""

    player: str
    square: Square
    layer: Layer


@dataclass(frozen=True, slots=True)
class Pass:
    """Only when the player has no legal turn."""

    player: str


Action = Move | Create | Attack | Heal
Event = Place | Move | Create | Attack | Heal | Sustain | Pass
