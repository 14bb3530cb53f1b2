"""What the lamp and the camera do to the picture after the scene is laid out: light falloff,
colour cast and exposure; then blur, vignetting, sensor noise, tone curve and JPEG."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from models.render.arrays import f32, u8
from models.render.lighting import Light
from models.render.noise import grey_noise3, pixel_noise

F32 = npt.NDArray[np.float32]
U8 = npt.NDArray[np.uint8]
_LUMA = np.array([0.114, 0.587, 0.299], np.float32)


@dataclass(frozen=True)
class CameraLook:
    """One camera's defects, fixed for a picture or a whole video."""

    defocus: float = 0.0
    shake: tuple[float, float] = (0.0, 0.0)
    vignette: float = 0.0
    noise: float = 0.0
    chroma_noise: float = 0.0
    jpeg: int = 0
    soften: float = 1.0
    saturation: float = 1.0
    gamma: float = 1.0


def sample_look(rng: np.random.Generator, effects: bool, video: bool = False) -> CameraLook:
    if not effects:
        return CameraLook()
    shake = (0.0, 0.0)
    if not video and rng.random() < 0.15:
        length, ang = float(rng.uniform(1.0, 6.0)), float(rng.uniform(0, math.pi))
        shake = (length * math.cos(ang), length * math.sin(ang))
    return CameraLook(
        defocus=float(rng.uniform(0.3, 1.3)) if rng.random() < 0.25 else 0.0,
        shake=shake,
        vignette=float(rng.uniform(0.0, 0.45)),
        # Video codecs spend their bits on frame-to-frame noise: keep a video's faint.
        noise=float(rng.uniform(0.002, 0.007) if video else rng.uniform(0.004, 0.03)),
        chroma_noise=0.0 if video else float(rng.uniform(0.0, 0.6)),
        jpeg=0 if video else (int(rng.integers(35, 96)) if rng.random() < 0.9 else 0),
        soften=float(rng.uniform(0.5, 0.9)) if rng.random() < 0.2 else 1.0,
        saturation=float(rng.uniform(0.8, 1.2)),
        gamma=float(rng.uniform(0.85, 1.15)),
    )


def _gain_map(h: int, w: int, light: Light, vignette: float) -> F32 | None:
    """Smooth brightness map (h, w): the lamp's falloff across the table and the lens's
    vignetting, computed coarse and scaled up."""
    if light.gradient <= 0 and vignette <= 0:
        return None
    gh, gw = h // 16 + 2, w // 16 + 2
    y = np.linspace(-0.5, 0.5, gh, dtype=np.float32)[:, None]
    x = np.linspace(-0.5, 0.5, gw, dtype=np.float32)[None, :]
    ramp = x * math.cos(light.gradient_angle) + y * math.sin(light.gradient_angle)
    gain = (1.0 + light.gradient * ramp) * (1.0 - vignette * 2.0 * (x * x + y * y))
    return np.asarray(cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR), np.float32)


def _colour_matrix(light: Light, saturation: float) -> F32:
    """Lamp cast, exposure and saturation as one 3x3 map on BGR."""
    sat = saturation * np.eye(3, dtype=np.float32) + (1 - saturation) * np.tile(_LUMA, (3, 1))
    gains = np.diag(np.array(light.gains_bgr, np.float32) * light.exposure)
    return np.asarray(sat @ gains, np.float32)


def _kernel(dx: float, dy: float) -> F32:
    k = max(3, math.ceil(math.hypot(dx, dy)) | 1)
    ker = np.zeros((k, k), np.float32)
    c = k // 2
    p1 = (round(c - dx / 2), round(c - dy / 2))
    p2 = (round(c + dx / 2), round(c + dy / 2))
    cv2.line(ker, p1, p2, 1.0, 1, cv2.LINE_AA)
    return np.asarray(ker / ker.sum(), np.float32)


@lru_cache(maxsize=32)
def _gamma_lut(gamma: float) -> U8:
    x = np.arange(256, dtype=np.float64) / 255.0
    return np.asarray(np.round(255.0 * x ** (1.0 / gamma)), np.uint8)


def finish(img: F32, light: Light, look: CameraLook, rng: np.random.Generator) -> U8:
    """Light falloff and cast, blur, vignetting, noise, tone curve and JPEG: the picture as
    a camera would store it."""
    h, w = img.shape[:2]
    gain = _gain_map(h, w, light, look.vignette)
    if gain is not None:
        img = f32(cv2.multiply(img, cv2.merge([gain, gain, gain])))
    img = f32(cv2.transform(img, _colour_matrix(light, look.saturation)))
    if look.soften < 1.0:
        size = (max(8, int(w * look.soften)), max(8, int(h * look.soften)))
        small = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
        img = f32(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))
    if look.defocus > 0:
        img = f32(cv2.GaussianBlur(img, (0, 0), look.defocus))
    if look.shake != (0.0, 0.0):
        img = f32(cv2.filter2D(img, -1, _kernel(*look.shake)))
    if look.noise > 0:
        luma = grey_noise3(rng, h, w)
        img = f32(cv2.scaleAdd(luma, look.noise * (1 - look.chroma_noise), img))
        if look.chroma_noise > 0:
            img = f32(cv2.scaleAdd(pixel_noise(rng, h, w, 3), look.noise * look.chroma_noise, img))
    out = u8(cv2.convertScaleAbs(np.maximum(img, 0.0, out=img), alpha=255.0))
    if look.gamma != 1.0:
        out = u8(cv2.LUT(out, _gamma_lut(round(look.gamma, 2))))
    if look.jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg])
        if ok:
            out = u8(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    return np.asarray(out, np.uint8)
