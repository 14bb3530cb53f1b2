"""Hard negatives: where the trained finder sees a die that is not there.

The finder runs (as the runtime runs it, through ONNX) over training pictures; every candidate
that overlaps no labelled die becomes a "not a die" example for the classifier. That teaches it
the table textures, clutter and pips of big dice that fool the finder, not random patches.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from models.training.real import load_sample, training_images
from vision.finding import find_dice
from vision.onnx_model import OnnxModel
from vision.reader import ReaderConfig

MINING_THRESHOLD = 0.2  # below the runtime's 0.3, to catch near misses too


def _is_wrong(box: tuple[float, ...], dice: np.ndarray) -> bool:
    """No labelled die under the candidate: no overlap worth the name, centre on no die."""
    if len(dice) == 0:
        return True
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    on_die = (dice[:, 0] <= cx) & (cx <= dice[:, 2]) & (dice[:, 1] <= cy) & (cy <= dice[:, 3])
    ix = np.clip(np.minimum(box[2], dice[:, 2]) - np.maximum(box[0], dice[:, 0]), 0, None)
    iy = np.clip(np.minimum(box[3], dice[:, 3]) - np.maximum(box[1], dice[:, 1]), 0, None)
    return not on_die.any() and float((ix * iy).max()) < 0.1 * (box[2] - box[0]) * (box[3] - box[1])


def mine_negatives(
    finder_onnx: Path, folders: Sequence[Path], per_folder: int, seed: int = 3
) -> dict[str, np.ndarray]:
    """{image path: (N, 4) boxes the finder wrongly took for dice}, from up to `per_folder`
    training pictures of each folder."""
    model = OnnxModel(finder_onnx, None, threads=2)
    config = ReaderConfig(find_threshold=MINING_THRESHOLD)
    rng = np.random.default_rng(seed)
    out: dict[str, np.ndarray] = {}
    for folder in folders:
        items = training_images(folder)
        chosen = rng.permutation(len(items))[:per_folder]
        found = 0
        for index in chosen:
            sample = load_sample(items[int(index)])
            wrong = [
                c.box_xyxy
                for c in find_dice(model, sample.image_bgr, config)
                if _is_wrong(c.box_xyxy, sample.boxes)
            ]
            if wrong:
                out[str(items[int(index)].image.path)] = np.array(wrong, np.float32)
                found += len(wrong)
        print(f"mined {found} negatives in {len(chosen)} pictures of {folder.name}", flush=True)
    return out
