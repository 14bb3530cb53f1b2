"""A pinhole camera over the table plane z = 0 (world units: pixels at the image centre)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]

# A top-down camera: image x along world x, image y along world -y, looking down -z.
_TOP_DOWN = np.diag([1.0, -1.0, -1.0])


def rot_x(a: float) -> F64:
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def rot_z(a: float) -> F64:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


@dataclass(frozen=True, eq=False)
class Camera:
    """`rot` maps world to camera axes; the camera sits at `centre` and looks at the origin,
    which lands on the image centre at one pixel per world unit."""

    width: int
    height: int
    focal: float
    rot: F64
    centre: F64

    @classmethod
    def looking_down(
        cls, width: int, height: int, focal: float, tilt_deg: float = 0.0, azimuth_deg: float = 0.0
    ) -> Camera:
        rot = rot_x(math.radians(tilt_deg)) @ _TOP_DOWN @ rot_z(math.radians(azimuth_deg))
        centre = -rot.T @ np.array([0.0, 0.0, focal])
        return cls(width, height, focal, rot, centre)

    def to_camera(self, pts_w: F64) -> F64:
        return (pts_w - self.centre) @ self.rot.T

    def project(self, pts_w: F64) -> F64:
        """(N, 3) world points to (N, 2) pixels (points must be in front of the camera)."""
        pc = self.to_camera(pts_w)
        z = np.maximum(pc[:, 2:3], 1e-6)
        uv = pc[:, :2] * (self.focal / z)
        return np.asarray(uv + np.array([self.width / 2.0, self.height / 2.0]), np.float64)

    def depth(self, pts_w: F64) -> F64:
        return self.to_camera(pts_w)[:, 2]

    def table_homography(self) -> F64:
        """3x3 map from table (X, Y, 1) to image pixels."""
        k = np.array(
            [[self.focal, 0.0, self.width / 2.0], [0.0, self.focal, self.height / 2.0], [0, 0, 1]]
        )
        t = -self.rot @ self.centre
        return k @ np.column_stack([self.rot[:, 0], self.rot[:, 1], t])

    def image_to_table(self, pts_img: F64) -> F64:
        """(N, 2) pixels to (N, 2) table coordinates."""
        h_inv = np.linalg.inv(self.table_homography())
        p = np.column_stack([pts_img, np.ones(len(pts_img))]) @ h_inv.T
        return np.asarray(p[:, :2] / p[:, 2:3], np.float64)

    def scale_at(self, xy: F64) -> F64:
        """Pixels per world unit at table points (N, 2): bigger nearer the camera."""
        pts = np.column_stack([xy, np.zeros(len(xy))])
        return self.focal / np.maximum(self.depth(pts), 1e-6)

    def footprint(self, margin: float = 0.0) -> F64:
        """Table corners (4, 2) of the image, grown by `margin` pixels on every side."""
        w, h, m = self.width, self.height, margin
        corners = np.array([[-m, -m], [w + m, -m], [w + m, h + m], [-m, h + m]], dtype=float)
        return self.image_to_table(corners)


def sample_camera(
    rng: np.random.Generator,
    width: int,
    height: int,
    max_tilt: float,
    die_px: float,
    min_tilt: float = 0.0,
) -> Camera:
    """A third of cameras look straight down, the rest oblique up to `max_tilt`; with
    `min_tilt` above 0 every camera tilts `min_tilt`..`max_tilt` (a phone at a slant). The
    die's size relative to the camera distance sets the focal length: a webcam half a metre
    above 16 mm dice sees them at 1/30 of the distance, a phone close-up at about 1/10."""
    ratio = math.exp(rng.uniform(math.log(0.02), math.log(0.1)))
    focal = float(np.clip(die_px / ratio, 0.6 * width, 4.0 * width))
    tilt = 0.0
    if min_tilt > 0:
        tilt = float(rng.uniform(min_tilt, max_tilt))
    elif max_tilt > 0 and rng.random() > 0.3:
        tilt = float(rng.uniform(0.0, max_tilt))
    elif max_tilt > 0:
        tilt = float(rng.uniform(0.0, min(max_tilt, 4.0)))
    focal = max(focal, horizon_focal(height, tilt))
    return Camera.looking_down(width, height, focal, tilt, float(rng.uniform(0.0, 360.0)))


# The top edge of a picture looks at most this far from straight down, so the table fills it.
FAR_RAY_DEG = 80.0


def horizon_focal(height: int, tilt_deg: float) -> float:
    """The least focal length that keeps the picture's top edge `FAR_RAY_DEG` or less from
    straight down at this tilt (0 up to 45 degrees: no sampled camera is that wide there, so
    older scenes are unchanged)."""
    if tilt_deg <= 45.0:
        return 0.0
    room = math.radians(max(FAR_RAY_DEG - tilt_deg, 5.0))
    return float(height / 2 / math.tan(room))
