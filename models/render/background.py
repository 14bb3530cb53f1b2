"""Procedural table surfaces by family. Each maker draws an (h, w, 3) BGR float image in 0..1
on the table's own canvas; `unit` is a die edge in canvas pixels so that planks, tiles and
weaves keep real-world proportions to the dice."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32
from models.render.floors import CENTRED_MAKERS, FLOOR_MAKERS
from models.render.noise import pixel_noise, smooth_noise, stretched_noise
from models.render.palette import BGR, hsv

F32 = npt.NDArray[np.float32]
Maker = Callable[[np.random.Generator, int, int, float], F32]

WOODS: tuple[BGR, ...] = (
    (0.55, 0.75, 0.88),  # pine / birch
    (0.42, 0.62, 0.8),  # oak
    (0.3, 0.45, 0.62),  # teak
    (0.16, 0.24, 0.36),  # walnut
    (0.7, 0.74, 0.76),  # white-washed
    (0.45, 0.48, 0.5),  # grey laminate
)
FELTS: tuple[BGR, ...] = (
    (0.2, 0.45, 0.12),
    (0.12, 0.12, 0.55),
    (0.5, 0.25, 0.1),
    (0.1, 0.1, 0.1),
    (0.35, 0.35, 0.35),
    (0.45, 0.15, 0.3),
    (0.15, 0.25, 0.35),
)


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _vary(rng: np.random.Generator, colour: BGR, amount: float) -> F32:
    jitter = rng.uniform(1 - amount, 1 + amount, 3)
    return np.clip(np.array(colour) * jitter, 0, 1).astype(np.float32)


def _solid(h: int, w: int, colour: F32) -> F32:
    out = np.empty((h, w, 3), np.float32)
    out[:] = colour
    return out


def _mottle(rng: np.random.Generator, img: F32, unit: float, low: float, fine: float) -> F32:
    h, w = img.shape[:2]
    m = 1.0 + low * smooth_noise(rng, h, w, unit * 6) + fine * pixel_noise(rng, h, w)
    return np.asarray(img * m[..., None], np.float32)


def _random_colour(rng: np.random.Generator) -> F32:
    """Any colour a tablecloth or a painted table might have, dice-like ones included."""
    if rng.random() < 0.3:
        return np.full(3, _u(rng, 0.05, 0.95), np.float32)
    return np.array(hsv(_u(rng, 0, 360), _u(rng, 0.2, 1), _u(rng, 0.2, 0.95)), np.float32)


def wood(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    # Grain runs along y and changes slowly there: draw a third of the rows and stretch.
    hs = max(8, h // 3)
    base = np.array(WOODS[int(rng.integers(len(WOODS)))], np.float32) * _u(rng, 0.85, 1.12)
    dark = base * _u(rng, 0.6, 0.85)
    x = np.arange(w, dtype=np.float32)[None, :]
    warp = stretched_noise(rng, hs, w, unit * 8, unit * 4) * unit * _u(rng, 0.5, 2.5)
    phase = (x + warp) * (2 * np.pi / (unit * _u(rng, 0.25, 1.0)))
    lines = np.clip((np.sin(phase) - 0.75) * (4 * _u(rng, 0.4, 1.0)), 0, 1)
    bands = np.sin(phase * (1.0 / float(rng.integers(3, 7))) + 1.0)
    fibres = stretched_noise(rng, hs, w, unit * 2, max(1.0, unit * 0.1))
    t = np.clip(0.7 * lines + 0.125 * bands + 0.125 + 0.1 * fibres, 0, 1)
    plank = unit * _u(rng, 5, 14)
    plank_id = (x[0] // plank).astype(np.int32)
    tones = rng.uniform(0.88, 1.12, int(w // plank) + 2).astype(np.float32)[plank_id]
    if rng.random() < 0.7:
        seam = np.abs((x[0] % plank) - plank / 2) > plank / 2 - max(1.0, unit * 0.04)
        tones = tones * (1 - 0.45 * seam.astype(np.float32))
    t = cv2.resize(t, (w, h), interpolation=cv2.INTER_LINEAR)
    img = (base * (1 - t[..., None]) + dark * t[..., None]) * tones[None, :, None]
    return _mottle(rng, img, unit, 0.02, 0.01)


def felt(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    colour = _vary(rng, FELTS[int(rng.integers(len(FELTS)))], 0.2)
    if rng.random() < 0.3:
        colour = _random_colour(rng)
    return _mottle(rng, _solid(h, w, colour), unit, 0.025, 0.04)


def _weave(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    period = max(2.0, unit * _u(rng, 0.06, 0.2))
    y, x = np.ogrid[:h, :w]
    a = np.sin(x * (2 * np.pi / period)).astype(np.float32)
    b = np.sin(y * (2 * np.pi / period)).astype(np.float32)
    return 1.0 + 0.06 * a * b


def cloth(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    c1, c2 = _random_colour(rng), _random_colour(rng)
    kind = rng.integers(3)
    x = np.arange(w, dtype=np.float32)[None, :]
    y = np.arange(h, dtype=np.float32)[:, None]
    if kind == 0:
        img = _solid(h, w, c1)
    else:
        stripe = unit * _u(rng, 0.5, 4)
        sx = ((x // stripe) % 2).astype(np.float32)
        sy = ((y // stripe) % 2).astype(np.float32) if kind == 2 else np.zeros_like(y)
        t = np.clip(sx + sy, 0, 2) / 2.0
        img = c1 * (1 - t[..., None]) + c2 * t[..., None]
    return _mottle(rng, img * _weave(rng, h, w, unit)[..., None], unit, 0.05, 0.03)


def paper(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    grey = _u(rng, 0.78, 0.97)
    tint = rng.uniform(-0.03, 0.03, 3).astype(np.float32)
    img = _solid(h, w, np.clip(grey + tint, 0, 1).astype(np.float32))
    if rng.random() < 0.3:
        step = unit * _u(rng, 0.4, 1.2)
        y, x = np.ogrid[:h, :w]
        lines = ((y % step) < 1.0) | ((x % step) < 1.0) if rng.random() < 0.5 else (y % step) < 1.0
        ink = np.array(hsv(_u(rng, 180, 230), 0.3, 0.8), np.float32)
        where = np.broadcast_to(lines, (h, w))
        img[where] = img[where] * 0.5 + ink * 0.5
    return _mottle(rng, img, unit, 0.012, 0.01)


def tray(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    inner = felt(rng, h, w, unit) if rng.random() < 0.6 else plain(rng, h, w, unit)
    outer = wood(rng, h, w, unit) if rng.random() < 0.5 else paper(rng, h, w, unit)
    rim_w = max(3, int(unit * _u(rng, 0.6, 1.8)))
    margin_x, margin_y = int(w * _u(rng, 0.02, 0.25)), int(h * _u(rng, 0.02, 0.25))
    x1, y1, x2, y2 = margin_x, margin_y, w - margin_x, h - margin_y
    img = outer.copy()
    img[y1:y2, x1:x2] = inner[y1:y2, x1:x2]
    rim_colour = _random_colour(rng) * 0.6 if rng.random() < 0.5 else np.full(3, 0.1, np.float32)
    for i in range(rim_w):
        shade = 0.6 + 0.8 * (i / rim_w)
        cv2.rectangle(img, (x1 - i, y1 - i), (x2 + i, y2 + i), (rim_colour * shade).tolist(), 1)
    shadow = np.zeros((h, w), np.float32)
    cv2.rectangle(shadow, (x1, y1), (x2, y2), 1.0, max(2, rim_w // 2))
    shadow = f32(cv2.GaussianBlur(shadow, (0, 0), max(1.0, rim_w * 0.7)))
    return np.asarray(img * (1 - 0.35 * shadow[..., None]), np.float32)


def dark_table(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    base = wood(rng, h, w, unit) if rng.random() < 0.5 else felt(rng, h, w, unit)
    level = _u(rng, 0.08, 0.3) / max(float(base.mean()), 1e-3)
    img = base * level
    gloss = smooth_noise(rng, h, w, unit * 25)
    return np.asarray(img + 0.04 * np.clip(gloss, 0, None)[..., None], np.float32)


def plain(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    return _mottle(rng, _solid(h, w, _random_colour(rng)), unit, 0.015, 0.015)


def tablecloth(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    c1, c2 = _random_colour(rng), _random_colour(rng)
    img = _solid(h, w, c1)
    kind = rng.integers(3)
    if kind == 0:  # gingham
        step = unit * _u(rng, 0.6, 3)
        y, x = np.ogrid[:h, :w]
        t = (((x // step) % 2) + ((y // step) % 2)).astype(np.float32) / 2.0
        img = c1 * (1 - t[..., None]) + c2 * t[..., None]
    else:  # polka dots (pip-like!) or printed blobs
        n = int(h * w / (unit * unit) * _u(rng, 0.05, 0.5))
        pts = rng.uniform(0, 1, (max(n, 1), 2)) * [w, h]
        radius = unit * (_u(rng, 0.08, 0.3) if kind == 1 else _u(rng, 0.4, 1.5))
        for px, py in pts.astype(int):
            r = int(max(1, radius * (1 if kind == 1 else _u(rng, 0.5, 1.5))))
            cv2.circle(img, (int(px), int(py)), r, c2.tolist(), -1, cv2.LINE_AA)
    return _mottle(rng, img * _weave(rng, h, w, unit)[..., None], unit, 0.04, 0.03)


def stone(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    """A granite or terrazzo worktop: grains of three or four colours at a few sizes."""
    img = _solid(h, w, _random_colour(rng) * 0.6 + 0.2)
    for _ in range(int(rng.integers(2, 5))):
        grain = max(0.5, unit * _u(rng, 0.01, 0.08))
        field = cv2.GaussianBlur(pixel_noise(rng, h, w), (0, 0), grain)
        share = _u(rng, 0.1, 0.4)
        mask = (field > np.quantile(field[::7, ::7], 1 - share)).astype(np.float32)
        tone = _random_colour(rng) if rng.random() < 0.5 else np.full(3, _u(rng, 0, 1), np.float32)
        img = img * (1 - mask[..., None]) + tone * mask[..., None]
    return _mottle(rng, img, unit, 0.05, 0.02)


def printed(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    """A printed cloth, place mat or game board: bold shapes and lines of a few colours,
    some of them about a die's size."""
    img = _solid(h, w, _random_colour(rng))
    inks = [_random_colour(rng) for _ in range(int(rng.integers(2, 5)))]
    n = int(h * w / (unit * unit) * _u(rng, 0.1, 0.8))
    for _ in range(max(n, 3)):
        ink = inks[int(rng.integers(len(inks)))].tolist()
        cx, cy = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        size = unit * float(np.exp(rng.uniform(np.log(0.3), np.log(4.0))))
        kind = rng.integers(3)
        if kind == 0:
            half = int(size / 2)
            cv2.rectangle(img, (cx - half, cy - half), (cx + half, cy + half), ink, -1)
        elif kind == 1:
            cv2.circle(img, (cx, cy), int(size / 2), ink, -1, cv2.LINE_AA)
        else:
            end = (int(cx + rng.uniform(-3, 3) * size), int(cy + rng.uniform(-3, 3) * size))
            cv2.line(img, (cx, cy), end, ink, max(1, int(size / 6)), cv2.LINE_AA)
    return _mottle(rng, img * _weave(rng, h, w, unit)[..., None], unit, 0.03, 0.02)


def carpet(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    c1, c2 = _random_colour(rng), _random_colour(rng)
    pattern = np.clip(smooth_noise(rng, h, w, unit * _u(rng, 2, 8)) * 0.8 + 0.5, 0, 1)
    img = c1 * (1 - pattern[..., None]) + c2 * pattern[..., None]
    pile = pixel_noise(rng, h, w, 3) * _u(rng, 0.08, 0.2)
    loops = cv2.GaussianBlur(pixel_noise(rng, h, w), (0, 0), max(0.6, unit * 0.04))
    img = img * (1 + pile + 0.5 * loops[..., None])
    return np.asarray(img, np.float32)


def tiles(rng: np.random.Generator, h: int, w: int, unit: float) -> F32:
    base = _random_colour(rng) * 0.5 + 0.4
    veins = np.abs(np.sin(smooth_noise(rng, h, w, unit * 4) * 3 + smooth_noise(rng, h, w, unit)))
    img = (
        base * (0.8 + 0.2 * veins[..., None]) if rng.random() < 0.5 else base + 0 * veins[..., None]
    )
    speckle = pixel_noise(rng, h, w) * _u(rng, 0.0, 0.12)
    img = np.asarray(img * (1 + speckle[..., None]), np.float32)
    step = unit * _u(rng, 6, 18)
    grout_w = max(1.0, unit * _u(rng, 0.1, 0.3))
    y, x = np.ogrid[:h, :w]
    tile_id = (x // step).astype(np.int32) * 7 + (y // step).astype(np.int32) * 13
    img = img * (0.92 + 0.16 * ((tile_id % 5) / 4.0))[..., None]
    grout = ((x % step) < grout_w) | ((y % step) < grout_w)
    img[np.broadcast_to(grout, (h, w))] = _random_colour(rng) * 0.3 + 0.35
    return _mottle(rng, np.asarray(img, np.float32), unit, 0.03, 0.02)


MAKERS: dict[str, Maker] = {
    "wood": wood,
    "felt": felt,
    "cloth": cloth,
    "paper": paper,
    "tray": tray,
    "dark_table": dark_table,
    "plain": plain,
    "tablecloth": tablecloth,
    "stone": stone,
    "printed": printed,
    "carpet": carpet,
    "tiles": tiles,
    **FLOOR_MAKERS,
}


def make_background(
    rng: np.random.Generator,
    family: str,
    h: int,
    w: int,
    unit: float,
    enclosure: tuple[float, float, float] | None = None,
) -> F32:
    """A table surface of the named family, clipped to 0..1; a tray or bowl has its floor's
    centre and radius at `enclosure` (canvas pixels; the canvas middle, 6 units, if None)."""
    unit = max(unit, 2.0)
    if family in CENTRED_MAKERS:
        x, y, radius = enclosure if enclosure is not None else (w / 2, h / 2, 6 * unit)
        return np.clip(CENTRED_MAKERS[family](rng, h, w, unit, (x, y), radius), 0.0, 1.0)
    return np.clip(MAKERS[family](rng, h, w, unit), 0.0, 1.0)
