"""Training targets and augmentations (pure numpy: no torch needed)."""

import numpy as np
import pytest

from models.training.augment import (
    augment_crop,
    cut_crop,
    finder_tile,
    frame_cast,
    jitter_box,
    recolour,
    video_grain,
)
from models.training.real import die_boxes_from_pip_groups
from models.training.samples import Sample
from models.training.targets import finder_targets
from vision.crops import CAST_SIZE, CROP_SIZE, crop_batch
from vision.finder import SIZE_UNIT, STRIDE


def test_centre_heat_peaks_at_one_with_size_and_offset() -> None:
    boxes = np.array([[10, 20, 42, 52], [100, 100, 120, 140]], np.float32)
    t = finder_targets(boxes, 160, 160, size_known=True)
    assert t.heat.shape == (1, 40, 40)
    cx, cy = 26 / STRIDE, 36 / STRIDE
    assert t.heat[0, int(cy), int(cx)] == 1.0
    assert t.centre_mask.sum() == 2 and t.size_mask.sum() == 2
    assert t.size[:, int(cy), int(cx)] == pytest.approx([32 / SIZE_UNIT, 32 / SIZE_UNIT])
    assert t.offset[:, int(cy), int(cx)] == pytest.approx([cx - int(cx), cy - int(cy)])


def test_unknown_sizes_teach_centres_only() -> None:
    boxes = np.array([[40, 40, 50, 50]], np.float32)
    t = finder_targets(boxes, 128, 128, size_known=False, estimated_side=40.0)
    assert t.centre_mask.sum() == 1 and t.size_mask.sum() == 0
    # The blob is as wide as the estimated die, not the small pip-group box.
    assert (t.heat > 0.5).sum() > 1


def test_boxes_outside_the_tile_are_ignored() -> None:
    boxes = np.array([[-40, -40, -10, -10], [500, 10, 530, 40]], np.float32)
    assert finder_targets(boxes, 128, 128, size_known=True).centre_mask.sum() == 0


def test_pip_group_boxes_grow_to_one_die_size_per_photo() -> None:
    groups = np.array([[100, 100, 136, 136], [200, 200, 210, 210]], np.float32)
    boxes = die_boxes_from_pip_groups(groups, np.array([5, 1]), hint=60.0)
    sides = boxes[:, 2] - boxes[:, 0]
    assert sides == pytest.approx([50.0, 50.0])  # 36 / 0.72, from the 5, for both dice
    assert boxes[1].mean() == pytest.approx(205.0)


def _sample() -> Sample:
    rng = np.random.default_rng(0)
    image = rng.integers(0, 255, (240, 320, 3), dtype=np.uint8)
    boxes = np.array([[50, 60, 90, 100], [200, 120, 240, 160]], np.float32)
    return Sample(image, boxes, np.array([3, 6]), np.array([0, 4]))


def test_finder_tile_keeps_boxes_on_the_dice() -> None:
    rng = np.random.default_rng(1)
    sample = _sample()
    for _ in range(20):
        tile, boxes, scale = finder_tile(sample, rng, 128, 640)
        assert tile.shape == (128, 128, 3) and tile.dtype == np.uint8
        sides = boxes[:, 2] - boxes[:, 0]
        assert sides == pytest.approx(40 * scale, rel=1e-4)


def test_reader_crop_and_cast_shapes() -> None:
    rng = np.random.default_rng(2)
    sample = _sample()
    cut = cut_crop(sample, jitter_box(sample.boxes[0], rng))
    crop, cast = augment_crop(cut, frame_cast(sample), rng)
    assert crop.shape == (CROP_SIZE, CROP_SIZE, 3)
    assert cast.shape == (CAST_SIZE,) and cast.min() >= 0 and cast.max() <= 1


def test_grey_photos_give_a_grey_cast() -> None:
    sample = _sample()
    grey = Sample(sample.image_bgr, sample.boxes, sample.pips, sample.colours, grey=True)
    cast = frame_cast(grey)
    assert cast.shape == (CAST_SIZE,)
    assert all(part[0] == part[1] == part[2] for part in cast.reshape(-1, 3))


@pytest.mark.parametrize(
    ("die_px", "least", "most"), [(0.0, 40 * 2 * 0.55, 40 * 2 * 1.6), (24.0, 24 * 0.55, 24 * 1.6)]
)
def test_a_tile_shows_the_dice_at_the_finders_scale_or_at_the_size_asked(
    die_px: float, least: float, most: float
) -> None:
    """The finder sees a 320 x 240 photo at its 640 px long side (its 40 px dice at 80); a
    small-dice tables' finder sees them about `die_px` across, whatever the photo's size."""
    rng = np.random.default_rng(2)
    sides = [
        float(boxes[0, 2] - boxes[0, 0])
        for _, boxes, _ in (finder_tile(_sample(), rng, 128, 640, die_px) for _ in range(60))
    ]
    assert least - 1e-3 <= min(sides) and max(sides) <= most + 1e-3
    assert max(sides) > (least + most) / 2 > min(sides)


def test_recolouring_a_finder_tile_changes_hues_not_shapes() -> None:
    rng = np.random.default_rng(4)
    tile = np.zeros((32, 32, 3), np.uint8)
    tile[8:24, 8:24] = (40, 60, 220)  # a red die on black
    for _ in range(12):
        out = recolour(tile, rng)
        assert out.shape == tile.shape and out.dtype == np.uint8
        assert (out[:8].max(), out[:, :8].max()) == (0, 0)  # the table stays as it was
        inside = out[8:24, 8:24].reshape(-1, 3)
        assert (inside == inside[0]).all()  # the die stays one flat colour
        assert inside[0].max() >= 200  # and as bright


def test_strong_reader_casts_move_crop_and_cast_together() -> None:
    sample = _sample()
    cut = cut_crop(sample, sample.boxes[0])
    cast = frame_cast(sample)
    ratios = []
    for seed in range(60):
        _, new_cast = augment_crop(cut, cast, np.random.default_rng(seed))
        ratios.append(float(new_cast[2] / new_cast[0]) / float(cast[2] / cast[0]))
        if new_cast.max() < 1:  # every part of the light cue sees the same lamp
            for b, r in ((3, 5), (6, 8)):
                part_ratio = float(new_cast[r] / new_cast[b]) / float(cast[r] / cast[b])
                assert part_ratio == pytest.approx(ratios[-1], rel=1e-3)
    # some crops see a lamp far warmer (and far cooler) than the mild +-18% casts
    assert max(ratios) > 1.6 and min(ratios) < 1 / 1.6


def test_training_gives_the_light_cue_the_runtime_gives_for_the_same_boxes() -> None:
    sample = _sample()
    boxes = [(float(x1), float(y1), float(x2), float(y2)) for x1, y1, x2, y2 in sample.boxes]
    _, _, runtime_cast = crop_batch(sample.image_bgr, boxes)
    assert runtime_cast.shape == (len(boxes), CAST_SIZE)
    assert (runtime_cast == frame_cast(sample)).all()


def test_a_picture_without_dice_still_gets_a_whole_light_cue() -> None:
    sample = _sample()
    none = np.zeros(0, np.int64)
    empty = Sample(sample.image_bgr, np.zeros((0, 4), np.float32), none, none)
    cast = frame_cast(empty)
    assert cast.shape == (CAST_SIZE,) and (cast[6:] == cast[3:6]).all()


def test_video_grain_is_faint_fresh_and_keeps_the_crop_shape() -> None:
    rng = np.random.default_rng(5)
    crop = np.full((CROP_SIZE, CROP_SIZE, 3), 128, np.uint8)
    crop[16:32, 16:32] = 20  # a dark pip, so compression has an edge to work on
    first, second = video_grain(crop, rng), video_grain(crop, rng)
    for grained in (first, second):
        assert grained.shape == crop.shape and grained.dtype == np.uint8
        change = np.abs(grained.astype(np.int16) - crop.astype(np.int16))
        assert 0 < change.mean() < 6  # grain, not a new picture
    assert not np.array_equal(first, second)  # fresh grain each time, as each frame has
