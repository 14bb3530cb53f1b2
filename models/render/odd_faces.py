"""Odd dice faces (issue 43): a maker's logo on the 1 or the 6, numerals, star or skull pips, and
pips drilled and filled flush in a see-through body.

Drawn only for a style that names them (`DieStyle.marks`, `logo`, `flush`), so every older die
keeps the texture it had. A mark is drawn as a coverage mask `FINE` times finer than the texture
and shrunk (clean edges on a 16-pixel face too), then painted like a pip: the dark recess along
its edge, then the paint. Flush pips have no recess: the paint is level with the plastic, and the
pips of the far face show faintly through the body.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.noise import hash_unit
from models.render.palette import DieStyle

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]
PipSpot = tuple[float, float, float]  # centre x, centre y, radius (texture pixels)
Layer = tuple[tuple[float, ...], float, float]  # BGR 0..255, radius factor, shift (`face`)

MARKS = ("numerals", "stars", "skulls", "glyphs")
LOGOS = ("star", "ring", "crest", "swirl")
LOGO_FACES = (1, 6)
FINE = 4  # the mask is drawn this many times finer than the texture
_SHIFT = 4
_FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
)
# Glyph dice (training only) draw from more faces of type: a mark is known by its shape, not by
# one font's strokes.
_GLYPH_FONTS = (
    *_FONTS,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_COMPLEX_SMALL,
    cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC,
    cv2.FONT_HERSHEY_DUPLEX | cv2.FONT_ITALIC,
)
_GHOST = 0.3  # how strongly the far face's pips show through a see-through body


@dataclass(frozen=True)
class OddSpots:
    """Where the face's own pips lie, and (flush dice) the far face's, as seen from outside."""

    pips: list[PipSpot]
    far: list[PipSpot]


def check_odd(style: DieStyle) -> None:
    """Refuse an odd look the renderer does not draw."""
    if style.marks not in ("", *MARKS):
        raise ValueError(f"marks must be one of {', '.join(MARKS)} or empty, got {style.marks!r}")
    if style.logo not in ("", *LOGOS):
        raise ValueError(f"logo must be one of {', '.join(LOGOS)} or empty, got {style.logo!r}")
    if bool(style.logo) != (style.logo_on in LOGO_FACES):
        raise ValueError(f"a logo goes on face 1 or 6, got {style.logo!r} on {style.logo_on!r}")
    if (style.marks == "glyphs") != (len(style.glyphs) == 6):
        raise ValueError(f"glyph marks need six glyphs, one a face, got {style.glyphs!r}")


def is_odd_face(style: DieStyle, value: int) -> bool:
    """Whether this face is drawn here rather than with round pips."""
    return bool(style.marks or style.flush or (style.logo and value == style.logo_on))


def draw_odd_face(
    style: DieStyle, value: int, img: U8, mask: U8 | None, spots: OddSpots, layers: list[Layer]
) -> None:
    """Paint the face's marks into `img` (uint8 BGR, in place), their coverage into `mask`."""
    size = img.shape[0]
    rim_colour, paint_colour = layers[0][0], layers[1][0]
    if spots.far:
        far = _round_pips(size, [(size - 1 - x, y, r) for x, y, r in spots.far])
        sigma = FINE * 0.3 * max(r for _, _, r in spots.far)
        blurred = np.asarray(cv2.GaussianBlur(far, (0, 0), sigma), np.uint8)
        _paint(img, _shrink(blurred, size), paint_colour, _GHOST)
    cover = _cover(style, value, size, spots.pips)
    fine = cover.shape[0]
    grow = max(1, round(0.012 * fine)) * 2 + 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow))
    rim = np.asarray(cv2.dilate(cover, disc), np.uint8)
    rim_share = _shrink(rim, size)
    # A flush pip's drilled cone shows only as a faint shadow around the paint.
    _paint(img, rim_share, rim_colour, 0.3 if style.flush else 1.0)
    _paint(img, _shrink(cover, size), paint_colour, 1.0)
    if mask is not None:
        np.maximum(mask, np.asarray(rim_share * 255.0 + 0.5, np.uint8), out=mask)


def _paint(img: U8, share: F32, colour: tuple[float, ...], strength: float) -> None:
    a = share[..., None] * strength
    out = img.astype(np.float32) * (1.0 - a) + np.asarray(colour, np.float32) * a
    img[:] = np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _shrink(fine: U8, size: int) -> F32:
    small = cv2.resize(fine, (size, size), interpolation=cv2.INTER_AREA)
    return np.asarray(small, np.float32) * np.float32(1.0 / 255.0)


def _cover(style: DieStyle, value: int, size: int, pips: list[PipSpot]) -> U8:
    """The face's marks as a fine uint8 mask (255 inside)."""
    fine = np.zeros((size * FINE, size * FINE), np.uint8)
    if style.logo and value == style.logo_on:
        _LOGO_DRAWERS[style.logo](fine, style)
    elif style.marks == "numerals":
        _numeral(fine, style, str(value))
    elif style.marks == "glyphs":
        _numeral(fine, style, style.glyphs[value - 1])
    elif style.marks in ("stars", "skulls"):
        spacing = style.pip_spacing * size * FINE
        draw = _star_pip if style.marks == "stars" else _skull_pip
        turn = hash_unit(style.seed, 12) * 2 * math.pi / 5
        for x, y, r in _fine_spots(pips):
            draw(fine, x, y, min(1.3 * r, 0.5 * spacing), turn)
    else:
        fine[:] = _round_pips(size, pips)
    return fine


def _fine_spots(spots: list[PipSpot]) -> list[PipSpot]:
    return [((x + 0.5) * FINE - 0.5, (y + 0.5) * FINE - 0.5, r * FINE) for x, y, r in spots]


def _round_pips(size: int, spots: list[PipSpot]) -> U8:
    fine = np.zeros((size * FINE, size * FINE), np.uint8)
    for x, y, r in _fine_spots(spots):
        cv2.circle(fine, _pt(x, y), max(1, int(r * 16)), 255, -1, cv2.LINE_AA, _SHIFT)
    return fine


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(x * 16), int(y * 16)


def _poly(points: list[tuple[float, float]]) -> npt.NDArray[np.int32]:
    return np.array([_pt(x, y) for x, y in points], np.int32)


def _star_points(
    x: float, y: float, outer: float, inner: float, turn: float
) -> list[tuple[float, float]]:
    pts = []
    for k in range(10):
        ang = turn - math.pi / 2 + k * math.pi / 5
        rad = outer if k % 2 == 0 else inner
        pts.append((x + rad * math.cos(ang), y + rad * math.sin(ang)))
    return pts


def _star_pip(fine: U8, x: float, y: float, r: float, turn: float) -> None:
    cv2.fillPoly(fine, [_poly(_star_points(x, y, r, 0.45 * r, turn))], 255, cv2.LINE_AA, _SHIFT)


def _skull_pip(fine: U8, x: float, y: float, r: float, turn: float) -> None:
    """A round cranium over a jaw, with two eye holes and a nose hole (upright on the face)."""
    del turn
    cv2.circle(fine, _pt(x, y - 0.15 * r), int(0.78 * r * 16), 255, -1, cv2.LINE_AA, _SHIFT)
    jaw = [(x - 0.42 * r, y + 0.2 * r), (x + 0.42 * r, y + 0.2 * r)]
    jaw += [(x + 0.42 * r, y + 0.85 * r), (x - 0.42 * r, y + 0.85 * r)]
    cv2.fillPoly(fine, [_poly(jaw)], 255, cv2.LINE_AA, _SHIFT)
    for side in (-1, 1):
        eye = _pt(x + side * 0.33 * r, y - 0.1 * r)
        cv2.circle(fine, eye, int(0.25 * r * 16), 0, -1, cv2.LINE_AA, _SHIFT)
    nose = [(x, y + 0.12 * r), (x - 0.1 * r, y + 0.35 * r), (x + 0.1 * r, y + 0.35 * r)]
    cv2.fillPoly(fine, [_poly(nose)], 0, cv2.LINE_AA, _SHIFT)


def _numeral(fine: U8, style: DieStyle, text: str) -> None:
    """The digit (or glyph), upright and centred, about half the face high; a line under the 6
    (as numeral dice mark it) in half the sets."""
    side = fine.shape[0]
    fonts = _GLYPH_FONTS if style.marks == "glyphs" else _FONTS
    font = fonts[int(hash_unit(style.seed, 13) * len(fonts))]
    height = side * (0.48 + 0.12 * hash_unit(style.seed, 14))
    thick = max(1, round(side * (0.06 + 0.03 * hash_unit(style.seed, 15))))
    (_, h1), _ = cv2.getTextSize(text, font, 1.0, thick)
    scale = height / max(h1, 1)
    (w, h), _ = cv2.getTextSize(text, font, scale, thick)
    x, y = (side - w) // 2, (side + h) // 2
    underline = text == "6" and hash_unit(style.seed, 16) < 0.5
    if underline:
        y -= round(0.05 * side)
    cv2.putText(fine, text, (x, y), font, scale, 255, thick, cv2.LINE_AA)
    if underline:
        ly = y + round(0.1 * side)
        cv2.line(fine, (x, ly), (x + w, ly), 255, thick, cv2.LINE_AA)


def _logo_size(style: DieStyle, side: int) -> float:
    """The logo's outer radius: 0.3 to 0.37 of the face edge, per set."""
    return side * (0.3 + 0.07 * hash_unit(style.seed, 11))


def _star_logo(fine: U8, style: DieStyle) -> None:
    c, r = fine.shape[0] / 2 - 0.5, _logo_size(style, fine.shape[0])
    cv2.fillPoly(fine, [_poly(_star_points(c, c, r, 0.42 * r, 0.0))], 255, cv2.LINE_AA, _SHIFT)


# Letter-like strokes inside the ring logo, in units of the ring's radius.
_MONOGRAMS: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] = (
    (((-0.35, 0.4), (-0.35, -0.4), (0.35, 0.4), (0.35, -0.4)),),
    (((-0.45, 0.4), (-0.45, -0.4), (0.0, 0.15), (0.45, -0.4), (0.45, 0.4)),),
    (((-0.4, 0.45), (0.0, -0.45), (0.4, 0.45)), ((-0.22, 0.12), (0.22, 0.12))),
)


def _ring_logo(fine: U8, style: DieStyle) -> None:
    c, r = fine.shape[0] / 2 - 0.5, _logo_size(style, fine.shape[0])
    band = max(1, round(0.2 * r))
    cv2.circle(fine, _pt(c, c), int((r - band / 2) * 16), 255, band, cv2.LINE_AA, _SHIFT)
    strokes = _MONOGRAMS[int(hash_unit(style.seed, 17) * len(_MONOGRAMS))]
    pen = max(1, round(0.15 * r))
    for stroke in strokes:
        line = _poly([(c + u * r, c + v * r) for u, v in stroke])
        cv2.polylines(fine, [line], False, 255, pen, cv2.LINE_AA, _SHIFT)


def _crest_logo(fine: U8, style: DieStyle) -> None:
    """A shield: flat top with a dip, straight sides curving to a point, a chevron cut across."""
    c, r = fine.shape[0] / 2 - 0.5, _logo_size(style, fine.shape[0])
    outline = [(-0.8, -0.9), (0.0, -0.75), (0.8, -0.9), (0.8, 0.05)]
    outline += [(0.8 * math.cos(t), 0.05 + 0.95 * math.sin(t)) for t in np.linspace(0, math.pi, 13)]
    cv2.fillPoly(fine, [_poly([(c + u * r, c + v * r) for u, v in outline])], 255, cv2.LINE_AA, 4)
    chevron = _poly([(c - 0.8 * r, c + 0.05 * r), (c, c + 0.5 * r), (c + 0.8 * r, c + 0.05 * r)])
    cv2.polylines(fine, [chevron], False, 0, max(1, round(0.16 * r)), cv2.LINE_AA, _SHIFT)
    cv2.circle(fine, _pt(c, c - 0.38 * r), int(0.16 * r * 16), 0, -1, cv2.LINE_AA, _SHIFT)


def _swirl_logo(fine: U8, style: DieStyle) -> None:
    """A spiral of two and a half turns around a dot."""
    c, r = fine.shape[0] / 2 - 0.5, _logo_size(style, fine.shape[0])
    turns = 2.2 + 0.5 * hash_unit(style.seed, 18)
    t = np.linspace(0.0, 1.0, 160)
    rad, ang = r * (0.12 + 0.82 * t), t * turns * 2 * math.pi
    spiral = _poly(list(zip(c + rad * np.cos(ang), c + rad * np.sin(ang), strict=True)))
    cv2.polylines(fine, [spiral], False, 255, max(1, round(0.14 * r)), cv2.LINE_AA, _SHIFT)
    cv2.circle(fine, _pt(c, c), int(0.14 * r * 16), 255, -1, cv2.LINE_AA, _SHIFT)


_LOGO_DRAWERS: dict[str, Callable[[U8, DieStyle], None]] = {
    "star": _star_logo,
    "ring": _ring_logo,
    "crest": _crest_logo,
    "swirl": _swirl_logo,
}
