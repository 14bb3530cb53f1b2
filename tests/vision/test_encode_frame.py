"""The settled frame kept with a camera roll: camera resolution while it fits its byte bound,
shrunk only when a busy frame would not fit; never over the bound."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.motion import decode_frame, encode_frame

RNG = np.random.default_rng(7)


def _flat(w: int, h: int) -> np.ndarray:
    frame = np.full((h, w, 3), 110, np.uint8)
    cv2.rectangle(frame, (w // 4, h // 4), (w // 4 + 40, h // 4 + 40), (30, 30, 200), -1)
    return frame


def _noise(w: int, h: int) -> np.ndarray:
    return RNG.integers(0, 256, (h, w, 3), dtype=np.uint8)


@pytest.mark.parametrize(
    ("frame", "max_bytes", "full_size"),
    [
        (_flat(1280, 720), 512 * 1024, True),  # a table: full resolution, far under the bound
        (_flat(1920, 1080), 512 * 1024, True),
        (_noise(640, 480), 512 * 1024, True),  # busy, but fits at a lower quality
        (_noise(1920, 1080), 256 * 1024, False),  # pure noise: shrunk until it fits
    ],
)
def test_frame_keeps_camera_resolution_within_its_bound(
    frame: np.ndarray, max_bytes: int, full_size: bool
) -> None:
    data = encode_frame(frame, max_bytes)
    assert data.startswith(b"\xff\xd8\xff") and len(data) <= max_bytes
    decoded = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert decoded is not None
    h, w = frame.shape[:2]
    if full_size:
        assert decoded.shape[:2] == (h, w)
    else:
        assert decoded.shape[1] < w and abs(decoded.shape[1] / decoded.shape[0] - w / h) < 0.02


@pytest.mark.parametrize(
    ("frame", "max_bytes", "message"),
    [
        (np.zeros((10, 10), np.uint8), 100_000, "HxWx3 uint8"),
        (_flat(64, 64), 1000, "max_bytes must be 4096"),
    ],
)
def test_bad_arguments_are_named(frame: np.ndarray, max_bytes: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        encode_frame(frame, max_bytes)


@pytest.mark.parametrize(
    ("frame", "max_bytes"), [(_flat(640, 360), 512 * 1024), (_noise(1920, 1080), 256 * 1024)]
)
def test_a_kept_frame_decodes_at_the_size_its_boxes_are_measured_in(
    frame: np.ndarray, max_bytes: int
) -> None:
    width, height = frame.shape[1], frame.shape[0]
    decoded = decode_frame(encode_frame(frame, max_bytes), (width, height))
    assert decoded is not None and decoded.shape == frame.shape and decoded.dtype == np.uint8
    assert decode_frame(b"not a picture", (width, height)) is None
