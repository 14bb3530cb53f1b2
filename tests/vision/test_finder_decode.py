import numpy as np
import pytest

from vision import crops, finder


@pytest.mark.parametrize(
    ("frame_hw", "long_side", "expected"),
    [
        ((720, 1280), 640, (384, 640, 0.5)),
        ((640, 640), 640, (640, 640, 1.0)),
        ((480, 640), 320, (256, 320, 0.5)),
    ],
)
def test_input_shape_pads_to_multiples_of_32(
    frame_hw: tuple[int, int], long_side: int, expected: tuple[int, int, float]
) -> None:
    assert finder.input_shape(*frame_hw, long_side) == expected


def test_prepare_scales_and_pads() -> None:
    frame = np.full((720, 1280, 3), 255, np.uint8)
    net_in = finder.prepare(frame, 640)
    assert net_in.tensor.shape == (1, 3, 384, 640)
    assert net_in.scale == 0.5
    assert net_in.tensor[0, :, :360].min() == pytest.approx(1.0)
    assert net_in.tensor[0, :, 360:].max() == 0.0


def test_decode_turns_peaks_into_frame_boxes() -> None:
    heat = np.zeros((1, 1, 96, 160), np.float32)
    size = np.zeros((1, 2, 96, 160), np.float32)
    offset = np.full((1, 2, 96, 160), 0.5, np.float32)
    for (y, x), score, side in [((10, 20), 0.9, 32.0), ((50, 100), 0.6, 64.0), ((51, 100), 0.5, 1)]:
        heat[0, 0, y, x] = score
        size[0, :, y, x] = side / finder.SIZE_UNIT
    found = finder.decode(heat, size, offset, scale=0.5, threshold=0.3, max_dice=10)
    # The 0.5 next to the 0.6 is not a local maximum, so it is dropped.
    assert [round(c.score, 2) for c in found] == [0.9, 0.6]
    cx = (20 + 0.5) * finder.STRIDE / 0.5
    cy = (10 + 0.5) * finder.STRIDE / 0.5
    assert found[0].box_xyxy == pytest.approx((cx - 32, cy - 32, cx + 32, cy + 32))


def test_crop_square_replicates_beyond_the_frame() -> None:
    frame = np.zeros((100, 100, 3), np.uint8)
    frame[:, :50] = 200
    crop = crops.crop_square(frame, (-10, 40, 10, 60), scale=1.0, size=20)
    assert crop.shape == (20, 20, 3)
    assert crop.min() == 200  # the left edge is copied outwards, never black


def test_light_cue_of_a_flat_frame_is_its_colour_twice() -> None:
    frame = np.zeros((64, 64, 3), np.uint8)
    frame[..., 2] = 255
    assert crops.colour_cast(frame) == pytest.approx([0.0, 0.0, 1.0, 0.0, 0.0, 1.0])


def _table_with_pips(size: tuple[int, int]) -> np.ndarray:
    """A dark green table with a white pip every 40 pixels: little bright, much table."""
    frame = np.zeros((*size, 3), np.uint8)
    frame[:] = (30, 90, 20)
    frame[::40, ::40] = (240, 240, 240)
    frame[1::40, ::40] = (240, 240, 240)
    return frame


@pytest.mark.parametrize("size", [(480, 640), (720, 1280), (1080, 1920), (37, 53)])
def test_light_cue_norm_leans_on_bright_things_the_mean_does_not(size: tuple[int, int]) -> None:
    cue = crops.colour_cast(_table_with_pips(size))
    assert cue.shape == (crops.FRAME_CUE_SIZE,) and cue.dtype == np.float32
    mean, norm = cue[:3], cue[3:]
    assert mean[1] > 2 * mean[0]  # the green table rules the mean
    assert norm[1] < 1.5 * norm[0]  # the white pips pull the norm towards grey
    assert (norm > mean).all()


def test_light_cue_scales_with_the_light() -> None:
    frame = _table_with_pips((480, 640))
    dimmer = (frame.astype(np.float32) * 0.5).round().astype(np.uint8)
    assert crops.colour_cast(dimmer) == pytest.approx(crops.colour_cast(frame) * 0.5, abs=0.01)


def test_the_dice_part_of_the_light_cue_takes_the_dice_bright_pixels_not_the_table() -> None:
    frame = _table_with_pips((480, 640))
    dice = np.zeros((3, crops.CROP_SIZE, crops.CROP_SIZE, 3), np.uint8)
    dice[:] = (40, 40, 200)  # red dice
    dice[:, 20:28, 20:28] = (250, 240, 230)  # a slightly blue-white pip on each, 2.8% of pixels
    cue = crops.light_cue(frame, dice)
    assert cue.shape == (crops.CAST_SIZE,) and cue.dtype == np.float32
    assert cue[:6] == pytest.approx(crops.colour_cast(frame))
    assert cue[6:] == pytest.approx(np.array([250, 240, 230]) / 255.0)


def test_with_no_dice_the_frame_norm_stands_in_for_the_dice_part() -> None:
    frame = _table_with_pips((100, 120))
    cue = crops.light_cue(frame, np.zeros((0, crops.CROP_SIZE, crops.CROP_SIZE, 3), np.uint8))
    assert (cue[6:] == cue[3:6]).all()


def _norm_by_powers(frame: np.ndarray) -> np.ndarray:
    """The frame's 6-norm as defined: every step-th pixel, each to the 6th power, averaged."""
    step = max(1, -(-max(frame.shape[:2]) // crops.CUE_SAMPLES))
    pixels = frame[::step, ::step].reshape(-1, 3).astype(np.float64) / 255.0
    norm = np.power(np.power(pixels, crops.CUE_POWER).mean(axis=0), 1.0 / crops.CUE_POWER)
    return np.asarray(norm, np.float64)


@pytest.mark.parametrize("size", [(720, 1280), (1080, 1920), (480, 640), (700, 1001), (37, 53)])
def test_the_norm_read_off_value_counts_is_the_norm_by_powers(size: tuple[int, int]) -> None:
    # Whole-ratio frames take the resize path, the others the slice: both the same pixels.
    frame = np.random.default_rng(size[0]).integers(0, 256, (*size, 3), dtype=np.uint8)
    assert crops.colour_cast(frame)[3:] == pytest.approx(_norm_by_powers(frame), rel=1e-6)


@pytest.mark.parametrize("count", [1, 2, 7, 101, 48 * 48 * 11])
@pytest.mark.parametrize("q", [0.0, 50.0, 99.0, 100.0])
def test_the_percentile_read_off_value_counts_is_numpys(count: int, q: float) -> None:
    pixels = np.random.default_rng(count).integers(0, 256, (count, 3), dtype=np.uint8)
    expected = np.percentile(pixels, q, axis=0)
    assert crops.channel_percentile(pixels, q) == pytest.approx(expected, abs=1e-9)
