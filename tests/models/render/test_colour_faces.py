"""The flyer game's colour-face dice in the renderer: six painted faces without pips, labels
naming the top face's colour, drawn only when a configuration asks for them."""

from __future__ import annotations

import numpy as np
import pytest

from models.render import SceneConfig, render_scene
from models.render.face import face_texture
from models.render.palette import FLYER_FACES, colour_face_style
from vision.colour_face import name_colour

CLEAN = SceneConfig.clean(320, 240, dice_count=(3, 6), die_px=(40.0, 60.0), colour_faces=0.7)


def test_a_colour_face_die_wears_each_flyer_colour_once() -> None:
    for seed in range(20):
        style = colour_face_style(np.random.default_rng(seed))
        assert sorted(style.faces) == sorted(FLYER_FACES)
        assert len(style.face_tones) == 6 and style.blank


@pytest.mark.parametrize("value", range(1, 7))
def test_each_face_is_painted_its_colour_without_pips(value: int) -> None:
    style = colour_face_style(np.random.default_rng(value))
    texture, _ = face_texture(style, value, 64)
    middle = texture[16:48, 16:48, :3].reshape(-1, 3)
    assert np.ptp(middle.astype(int), axis=0).max() <= 2  # one flat paint: no pips
    tone = tuple(float(v) / 255.0 for v in middle[0])
    assert name_colour(tone)[0] is style.faces[value - 1]


def test_labels_name_the_top_face_colour_of_colour_face_dice_only() -> None:
    seen = set()
    for seed in range(12):
        scene = render_scene(np.random.default_rng(seed), CLEAN)
        for die in scene.visible_dice:
            if die.face_colour is None:
                continue
            seen.add(die.face_colour)
            x, y = np.mean(die.top_quad, axis=0)
            centre = scene.image_bgr[int(y), int(x)]
            tone = tuple(float(v) / 255.0 for v in centre)
            assert name_colour(tone)[0] is die.face_colour, seed
    assert len(seen) >= 5


def test_colour_face_dice_are_drawn_only_when_asked() -> None:
    plain = SceneConfig(320, 240)
    for seed in range(6):
        assert all(
            d.face_colour is None for d in render_scene(np.random.default_rng(seed), plain).dice
        )


def test_the_share_of_colour_face_dice_is_checked() -> None:
    with pytest.raises(ValueError, match="colour_faces"):
        SceneConfig(colour_faces=1.5)
