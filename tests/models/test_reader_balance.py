"""The reader's crops balanced by the light cue's lamp estimate (needs the optional torch extra:
skipped where training is not installed)."""

import pytest

torch = pytest.importorskip("torch")

from models.training.nets import LEAST_LIGHT, MOST_GAIN, balanced  # noqa: E402
from vision.crops import CAST_SIZE  # noqa: E402


def _cue(norm: list[float], dice: list[float]) -> object:
    """A cue whose frame mean is mid grey (the balance ignores it), then 6-norm and dice' part."""
    cue = torch.tensor([[0.5, 0.5, 0.5, *norm, *dice]])
    assert cue.shape[1] == CAST_SIZE
    return cue


@pytest.mark.parametrize(
    ("norm", "dice", "pixel", "expected"),
    [
        # A grey lamp, however bright: the crop as it is.
        ([0.8, 0.8, 0.8], [0.6, 0.6, 0.6], [0.2, 0.4, 0.6], [0.2, 0.4, 0.6]),
        # Both estimates say red is twice blue: a lamp of gains 2/3, 1, 4/3 taken out.
        ([0.3, 0.45, 0.6], [0.4, 0.6, 0.8], [0.2, 0.3, 0.4], [0.3, 0.3, 0.3]),
        # The two estimates disagree: their geometric mean (blue 1/2 and 2, so even) is used.
        ([0.25, 0.5, 0.5], [1.0, 0.5, 0.5], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3]),
        # A blue channel the cue calls black: the scaled-up pixel stops at MOST_GAIN.
        (
            [0.0, 0.5, 0.5],
            [0.0, 0.5, 0.5],
            [0.9, 0.3, 0.3],
            [MOST_GAIN, 0.3 * 0.34 / 0.5, 0.3 * 0.34 / 0.5],
        ),
    ],
)
def test_crops_are_balanced_by_the_cues_lamp(
    norm: list[float], dice: list[float], pixel: list[float], expected: list[float]
) -> None:
    crops = torch.tensor(pixel).view(1, 3, 1, 1).expand(1, 3, 4, 4)
    out = balanced(crops, _cue(norm, dice))
    assert out.shape == crops.shape
    assert out[0, :, 2, 1].tolist() == pytest.approx(expected, rel=1e-5)


def test_least_light_keeps_the_gain_finite() -> None:
    crops = torch.ones(2, 3, 4, 4)
    cue = torch.zeros(2, CAST_SIZE)
    out = balanced(crops, cue)
    assert torch.isfinite(out).all()
    assert LEAST_LIGHT > 0
