"""The shadows dice cast on the table: soft ones away from the light, tight ones where they
touch it."""

from __future__ import annotations

import cv2
import numpy as np

from models.render.arrays import F32, f32
from models.render.camera import Camera
from models.render.cube import rounded_points
from models.render.dice import DiePose
from models.render.lighting import Light

_SHIFT = 4


def draw_shadows(img: F32, cam: Camera, poses: list[DiePose], light: Light, die_px: float) -> None:
    """Darken the table (in place) under and behind every die: a soft cast shadow away from
    the light and a tight contact shadow where the die meets the table."""
    if not poses or light.shadow <= 0:
        return
    h, w = img.shape[:2]
    lz = max(float(light.direction[2]), 0.2)
    casts, contacts, strengths = [], [], []
    for pose in poses:
        radius = pose.style.corner * 2 * pose.half
        pts = rounded_points(pose.rot, pose.centre, pose.half, radius)
        flat = pts - light.direction[None, :] * (pts[:, 2:3] / lz)
        flat[:, 2] = 0.0
        casts.append(cv2.convexHull(cam.project(flat).astype(np.float32) - 0.5).reshape(-1, 2))
        low = pts[pts[:, 2] < pts[:, 2].min() + 0.3 * pose.half].copy()
        low[:, :2] = pose.centre[:2] + (low[:, :2] - pose.centre[:2]) * 1.06
        low[:, 2] = 0.0
        contacts.append(cv2.convexHull(cam.project(low).astype(np.float32) - 0.5).reshape(-1, 2))
        strengths.append(light.shadow * (0.35 + 0.65 * pose.style.opacity))
    sigma = max(0.6, light.softness * die_px)
    # Work only where shadows fall: the polygons' bounds grown by the blur.
    pts_all = np.vstack(casts + contacts)
    pad = 3 * sigma + 2
    x1, y1 = (max(0, int(v - pad)) for v in pts_all.min(0))
    x2, y2 = min(w, int(pts_all[:, 0].max() + pad) + 1), min(h, int(pts_all[:, 1].max() + pad) + 1)
    if x2 <= x1 or y2 <= y1:
        return
    scale = min(1.0, 3.0 / sigma)  # a wide blur needs no fine raster
    rw, rh = x2 - x1, y2 - y1
    cast = np.zeros((max(1, int(rh * scale)), max(1, int(rw * scale))), np.float32)
    contact = np.zeros((rh, rw), np.float32)
    off = np.array([x1, y1], np.float32)
    for poly, touch, strength in zip(casts, contacts, strengths, strict=True):
        p = ((poly - off) * scale * (1 << _SHIFT)).astype(np.int32)
        cv2.fillConvexPoly(cast, p, strength, cv2.LINE_AA, _SHIFT)
        q = ((touch - off) * (1 << _SHIFT)).astype(np.int32)
        cv2.fillConvexPoly(contact, q, 0.5, cv2.LINE_AA, _SHIFT)
    cast = f32(cv2.GaussianBlur(cast, (0, 0), max(0.5, sigma * scale)))
    cast = f32(cv2.resize(cast, (rw, rh), interpolation=cv2.INTER_LINEAR))
    contact = f32(cv2.GaussianBlur(contact, (0, 0), max(0.5, 0.06 * die_px)))
    img[y1:y2, x1:x2] *= (1.0 - np.clip(cast + contact, 0, 0.92))[..., None]
