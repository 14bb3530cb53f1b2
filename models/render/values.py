"""The renderer's values: what a scene is asked to look like and what it returns."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from models.render.families import (
    BACKGROUNDS,
    LIGHTS,
    TABLE_BACKGROUNDS,
    TABLE_LIGHTS,
    TRAIN_BACKGROUNDS,
    TRAIN_LIGHTS,
    check_names,
)
from vision.types import COLOURS, BoxXYXY, Colour

Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]

MIN_SIDE, MAX_SIDE = 64, 4096
MAX_TILT = 60.0  # a phone held at a slant over a tray; steeper shows more side than top


@dataclass(frozen=True)
class SceneConfig:
    """What scenes to draw. Ranges are (low, high), drawn per scene.

    `die_px` is the die edge in pixels where the camera axis meets the table (dice nearer an
    oblique camera look bigger); None means 12 px up to 0.45 x the shorter side, at most 220.
    `clutter` and `hands` are probabilities of distractors; with `effects` False the camera is
    ideal (no glare, blur, noise, colour cast or JPEG). With `lamp_colour` False the lamp keeps
    all it does but tint the picture: the same scene, every random draw alike, white-balanced
    exactly (a diagnostic of how much colour reading loses to the lamp).

    Cameras tilt `min_tilt_deg`..`max_tilt_deg` from straight down (with `min_tilt_deg` 0, a
    third look nearly straight down). `table_looks` is the share of dice sets drawn in the
    table looks of `looks` (pale yellows, amber, smoke, glitter, metal pips, marbled blues);
    0 keeps every older set's draws as they were."""

    width: int = 640
    height: int = 480
    dice_count: tuple[int, int] = (2, 20)
    die_px: tuple[float, float] | None = None
    colours: tuple[Colour, ...] = COLOURS
    backgrounds: tuple[str, ...] = TRAIN_BACKGROUNDS
    lights: tuple[str, ...] = TRAIN_LIGHTS
    max_tilt_deg: float = 35.0
    min_tilt_deg: float = 0.0
    table_looks: float = 0.0
    clutter: float = 0.6
    hands: float = 0.25
    effects: bool = True
    lamp_colour: bool = True
    cluster: float = 0.5
    occluded_limit: float = 0.4
    # Share of dice drawn as the flyer game's colour-face dice (no pips); 0 draws nothing more.
    colour_faces: float = 0.0
    # Chance that a scene lays out a game's material (boards, cards, tokens, pieces: issue 30);
    # 0 draws nothing more, so older sets keep every draw.
    material: float = 0.0

    def __post_init__(self) -> None:
        for name, side in (("width", self.width), ("height", self.height)):
            if not MIN_SIDE <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be {MIN_SIDE}..{MAX_SIDE} pixels, got {side!r}")
        lo, hi = self.dice_count
        if not 0 <= lo <= hi <= 60:
            raise ValueError(f"dice_count must be 0 <= low <= high <= 60, got {self.dice_count!r}")
        plo, phi = self.die_range
        if not 6.0 <= plo <= phi <= 0.6 * min(self.width, self.height):
            raise ValueError(
                f"die_px must be 6 <= low <= high <= 0.6 * shorter side, got {self.die_px!r}"
            )
        if not self.colours or any(not isinstance(c, Colour) for c in self.colours):
            raise ValueError(f"colours must be a non-empty tuple of Colour, got {self.colours!r}")
        check_names("background", self.backgrounds, BACKGROUNDS)
        check_names("light", self.lights, LIGHTS)
        if not 0.0 <= self.max_tilt_deg <= MAX_TILT:
            raise ValueError(f"max_tilt_deg must be 0..{MAX_TILT:g}, got {self.max_tilt_deg!r}")
        if not 0.0 <= self.min_tilt_deg <= self.max_tilt_deg:
            raise ValueError(
                f"min_tilt_deg must be 0..max_tilt_deg ({self.max_tilt_deg:g}), "
                f"got {self.min_tilt_deg!r}"
            )
        for name, p in (
            ("clutter", self.clutter),
            ("hands", self.hands),
            ("cluster", self.cluster),
            ("occluded_limit", self.occluded_limit),
            ("table_looks", self.table_looks),
            ("colour_faces", self.colour_faces),
            ("material", self.material),
        ):
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"{name} must be in 0..1, got {p!r}")

    @property
    def die_range(self) -> tuple[float, float]:
        """`die_px`, or its default for this picture size."""
        if self.die_px is not None:
            return self.die_px
        return (12.0, max(12.0, min(220.0, 0.45 * min(self.width, self.height))))

    @classmethod
    def clean(cls, width: int = 640, height: int = 480, **overrides: object) -> SceneConfig:
        """A plain top-down scene with an ideal camera: for tests and for checking labels."""
        base: dict[str, object] = {
            "width": width,
            "height": height,
            "backgrounds": ("plain",),
            "lights": ("neutral",),
            "max_tilt_deg": 0.0,
            "clutter": 0.0,
            "hands": 0.0,
            "effects": False,
        }
        base.update(overrides)
        return cls(**base)  # type: ignore[arg-type]

    @classmethod
    def tables(cls, width: int = 800, height: int = 600, **overrides: object) -> SceneConfig:
        """Scenes like the real tables of issue 21: trays, bowls, carpet and sandpaper, a
        phone at 30..60 degrees, dice of 40..70 px (at 600 px high) in the table looks."""
        short = min(width, height)
        base: dict[str, object] = {
            "width": width,
            "height": height,
            "dice_count": (4, 28),
            "die_px": (0.05 * short, 0.075 * short),
            "backgrounds": (*TABLE_BACKGROUNDS, *("tray_felt",) * 4, "felt", "wood"),
            "lights": ("neutral", "neutral", "window", "fluorescent", "warm_lamp", *TABLE_LIGHTS),
            "min_tilt_deg": 30.0,
            "max_tilt_deg": 60.0,
            "table_looks": 0.7,
            "clutter": 0.15,
            "hands": 0.1,
            "cluster": 0.3,
        }
        base.update(overrides)
        return cls(**base)  # type: ignore[arg-type]


@dataclass(frozen=True)
class DieLabel:
    """One rendered die. `box_xyxy` bounds the whole die as drawn (side faces included),
    clipped to the image; `occluded` is the share of its outline hidden by hands, clutter,
    other dice or the frame edge; label writers skip dice that are not `visible`."""

    box_xyxy: BoxXYXY
    pips: int
    colour: Colour
    pip_colour: str
    top_quad: Quad
    occluded: float
    visible: bool
    die_id: int = 0
    finish: str = "solid"
    moving: bool = False
    blend: str = ""  # a two-class marble's classes (`palette.DieStyle.blend`)
    tone_distance: float = 0.0  # how far apart its two tones are (`palette.tone_distance`)
    # A colour-face die's top face colour (the flyer game's dice); None for a pip die, whose
    # `pips` then say nothing of it.
    face_colour: Colour | None = None


@dataclass(frozen=True)
class RenderedScene:
    """One picture and its dice, plus the families it was drawn from."""

    image_bgr: npt.NDArray[np.uint8] = field(repr=False)
    dice: tuple[DieLabel, ...]
    background: str = ""
    light: str = ""

    @property
    def visible_dice(self) -> tuple[DieLabel, ...]:
        return tuple(d for d in self.dice if d.visible)
