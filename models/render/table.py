"""The table as the camera sees it: a family's texture drawn on a canvas laid on the table
plane, then warped through the camera (so oblique views get real perspective)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from models.render.background import make_background
from models.render.camera import F64, Camera
from models.render.floors import FLOOR_FINE_TEXTURE, Enclosure
from models.render.noise import pixel_noise

F32 = npt.NDArray[np.float32]

# Per-pixel texture added after the warp, where the canvas is too coarse to hold it.
FINE_TEXTURE: dict[str, float] = {
    "wood": 0.01,
    "felt": 0.05,
    "cloth": 0.04,
    "paper": 0.012,
    "tray": 0.03,
    "dark_table": 0.03,
    "plain": 0.015,
    "tablecloth": 0.03,
    "carpet": 0.16,
    "tiles": 0.03,
    **FLOOR_FINE_TEXTURE,
}

# Canvas pixels relative to picture pixels: backgrounds cost in proportion to their size.
CANVAS_SHARE = 0.25
MAX_CANVAS = 2048


def canvas_to_image(cam: Camera, scale: float, origin: F64, angle: float) -> F64:
    """3x3 map from canvas pixels to picture pixels."""
    c, s = math.cos(angle), math.sin(angle)
    to_world = np.array(
        [[c / scale, -s / scale, 0.0], [s / scale, c / scale, 0.0], [0.0, 0.0, 1.0]]
    ) @ np.array([[1.0, 0.0, origin[0] * scale], [0.0, 1.0, origin[1] * scale], [0, 0, 1.0]])
    return np.asarray(cam.table_homography() @ to_world, np.float64)


def render_table(
    rng: np.random.Generator,
    cam: Camera,
    family: str,
    die_world: float,
    enclosure: Enclosure | None = None,
) -> F32:
    """(h, w, 3) float picture of the bare table seen by `cam` (a tray or bowl family lays
    its floor on `enclosure`)."""
    angle = float(rng.uniform(0, 2 * math.pi))
    c, s = math.cos(angle), math.sin(angle)
    foot = cam.footprint(margin=4.0)
    local = foot @ np.array([[c, -s], [s, c]])  # rotate world into the canvas frame
    lo, hi = local.min(0), local.max(0)
    area = float(np.prod(hi - lo))
    scale = min(1.0, math.sqrt(CANVAS_SHARE * cam.width * cam.height / max(area, 1.0)))
    size = np.minimum(np.ceil((hi - lo) * scale).astype(int) + 2, MAX_CANVAS)
    inside = None
    if enclosure is not None:  # world to canvas: rotate like the footprint, shift, scale
        x, y = (np.array([enclosure.x, enclosure.y]) @ np.array([[c, -s], [s, c]]) - lo) * scale
        inside = (float(x), float(y), enclosure.radius * scale)
    canvas = make_background(rng, family, int(size[1]), int(size[0]), die_world * scale, inside)
    # Warping 8-bit is several times cheaper than float, and the table has no finer levels.
    canvas_u8 = np.asarray(canvas * 255.0 + 0.5, np.uint8)
    m = canvas_to_image(cam, scale, lo, angle)
    warped = cv2.warpPerspective(
        canvas_u8,
        m,
        (cam.width, cam.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT101,
    )
    fine = FINE_TEXTURE.get(family, 0.0)
    grain = 1.0 / 255.0 + (fine * float(rng.uniform(0.5, 1.2)) / 255.0) * pixel_noise(
        rng, cam.height, cam.width
    )
    return np.asarray(warped * grain[..., None], np.float32)
