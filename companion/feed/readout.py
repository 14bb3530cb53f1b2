"""A camera reading as the JSON the CLI prints: dice plus RYB colour totals."""

from __future__ import annotations

from typing import Any

from companion.games.ryb import DIE_COLOURS, totals
from vision.types import DiceReading


def ryb_totals(reading: DiceReading) -> dict[str, int]:
    """Totals for the seven goal colours over the red, yellow and blue pip dice read (a
    colour-face die's pips mean nothing, so it adds to no total)."""
    counted = [
        (d.colour, d.pips) for d in reading if d.colour in DIE_COLOURS and d.face_colour is None
    ]
    return {colour.value: points for colour, points in totals(counted).items()}


def reading_json(reading: DiceReading) -> dict[str, Any]:
    return {"dice": reading.to_json(), "totals": ryb_totals(reading)}


def caption(reading: DiceReading) -> list[str]:
    """Two lines for an annotated frame: the primary totals, then secondaries and black."""
    t = ryb_totals(reading)
    first = "  ".join(f"{c} {t[c]}" for c in ("red", "yellow", "blue"))
    second = "  ".join(f"{c} {t[c]}" for c in ("orange", "green", "purple", "black"))
    unsure = sum(1 for d in reading if d.unsure)
    tail = f"  ({unsure} unsure)" if unsure else ""
    return [f"{len(reading)} dice: {first}{tail}", second]
