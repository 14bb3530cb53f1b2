"""The motion measure and the roll thumbnail, on real numpy/OpenCV images."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pytest

from vision.motion import MotionMeter, encode_thumbnail, motion_energy, small_frame
from vision.settle import SettleConfig

FELT = (40, 110, 60)  # BGR green; a red die on it has the very same grey level
RED = (30, 30, 220)
STILL = SettleConfig().still_motion


def table(*dice: tuple[int, int], noise: float = 0.0, seed: int = 0) -> np.ndarray:
    frame = np.full((480, 640, 3), FELT, np.uint8)
    for x, y in dice:
        cv2.rectangle(frame, (x, y), (x + 40, y + 40), RED, -1)
    if noise:
        grain = np.random.default_rng(seed).normal(0, noise, frame.shape)
        frame = np.clip(frame + grain.round(), 0, 255).astype(np.uint8)
    return frame


def with_hand(frame: np.ndarray, radius: int) -> np.ndarray:
    out = frame.copy()
    cv2.circle(out, (320, 240), radius, (150, 170, 200), -1)
    return out


def energy(a: np.ndarray, b: np.ndarray) -> float:
    return motion_energy(small_frame(a), small_frame(b))


@pytest.mark.parametrize(
    ("name", "before", "after", "low", "high"),
    [
        ("same frame", table((100, 100)), table((100, 100)), 0.0, 0.0),
        ("webcam grain", table((100, 100), noise=8, seed=1), table((100, 100), noise=8), 0.0, 0.0),
        ("die slides 20 px", table((100, 100)), table((120, 100)), 0.3, STILL),
        (
            "five dice tumble",
            table(*[(100 * i, 200) for i in range(5)]),
            table(*[(100 * i + 30, 230) for i in range(5)]),
            STILL,
            10.0,
        ),
        ("hand in view", table((100, 100)), with_hand(table((100, 100)), 60), STILL, 50.0),
        ("hand reaching in", table((100, 100)), with_hand(table((100, 100)), 120), 10.0, 50.0),
    ],
)
def test_motion_energy_separates_noise_dice_and_hands(
    name: str, before: np.ndarray, after: np.ndarray, low: float, high: float
) -> None:
    assert low <= energy(before, after) <= high, name


def test_an_iso_luminant_die_still_registers() -> None:
    grey = [cv2.cvtColor(table(*d), cv2.COLOR_BGR2GRAY) for d in ([(100, 100)], [(300, 300)])]
    assert abs(int(grey[0][120, 120]) - int(grey[0][5, 5])) <= 1
    assert energy(table((100, 100)), table((300, 300))) > 0.5


def test_motion_meter_needs_two_frames_of_one_size() -> None:
    meter = MotionMeter()
    assert meter.update(table((100, 100))) is None
    assert meter.update(table((100, 100))) == 0.0
    moving = meter.update(with_hand(table((100, 100)), 120))
    assert moving is not None
    assert moving > STILL
    assert meter.update(np.zeros((100, 100, 3), np.uint8)) is None


def test_motion_meter_looks_only_at_the_table_region() -> None:
    meter = MotionMeter(roi_xyxy=(0, 0, 200, 200))
    meter.update(table((100, 100)))
    assert meter.update(with_hand(table((100, 100)), 60)) == 0.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: small_frame(np.zeros((4, 4), np.uint8)), "expected an HxWx3 uint8 frame"),
        (lambda: small_frame(table(), (0, 0, 700, 10)), r"roi_xyxy \(0, 0, 700, 10\) is not"),
        (
            lambda: motion_energy(np.zeros((2, 2), np.uint8), np.zeros((3, 3), np.uint8)),
            "frames differ in size",
        ),
        (lambda: encode_thumbnail(np.zeros((8, 8, 3), np.float32)), "HxWx3 uint8"),
        (lambda: encode_thumbnail(table(), max_side=8), "max_side must be 16..4096, got 8"),
    ],
)
def test_bad_images_are_refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    ("size_wh", "max_side", "expected_wh"),
    [((640, 480), 320, (320, 240)), ((480, 640), 320, (240, 320)), ((100, 50), 320, (100, 50))],
)
def test_thumbnail_is_a_jpeg_within_max_side(
    size_wh: tuple[int, int], max_side: int, expected_wh: tuple[int, int]
) -> None:
    frame = np.full((size_wh[1], size_wh[0], 3), FELT, np.uint8)
    data = encode_thumbnail(frame, max_side)
    assert data[:3] == b"\xff\xd8\xff"
    decoded = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert decoded is not None
    assert (decoded.shape[1], decoded.shape[0]) == expected_wh
