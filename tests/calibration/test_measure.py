"""Measuring from drawn frames: white gains that undo a tint, the table found, frames combined."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.errors import MeasureError, ProfileError
from calibration.geometry import rect_polygon
from calibration.measure import (
    LIVE_WARMUP_FRAMES,
    MeasureRequest,
    grab_frames,
    measure,
    median_frame,
    white_from_region,
    white_grey_world,
)
from calibration.table import find_table
from tests.calibration.helpers import (
    CARD_RECT,
    SIZE,
    TABLE_RECT,
    WARM_TINT,
    ImageBGR,
    noisy,
    table_scene,
    tinted,
)
from vision.sources import SourceError, SyntheticSource

TINTS = [WARM_TINT, (1.2, 1.0, 0.85), (1.0, 0.9, 1.1), (1.0, 1.0, 1.0)]


def _undone(gains: tuple[float, float, float], tint: tuple[float, float, float]) -> list[float]:
    """gain x tint per channel, relative to green: all 1.0 when the tint is undone."""
    products = [g * t for g, t in zip(gains, tint, strict=True)]
    return [p / products[1] for p in products]


@pytest.mark.parametrize("tint", TINTS)
def test_grey_card_gains_undo_the_tint_within_3_percent(tint: tuple[float, float, float]) -> None:
    frame = noisy(tinted(table_scene(card_level=170), tint), 3.0, seed=1)
    ref = white_from_region(frame, rect_polygon(CARD_RECT))
    assert ref.method == "card"
    assert _undone(ref.gains_bgr, tint) == pytest.approx([1, 1, 1], rel=0.03)
    assert ref.gains_bgr[1] == 1.0
    assert ref.brightness == pytest.approx(170 * tint[1], abs=3)


@pytest.mark.parametrize("tint", TINTS)
def test_grey_world_on_a_grey_table_undoes_the_tint(tint: tuple[float, float, float]) -> None:
    # A grey cloth (with some coloured dice and a noisy weave): the case grey-world is for.
    scene = _grey_cloth()
    scene[200:220, 300:320] = (30, 30, 200)
    frame = noisy(tinted(scene, tint), 12.0, seed=2)
    ref = white_grey_world(frame, rect_polygon(TABLE_RECT))
    assert ref.method == "grey-world" and ref.region == rect_polygon(TABLE_RECT)
    assert _undone(ref.gains_bgr, tint) == pytest.approx([1, 1, 1], rel=0.05)


@pytest.mark.parametrize(
    ("level", "text"),
    [(20, "too dark to balance"), (255, "overexposed")],
)
def test_a_useless_white_region_is_refused(level: int, text: str) -> None:
    frame = table_scene(card_level=level)
    with pytest.raises(MeasureError, match=text):
        white_from_region(frame, rect_polygon(CARD_RECT))


def test_a_coloured_white_region_is_refused_with_its_gains() -> None:
    frame = table_scene()
    frame[100:150, 120:200] = (10, 200, 200)  # yellow "card"
    with pytest.raises(MeasureError, match=r"gains B, G, R = 20\.00, 1\.00, 1\.00.*white or grey"):
        white_from_region(frame, rect_polygon(CARD_RECT))


@pytest.mark.parametrize(
    "table",
    [TABLE_RECT, (37, 51, 601, 333), (200, 150, 440, 330), (0, 60, 640, 420)],
)
def test_auto_table_finds_a_felt_rectangle_within_a_few_pixels(
    table: tuple[int, int, int, int],
) -> None:
    frame = noisy(table_scene(table, card=None), 4.0, seed=3)
    guess = find_table(frame)
    assert guess.reliable, guess
    assert len(guess.polygon) == 4
    x1, y1, x2, y2 = table
    # The corners of the table's outermost pixels.
    for corner in rect_polygon((x1, y1, x2 - 1, y2 - 1)):
        nearest = min(np.hypot(p[0] - corner[0], p[1] - corner[1]) for p in guess.polygon)
        assert nearest <= 3, (corner, guess.polygon)


def test_auto_table_finds_a_turned_table() -> None:
    import cv2

    frame = np.full((480, 640, 3), (40, 35, 30), np.uint8)
    corners = [(150, 60), (560, 140), (490, 430), (90, 350)]
    cv2.fillPoly(frame, [np.asarray(corners, np.int32)], (60, 110, 40))
    guess = find_table(noisy(frame, 4.0, seed=4))
    assert guess.reliable
    for corner in corners:
        nearest = min(np.hypot(p[0] - corner[0], p[1] - corner[1]) for p in guess.polygon)
        assert nearest <= 4


def test_auto_table_on_a_plain_frame_is_the_whole_frame() -> None:
    guess = find_table(np.full((480, 640, 3), 90, np.uint8))
    assert guess.polygon == rect_polygon((0, 0, 640, 480))
    assert "fills the frame" in guess.remark


def test_auto_table_on_noise_is_flagged_unreliable() -> None:
    frame = np.random.default_rng(5).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    assert not find_table(frame).reliable


def test_measure_uses_the_given_regions_over_the_automatic_ones() -> None:
    frame = table_scene()
    given = rect_polygon((110, 90, 530, 390))
    request = MeasureRequest("kitchen", "0", table=given, white=rect_polygon(CARD_RECT))
    measured = measure(frame, request, created_at="2024-05-01T12:00:00+00:00")
    assert measured.profile.table_region == given
    assert measured.profile.white_reference.method == "card"
    assert measured.warnings == ()


def _grey_cloth() -> ImageBGR:
    scene = table_scene(card=None)
    x1, y1, x2, y2 = TABLE_RECT
    scene[y1:y2, x1:x2] = 130
    return scene


def test_measure_finds_what_is_not_given_and_says_so() -> None:
    frame = noisy(tinted(_grey_cloth(), WARM_TINT), 3.0, seed=6)
    measured = measure(frame, MeasureRequest("kitchen", "0", zone_count=2))
    profile = measured.profile
    assert profile.camera.size_wh == SIZE
    assert abs(profile.table_rect[0] - TABLE_RECT[0]) <= 3
    assert profile.white_reference.method == "grey-world"
    assert _undone(profile.white_reference.gains_bgr, WARM_TINT) == pytest.approx([1, 1, 1], 0.05)
    assert profile.zone_names() == ("seat-1", "seat-2")
    assert [w.split(":")[0] for w in measured.warnings] == [
        "table found automatically",
        "no --white card given",
    ]
    assert "table found automatically" in profile.notes


def test_without_a_card_a_coloured_cloth_leaves_white_balance_off() -> None:
    measured = measure(table_scene(card=None), MeasureRequest("kitchen", "0"))
    ref = measured.profile.white_reference
    assert (ref.method, ref.gains_bgr) == ("none", (1.0, 1.0, 1.0))
    assert any("too coloured" in w and "give --white" in w for w in measured.warnings)


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (MeasureRequest("kitchen", "0", table=((0, 0), (700, 0), (700, 100))), "--table[1]"),
        (MeasureRequest("kitchen", "0", white=((0, 0), (10, 0))), "--white"),
        (MeasureRequest("Kitchen", "0"), "name"),
        (MeasureRequest("k", "0", zones=(("a/b", (100, 80, 300, 400)),)), "--zone"),
        (MeasureRequest("k", "0", zones=(("al", (0, 0, 50, 50)),)), "player_zones"),
        (MeasureRequest("k", "0", zone_count=13), "player_zones"),
    ],
)
def test_measure_refuses_bad_requests_naming_them(request_: MeasureRequest, field: str) -> None:
    with pytest.raises(ProfileError) as caught:
        measure(table_scene(), request_)
    assert caught.value.field == field


def test_median_of_frames_removes_noise_and_a_passing_hand() -> None:
    clean = table_scene()
    frames = [noisy(clean, 6.0, seed=i) for i in range(9)]
    frames[4] = frames[4].copy()
    frames[4][150:300, 200:400] = 0  # a hand in one frame
    still = median_frame(frames)

    def error(image: ImageBGR, part: tuple[slice, slice] = (slice(None), slice(None))) -> float:
        return float(np.abs(image[part].astype(int) - clean[part].astype(int)).mean())

    hand = (slice(150, 300), slice(200, 400))
    assert error(still) < 0.5 * error(frames[0])
    assert error(still, hand) < 0.5 * error(frames[0])


def _source(frames: list[ImageBGR], live: bool = False) -> SyntheticSource:
    return SyntheticSource(frames, live=live)


def test_grab_frames_takes_count_frames_from_a_file_like_source() -> None:
    frames = [np.full((24, 32, 3), i, np.uint8) for i in range(20)]
    got = grab_frames(_source(frames), 5)
    assert [int(f[0, 0, 0]) for f in got] == [0, 1, 2, 3, 4]
    assert len(grab_frames(_source(frames[:3]), 10)) == 3


def test_grab_frames_skips_a_live_cameras_warm_up() -> None:
    frames = [np.full((24, 32, 3), i, np.uint8) for i in range(30)]
    got = grab_frames(_source(frames, live=True), 3)
    assert [int(f[0, 0, 0]) for f in got] == [LIVE_WARMUP_FRAMES + i for i in range(3)]


@pytest.mark.parametrize(
    ("frames", "count", "error", "text"),
    [
        ([], 5, MeasureError, "gave no frame"),
        ([np.zeros((24, 32, 3), np.uint8)], 0, MeasureError, "frames must be 1..100"),
        (
            [np.zeros((24, 32, 3), np.uint8), np.zeros((24, 40, 3), np.uint8)],
            5,
            MeasureError,
            "changed frame size",
        ),
    ],
)
def test_grab_frames_errors(
    frames: list[ImageBGR], count: int, error: type[Exception], text: str
) -> None:
    with pytest.raises(error, match=text):
        grab_frames(_source(frames), count)


def test_grab_frames_gives_up_on_a_silent_live_source() -> None:
    ticks = iter(range(100))
    silent = SyntheticSource(lambda i: None, live=True, name="camera 9")
    with pytest.raises(SourceError, match=r"camera 9 gave no frame for 3 s"):
        grab_frames(silent, 2, timeout_s=3.0, clock=lambda: float(next(ticks)))
