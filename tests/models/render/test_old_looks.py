"""Older configurations draw what they drew before the odd dice (issue 43) were added: the same
face textures byte for byte, the same dice (boxes, values, colours) in the same scenes and board
nights, and pictures of the same brightness. The digests were taken on the renderer before the
odd looks went in; a change that moves a random draw or a pip changes them."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from models.render import SceneConfig, render_scene
from models.render.board_night import draw_night
from models.render.dataset import scene_seed, yolo_lines
from models.render.face import face_texture
from models.render.looks import sample_table_style
from models.render.palette import colour_face_style, sample_style
from vision.types import COLOURS


def _digest(*parts: bytes) -> str:
    return hashlib.sha256(b"".join(parts)).hexdigest()[:16]


def test_the_face_textures_of_older_looks_are_unchanged() -> None:
    rng = np.random.default_rng(5)
    parts = []
    for colour in COLOURS:
        for style in (sample_style(rng, colour), sample_table_style(rng, colour)):
            for value in range(1, 7):
                for size in (24, 64):
                    tex, mask = face_texture(style, value, size)
                    parts += [tex.tobytes(), b"" if mask is None else mask.tobytes()]
    parts.append(face_texture(colour_face_style(rng), 3, 48)[0].tobytes())
    assert _digest(*parts) == TEXTURES


CONFIGS = {
    "default": SceneConfig(width=160, height=120),
    "tables": SceneConfig.tables(160, 120),
    "colour_faces": SceneConfig(width=160, height=120, colour_faces=0.7),
    "material": SceneConfig(width=160, height=120, material=1.0),
}


@pytest.mark.parametrize("name", CONFIGS)
def test_older_scene_configurations_draw_the_same_dice(name: str) -> None:
    scenes = [render_scene(scene_seed(11, i), CONFIGS[name]) for i in range(3)]
    assert _digest(*(repr(s.dice).encode() for s in scenes)) == SCENES[name][0]
    means = [round(float(s.image_bgr.mean()), 1) for s in scenes]
    assert means == pytest.approx(SCENES[name][1], abs=0.11)


def test_a_board_night_draws_the_same_photos() -> None:
    night = draw_night(3201, 3, SceneConfig(width=320, height=180, material=1.0))
    photos = list(night.photos)  # what the label files hold (the labels' top face moved since)
    assert _digest(*("\n".join(yolo_lines(s)).encode() for s in photos)) == NIGHT[0]
    means = [round(float(p.mean()), 1) for p in (night.empty, *(s.image_bgr for s in photos))]
    assert means == pytest.approx(NIGHT[1], abs=0.11)


TEXTURES = "d9b254c429aa3354"
SCENES: dict[str, tuple[str, list[float]]] = {
    "default": ("903c4bc2083b3079", [116.0, 140.8, 109.5]),
    "tables": ("2fd8ae4aa62d0b9e", [69.5, 58.9, 102.6]),
    "colour_faces": ("b01a332fd7c97595", [118.5, 97.9, 102.6]),
    "material": ("4596c09b42e0e45b", [136.3, 86.0, 141.3]),
}
NIGHT = ("2900af894a57e081", [74.5, 83.6, 80.6, 75.8])
