"""Drawing one die (or blank cube) into a float picture: rounded body, shaded faces with
glare, translucency and motion blur."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32
from models.render.camera import Camera
from models.render.cube import (
    face_corners,
    face_frames,
    faces_corners,
    rounded_points,
    top_value,
    visible_faces,
)
from models.render.face import F32, face_texture, texture_size
from models.render.lighting import Light
from models.render.noise import hash_unit
from models.render.palette import DieStyle

F64 = npt.NDArray[np.float64]
I16 = npt.NDArray[np.int16]
_SHIFT = 4
_TEX_CORNERS = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)


@dataclass(frozen=True, eq=False)
class DiePose:
    """A die in the world: rotation (canonical to world), centre, half edge, and how far it
    moves on the picture while the shutter is open (pixels, for motion blur)."""

    style: DieStyle
    rot: F64
    centre: F64
    half: float
    blur_px: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, eq=False)
class Drawn:
    """Where a die landed on the picture: outline bounds (unclipped), outline area, top face."""

    box: tuple[float, float, float, float]
    area: float
    top_quad: F64
    top_value: int
    hull: F64


def outline(cam: Camera, pose: DiePose) -> F64:
    pts = rounded_points(pose.rot, pose.centre, pose.half, pose.style.corner * 2 * pose.half)
    uv = cam.project(pts).astype(np.float32)
    return np.asarray(cv2.convexHull(uv).reshape(-1, 2), np.float64)


def _line_kernel(dx: float, dy: float) -> F32 | None:
    length = math.hypot(dx, dy)
    if length < 1.0:
        return None
    k = math.ceil(length) | 1
    ker = np.zeros((k, k), np.float32)
    c = k // 2
    p1, p2 = (round(c - dx / 2), round(c - dy / 2)), (round(c + dx / 2), round(c + dy / 2))
    cv2.line(ker, p1, p2, 1.0, 1, cv2.LINE_AA)
    return np.asarray(ker / max(float(ker.sum()), 1e-6), np.float32)


@dataclass(frozen=True)
class _Face:
    value: int
    normal: F64
    u: F64
    v: F64
    quad: F64  # picture corners relative to the ROI (texture order)


def _faces(cam: Camera, pose: DiePose, off: F64) -> list[_Face]:
    values = visible_faces(pose.rot, pose.centre, cam.centre)
    n, u, v = face_frames(pose.rot, values)
    corners = faces_corners(pose.rot, pose.centre, pose.half, values)
    quads = (cam.project(corners.reshape(-1, 3)) - off).reshape(-1, 4, 2)
    return [_Face(val, n[i], u[i], v[i], quads[i]) for i, val in enumerate(values)]


def _half_vector(cam: Camera, pose: DiePose, light: Light) -> F64:
    view = cam.centre - pose.centre
    view = view / np.linalg.norm(view)
    hv = light.direction + view
    return np.asarray(hv / np.linalg.norm(hv), np.float64)


def _glare_spot(
    pose: DiePose, light: Light, face: _Face, hv: F64, shape: tuple[int, int]
) -> F32 | None:
    """A soft, elongated specular patch on a face (in ROI pixels), larger than a pip so that
    it never reads as one, or None when the face does not catch the light."""
    style = pose.style
    power = 6.0 + 30.0 * style.gloss
    spot = style.gloss * light.specular * max(0.0, float(face.normal @ hv)) ** power
    if spot < 0.02:
        return None

    def pick(k: int, lo: float, hi: float) -> float:
        return lo + (hi - lo) * hash_unit(style.seed, face.value, k)

    du = min(max(-1.5 * float(hv @ face.u), -0.3), 0.3) + pick(1, -0.12, 0.12)
    dv = min(max(-1.5 * float(hv @ face.v), -0.3), 0.3) + pick(2, -0.12, 0.12)
    q = face.quad
    centre = q.mean(0) + (q[1] - q[0] + q[2] - q[3]) / 2 * du + (q[3] - q[0] + q[2] - q[1]) / 2 * dv
    edge = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[3] - q[0])) / 2
    sig = edge * pick(3, 0.16, 0.26) * (1.25 if sum(style.body) < 0.9 else 1.0)
    elong, ang = pick(4, 1.4, 2.6), pick(5, 0.0, math.pi)
    y, x = np.ogrid[: shape[0], : shape[1]]
    xs, ys = (x - centre[0]).astype(np.float32), (y - centre[1]).astype(np.float32)
    c, s = math.cos(ang), math.sin(ang)
    a = ((xs * c + ys * s) * (1 / (sig * elong))) ** 2 + ((ys * c - xs * s) * (1 / sig)) ** 2
    return np.asarray(min(spot, 0.55) * np.exp(-0.5 * a), np.float32)


def _edge_glints(pose: DiePose, light: Light, face: _Face, hv: F64, hi: F32) -> None:
    """Bright lines along the rounded edges that face the light, drawn into `hi`."""
    style = pose.style
    power = (6.0 + 30.0 * style.gloss) * 0.6
    base = style.gloss * light.specular
    nh, uh, vh = float(face.normal @ hv), float(face.u @ hv), float(face.v @ hv)
    q = face.quad
    edge_px = float(np.linalg.norm(q[1] - q[0]))
    width = max(1, round(edge_px * style.corner * 0.8))
    ends = ((q[1], q[2], uh), (q[3], q[0], -uh), (q[2], q[3], vh), (q[0], q[1], -vh))
    for a, b, along in ends:
        amount = base * max(0.0, (nh + along) / math.sqrt(2)) ** power
        if amount > 0.03:
            trim = (b - a) * (style.corner * 1.2)
            p1, p2 = ((a + trim) * 16).astype(np.int32), ((b - trim) * 16).astype(np.int32)
            cv2.line(hi, tuple(p1), tuple(p2), min(amount, 0.7), width, cv2.LINE_AA, 4)


def _face_extent(quad: F64) -> float:
    """Texture pixels a face needs: its longest side, or less when foreshortened."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = (tuple(map(float, p)) for p in quad)
    longest = max(
        math.hypot(bx - ax, by - ay),
        math.hypot(cx - bx, cy - by),
        math.hypot(dx - cx, dy - cy),
        math.hypot(ax - dx, ay - dy),
    )
    area = 0.5 * abs((cx - ax) * (dy - by) - (cy - ay) * (dx - bx))
    return float(min(longest, 2.0 * area / max(longest, 1e-6)))


def _occlusion_ramp(face: _Face, shape: tuple[int, int]) -> F32 | None:
    """Side faces darken towards the table (ambient occlusion), as a ramp across the ROI."""
    if face.normal[2] > 0.7:
        return None
    q = face.quad
    down = (-float(face.u[2]), -float(face.v[2]))  # which texture direction points down
    mids = {
        (1, 0): (q[1] + q[2]) / 2,
        (-1, 0): (q[0] + q[3]) / 2,
        (0, 1): (q[2] + q[3]) / 2,
        (0, -1): (q[0] + q[1]) / 2,
    }
    if abs(down[1]) >= abs(down[0]):
        key = (0, 1 if down[1] > 0 else -1)
    else:
        key = (1 if down[0] > 0 else -1, 0)
    low, high = mids[key], mids[(-key[0], -key[1])]
    axis = low - high
    span = float(axis @ axis)
    if span < 1.0:
        return None
    # t = projection onto the face's downward axis, as an outer sum of a row and a column.
    col = (np.arange(shape[1], dtype=np.float32) - float(high[0])) * float(axis[0] / span)
    row = (np.arange(shape[0], dtype=np.float32) - float(high[1])) * float(axis[1] / span)
    t = np.add.outer(row, col)
    strength = 0.3 * math.hypot(*down)
    return np.asarray(1.0 - strength * np.clip(t, 0, 1), np.float32)


def draw_die(
    img: F32, owner: I16, index: int, cam: Camera, pose: DiePose, light: Light, glare: bool
) -> Drawn:
    """Paint the die over `img` (in place) and mark its pixels in `owner` with `index`."""
    h_img, w_img = img.shape[:2]
    hull = outline(cam, pose)
    (x1, y1), (x2, y2) = hull.min(0), hull.max(0)
    top = top_value(pose.rot)
    top_quad = cam.project(face_corners(top, pose.rot, pose.centre, pose.half))
    area = float(cv2.contourArea(hull.astype(np.float32)))
    drawn = Drawn((x1, y1, x2, y2), area, top_quad, top, hull)
    pad = 2 + math.ceil(abs(pose.blur_px[0]) + abs(pose.blur_px[1]))
    rx1, ry1 = max(0, int(x1) - pad), max(0, int(y1) - pad)
    rx2, ry2 = min(w_img, int(x2) + pad + 1), min(h_img, int(y2) + pad + 1)
    if rx2 <= rx1 or ry2 <= ry1:
        return drawn
    shape, off = (ry2 - ry1, rx2 - rx1), np.array([rx1 + 0.5, ry1 + 0.5])
    cov = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(
        cov, ((hull - off) * (1 << _SHIFT)).astype(np.int32), 255, cv2.LINE_AA, _SHIFT
    )
    style = pose.style
    faces = _faces(cam, pose, off)
    mean_n = sum((f.normal for f in faces), np.zeros(3))
    fill = np.array(style.body, np.float32) * 0.85 * light.shade(mean_n / np.linalg.norm(mean_n))
    acc = np.empty((*shape, 3), np.float32)
    acc[:] = fill
    opac = np.full(shape, style.opacity, np.float32) if style.opacity < 1.0 else None
    hi = np.zeros(shape, np.float32) if glare and style.gloss > 0 and light.specular > 0 else None
    hv = _half_vector(cam, pose, light)
    for face in faces:
        extent = _face_extent(face.quad)
        if extent < 1.0:
            continue  # an edge-on sliver: the body fill already covers it
        # A face seen nearly edge-on gets a coarse texture, so that its pips blur into the
        # body instead of aliasing into specks.
        size = texture_size(extent)
        tex, pips = face_texture(style, face.value, size)
        m = cv2.getPerspectiveTransform(_TEX_CORNERS * size - 0.5, face.quad.astype(np.float32))
        warped = cv2.warpPerspective(tex, m, (shape[1], shape[0]), flags=cv2.INTER_LINEAR)
        fa = warped[..., 3].astype(np.float32) * (1.0 / 255.0)
        gain = light.shade(face.normal) / 255.0
        ramp = _occlusion_ramp(face, shape)
        colour = warped[..., :3].astype(np.float32)
        colour *= gain if ramp is None else (ramp * gain)[..., None]
        acc += (colour - acc) * fa[..., None]
        if hi is not None:
            spot = _glare_spot(pose, light, face, hv, shape)
            if spot is not None:
                hi += spot * fa
            _edge_glints(pose, light, face, hv, hi)
        if opac is not None and pips is not None:
            pw = cv2.warpPerspective(pips, m, (shape[1], shape[0]), flags=cv2.INTER_LINEAR)
            face_o = style.opacity + (1 - style.opacity) / 255.0 * pw.astype(np.float32)
            opac += (face_o - opac) * fa
    if hi is not None:
        acc += hi[..., None]
    a = cov.astype(np.float32) * (1.0 / 255.0)
    _composite(img, owner, index, (rx1, ry1), acc, a, opac, pose)
    return drawn


def _composite(
    img: F32,
    owner: I16,
    index: int,
    at: tuple[int, int],
    acc: F32,
    a: F32,
    opac: F32 | None,
    pose: DiePose,
) -> None:
    """Lay the die's ROI over the picture: opaque part, see-through part tinted by the body,
    both smeared along the die's motion."""
    front = a if opac is None else a * opac
    through = None if opac is None else a * (1 - opac)
    premul = acc * front[..., None]
    kernel = _line_kernel(*pose.blur_px)
    if kernel is not None:
        front, premul = f32(cv2.filter2D(front, -1, kernel)), f32(cv2.filter2D(premul, -1, kernel))
        if through is not None:
            through = f32(cv2.filter2D(through, -1, kernel))
    x, y = at
    roi = img[y : y + a.shape[0], x : x + a.shape[1]]
    cover = front if through is None else front + through
    if through is None:
        roi *= (1 - front)[..., None]
    else:
        body = np.array(pose.style.body, np.float32)
        tint = body / max(float(body.max()), 1e-3) * 0.85 + 0.1
        roi *= (1 - cover)[..., None] + tint * through[..., None]
    roi += premul
    owner[y : y + a.shape[0], x : x + a.shape[1]][cover > 0.5] = index
