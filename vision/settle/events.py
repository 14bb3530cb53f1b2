"""What the settle detector (`vision.settle`) is configured with and what it says."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from vision.motion import encode_frame, encode_thumbnail
from vision.sources.base import ImageBGR
from vision.types import DiceReading, Die


class SettleState(StrEnum):
    EMPTY = "empty"
    ROLLING = "rolling"
    SETTLED = "settled"


@dataclass(frozen=True, slots=True)
class SettleConfig:
    """Times in ms; tolerances in die sizes (the larger side of a die's box).

    `still_motion` is in `vision.motion.motion_energy` units: 0 for a still table however
    noisy the webcam, about 0.8 for one 40 px die sliding 20 px in a 640 px wide frame, 5 for
    a fist-sized hand, 20 for a hand reaching in. Dice motion is caught from their boxes
    anyway; the motion measure is there for hands that cover dice without moving them. At or
    under `quiet_motion` nothing in the picture changed (a still table reads 0; a 40 px die
    shifting 16 px in a 640 px frame about 0.3): a die's box the finder draws a little
    elsewhere then is its jitter, not a move.

    `unsure_ms` is the longest a die whose value keeps changing holds a roll back (it then goes
    out with that die marked unsure; a die the reader doubts never holds it). `tumble_frames`
    frames where the picture or the dice moved, showing dice away from every last place, make
    a throw of the next still scene unless every die lies where it was with the same value.
    After such a burst, or as long a stir without dice away, a die lies where it was within
    `kept_tolerance` of the smaller die's side from a last die of its value: dice thrown into a
    small box land a third of a die from their last places, while a hand that passed over
    leaves them where they lay.
    """

    settle_ms: float = 250.0
    unsure_ms: float = 450.0
    change_ms: float = 800.0
    empty_ms: float = 500.0
    still_motion: float = 1.0
    quiet_motion: float = 0.05
    still_tolerance: float = 0.15
    still_min_px: float = 2.0
    moved_tolerance: float = 0.75
    kept_tolerance: float = 0.25
    tumble_frames: int = 3

    def __post_init__(self) -> None:
        for name in (
            "settle_ms",
            "empty_ms",
            "still_tolerance",
            "moved_tolerance",
            "kept_tolerance",
        ):
            value = getattr(self, name)
            if not (value > 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a positive number, got {value!r}")
        for name in ("unsure_ms", "change_ms"):
            value = getattr(self, name)
            if not self.settle_ms <= value < math.inf:
                raise ValueError(f"{name} must be at least settle_ms, got {value!r}")
        for name in ("still_motion", "quiet_motion", "still_min_px"):
            value = getattr(self, name)
            if not 0 <= value < math.inf:
                raise ValueError(f"{name} must be 0 or more, got {value!r}")
        if isinstance(self.tumble_frames, bool) or not (
            isinstance(self.tumble_frames, int) and self.tumble_frames >= 1
        ):
            raise ValueError(
                f"tumble_frames must be a whole number 1 or more, got {self.tumble_frames!r}"
            )


@dataclass(frozen=True, slots=True, eq=False)
class _Moment:
    t_ms: float
    still_since_ms: float
    frame_index: int | None
    frame_bgr: ImageBGR | None = field(repr=False)

    @property
    def delay_ms(self) -> float:
        """From the first still frame to this event: what the players wait."""
        return self.t_ms - self.still_since_ms

    def thumbnail_jpeg(self, max_side: int = 320) -> bytes | None:
        return None if self.frame_bgr is None else encode_thumbnail(self.frame_bgr, max_side)

    def frame_jpeg(self, max_bytes: int) -> bytes | None:
        """The frame at camera resolution (`vision.motion.encode_frame`), kept for disputes."""
        return None if self.frame_bgr is None else encode_frame(self.frame_bgr, max_bytes)

    @property
    def frame_size(self) -> tuple[int, int] | None:
        """(width, height) of the frame the dice boxes are drawn in."""
        if self.frame_bgr is None:
            return None
        return int(self.frame_bgr.shape[1]), int(self.frame_bgr.shape[0])


@dataclass(frozen=True, slots=True, eq=False)
class SettledRoll(_Moment):
    """`cut_short`: the dice were still but waited on a die whose value kept changing when the
    table changed again; the throw is reported then, its doubtful dice flagged, rather than
    lost. `roll_id` names the roll for a later `RollCorrected` (counted from 1 by a detector;
    0 for a roll made by hand)."""

    reading: DiceReading
    cut_short: bool = False
    roll_id: int = 0

    @property
    def needs_review(self) -> bool:
        return self.reading.any_unsure


@dataclass(frozen=True, slots=True, eq=False)
class RollCorrected(_Moment):
    """The dice of roll `roll_id` after some were read anew, the dice still in place: an unsure
    die the reader became sure of, or a die sent sure that now reads surely another value, each
    held for `settle_ms`. `reading` is the roll's dice in the same order and boxes, the ones
    read anew sure; `cleared` their places."""

    roll_id: int
    reading: DiceReading
    cleared: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class SceneChanged(_Moment):
    """Dice in `removed` are gone from their place in `previous`; `added` are new in `reading`
    (a die turned over or carried away is in both)."""

    reading: DiceReading
    previous: DiceReading
    removed: tuple[Die, ...]
    added: tuple[Die, ...]


@dataclass(frozen=True, slots=True, eq=False)
class TableCleared(_Moment):
    previous: DiceReading


SettleEvent = SettledRoll | RollCorrected | SceneChanged | TableCleared
