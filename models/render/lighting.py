"""Lighting families: where the light comes from, how hard its shadows are, and the colour
cast it leaves after the camera's own white balance has done what it can."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Light:
    """`direction` points from the table towards the light (unit, z > 0); `gains_bgr` is the
    colour cast left in the picture; shadow softness is a fraction of the die edge."""

    family: str
    direction: F64
    ambient: float
    diffuse: float
    gains_bgr: tuple[float, float, float]
    shadow: float
    softness: float
    specular: float
    gradient: float
    gradient_angle: float
    exposure: float

    def shade(self, normal: F64) -> float:
        return self.ambient + self.diffuse * max(0.0, float(normal @ self.direction))


def kelvin_bgr(kelvin: float) -> tuple[float, float, float]:
    """Approximate colour of a black body (Tanner Helland's fit), normalised to green = 1."""
    t = kelvin / 100.0
    red = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    green = 99.47 * math.log(t) - 161.12 if t <= 66 else 288.1 * (t - 60) ** -0.0755
    blue = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * math.log(t - 10) - 305.04)
    red, green, blue = (min(max(c, 1.0), 255.0) for c in (red, green, blue))
    return (blue / green, 1.0, red / green)


def _cast(kelvin: float, residual: float, tint: float = 0.0) -> tuple[float, float, float]:
    """What is left of a lamp's colour when the camera corrects all but `residual` of it;
    `tint` pushes green (+) or magenta (-). Scaled to keep brightness."""
    b, _, r = kelvin_bgr(kelvin)
    gains = np.array([1 + residual * (b - 1), 1 + tint, 1 + residual * (r - 1)])
    gains /= 0.114 * gains[0] + 0.587 * gains[1] + 0.299 * gains[2]
    return (float(gains[0]), float(gains[1]), float(gains[2]))


# family: (kelvin range, residual range, tint range, elevation deg, ambient, shadow, softness,
# gradient)
_FAMILIES: dict[str, tuple[tuple[float, float], ...]] = {
    "neutral": (
        (4800, 6200),
        (0.2, 0.5),
        (-0.01, 0.01),
        (50, 85),
        (0.45, 0.6),
        (0.25, 0.5),
        (0.15, 0.5),
        (0.0, 0.2),
    ),
    "warm_lamp": (
        (2700, 3600),
        (0.25, 0.5),
        (-0.01, 0.01),
        (30, 65),
        (0.3, 0.5),
        (0.4, 0.7),
        (0.05, 0.2),
        (0.15, 0.4),
    ),
    "cool_daylight": (
        (6500, 9500),
        (0.25, 0.55),
        (-0.01, 0.01),
        (40, 80),
        (0.45, 0.6),
        (0.2, 0.45),
        (0.2, 0.6),
        (0.0, 0.25),
    ),
    "fluorescent": (
        (3800, 5200),
        (0.2, 0.45),
        (0.02, 0.05),
        (65, 88),
        (0.55, 0.7),
        (0.15, 0.35),
        (0.3, 0.7),
        (0.0, 0.12),
    ),
    "window": (
        (5200, 7500),
        (0.2, 0.45),
        (-0.01, 0.01),
        (18, 45),
        (0.3, 0.5),
        (0.4, 0.7),
        (0.08, 0.3),
        (0.2, 0.45),
    ),
    # Auto white balance that gives up early under a warm bulb: a cast stronger than a
    # corrected lamp's, a touch green, soft light from above.
    "warm_webcam": (
        (2600, 3400),
        (0.45, 0.7),
        (0.0, 0.03),
        (45, 80),
        (0.45, 0.6),
        (0.2, 0.45),
        (0.3, 0.7),
        (0.05, 0.3),
    ),
    "sodium": (
        (1900, 2300),
        (0.4, 0.55),
        (-0.01, 0.02),
        (40, 80),
        (0.4, 0.55),
        (0.3, 0.6),
        (0.1, 0.4),
        (0.1, 0.3),
    ),
    "blue_led": (
        (11000, 16000),
        (0.55, 0.8),
        (-0.04, 0.01),
        (45, 85),
        (0.4, 0.6),
        (0.25, 0.55),
        (0.05, 0.3),
        (0.0, 0.3),
    ),
}


def _u(rng: np.random.Generator, lo_hi: tuple[float, ...]) -> float:
    return float(rng.uniform(lo_hi[0], lo_hi[1]))


def sample_light(rng: np.random.Generator, family: str, effects: bool = True) -> Light:
    """A lamp of the named family; without `effects` a neutral, even light with no cast."""
    kelvin, residual, tint, elev, ambient, shadow, soft, grad = _FAMILIES[family]
    elevation = math.radians(_u(rng, elev))
    azimuth = float(rng.uniform(0, 2 * math.pi))
    direction = np.array(
        [
            math.cos(elevation) * math.cos(azimuth),
            math.cos(elevation) * math.sin(azimuth),
            math.sin(elevation),
        ]
    )
    amb = _u(rng, ambient)
    gains = _cast(_u(rng, kelvin), _u(rng, residual), _u(rng, tint)) if effects else (1.0, 1.0, 1.0)
    return Light(
        family=family,
        direction=direction,
        ambient=amb,
        diffuse=(1.0 - amb) / max(math.sin(elevation), 0.5),
        gains_bgr=gains,
        shadow=_u(rng, shadow),
        softness=_u(rng, soft),
        specular=float(rng.uniform(0.4, 1.0)) if effects else 0.0,
        gradient=_u(rng, grad) if effects else 0.0,
        gradient_angle=float(rng.uniform(0, 2 * math.pi)),
        exposure=float(rng.uniform(0.7, 1.3)) if effects else 1.0,
    )
