"""Face textures: body (solid, marbled, wood, metal, translucent glow) with pips drawn on (or an
odd die's logo, numerals or shaped pips, `odd_faces`)."""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32
from models.render.noise import hash_unit, pixel_noise
from models.render.odd_faces import OddSpots, draw_odd_face, is_odd_face
from models.render.palette import BGR, DieStyle

F32 = npt.NDArray[np.float32]
U8 = npt.NDArray[np.uint8]

TEXTURE_SIZES = (16, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256)
_SHIFT = 4  # sub-pixel bits for cv2 drawing

# Pip centres on a 3x3 grid, in units of the pip spacing; 2, 3 and 6 have a handedness that a
# 90-degree turn of the face flips, which the die's yaw covers.
PIP_LAYOUT: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


def texture_size(edge_px: float) -> int:
    """Smallest stored texture at least as big as the die's edge on screen."""
    for size in TEXTURE_SIZES:
        if size >= edge_px:
            return size
    return TEXTURE_SIZES[-1]


def face_alpha(size: int, corner: float) -> F32:
    """Coverage of a face with rounded edges: 1 on the flat part, ramping to 0 at the rim
    (the bevel shows the body behind it). Corner rounded to 0.01 for the cache."""
    return _face_alpha(size, round(corner, 2))


@lru_cache(maxsize=128)
def _face_alpha(size: int, corner: float) -> F32:
    c = (np.arange(size, dtype=np.float32) + 0.5) / size - 0.5
    x, y = np.meshgrid(c, c)
    rr = max(corner, 0.02)
    qx, qy = np.abs(x) - (0.5 - rr), np.abs(y) - (0.5 - rr)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    sdf = outside + np.minimum(np.maximum(qx, qy), 0) - rr
    return np.clip(-sdf / (0.8 * rr), 0.0, 1.0).astype(np.float32)


def _smooth_noise(rng: np.random.Generator, size: int, cells: int) -> F32:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return np.asarray(cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC), np.float32)


def _fill(size: int, colour: BGR) -> F32:
    out = np.empty((size, size, 3), np.float32)
    out[:] = colour
    return out


def marble_mask(rng: np.random.Generator, size: int, share: float) -> F32:
    """Where marbled plastic shows its second tone (0..1): broad swirled bands with soft edges,
    not speckle, covering `share` of the face's flat middle. The cut is set per face because a
    fixed cut let some faces show one tone only: a two-class marble's face then looked like a
    plain die of one class while its label said `other`, which no person would say of it."""
    c = np.linspace(-1.0, 1.0, size, dtype=np.float32)
    n1 = _smooth_noise(rng, size, 3) + 0.35 * _smooth_noise(rng, size, 5)
    swirl = np.sin(2.2 * n1 + float(rng.uniform(1.0, 2.5)) * c[None, :])
    rim = size // 6
    cut = float(np.quantile(swirl[rim : size - rim, rim : size - rim], 1.0 - share))
    return np.asarray(np.clip((swirl - cut) * 1.6 + 0.5, 0.0, 1.0), np.float32)


def _body(style: DieStyle, value: int, size: int) -> U8:
    """The face without pips, uint8 BGR. Plain plastic is flat colour (sensor noise comes
    later); marble, wood, metal and see-through bodies get their patterns."""
    if style.face_tones:
        return _painted_face(style, value, size)
    plain = style.marble <= 0 and not style.grain and style.finish != "metal"
    if plain and style.opacity >= 1 and style.glitter <= 0:
        out = np.empty((size, size, 3), np.uint8)
        out[:] = [round(c * 255) for c in style.body]
        return out
    rng = np.random.default_rng([style.seed, value, size])
    img = _fill(size, style.body)
    c = np.linspace(-1.0, 1.0, size, dtype=np.float32)
    if style.marble > 0:
        mask = marble_mask(rng, size, style.marble)[..., None]
        img = f32(img * (1 - mask) + np.array(style.second, np.float32) * mask)
    if style.grain:
        warp = _smooth_noise(rng, size, 3) * 0.25
        rings = 0.5 + 0.5 * np.sin((c[:, None] + warp) * float(rng.uniform(18, 40)))
        img = f32(img * (0.8 + 0.3 * rings[..., None]))
    if style.finish == "metal":
        streak = cv2.resize(rng.standard_normal((size, 4)).astype(np.float32), (size, size))
        img = img * (0.9 + 0.06 * streak[..., None] + 0.15 * c[None, :, None])
    if style.glitter > 0:
        img = _flakes(rng, img, style.glitter * 0.08)
    if style.opacity < 1.0:
        r2 = c[None, :] ** 2 + c[:, None] ** 2
        img = img * (1.2 - 0.3 * r2[..., None])
    img = img * (1.0 + 0.012 * pixel_noise(rng, size, size)[..., None])
    return np.asarray(np.clip(img * 255.0 + 0.5, 0, 255), np.uint8)


# The painted square of a colour-face die, as a share of the face edge: a white rim around it.
PAINT_SHARE = 0.8


def _painted_face(style: DieStyle, value: int, size: int) -> U8:
    """A colour-face die's face: its colour painted over the flat middle, the body's white
    showing around it."""
    out = np.empty((size, size, 3), np.float32)
    out[:] = style.body
    lo = 0.5 * (1.0 - PAINT_SHARE) * size
    shift = float(1 << _SHIFT)
    p1, p2 = (int(lo * shift),) * 2, (int((size - lo) * shift),) * 2
    cv2.rectangle(out, p1, p2, style.face_tones[value - 1], -1, cv2.LINE_AA, _SHIFT)
    return np.asarray(np.clip(out * 255.0 + 0.5, 0, 255), np.uint8)


def _flakes(rng: np.random.Generator, img: F32, share: float) -> F32:
    """Glitter: single texels much brighter (flakes catching the light) or darker than the
    plastic, over `share` of the face."""
    size = img.shape[0]
    roll = rng.random((size, size)).astype(np.float32)
    gain = np.ones((size, size), np.float32)
    bright = roll < share * 0.6
    gain[bright] = 1.4 + rng.random(int(bright.sum())).astype(np.float32)
    gain[(roll >= share * 0.6) & (roll < share)] = 0.55
    return f32(img * gain[..., None] + 0.15 * bright[..., None])


def _sparkle_pips(style: DieStyle, value: int, img: U8, mask: U8) -> None:
    """Glitter paint: bright and dark specks inside the pips (in place)."""
    size = img.shape[0]
    rng = np.random.default_rng([style.seed, value, size, 7])
    inside = mask > 128
    roll = rng.random((size, size))
    base = img.astype(np.float32)
    base[inside & (roll < 0.25)] = 250.0
    base[inside & (roll > 0.85)] *= 0.5
    img[:] = np.clip(base, 0, 255).astype(np.uint8)


@lru_cache(maxsize=128)
def _alpha_u8(size: int, corner: float) -> U8:
    return np.asarray(face_alpha(size, corner) * 255.0 + 0.5, np.uint8)


def _pip_layers(style: DieStyle, value: int) -> list[tuple[tuple[float, ...], float, float]]:
    """(BGR 0..255, radius factor, shift along the light) of each painted layer of a pip."""
    pip = (0.08, 0.08, 0.75) if value == 1 and style.one_red else style.pip
    rim = tuple((p * 0.45 + b * 0.15) * 255 for p, b in zip(pip, style.body, strict=True))
    layers = [(rim, 1.0, 0.0), (tuple(p * 255 for p in pip), 0.86, 0.1)]
    if style.pip_name in ("gold", "silver", "glitter"):
        layers.append((tuple(min(p * 255 + 90, 255.0) for p in pip), 0.3, -0.35))
    return layers


PipSpot = tuple[float, float, float]  # centre x, centre y, radius (texture pixels)


def _pip_spots(style: DieStyle, value: int, size: int) -> list[PipSpot]:
    """Where a face's pips lie, wobbled by a hash of the style, so that a face looks the same
    every time it is drawn."""
    spacing = style.pip_spacing * size
    spots = []
    for k, (gx, gy) in enumerate(PIP_LAYOUT[value]):
        radius = style.pip_radius * size * (0.96 + 0.08 * hash_unit(style.seed, value, 2, k))
        if value == 1:
            radius *= style.big_one
        jx = (hash_unit(style.seed, value, 3, k) - 0.5) * 0.03 * size
        jy = (hash_unit(style.seed, value, 4, k) - 0.5) * 0.03 * size
        spots.append(
            (size / 2 + gx * spacing - 0.5 + jx, size / 2 + gy * spacing - 0.5 + jy, radius)
        )
    return spots


def _draw_marks(style: DieStyle, value: int, size: int, img: U8, mask: U8 | None) -> None:
    """What marks a face: round pips, or an odd die's logo, numeral or shaped pips."""
    if style.blank:
        return
    if not is_odd_face(style, value):
        _draw_pips(style, value, size, img, mask)
        return
    far = _pip_spots(style, 7 - value, size) if style.flush else []
    spots = _pip_spots(style, value, size)
    draw_odd_face(style, value, img, mask, OddSpots(spots, far), _pip_layers(style, value))


def _draw_pips(style: DieStyle, value: int, size: int, img: U8, mask: U8 | None) -> None:
    """Pips painted into `img` (uint8 BGR, in place): a dark recess rim, the paint, a glint on
    metallic paint; their coverage into `mask` when given."""
    scale = float(1 << _SHIFT)
    angle = 360.0 * hash_unit(style.seed, value, 1)
    ox, oy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    layers = _pip_layers(style, value)
    for cx, cy, radius in _pip_spots(style, value, size):
        for colour, shrink, shift in layers:
            centre = (
                int((cx + ox * shift * radius) * scale),
                int((cy + oy * shift * radius) * scale),
            )
            axes = (
                max(1, int(radius * shrink * scale)),
                max(1, int(radius * shrink * style.pip_aspect * scale)),
            )
            cv2.ellipse(img, centre, axes, angle, 0, 360, colour, -1, cv2.LINE_AA, _SHIFT)
            if mask is not None and shrink == 1.0:
                cv2.ellipse(mask, centre, axes, angle, 0, 360, 255, -1, cv2.LINE_AA, _SHIFT)


@lru_cache(maxsize=512)
def face_texture(style: DieStyle, value: int, size: int) -> tuple[U8, U8 | None]:
    """(BGRA uint8 (T, T, 4): colour and rounded-edge coverage, pip coverage (T, T) for
    see-through dice or None) of one face, the same every call."""
    colour = _body(style, value, size)
    glitter_pips = style.pip_name == "glitter" and not style.blank
    mask = np.zeros((size, size), np.uint8) if style.opacity < 1.0 or glitter_pips else None
    _draw_marks(style, value, size, colour, mask)
    if glitter_pips and mask is not None:
        _sparkle_pips(style, value, colour, mask)
        if style.opacity >= 1.0:
            mask = None
    img = cv2.merge([colour, _alpha_u8(size, round(style.corner, 2))])
    img.setflags(write=False)
    return np.asarray(img, np.uint8), mask
