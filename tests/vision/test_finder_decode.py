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


def test_colour_cast_is_the_mean_colour() -> None:
    frame = np.zeros((64, 64, 3), np.uint8)
    frame[..., 2] = 255
    assert crops.colour_cast(frame) == pytest.approx([0.0, 0.0, 1.0])
