"""Rendered scenes on disk in the project's label formats: `images/*.jpg`, YOLO `labels/*.txt`
(`cls cx cy w h`, normalised, cls 0..5 = pips 1..6, one line per visible die) and
`colours.csv` (`image,box_index,pips,colour`, box_index = line in the label file), the same
layout as `dice-data/byler-colour`."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from models.render.scene import render_scene
from models.render.values import DieLabel, RenderedScene, SceneConfig

COLOUR_FIELDS = ("image", "box_index", "pips", "colour")
JPEG_QUALITY = 95  # a second, light compression on top of the camera look's own
# Raised whenever a change makes a seed draw a different scene, so that sets stored by an older
# renderer are known stale. 2: marbled faces always show both tones (face.marble_mask).
RENDERER_VERSION = 2
VERSION_FILE = "renderer.txt"


def yolo_lines(scene: RenderedScene) -> list[str]:
    """One YOLO line per visible die, in `scene.visible_dice` order."""
    h, w = scene.image_bgr.shape[:2]
    lines = []
    for die in scene.visible_dice:
        x1, y1, x2, y2 = die.box_xyxy
        cx, cy = (x1 + x2) / 2 / w, (y1 + y2) / 2 / h
        lines.append(f"{die.pips - 1} {cx:.6f} {cy:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}")
    return lines


def parse_yolo(
    text: str, width: int, height: int
) -> list[tuple[int, tuple[float, float, float, float]]]:
    """(pips, (x1, y1, x2, y2) in pixels) per line of a YOLO label file."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 5:
            raise ValueError(f"line {n}: expected 'cls cx cy w h', got {line!r}")
        cls = int(parts[0])
        if not 0 <= cls <= 5:
            raise ValueError(f"line {n}: class must be 0..5, got {cls}")
        cx, cy, bw, bh = (float(p) for p in parts[1:])
        box = (
            (cx - bw / 2) * width,
            (cy - bh / 2) * height,
            (cx + bw / 2) * width,
            (cy + bh / 2) * height,
        )
        out.append((cls + 1, box))
    return out


@dataclass(frozen=True)
class WrittenSet:
    images: int
    boxes: int
    hidden: int  # dice drawn but too hidden to label


def scene_seed(seed: int, index: int) -> np.random.Generator:
    """Picture `index` of a set depends only on (seed, index), not on how many are made."""
    return np.random.default_rng([seed, index])


def _check_out(out: Path) -> None:
    for sub in ("images", "labels"):
        folder = out / sub
        if folder.exists() and any(folder.iterdir()):
            raise FileExistsError(f"{folder} already holds files; choose an empty --out folder")
    if (out / "colours.csv").exists():
        raise FileExistsError(f"{out / 'colours.csv'} already exists; choose an empty --out folder")


def _colour_rows(name: str, dice: tuple[DieLabel, ...]) -> Iterator[dict[str, object]]:
    for i, die in enumerate(dice):
        yield {"image": name, "box_index": i, "pips": die.pips, "colour": die.colour.value}


def write_set(
    out: Path,
    count: int,
    seed: int,
    cfg: SceneConfig,
    progress: Callable[[int], None] | None = None,
    start: int = 0,
) -> WrittenSet:
    """Render scenes `start` .. `start + count - 1` of the set `seed` into `out` (which must
    not already hold a set). Shards with different `start` can run in parallel processes
    and be merged: a picture's name and content depend only on (seed, index)."""
    if not 1 <= count <= 10_000_000:
        raise ValueError(f"count must be 1..10000000, got {count!r}")
    if not 0 <= start <= 100_000_000:
        raise ValueError(f"start must be 0..100000000, got {start!r}")

    def scenes() -> Iterator[tuple[str, RenderedScene]]:
        for i in range(start, start + count):
            yield f"{i:06d}", render_scene(scene_seed(seed, i), cfg)
            if progress is not None:
                progress(i - start + 1)

    return write_scenes(out, scenes())


def write_scenes(out: Path, scenes: Iterable[tuple[str, RenderedScene]]) -> WrittenSet:
    """Each (name, scene) into `out` (which must not already hold a set) as `name.jpg`, its
    labels and its colour rows, then the renderer's version: a set the training reads."""
    _check_out(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(exist_ok=True)
    count = boxes = hidden = 0
    with (out / "colours.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLOUR_FIELDS)
        writer.writeheader()
        for stem, scene in scenes:
            quality = [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY]
            cv2.imwrite(str(out / "images" / f"{stem}.jpg"), scene.image_bgr, quality)
            lines = yolo_lines(scene)
            (out / "labels" / f"{stem}.txt").write_text("".join(f"{ln}\n" for ln in lines))
            writer.writerows(_colour_rows(f"{stem}.jpg", scene.visible_dice))
            count += 1
            boxes += len(lines)
            hidden += len(scene.dice) - len(lines)
    (out / VERSION_FILE).write_text(f"{RENDERER_VERSION}\n")
    return WrittenSet(count, boxes, hidden)


def rendered_by(folder: Path) -> int | None:
    """The renderer version that wrote the set in `folder`; None where no finished set is
    there or it predates the version file (version 1)."""
    if not (folder / "colours.csv").is_file():
        return None
    stamp = folder / VERSION_FILE
    if not stamp.is_file():
        return 1
    text = stamp.read_text().strip()
    return int(text) if text.isdigit() else 1
