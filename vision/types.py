"""The values every vision stage passes on: colours, one die, one frame's reading.

Pure Python (no numpy, no OpenCV) so that the rules in `companion` can use the colour
vocabulary without pulling in the camera stack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any


class Colour(StrEnum):
    """Die body colours the classifier names; the seven goal colours are among them."""

    RED = "red"
    ORANGE = "orange"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"
    BLACK = "black"
    WHITE = "white"
    OTHER = "other"

    @classmethod
    def parse(cls, text: str) -> Colour:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(c.value for c in cls)
            raise ValueError(f"unknown colour {text!r} (expected one of {names})") from None


COLOURS: tuple[Colour, ...] = tuple(Colour)

BoxXYXY = tuple[int, int, int, int]


def check_face(pips: int, box_xyxy: tuple[float, float, float, float]) -> None:
    """A top face has 1..6 pips and a box with its corners the right way round."""
    if not 1 <= pips <= 6:
        raise ValueError(f"pips must be 1..6, got {pips!r}")
    x1, y1, x2, y2 = box_xyxy
    if x2 <= x1 or y2 <= y1:
        raise ValueError(f"box_xyxy must have x2 > x1 and y2 > y1, got {box_xyxy!r}")


def box_centre(box_xyxy: tuple[float, float, float, float]) -> tuple[float, float]:
    x1, y1, x2, y2 = box_xyxy
    return ((x1 + x2) / 2.0, (y1 + y2) / 2.0)


def box_side(box: tuple[float, ...]) -> float:
    """The longer side of an xyxy box: a die's size in the picture."""
    return float(max(box[2] - box[0], box[3] - box[1]))


def area(box: tuple[float, ...]) -> float:
    """The area of an xyxy box."""
    return (box[2] - box[0]) * (box[3] - box[1])


def intersection(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two xyxy boxes share."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    return ix * iy


def iou(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    inter = intersection(a, b)
    union = area(a) + area(b) - inter
    return inter / union if union > 0 else 0.0


def shared(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How much of the smaller of two boxes lies in the other (0 to 1)."""
    smaller = min(area(a), area(b))
    return intersection(a, b) / smaller if smaller > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Die:
    """One die seen in a frame: body colour, top-face pips and how sure the reader is."""

    colour: Colour
    pips: int
    confidence: float
    box_xyxy: BoxXYXY
    unsure: bool = False
    # Where the reader placed the die among others (`vision.memory`): what a table's memory
    # keeps when players confirm it. Not part of a die's identity, never written to JSON.
    signature: tuple[float, ...] | None = field(default=None, compare=False, repr=False)
    # A colour-face die (the flyer game's): its top face's colour, also given as `colour`; it
    # has no pips, so `pips` is 1 and means nothing. None for a pip die.
    face_colour: Colour | None = None
    # The reader's pip features for this die (float32 bytes, `vision.faces`): what a table's
    # face memory learns the die's value by when players confirm it. Never written to JSON.
    face_features: bytes | None = field(default=None, compare=False, repr=False)
    # The die's face marks (float32 bytes, `vision.marks`), where its table signs them: what the
    # face memory reads odd faces by. Never written to JSON.
    face_marks: bytes | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_face(self.pips, self.box_xyxy)
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must be in 0..1, got {self.confidence!r}")

    @property
    def centre_xy(self) -> tuple[float, float]:
        return box_centre(self.box_xyxy)

    @property
    def size_px(self) -> float:
        return box_side(self.box_xyxy)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "colour": self.colour.value,
            "pips": self.pips,
            "confidence": round(self.confidence, 4),
            "box_xyxy": list(self.box_xyxy),
            "unsure": self.unsure,
        }
        if self.face_colour is not None:
            out["face_colour"] = self.face_colour.value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Die:
        box = data["box_xyxy"]
        if not isinstance(box, list | tuple) or len(box) != 4:
            raise ValueError(f"box_xyxy must be four numbers, got {box!r}")
        return cls(
            colour=Colour.parse(str(data["colour"])),
            pips=int(data["pips"]),
            confidence=float(data.get("confidence", 1.0)),
            box_xyxy=(int(box[0]), int(box[1]), int(box[2]), int(box[3])),
            unsure=bool(data.get("unsure", False)),
            face_colour=_face_colour(data.get("face_colour")),
        )

    def corrected(self, colour: Colour | None = None, pips: int | None = None) -> Die:
        """The same die after a person fixed it: full confidence, no longer unsure. A
        colour-face die's colour is its face's colour, so fixing one fixes both."""
        face = self.face_colour if colour is None or self.face_colour is None else colour
        return replace(
            self,
            face_colour=face,
            colour=self.colour if colour is None else colour,
            pips=self.pips if pips is None else pips,
            confidence=1.0,
            unsure=False,
        )


def _face_colour(value: object) -> Colour | None:
    return None if value is None else Colour.parse(str(value))


@dataclass(frozen=True, slots=True)
class DiceReading:
    """Every die read in one frame, in a stable order (top to bottom, then left to right)."""

    dice: tuple[Die, ...] = field(default_factory=tuple)

    @classmethod
    def empty(cls) -> DiceReading:
        return cls(())

    @classmethod
    def of(cls, dice: Iterable[Die]) -> DiceReading:
        ordered = sorted(dice, key=lambda d: (d.box_xyxy[1], d.box_xyxy[0]))
        return cls(tuple(ordered))

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice)

    def filter(self, keep: Callable[[Die], bool]) -> DiceReading:
        return DiceReading(tuple(d for d in self.dice if keep(d)))

    @property
    def any_unsure(self) -> bool:
        return any(d.unsure for d in self.dice)

    def counts(self) -> dict[Colour, int]:
        out: dict[Colour, int] = {}
        for die in self.dice:
            out[die.colour] = out.get(die.colour, 0) + 1
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [d.to_json() for d in self.dice]

    @classmethod
    def from_json(cls, items: Iterable[Mapping[str, Any]]) -> DiceReading:
        return cls(tuple(Die.from_json(item) for item in items))
