"""Marbled faces: every face shows both tones, so a two-class marble never passes for a plain
die of one class; and a two-class marble's label names its classes."""

import numpy as np
import pytest

from models.render.face import TEXTURE_SIZES, marble_mask
from models.render.palette import sample_style
from vision.types import COLOURS, Colour


def _middle_share(mask: np.ndarray) -> float:
    rim = mask.shape[0] // 6
    return float(mask[rim:-rim, rim:-rim].mean())


@pytest.mark.parametrize("size", [TEXTURE_SIZES[0], 48, TEXTURE_SIZES[-1]])
@pytest.mark.parametrize("share", [0.3, 0.45, 0.6])
def test_every_face_shows_its_share_of_the_second_tone(size: int, share: float) -> None:
    shares = [_middle_share(marble_mask(np.random.default_rng(s), size, share)) for s in range(60)]
    assert min(shares) >= share - 0.1
    assert max(shares) <= share + 0.1


def test_the_mask_is_a_blend_weight_with_soft_edges() -> None:
    mask = marble_mask(np.random.default_rng(3), 64, 0.45)
    assert mask.dtype == np.float32 and mask.shape == (64, 64)
    assert mask.min() >= 0.0 and mask.max() <= 1.0
    assert ((mask > 0.05) & (mask < 0.95)).mean() > 0.02


def test_only_two_class_marbles_name_their_two_classes() -> None:
    rng = np.random.default_rng(11)
    named = {c.value for c in COLOURS if c is not Colour.OTHER}
    blends = []
    for colour in COLOURS:
        for _ in range(40):
            style = sample_style(rng, colour)
            if colour is not Colour.OTHER or style.finish != "marbled":
                assert style.blend == ""
                continue
            first, second = style.blend.split("+")
            assert first != second and {first, second} <= named
            blends.append(style.blend)
    assert blends
