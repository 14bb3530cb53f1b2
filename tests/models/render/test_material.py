"""Game material that is not a die (issue 30): the makers draw sane textures, scenes with
material are deterministic, keep dice off the raised pieces, label no die where none was
thrown, and leave every older set's draws as they were."""

from __future__ import annotations

import numpy as np
import pytest

from models.render import SceneConfig, render_scene
from models.render.camera import sample_camera
from models.render.material import BOARDS, PIECES, sample_material
from models.training.synthetic import (
    MATERIAL_DICE_SET,
    MATERIAL_EMPTY_SET,
    MATERIAL_SET,
    TRAINING_SETS,
    scene_config,
)

MAKERS = sorted({*BOARDS, *(maker for maker, _ in PIECES)}, key=lambda m: m.__name__)
SMALL = {"width": 320, "height": 240}


@pytest.mark.parametrize("maker", MAKERS, ids=lambda m: m.__name__)
@pytest.mark.parametrize("px", [16, 97, 300])
def test_each_maker_draws_a_texture_in_range(maker: object, px: int) -> None:
    tex, alpha, width, height, thickness = maker(np.random.default_rng(px), px)  # type: ignore[operator]
    assert tex.ndim == 3 and tex.shape[2] == 3
    assert alpha.shape == tex.shape[:2]
    assert np.isfinite(tex).all()
    assert float(tex.min()) >= -1e-3 and float(tex.max()) <= 1.2
    assert float(alpha.min()) >= 0.0 and float(alpha.max()) <= 1.0
    assert width > 0 and height > 0 and thickness >= 0


def test_same_seed_same_scene() -> None:
    cfg = SceneConfig(material=1.0, **SMALL)  # type: ignore[arg-type]
    first = render_scene(np.random.default_rng(4), cfg)
    again = render_scene(np.random.default_rng(4), cfg)
    assert np.array_equal(first.image_bgr, again.image_bgr)
    assert first.dice == again.dice


def test_material_changes_the_picture_and_none_leaves_it() -> None:
    plain = render_scene(np.random.default_rng(8), SceneConfig(**SMALL))  # type: ignore[arg-type]
    zero = render_scene(np.random.default_rng(8), SceneConfig(material=0.0, **SMALL))  # type: ignore[arg-type]
    laid = render_scene(np.random.default_rng(8), SceneConfig(material=1.0, **SMALL))  # type: ignore[arg-type]
    assert np.array_equal(plain.image_bgr, zero.image_bgr)
    assert not np.array_equal(plain.image_bgr, laid.image_bgr)


@pytest.mark.parametrize("seed", range(6))
def test_a_table_without_dice_labels_none(seed: int) -> None:
    cfg = SceneConfig(material=1.0, dice_count=(0, 0), **SMALL)  # type: ignore[arg-type]
    assert render_scene(np.random.default_rng(seed), cfg).dice == ()


def test_raised_pieces_keep_their_footprint_clear_of_dice() -> None:
    rng = np.random.default_rng(2)
    cam = sample_camera(rng, 640, 480, 20.0, 40.0)
    tall = [s for _ in range(20) for s in sample_material(rng, cam, 40.0).spots]
    assert tall, "twenty layouts hold no pyramid or pawn"
    assert all(s.half > 0 for s in tall)


def test_material_sets_are_distinct_from_training() -> None:
    names = {s.name for s in TRAINING_SETS}
    seeds = {s.seed for s in TRAINING_SETS}
    for spec in (MATERIAL_SET, MATERIAL_EMPTY_SET, MATERIAL_DICE_SET):
        assert spec.name not in names and spec.seed not in seeds
        assert scene_config(spec).material == 1.0
    assert scene_config(MATERIAL_EMPTY_SET).dice_count == (0, 0)
    assert scene_config(TRAINING_SETS[0]).material == 0.0


def test_material_must_be_a_probability() -> None:
    with pytest.raises(ValueError, match=r"material must be in 0\.\.1"):
        SceneConfig(material=1.5)
