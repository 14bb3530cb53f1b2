"""Hands and forearms reaching over the table: skin tones, sleeves, fingers, a soft shadow."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32
from models.render.camera import Camera
from models.render.lighting import Light
from models.render.noise import pixel_noise, smooth_noise
from models.render.palette import BGR, hsv

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I16 = npt.NDArray[np.int16]
U8 = npt.NDArray[np.uint8]
HAND_OWNER = -3

SKINS: tuple[BGR, ...] = (
    (0.68, 0.76, 0.92),
    (0.55, 0.66, 0.85),
    (0.42, 0.55, 0.78),
    (0.3, 0.42, 0.62),
    (0.2, 0.28, 0.42),
    (0.13, 0.18, 0.28),
)


@dataclass(frozen=True)
class Hand:
    """A hand over the table: wrist position (world), pointing angle (radians), palm width
    (world units), how curled the fingers are (0 open .. 1 fist), colours, height above the
    table, and its motion on the picture during the exposure (pixels)."""

    x: float
    y: float
    angle: float
    palm: float
    curl: float
    skin: BGR
    sleeve: BGR | None
    height: float
    blur_px: tuple[float, float] = (0.0, 0.0)


def sample_skin(rng: np.random.Generator) -> BGR:
    base = np.array(SKINS[int(rng.integers(len(SKINS)))]) * rng.uniform(0.92, 1.08, 3)
    b, g, r = (float(v) for v in np.clip(base, 0, 1))
    return (b, g, r)


def sample_hand(rng: np.random.Generator, cam: Camera, die_world: float) -> Hand:
    """A hand reaching in from a random edge of the picture, fingertips well inside it."""
    palm = min(die_world * float(rng.uniform(4.5, 6.5)), 0.7 * min(cam.width, cam.height))
    edge = int(rng.integers(4))
    t = float(rng.uniform(0.15, 0.85))
    w, h = cam.width, cam.height
    start = [(t * w, -0.1 * h), (1.1 * w, t * h), (t * w, 1.1 * h), (-0.1 * w, t * h)][edge]
    target = rng.uniform([0.2 * w, 0.2 * h], [0.8 * w, 0.8 * h])
    pts = cam.image_to_table(np.array([start, target]))
    direction = pts[1] - pts[0]
    angle = math.atan2(direction[1], direction[0])
    reach = float(rng.uniform(0.15, 0.75))
    wrist = pts[0] + direction * reach - np.array([math.cos(angle), math.sin(angle)]) * palm
    return Hand(
        x=float(wrist[0]),
        y=float(wrist[1]),
        angle=angle,
        palm=palm,
        curl=float(rng.uniform(0, 1)),
        skin=sample_skin(rng),
        sleeve=hsv(rng.uniform(0, 360), rng.uniform(0, 0.8), rng.uniform(0.1, 0.9))
        if rng.random() < 0.6
        else None,
        height=die_world * float(rng.uniform(1.2, 4.0)),
    )


def _shapes(hand: Hand) -> tuple[list[F64], list[tuple[F64, F64, float]]]:
    """Polygons (arm, palm) and capsules (fingers: start, end, width) in world units."""
    p = hand.palm
    c, s = math.cos(hand.angle), math.sin(hand.angle)
    rot = np.array([[c, -s], [s, c]])
    origin = np.array([hand.x, hand.y])

    def world(pts: list[tuple[float, float]]) -> F64:
        return np.asarray(np.array(pts) * p @ rot.T + origin, np.float64)

    arm = world([(-8, -0.42), (0.05, -0.4), (0.05, 0.4), (-8, 0.45)])
    angles = np.linspace(-0.5, 0.5, 50)
    palm = world(
        [(0.5 + 0.52 * math.cos(a * 2.2), 0.48 * math.sin(a * 3.1)) for a in angles]
        + [(0.0, 0.42), (0.0, -0.42)]
    )
    fingers = []
    length = 1.0 - 0.6 * hand.curl
    for k, (off, ln) in enumerate(((-0.33, 0.78), (-0.11, 0.92), (0.11, 0.88), (0.32, 0.7))):
        spread = (k - 1.5) * 0.08 * (1 - hand.curl)
        reach = ln * length
        base = world([(0.85, off)])[0]
        # Two tapering segments per finger, the outer one bent a little with the curl.
        mid = (0.85 + 0.55 * reach * math.cos(spread), off + 0.55 * reach * math.sin(spread))
        bend = spread + 0.25 * hand.curl * (1 if off > 0 else -1)
        tip = (mid[0] + 0.45 * reach * math.cos(bend), mid[1] + 0.45 * reach * math.sin(bend))
        mid_w = world([mid])[0]
        fingers.append((base, mid_w, 0.21 * p))
        fingers.append((mid_w, world([tip])[0], 0.17 * p))
    side = 1.0 if math.sin(hand.angle * 7) > 0 else -1.0
    thumb_tip = (0.75 + 0.3 * (1 - hand.curl), side * (0.75 - 0.2 * hand.curl))
    fingers.append((world([(0.3, side * 0.4)])[0], world([thumb_tip])[0], 0.24 * p))
    return [arm, palm], fingers


Shapes = tuple[list[npt.NDArray[np.float64]], list[tuple[F64, F64, float]], F64]


def _on_picture(cam: Camera, hand: Hand, z: float) -> Shapes:
    """Polygons, finger capsules (ends, thickness) and the sleeve polygon, in pixels."""
    polys, fingers = _shapes(hand)

    def px(pts: F64) -> F64:
        return cam.project(np.column_stack([pts, np.full(len(pts), z)])) - 0.5

    scale = float(cam.scale_at(np.array([[hand.x, hand.y]]))[0])
    caps = [(px(a[None])[0], px(b[None])[0], width * scale) for a, b, width in fingers]
    arm = polys[0].copy()
    arm[1:3] = arm[1:3] + (arm[0] - arm[1]) * 0.15
    return [px(p) for p in polys], caps, px(arm)


def _bounds(shapes: Shapes, w: int, h: int) -> tuple[int, int, int, int]:
    polys, caps, _ = shapes
    pts = np.vstack([*polys, *[np.array([a, b]) for a, b, _ in caps]])
    pad = max((t for _, _, t in caps), default=0.0) + 4
    x1, y1 = np.clip(pts.min(0) - pad, 0, [w, h]).astype(int)
    x2, y2 = np.clip(pts.max(0) + pad + 1, 0, [w, h]).astype(int)
    return int(x1), int(y1), int(x2), int(y2)


def _raster(
    shapes: Shapes, box: tuple[int, int, int, int], sleeve: bool, scale: float = 1.0
) -> tuple[U8, U8]:
    """(hand, sleeve) 8-bit masks inside `box`, drawn `scale` times the picture's size."""
    x1, y1, x2, y2 = box
    mask = np.zeros((max(1, int((y2 - y1) * scale)), max(1, int((x2 - x1) * scale))), np.uint8)
    polys, caps, arm = shapes
    off = np.array([x1, y1])

    def fix(p: F64) -> npt.NDArray[np.int32]:
        return np.asarray(np.clip((p - off) * scale, -1e5, 1e5) * 16, np.int32)

    for poly in polys:
        cv2.fillPoly(mask, [fix(poly)], 255, cv2.LINE_AA, 4)
    for a, b, thick_px in caps:
        ends = fix(np.array([a, b]))
        thick = thick_px * scale
        t = max(1, int(thick))
        cv2.line(mask, tuple(ends[0]), tuple(ends[1]), 255, t, cv2.LINE_AA, 4)
        cv2.circle(mask, tuple(ends[1]), int(thick * 8), 255, -1, cv2.LINE_AA, 4)
    cloth = np.zeros_like(mask)
    if sleeve:
        cv2.fillPoly(cloth, [fix(arm)], 255, cv2.LINE_AA, 4)
    return mask, np.minimum(cloth, mask)


def _paint(img: F32, owner: I16, hand: Hand, shapes: Shapes, die_world: float) -> None:
    h, w = img.shape[:2]
    box = _bounds(shapes, w, h)
    x1, y1, x2, y2 = box
    if x2 <= x1 or y2 <= y1:
        return
    mask, cloth = _raster(shapes, box, hand.sleeve is not None)
    # Rounded limbs: brighter along their middle, darker at the silhouette.
    dist = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    finger_px = max(2.0, max((t for _, _, t in shapes[1]), default=4.0) / 2)
    rng = np.random.default_rng(int(hand.palm * 1000) % (2**31))
    cover = mask.astype(np.float32) / 255.0
    sleeve = cloth.astype(np.float32) / 255.0
    # Fingers are thin cylinders, the arm a thick one: each shades across its own width.
    arm_px = 3.0 * finger_px
    round_skin = np.sqrt(np.minimum(dist / finger_px, 1.0))
    round_arm = np.sqrt(np.minimum(dist / arm_px, 1.0))
    tone = 0.62 + 0.38 * (round_skin * (1 - sleeve) + round_arm * sleeve)
    rh, rw = y2 - y1, x2 - x1
    tone = tone * (1 + 0.05 * smooth_noise(rng, rh, rw, max(4.0, die_world)))
    tone = tone * (1 + 0.02 * pixel_noise(rng, rh, rw))
    # Skin flushes redder towards the edges of fingers; cloth has folds and weave.
    flush = np.exp(-dist / finger_px)[..., None] * np.array([-0.06, -0.04, 0.05], np.float32)
    colour = np.array(hand.skin, np.float32) * (1 + flush) * (1 - sleeve[..., None])
    if hand.sleeve is not None:
        folds = smooth_noise(rng, rh, rw, 2.5 * finger_px) * 0.1
        weave = pixel_noise(rng, rh, rw) * 0.04
        cloth_tone = np.array(hand.sleeve, np.float32) * (1 + folds + weave)[..., None]
        colour = colour + cloth_tone * sleeve[..., None]
    colour = colour * tone[..., None]
    if hand.blur_px != (0.0, 0.0):
        k = max(3, int(math.hypot(*hand.blur_px)) | 1)
        ker = np.zeros((k, k), np.float32)
        dx, dy = int(hand.blur_px[0] / 2), int(hand.blur_px[1] / 2)
        cv2.line(ker, (k // 2 - dx, k // 2 - dy), (k // 2 + dx, k // 2 + dy), 1.0)
        ker /= ker.sum()
        colour = f32(cv2.filter2D(colour * cover[..., None], -1, ker))
        cover = f32(cv2.filter2D(cover, -1, ker))
        colour = colour / np.maximum(cover[..., None], 1e-3)
    roi = img[y1:y2, x1:x2]
    roi[:] = roi * (1 - cover[..., None]) + colour * cover[..., None]
    owner[y1:y2, x1:x2][cover > 0.5] = HAND_OWNER


def _shadow(img: F32, shapes: Shapes, light: Light, sigma: float) -> None:
    h, w = img.shape[:2]
    pad = int(3 * sigma)
    x1, y1, x2, y2 = _bounds(shapes, w, h)
    x1, y1, x2, y2 = max(0, x1 - pad), max(0, y1 - pad), min(w, x2 + pad), min(h, y2 + pad)
    if x2 <= x1 or y2 <= y1:
        return
    scale = min(1.0, 3.0 / sigma)  # a blurred shadow needs no detail finer than its blur
    mask, _ = _raster(shapes, (x1, y1, x2, y2), False, scale)
    shade = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), sigma * scale)
    shade = cv2.resize(shade, (x2 - x1, y2 - y1), interpolation=cv2.INTER_LINEAR)
    img[y1:y2, x1:x2] *= (1.0 - light.shadow * 0.8 * shade)[..., None]


def draw_hands(
    img: F32, owner: I16, cam: Camera, hands: list[Hand], light: Light, die_world: float
) -> None:
    """Shadows, then hands, painted over everything (in place); their pixels owned by hands."""
    lz = max(float(light.direction[2]), 0.25)
    for hand in hands:
        drop = -light.direction[:2] / lz * hand.height
        on_table = Hand(**{**hand.__dict__, "x": hand.x + drop[0], "y": hand.y + drop[1]})
        sigma = max(1.0, 0.15 * hand.height * float(cam.scale_at(np.array([[hand.x, hand.y]]))[0]))
        _shadow(img, _on_picture(cam, on_table, 0.0), light, sigma)
        _paint(img, owner, hand, _on_picture(cam, hand, hand.height), die_world)
