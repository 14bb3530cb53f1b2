"""Paste a flat texture onto the picture through a perspective map (cards, coins, paper)."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]


def paste_quad(
    img: F32, tex: F32, alpha: F32, quad: F64, shadow: tuple[float, float, float] = (0.0, 0.0, 0.0)
) -> None:
    """Warp `tex` (h, w, 3) with coverage `alpha` onto `quad` (4 picture points: top-left,
    top-right, bottom-right, bottom-left) in place. `shadow` = (dx, dy, strength) darkens a
    blurred copy of the outline shifted by (dx, dy) first."""
    h_img, w_img = img.shape[:2]
    dx, dy, strength = shadow
    lo = np.minimum(quad.min(0), quad.min(0) + np.array([dx, dy])) - 4
    hi = np.maximum(quad.max(0), quad.max(0) + np.array([dx, dy])) + 4
    x1, y1 = max(0, int(lo[0])), max(0, int(lo[1]))
    x2, y2 = min(w_img, int(hi[0]) + 1), min(h_img, int(hi[1]) + 1)
    if x2 <= x1 or y2 <= y1:
        return
    th, tw = tex.shape[:2]
    corners = [[-0.5, -0.5], [tw - 0.5, -0.5], [tw - 0.5, th - 0.5], [-0.5, th - 0.5]]
    src = np.array(corners, np.float32)
    dst = (quad - [x1 + 0.5, y1 + 0.5]).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    size = (x2 - x1, y2 - y1)
    # 8-bit warps cost a fraction of float ones; the picture is float again right after.
    four = cv2.merge([np.asarray(tex * 255.0 + 0.5, np.uint8), np.asarray(alpha * 255.0, np.uint8)])
    warped = cv2.warpPerspective(four, m, size, flags=cv2.INTER_LINEAR)
    roi = img[y1:y2, x1:x2]
    if strength > 0:
        shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64) @ m
        sh = cv2.warpPerspective(four[..., 3], shift, size, flags=cv2.INTER_LINEAR)
        sh = cv2.GaussianBlur(sh, (0, 0), max(0.7, 0.6 * (abs(dx) + abs(dy))))
        roi *= (1.0 - (strength / 255.0) * sh.astype(np.float32))[..., None]
    a = warped[..., 3:].astype(np.float32) * (1.0 / 255.0)
    roi *= 1.0 - a
    roi += warped[..., :3].astype(np.float32) * (a * (1.0 / 255.0))
