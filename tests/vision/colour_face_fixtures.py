"""Writes the colour-face fixtures (`tests/fixtures/colour_faces`): fixed-seed renders of the
flyer game's colour-face dice among pip dice, and what each visible die is.

    python -m tests.vision.colour_face_fixtures
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from models.render import SceneConfig, render_scene

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "colour_faces"
SEEDS = tuple(range(8))
CONFIG = SceneConfig(
    480, 360, dice_count=(3, 7), die_px=(34.0, 60.0), colour_faces=0.7, clutter=0.0, hands=0.0
)


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    labels: dict[str, list[dict[str, object]]] = {}
    for seed in SEEDS:
        scene = render_scene(np.random.default_rng(seed), CONFIG)
        name = f"{seed:02d}.jpg"
        cv2.imwrite(str(FOLDER / name), scene.image_bgr, [cv2.IMWRITE_JPEG_QUALITY, 92])
        labels[name] = [
            {
                "box_xyxy": list(d.box_xyxy),
                "face_colour": None if d.face_colour is None else d.face_colour.value,
                "pips": d.pips,
            }
            for d in scene.visible_dice
        ]
    (FOLDER / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")


if __name__ == "__main__":
    main()
