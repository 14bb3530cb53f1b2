"""Game material that is not a die (issue 30): what lies on a real game table beside the dice.

Hex boards with number tokens, printed boards of squares with text and icons, goal cards and
playing cards, round tokens and coins, pawns, meeples and pyramids seen from above, score pads
with pencils, a dice tray's rim with rivets and stitching, and the seed games' own pieces (RYB's
goal cards and treasure tokens, the flyer game's board of coloured squares, RGB's chessboard and
its pyramid stacks). Each maker returns a texture the size it has on the table in dice, pasted
flat by `clutter.draw_flat_clutter`; a raised piece gets its shading in the texture and a
shadow from its thickness. Many makers draw die-like things on purpose: square tiles, dots under
a token's number, rivets, pyramids whose top view is a shaded square."""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from models.render.camera import Camera
from models.render.clutter import (
    F32,
    Clutter,
    FlatItem,
    Texture,
    _blank,
    _round_alpha,
    _u,
    lay_flat,
)
from models.render.layout import Spot
from models.render.palette import hsv

_FONT = cv2.FONT_HERSHEY_SIMPLEX
_GAME_COLOURS = ((0.2, 0.2, 0.85), (0.15, 0.8, 0.95), (0.85, 0.45, 0.15))  # BGR red, yellow, blue


def _ink(rng: np.random.Generator) -> tuple[float, float, float]:
    return hsv(_u(rng, 0, 360), _u(rng, 0.4, 1.0), _u(rng, 0.15, 0.8))


def _text(tex: F32, text: str, xy: tuple[int, int], scale: float, colour: object) -> None:
    """Print `text` on a float texture (OpenCV draws text on 8-bit pictures only)."""
    thick = max(1, int(scale * 2))
    mask = np.zeros(tex.shape[:2], np.uint8)
    cv2.putText(mask, text, xy, _FONT, scale, 255, thick, cv2.LINE_AA)
    a = mask.astype(np.float32)[..., None] / 255.0
    tex *= 1.0 - a
    tex += a * np.asarray(colour, np.float32)


def _hex_board(rng: np.random.Generator, px: int) -> Texture:
    """A hex-tile board with round number tokens, small dots under each number."""
    tex = _blank(px, px, (0.55, 0.45, 0.3) if rng.random() < 0.5 else (0.7, 0.55, 0.25))
    r = px / 11
    terrains = [hsv(h, _u(rng, 0.4, 0.8), _u(rng, 0.45, 0.85)) for h in (35, 95, 60, 20, 45, 0)]
    for row in range(-4, 5):
        for col in range(-4, 5):
            cx = px / 2 + (col + 0.5 * (row % 2)) * r * math.sqrt(3)
            cy = px / 2 + row * r * 1.5
            if math.hypot(cx - px / 2, cy - px / 2) > px * 0.45:
                continue
            pts = [
                (
                    cx + r * math.cos(math.radians(60 * k + 30)),
                    cy + r * math.sin(math.radians(60 * k + 30)),
                )
                for k in range(6)
            ]
            poly = np.round(np.array(pts)).astype(np.int32)
            cv2.fillPoly(tex, [poly], terrains[int(rng.integers(len(terrains)))], cv2.LINE_AA)
            cv2.polylines(tex, [poly], True, (0.85, 0.8, 0.7), max(1, px // 200), cv2.LINE_AA)
            if rng.random() < 0.8:
                _number_token(tex, rng, (int(cx), int(cy)), int(r * 0.42))
    return tex, np.ones((px, px), np.float32), 12.0, 12.0, 0.04


def _number_token(tex: F32, rng: np.random.Generator, centre: tuple[int, int], radius: int) -> None:
    number = int(rng.choice([2, 3, 4, 5, 6, 8, 9, 10, 11, 12]))
    cv2.circle(tex, centre, radius, (0.78, 0.88, 0.93), -1, cv2.LINE_AA)
    colour = (0.1, 0.1, 0.75) if number in (6, 8) else (0.1, 0.1, 0.1)
    scale = radius / 22
    _text(
        tex,
        str(number),
        (centre[0] - int(radius * 0.55), centre[1] + int(radius * 0.2)),
        scale,
        colour,
    )
    dots = 6 - abs(7 - number)
    for k in range(dots):
        x = centre[0] + int((k - (dots - 1) / 2) * radius * 0.22)
        cv2.circle(tex, (x, centre[1] + int(radius * 0.62)), max(1, radius // 10), colour, -1)


def _square_board(rng: np.random.Generator, px: int) -> Texture:
    """A printed board of squares: a chessboard (RGB's), the flyer game's coloured path, or a
    track with text and icons."""
    kind = int(rng.integers(3))
    tex = _blank(px, px, (0.85, 0.88, 0.9))
    n = 8 if kind == 0 else int(rng.integers(6, 11))
    step = px / n
    faces = [
        (0.2, 0.2, 0.85),
        (0.6, 0.2, 0.55),
        (0.8, 0.4, 0.1),
        (0.2, 0.65, 0.2),
        (0.1, 0.8, 0.9),
        (0.95,) * 3,
    ]
    for i in range(n):
        for j in range(n):
            p1 = (int(j * step), int(i * step))
            p2 = (int((j + 1) * step) - 1, int((i + 1) * step) - 1)
            if kind == 0:
                colour: tuple[float, ...] = (0.2, 0.25, 0.3) if (i + j) % 2 else (0.8, 0.85, 0.88)
            elif kind == 1:
                colour = faces[int(rng.integers(len(faces)))]
            elif i in (0, n - 1) or j in (0, n - 1):
                colour = _ink(rng) if rng.random() < 0.4 else (0.9, 0.92, 0.94)
            else:
                continue
            cv2.rectangle(tex, p1, p2, colour, -1)
            cv2.rectangle(tex, p1, p2, (0.15,) * 3, max(1, px // 300))
            if kind == 2 and rng.random() < 0.5:
                _icon(tex, rng, (p1[0] + int(step / 2), p1[1] + int(step / 2)), int(step / 4))
    if kind == 2:
        _text(tex, "START", (int(px * 0.3), int(px * 0.5)), px / 400, (0.2, 0.2, 0.6))
    return tex, np.ones((px, px), np.float32), 11.0, 11.0, 0.04


def _icon(tex: F32, rng: np.random.Generator, centre: tuple[int, int], size: int) -> None:
    ink = _ink(rng)
    shape = int(rng.integers(4))
    if shape == 0:
        cv2.circle(tex, centre, size, ink, -1, cv2.LINE_AA)
    elif shape == 1:
        cv2.rectangle(
            tex, (centre[0] - size, centre[1] - size), (centre[0] + size, centre[1] + size), ink, -1
        )
    elif shape == 2:
        tri = np.array(
            [
                [centre[0], centre[1] - size],
                [centre[0] - size, centre[1] + size],
                [centre[0] + size, centre[1] + size],
            ]
        )
        cv2.fillPoly(tex, [tri.astype(np.int32)], ink, cv2.LINE_AA)
    else:  # a few dots, like a die face printed on a board
        for k in range(int(rng.integers(1, 7))):
            off = ((k % 3) - 1) * size // 2, (k // 3) * size // 2
            cv2.circle(tex, (centre[0] + off[0], centre[1] + off[1]), max(1, size // 5), ink, -1)


def _goal_card(rng: np.random.Generator, px: int) -> Texture:
    """RYB's goal card: a coloured frame, a big target number, a line of rule text."""
    h, w = int(px * 1.4), px
    colour = _GAME_COLOURS[int(rng.integers(3))] if rng.random() < 0.8 else (0.15, 0.15, 0.15)
    tex = _blank(h, w, (0.95, 0.95, 0.93))
    cv2.rectangle(tex, (0, 0), (w - 1, h - 1), colour, max(2, w // 8))
    _text(tex, str(int(rng.integers(4, 31))), (w // 4, h // 2), w / 60, colour)
    for k in range(int(rng.integers(1, 4))):
        y = int(h * (0.65 + 0.08 * k))
        cv2.line(tex, (w // 5, y), (w - w // 5, y), (0.3,) * 3, max(1, w // 60))
    return tex, np.ones((h, w), np.float32), 3.8, 5.3, 0.05


def _treasure_token(rng: np.random.Generator, px: int) -> Texture:
    """A round cardboard token: a gem or coin icon and a number (RYB's treasure)."""
    base = _GAME_COLOURS[int(rng.integers(3))] if rng.random() < 0.6 else _ink(rng)
    tex = _blank(px, px, base)
    ctr = (px // 2, px // 2)
    cv2.circle(tex, ctr, int(px * 0.42), (0.85, 0.9, 0.92), max(1, px // 16), cv2.LINE_AA)
    if rng.random() < 0.5:
        gem = np.array([[0, -0.25], [0.2, -0.05], [0, 0.25], [-0.2, -0.05]]) * px + ctr
        cv2.fillPoly(tex, [gem.astype(np.int32)], (0.9, 0.9, 0.5), cv2.LINE_AA)
    else:
        _text(
            tex,
            str(int(rng.integers(1, 7))),
            (int(px * 0.33), int(px * 0.65)),
            px / 40,
            (0.95,) * 3,
        )
    size = _u(rng, 1.0, 2.0)
    return tex, _round_alpha(px), size, size, 0.08


def _pyramid(rng: np.random.Generator, px: int) -> Texture:
    """An Icehouse pyramid (RGB's stacks) from above: four triangular faces, lit from one side."""
    colour = np.array(_GAME_COLOURS[int(rng.integers(3))] if rng.random() < 0.7 else _ink(rng))
    tex = _blank(px, px, (0.0, 0.0, 0.0))
    c = px // 2
    corners = [(0, 0), (px - 1, 0), (px - 1, px - 1), (0, px - 1)]
    for k in range(4):
        tri = np.array([corners[k], corners[(k + 1) % 4], (c, c)], np.int32)
        shade = (0.55, 0.8, 1.1, 0.7)[k] * _u(rng, 0.9, 1.1)
        cv2.fillPoly(tex, [tri], np.clip(colour * shade, 0, 1).tolist(), cv2.LINE_AA)
    if rng.random() < 0.5:  # a stack: a smaller pyramid of another colour on top
        inner = np.array(_GAME_COLOURS[int(rng.integers(3))])
        q = px // 4
        for k in range(4):
            a = (corners[k][0] // 2 + q, corners[k][1] // 2 + q)
            b = (corners[(k + 1) % 4][0] // 2 + q, corners[(k + 1) % 4][1] // 2 + q)
            tri = np.array([a, b, (c, c)], np.int32)
            cv2.fillPoly(tex, [tri], np.clip(inner * (0.55, 0.8, 1.1, 0.7)[k], 0, 1).tolist())
    size = _u(rng, 0.9, 1.8)
    return tex, np.ones((px, px), np.float32), size, size, 1.2 * size


def _pawn(rng: np.random.Generator, px: int) -> Texture:
    """A pawn or meeple from above: a shaded disc or a five-armed figure, standing tall."""
    colour = np.array(_ink(rng) if rng.random() < 0.5 else _GAME_COLOURS[int(rng.integers(3))])
    tex = _blank(px, px, colour.tolist())
    alpha = np.zeros((px, px), np.uint8)
    c = px // 2
    if rng.random() < 0.5:
        cv2.circle(alpha, (c, c), int(px * 0.45), 255, -1, cv2.LINE_AA)
        cv2.circle(
            tex,
            (c - px // 10, c - px // 10),
            int(px * 0.18),
            np.clip(colour * 1.4, 0, 1).tolist(),
            -1,
            cv2.LINE_AA,
        )
    else:
        for ang in (90, 200, 340, 250, 290):
            tip = (
                c + int(0.42 * px * math.cos(math.radians(ang))),
                c - int(0.42 * px * math.sin(math.radians(ang))),
            )
            cv2.line(alpha, (c, c), tip, 255, max(2, px // 5), cv2.LINE_AA)
        cv2.circle(alpha, (c, c - int(px * 0.3)), int(px * 0.14), 255, -1, cv2.LINE_AA)
    size = _u(rng, 0.9, 1.5)
    return tex, alpha.astype(np.float32) / 255.0, size, size, 1.5 * size


def _score_pad(rng: np.random.Generator, px: int) -> Texture:
    """A score pad: a grid of boxes with written numbers, and tally marks."""
    h, w = int(px * 1.4), px
    tex = _blank(h, w, (0.9, 0.96, 0.98))
    rows, cols = int(rng.integers(8, 16)), int(rng.integers(3, 6))
    for i in range(rows + 1):
        y = int(h * 0.1 + i * h * 0.85 / rows)
        cv2.line(tex, (0, y), (w - 1, y), (0.6, 0.5, 0.4), 1)
    for j in range(cols + 1):
        x = int(j * (w - 1) / cols)
        cv2.line(tex, (x, int(h * 0.1)), (x, h - 1), (0.6, 0.5, 0.4), 1)
    pen = (0.5, 0.15, 0.1) if rng.random() < 0.5 else (0.1, 0.1, 0.1)
    for i in range(rows):
        for j in range(cols):
            if rng.random() < 0.6:
                xy = (int((j + 0.2) * w / cols), int(h * 0.1 + (i + 0.8) * h * 0.85 / rows))
                _text(tex, str(int(rng.integers(1, 60))), xy, h / rows / 40, pen)
    return tex, np.ones((h, w), np.float32), 5.0, 7.0, 0.03


def _tray_rim(rng: np.random.Generator, px: int) -> Texture:
    """A strip of a dice tray's rim: leather or felt, dashed stitching and metal rivets."""
    h, w = max(8, px // 8), px
    leather = hsv(_u(rng, 10, 40), _u(rng, 0.3, 0.8), _u(rng, 0.15, 0.55))
    tex = _blank(h, w, leather)
    y = h // 3
    for x in range(0, w, max(4, w // 60)):
        cv2.line(tex, (x, y), (x + max(2, w // 120), y), (0.85, 0.85, 0.8), 1, cv2.LINE_AA)
    for x in range(h // 2, w, max(h, w // 6)):
        cv2.circle(tex, (x, int(h * 0.65)), max(2, h // 5), (0.75, 0.75, 0.72), -1, cv2.LINE_AA)
        cv2.circle(tex, (x - 1, int(h * 0.65) - 1), max(1, h // 14), (1.0,) * 3, -1, cv2.LINE_AA)
    return tex, np.ones((h, w), np.float32), 12.0, 12.0 * h / w, 0.3


MaterialMaker = Callable[[np.random.Generator, int], Texture]
BOARDS: tuple[MaterialMaker, ...] = (_hex_board, _square_board)
PIECES: tuple[tuple[MaterialMaker, float], ...] = (
    (_goal_card, 0.18),
    (_treasure_token, 0.18),
    (_pyramid, 0.16),
    (_pawn, 0.16),
    (_score_pad, 0.12),
    (_tray_rim, 0.1),
    (_hex_board, 0.05),  # a board's corner in view
    (_square_board, 0.05),
)
# The size on the table, in dice, of each maker's longer side (to size its texture).
_SIZES = {
    "_hex_board": 12.0,
    "_square_board": 11.0,
    "_goal_card": 5.3,
    "_treasure_token": 2.0,
    "_pyramid": 1.8,
    "_pawn": 1.5,
    "_score_pad": 7.0,
    "_tray_rim": 12.0,
}


def _place(
    rng: np.random.Generator, cam: Camera, die_world: float, maker: MaterialMaker
) -> tuple[FlatItem, Spot | None]:
    """The item where it lies, and the footprint dice keep clear of where it stands tall."""
    item = lay_flat(rng, cam, die_world, maker, _SIZES[maker.__name__], 1.2, 768)
    if item.thickness < 0.5 * die_world:  # flat: dice may land on it, as on a board
        return item, None
    corners = item.corners
    edges = (corners[1] - corners[0], corners[2] - corners[1])
    yaw = math.atan2(edges[0][1], edges[0][0])
    half = max(float(np.hypot(*edges[0])), float(np.hypot(*edges[1]))) / 2
    centre = corners.mean(axis=0)
    return item, Spot(float(centre[0]), float(centre[1]), yaw, half)


def sample_material(rng: np.random.Generator, cam: Camera, die_world: float) -> Clutter:
    """A game's material laid out on the table: often a board, then three to ten pieces."""
    placed = []
    if rng.random() < 0.6:
        placed.append(_place(rng, cam, die_world, BOARDS[int(rng.integers(len(BOARDS)))]))
    makers, weights = zip(*PIECES, strict=True)
    p = np.array(weights) / sum(weights)
    for _ in range(int(rng.integers(3, 11))):
        placed.append(_place(rng, cam, die_world, makers[int(rng.choice(len(makers), p=p))]))
    items = tuple(item for item, _ in placed)
    return Clutter(items, (), tuple(spot for _, spot in placed if spot is not None))
