"""Finding the table in a frame with no help: the region of one colour that holds the frame centre.

The camera is aimed at the table, so the centre of the frame is table surface (a few dice there
do not matter: the seed is a median). Every pixel whose colour is close to the seed's joins, the
piece that holds the centre is kept, and its convex hull, simplified to a few corners, is the
table. This is reliable for a plain cloth, felt or mat on a floor or table of another colour; it
is not for a table whose colour matches the floor, a strongly patterned cloth, or a frame whose
centre is not on the table. `TableGuess.reliable` says when to distrust it; the user can always
give the region instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from calibration.geometry import Polygon, rect_polygon

WORK_SIDE = 320
CENTRE_FRACTION = 0.2
MIN_SHARE = 0.05
FULL_SHARE = 0.97
MIN_COVERAGE = 0.85
MIN_THRESHOLD = 12.0
MAX_THRESHOLD = 40.0  # Lab units (lightness halved); a centre wider than this is not plain

ImageBGR = npt.NDArray[np.uint8]


@dataclass(frozen=True, slots=True)
class TableGuess:
    """`coverage`: how much of the polygon the matched colour fills (low means a ragged or
    leaking region); `share`: the polygon's part of the frame."""

    polygon: Polygon
    coverage: float
    share: float
    reliable: bool
    remark: str


def find_table(frame_bgr: ImageBGR) -> TableGuess:
    h, w = frame_bgr.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h, w))
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    small = np.asarray(cv2.resize(frame_bgr, size, interpolation=cv2.INTER_AREA), np.uint8)
    mask, plain = _matching_mask(small)
    piece = _centre_piece(mask)
    whole = rect_polygon((0, 0, w, h))
    if piece is None:
        return TableGuess(whole, 0.0, 1.0, False, "no region of one colour holds the centre")
    hull = np.asarray(cv2.convexHull(piece), np.int32)
    hull_area = max(float(cv2.contourArea(hull)), 1.0)
    coverage = min(1.0, float(cv2.contourArea(piece)) / hull_area)
    share = min(1.0, hull_area / float(mask.shape[0] * mask.shape[1]))
    reliable = plain and coverage >= MIN_COVERAGE and share >= MIN_SHARE
    if share >= FULL_SHARE:
        polygon, remark = whole, "the table fills the frame"
    else:
        polygon = _to_frame(_simplify(hull, piece), scale, w, h)
        remark = f"table found automatically: {share:.0%} of the frame, {coverage:.0%} one colour"
    if not plain:
        remark += "; the frame centre is not one plain colour"
    return TableGuess(polygon, coverage, share, reliable, remark)


def _matching_mask(small: ImageBGR) -> tuple[npt.NDArray[np.uint8], bool]:
    """Pixels of the centre's colour, and whether the centre is plain enough to trust that."""
    lab = np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2LAB), np.float32)
    # Light falls off across a table: lightness counts half as much as colour.
    lab[..., 0] *= 0.5
    h, w = lab.shape[:2]
    ry, rx = max(1, int(h * CENTRE_FRACTION / 2)), max(1, int(w * CENTRE_FRACTION / 2))
    centre = lab[h // 2 - ry : h // 2 + ry + 1, w // 2 - rx : w // 2 + rx + 1].reshape(-1, 3)
    seed = np.median(centre, axis=0)
    spread = float(np.percentile(np.linalg.norm(centre - seed, axis=1), 75))
    wanted = 2.5 * spread + 8.0
    threshold = float(np.clip(wanted, MIN_THRESHOLD, MAX_THRESHOLD))
    mask = (np.linalg.norm(lab - seed, axis=2) < threshold).astype(np.uint8)
    side = max(3, (max(h, w) // 40) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
    return np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel), np.uint8), (
        wanted <= MAX_THRESHOLD
    )


def _centre_piece(mask: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32] | None:
    """The outer contour of the connected piece holding the centre (or, failing that, the
    biggest piece touching the central window)."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    h, w = mask.shape
    label = int(labels[h // 2, w // 2])
    if label == 0:
        ry, rx = max(1, int(h * CENTRE_FRACTION / 2)), max(1, int(w * CENTRE_FRACTION / 2))
        window = labels[h // 2 - ry : h // 2 + ry + 1, w // 2 - rx : w // 2 + rx + 1]
        present = [int(v) for v in np.unique(window) if v != 0]
        if not present:
            return None
        label = max(present, key=lambda v: int(stats[v, cv2.CC_STAT_AREA]))
    piece = (labels == label).astype(np.uint8)
    contours, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    return np.asarray(max(contours, key=cv2.contourArea), np.int32)


def _simplify(
    hull: npt.NDArray[np.int32], outline: npt.NDArray[np.int32]
) -> npt.NDArray[np.float32]:
    """Few corners: a quadrilateral when the hull is close to one, else the hull itself."""
    perimeter = float(cv2.arcLength(hull, True))
    for fraction in (0.02, 0.04, 0.08):
        approx = np.asarray(cv2.approxPolyDP(hull, fraction * perimeter, True), np.float32)
        if len(approx) == 4:
            return _refine_quad(approx.reshape(-1, 2), outline.reshape(-1, 2).astype(np.float32))
        if 4 < len(approx) <= 8:
            return approx.reshape(-1, 2)
    return np.asarray(hull, np.float32).reshape(-1, 2)


def _refine_quad(
    corners: npt.NDArray[np.float32], outline: npt.NDArray[np.float32]
) -> npt.NDArray[np.float32]:
    """Corners as the crossings of lines fitted to each side's outline points: the morphology
    rounds corners, so the approximated corners sit a little inside the true ones."""
    lines = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        side = b - a
        length = float(np.hypot(*side))
        t = ((outline - a) @ side) / max(length * length, 1e-6)
        rel = outline - a
        gap = np.abs(side[0] * rel[:, 1] - side[1] * rel[:, 0]) / max(length, 1e-6)
        near = outline[(t > 0.15) & (t < 0.85) & (gap < max(2.0, 0.05 * length))]
        if len(near) < 4:
            return corners
        vx, vy, x0, y0 = np.asarray(cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01)).ravel()
        lines.append((float(x0), float(y0), float(vx), float(vy)))
    out = []
    for i in range(4):
        p = _crossing(lines[i - 1], lines[i])
        if p is None or np.hypot(p[0] - corners[i][0], p[1] - corners[i][1]) > 10:
            return corners
        out.append(p)
    return np.asarray(out, np.float32)


def _crossing(
    l1: tuple[float, float, float, float], l2: tuple[float, float, float, float]
) -> tuple[float, float] | None:
    x1, y1, dx1, dy1 = l1
    x2, y2, dx2, dy2 = l2
    denom = dx1 * dy2 - dy1 * dx2
    if abs(denom) < 1e-6:
        return None
    t = ((x2 - x1) * dy2 - (y2 - y1) * dx2) / denom
    return (x1 + t * dx1, y1 + t * dy1)


def _to_frame(points: npt.NDArray[np.float32], scale: float, w: int, h: int) -> Polygon:
    # Contour points are the centres of edge pixels; map centre to centre, then clip to the frame.
    full = (points + 0.5) / scale - 0.5
    out: list[tuple[int, int]] = []
    for x, y in full:
        p = (int(np.clip(round(float(x)), 0, w)), int(np.clip(round(float(y)), 0, h)))
        if p not in out:
            out.append(p)
    return tuple(out)
