"""Examples for the reader's face head: crops of rendered flyer tables, each labelled with the
colour on top of its colour-face die, or "no colour face" (a pip die, or table around no die).

Scenes alternate between plain tables and the table-like ones of issue 21 (trays, carpet, a
phone at a slant), half their dice colour-face dice, and are drawn from seeds no stored set and
no check (`models.render.flyer_check` starts at 5000) uses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from models.render import SceneConfig, render_scene
from models.render.dataset import JPEG_QUALITY
from models.render.values import DieLabel
from models.training.augment import cut_crop, frame_cast, jitter_box, jpeg
from models.training.crop_cache import random_box
from models.training.samples import Sample
from vision.colour_face import FACE_COLOURS

NO_FACE = 0
FIRST_SEED = 20_000
COLOUR_FACES = 0.5  # share of a scene's dice that are colour-face dice
TABLE_BOXES = 2  # die-sized boxes on bare table per scene


@dataclass(frozen=True)
class FaceCrops:
    crops: npt.NDArray[np.uint8]  # (N, 48, 48, 3)
    casts: npt.NDArray[np.float32]
    labels: npt.NDArray[np.int64]  # NO_FACE, or 1 + index in FACE_COLOURS


def face_label(die: DieLabel) -> int:
    return NO_FACE if die.face_colour is None else 1 + FACE_COLOURS.index(die.face_colour)


def scene_config(index: int) -> SceneConfig:
    if index % 2:
        return SceneConfig.tables(800, 600, colour_faces=COLOUR_FACES)
    return SceneConfig(960, 540, colour_faces=COLOUR_FACES)


def render_face_crops(scenes: int, jitters: int = 3, seed: int = FIRST_SEED) -> FaceCrops:
    """Every visible die of `scenes` scenes cut at `jitters` jittered boxes (the finder's boxes
    are never exact), and a few boxes of bare table."""
    rows: list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], int]] = []
    for index in range(scenes):
        rng = np.random.default_rng([seed, index])
        scene = render_scene(rng, scene_config(index))
        dice = scene.visible_dice
        boxes = np.array([d.box_xyxy for d in dice], np.float32).reshape(-1, 4)
        none = np.zeros(len(dice), np.int64)
        sample = Sample(jpeg(scene.image_bgr, JPEG_QUALITY), boxes, none, none)
        cast = frame_cast(sample)
        for die, box in zip(dice, boxes, strict=True):
            label = face_label(die)
            rows += [(cut_crop(sample, jitter_box(box, rng)), cast, label) for _ in range(jitters)]
        for _ in range(TABLE_BOXES):
            table = random_box(sample, rng)
            if table is not None:
                rows.append((cut_crop(sample, table), cast, NO_FACE))
    return FaceCrops(
        np.stack([r[0] for r in rows]),
        np.stack([r[1] for r in rows]).astype(np.float32),
        np.array([r[2] for r in rows], np.int64),
    )
