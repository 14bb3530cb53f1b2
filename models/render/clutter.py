"""Things on the table that are not dice: cards, coins, poker chips, pencils, paper covered
in dots (printed dots must not count as dice), and blank game cubes without pips."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.camera import Camera
from models.render.cube import lowest_offset, resting_rotation
from models.render.dice import DiePose
from models.render.layout import Spot, overlaps
from models.render.lighting import Light
from models.render.noise import smooth_noise
from models.render.palette import DieStyle, class_tone, hsv, sample_style
from models.render.paste import paste_quad
from vision.types import Colour

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
Texture = tuple[F32, F32, float, float, float]  # colour, alpha, width, height (dice), thickness


@dataclass(frozen=True, eq=False)
class FlatItem:
    tex: F32
    alpha: F32
    corners: F64  # (4, 2) world, texture order
    thickness: float  # world units, for the shadow


@dataclass(frozen=True, eq=False)
class Clutter:
    flats: tuple[FlatItem, ...]
    cubes: tuple[DiePose, ...]
    spots: tuple[Spot, ...]


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _blank(h: int, w: int, colour: F32 | tuple[float, ...]) -> F32:
    out = np.empty((h, w, 3), np.float32)
    out[:] = colour
    return out


def _rounded_alpha(h: int, w: int, radius: float) -> F32:
    a = np.zeros((h, w), np.uint8)
    r = max(1, int(radius))
    cv2.rectangle(a, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(a, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(a, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return a.astype(np.float32) / 255.0


def _card(rng: np.random.Generator, px: int) -> Texture:
    h, w = int(px * 1.4), px
    tex = _blank(h, w, (0.93, 0.94, 0.95))
    ink = np.array(hsv(_u(rng, 0, 360), _u(rng, 0.5, 1), _u(rng, 0.3, 0.9)), np.float32)
    if rng.random() < 0.5:  # a game card: coloured art panel and a title bar
        cv2.rectangle(tex, (w // 10, h // 8), (w - w // 10, h // 2), ink.tolist(), -1)
        for _ in range(int(rng.integers(3, 9))):
            c = hsv(_u(rng, 0, 360), _u(rng, 0.3, 1), _u(rng, 0.3, 1))
            p = (int(rng.integers(w // 10, w - w // 10)), int(rng.integers(h // 8, h // 2)))
            cv2.circle(tex, p, int(rng.integers(2, max(3, w // 6))), c, -1, cv2.LINE_AA)
        cv2.rectangle(tex, (w // 10, int(h * 0.6)), (w - w // 10, int(h * 0.66)), (0.2,) * 3, -1)
    else:  # a playing card: corner marks and a few suit blobs
        red = rng.random() < 0.5
        suit = (0.1, 0.1, 0.75) if red else (0.08, 0.08, 0.08)
        for _ in range(int(rng.integers(1, 11))):
            p = (int(rng.integers(w // 4, 3 * w // 4)), int(rng.integers(h // 5, 4 * h // 5)))
            cv2.circle(tex, p, max(1, w // 12), suit, -1, cv2.LINE_AA)
        cv2.circle(tex, (w // 8, h // 10), max(1, w // 16), suit, -1, cv2.LINE_AA)
    return tex, _rounded_alpha(h, w, w * 0.06), 3.8, 5.3, 0.05


def _round_alpha(px: int) -> F32:
    a = np.zeros((px, px), np.uint8)
    cv2.circle(a, (px // 2, px // 2), px // 2 - 1, 255, -1, cv2.LINE_AA)
    return a.astype(np.float32) / 255.0


def _coin(rng: np.random.Generator, px: int) -> Texture:
    metal = [(0.35, 0.62, 0.8), (0.72, 0.72, 0.7), (0.3, 0.45, 0.7)][int(rng.integers(3))]
    c = (np.arange(px, dtype=np.float32) - px / 2) / (px / 2)
    shade = 0.85 + 0.25 * (c[None, :] * 0.7 - c[:, None] * 0.7)
    # Embossed relief: smooth bumps lit from one side, inside a raised rim.
    relief = smooth_noise(rng, px, px, max(2.0, px / 6))
    relief = relief - np.roll(relief, 1, axis=1)
    tex = np.array(metal, np.float32) * (shade + 0.6 * relief)[..., None]
    ctr, r = (px // 2, px // 2), px // 2 - 1
    cv2.circle(
        tex,
        ctr,
        int(r * 0.86),
        tuple(float(v) * 1.15 for v in metal),
        max(1, px // 30),
        cv2.LINE_AA,
    )
    cv2.circle(
        tex, ctr, int(r * 0.8), tuple(float(v) * 0.7 for v in metal), max(1, px // 40), cv2.LINE_AA
    )
    size = _u(rng, 1.1, 1.6)
    return np.asarray(tex, np.float32), _round_alpha(px), size, size, 0.12


def _chip(rng: np.random.Generator, px: int) -> Texture:
    colour = hsv(_u(rng, 0, 360), _u(rng, 0.5, 1), _u(rng, 0.3, 0.9))
    if rng.random() < 0.3:
        colour = (0.08, 0.08, 0.08)
    tex = _blank(px, px, colour)
    r, ctr = px // 2 - 1, (px // 2, px // 2)
    for k in range(6):
        start = k * 60
        cv2.ellipse(tex, ctr, (r, r), 0, start, start + 22, (0.92,) * 3, max(1, px // 10))
    cv2.circle(tex, ctr, int(r * 0.62), (0.9,) * 3, max(1, px // 40), cv2.LINE_AA)
    return tex, _round_alpha(px), 2.4, 2.4, 0.2


def _dotted_paper(rng: np.random.Generator, px: int) -> Texture:
    h, w = int(px * _u(rng, 0.8, 1.4)), px
    tex = _blank(h, w, (_u(rng, 0.8, 0.95),) * 3)
    ink = (0.1, 0.1, 0.1) if rng.random() < 0.6 else hsv(_u(rng, 0, 360), 0.8, 0.5)
    dot = max(1, int(w * _u(rng, 0.005, 0.02)))
    kind = rng.integers(3)
    if kind == 0:  # dot grid (bullet journal, graph): one cell, tiled
        step = max(3, int(w * _u(rng, 0.03, 0.08)))
        cell = tex[:step, :step].copy()
        cv2.circle(cell, (step // 2, step // 2), min(dot, step // 3), ink, -1, cv2.LINE_AA)
        tex = np.tile(cell, (h // step + 1, w // step + 1, 1))[:h, :w].copy()
    elif kind == 1:  # scattered dots and blobs
        for _ in range(int(rng.integers(20, 120))):
            p = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            cv2.circle(tex, p, max(1, int(dot * _u(rng, 0.7, 2.5))), ink, -1, cv2.LINE_AA)
    else:  # a score sheet: lines, tallies and small dot groups
        for y in range(h // 10, h, max(4, h // 12)):
            cv2.line(tex, (w // 12, y), (w - w // 12, y), (0.55,) * 3, 1, cv2.LINE_AA)
        for _ in range(int(rng.integers(5, 20))):
            x0, y0 = int(rng.integers(w // 8, w - w // 8)), int(rng.integers(h // 10, h - 4))
            for k in range(int(rng.integers(1, 7))):
                cv2.circle(tex, (x0 + k * dot * 4, y0), dot, ink, -1, cv2.LINE_AA)
    size = _u(rng, 6, 11)
    return tex, np.ones((h, w), np.float32), size, size * h / w, 0.02


def _pencil(rng: np.random.Generator, px: int) -> Texture:
    h, w = max(4, px // 14), px
    body = hsv(_u(rng, 0, 360), _u(rng, 0.3, 0.9), _u(rng, 0.4, 0.95))
    if rng.random() < 0.5:
        body = hsv(48, 0.85, 0.95)
    tex = _blank(h, w, body)
    rows = np.linspace(-1, 1, h, dtype=np.float32)
    tex *= (0.75 + 0.3 * np.cos(rows * 1.4))[:, None, None]
    tip = int(w * 0.1)
    tex[:, :tip] = (0.5, 0.7, 0.85)
    tex[h // 3 : 2 * h // 3 + 1, : tip // 3] = (0.15, 0.15, 0.15)
    tex[:, w - int(w * 0.06) :] = (0.55, 0.55, 0.8)
    alpha = np.ones((h, w), np.float32)
    for x in range(tip):
        half = (h / 2) * x / tip
        alpha[: int(h / 2 - half), x] = 0
        alpha[int(h / 2 + half) + 1 :, x] = 0
    return tex, alpha, 11.0, 11.0 / 14, 0.4


MAKERS: tuple[tuple[Callable[[np.random.Generator, int], Texture], float], ...] = (
    (_card, 0.25),
    (_coin, 0.2),
    (_chip, 0.15),
    (_dotted_paper, 0.2),
    (_pencil, 0.2),
)


# Each maker's size on the table in dice (width, height), to size its texture before drawing.
_SIZES = {"_card": 5.3, "_coin": 1.6, "_chip": 2.4, "_dotted_paper": 11.0, "_pencil": 11.0}


def _flat(rng: np.random.Generator, cam: Camera, die_world: float) -> FlatItem:
    makers, weights = zip(*MAKERS, strict=True)
    p = np.array(weights) / sum(weights)
    maker = makers[int(rng.choice(len(makers), p=p))]
    # Textures about as fine as the picture needs (the width is the shorter side).
    return lay_flat(rng, cam, die_world, maker, _SIZES[maker.__name__], 1.4, 512)


def lay_flat(
    rng: np.random.Generator,
    cam: Camera,
    die_world: float,
    maker: Callable[[np.random.Generator, int], Texture],
    longest_dice: float,
    px_per_side: float,
    max_px: int,
) -> FlatItem:
    """A maker's texture lying somewhere in view, turned at random: `longest_dice` is its longer
    side in dice, drawn at `px_per_side` of the picture's pixels there to one texture pixel
    (at most `max_px` texture pixels)."""
    centre = cam.image_to_table(rng.uniform([0, 0], [cam.width, cam.height])[None, :])[0]
    px_per_world = float(cam.scale_at(centre[None, :])[0])
    longest = longest_dice * die_world * px_per_world
    px = int(np.clip(longest / px_per_side, 16, max_px))
    tex, alpha, wd, hd, thick = maker(rng, px)
    ang = float(rng.uniform(0, 2 * math.pi))
    c, s = math.cos(ang), math.sin(ang)
    half = np.array([[-wd, -hd], [wd, -hd], [wd, hd], [-wd, hd]]) * die_world / 2
    corners = centre + half @ np.array([[c, s], [-s, c]])
    return FlatItem(tex, alpha, corners, thick * die_world)


def _cube(rng: np.random.Generator, cam: Camera, die_world: float) -> tuple[DiePose, Spot]:
    """A pipless cube: a wooden game piece or a blank die of a dice-like colour."""
    colour = Colour(str(rng.choice([c.value for c in Colour if c is not Colour.OTHER])))
    base = sample_style(rng, colour)
    style = DieStyle(
        **{
            **base.__dict__,
            "blank": True,
            "marble": 0.0,
            "opacity": 1.0,
            "gloss": _u(rng, 0.0, 0.3),
            "corner": _u(rng, 0.02, 0.12),
            "body": class_tone(rng, colour) if colour is not Colour.BLACK else base.body,
        }
    )
    half = die_world / 2 * _u(rng, 0.5, 1.0)
    xy = cam.image_to_table(rng.uniform([0, 0], [cam.width, cam.height])[None, :])[0]
    yaw = float(rng.uniform(0, 2 * math.pi))
    rot = resting_rotation(1, yaw)
    centre = np.array([xy[0], xy[1], lowest_offset(rot, half)])
    return DiePose(style, rot, centre, half), Spot(float(xy[0]), float(xy[1]), yaw, half)


def sample_clutter(
    rng: np.random.Generator, cam: Camera, die_world: float, chance: float, keep_clear: list[Spot]
) -> Clutter:
    """With probability `chance`, one to five flat things and maybe some blank cubes."""
    if rng.random() >= chance:
        return Clutter((), (), ())
    flats = tuple(_flat(rng, cam, die_world) for _ in range(int(rng.integers(1, 4))))
    cubes: list[DiePose] = []
    spots: list[Spot] = []
    if rng.random() < 0.35:
        for _ in range(int(rng.integers(1, 5))):
            pose, spot = _cube(rng, cam, die_world)
            if not overlaps(spot, keep_clear + spots):
                cubes.append(pose)
                spots.append(spot)
    return Clutter(flats, tuple(cubes), tuple(spots))


def draw_flat_clutter(
    img: F32, cam: Camera, clutter: Clutter, light: Light, die_world: float
) -> None:
    """Paste the flat things onto the table picture (in place), each with its small shadow."""
    lz = max(float(light.direction[2]), 0.2)
    for item in clutter.flats:
        quad = cam.project(np.column_stack([item.corners, np.zeros(4)]))
        centre = item.corners.mean(0)
        fall = centre - light.direction[:2] / lz * item.thickness
        ends = cam.project(np.array([[*centre, 0.0], [*fall, 0.0]]))
        drop = ends[1] - ends[0]
        strength = (0.25 + 0.4 * light.shadow) if item.thickness > 0.08 * die_world else 0.0
        paste_quad(img, item.tex, item.alpha, quad, (float(drop[0]), float(drop[1]), strength))
