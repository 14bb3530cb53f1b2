"""A test video of live play at a table, made from a labelled photo folder (issue #35).

The recipe, at 30 fps: 0.5 s of the empty table (the first photo with its dice inpainted away),
then six throws, each 0.6 s of the photo's dice tumbling in over its empty table and 1.6 s of
the photo itself, still, with fresh sensor noise every frame. After the second throw a hand
passes over the dice (0.8 s) and the table lies still again for 1 s; after the fourth the camera
is bumped (a few frames shifted up to 12 px, then back) and lies still for 1 s. Neither is a
throw. The truth (`vision.live.score.VideoTruth`) records every throw's first still frame and
its labelled dice, and the distractions' frames.

The photos, a fixed choice: the folder's held-out side by name, then its training side by name,
keeping photos with 1 to `MAX_DICE` dice and skipping one whose dice all lie where the last
kept photo's lay with the same values (no throw could be told from it). Video `part` k of a
folder takes the next six of that order after the first k videos' photos.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from models.render.arrays import U8, f32, u8
from models.render.hands import SKINS
from models.render.tumble import (
    Square,
    box_side,
    die_squares,
    empty_table,
    pip_group_die,
    tumbling,
)
from vision.datasets import LabelledBox, LabelledImage, load_dataset
from vision.live.score import Distraction, ThrowTruth, VideoTruth

FPS = 30.0
THROWS = 6
MAX_DICE = 30
EMPTY_S, TUMBLE_S, STILL_S = 0.5, 0.6, 1.6
HAND_S, AFTER_S = 0.8, 1.0
BUMP = ((5, 2), (11, -4), (8, 5), (3, 1))
NOISE_SIGMA = 2.0


@dataclass(frozen=True, slots=True)
class LiveVideo:
    truth: VideoTruth
    frames: tuple[U8, ...]
    photos: tuple[LabelledImage, ...]


def _same_places(a: LabelledImage, b: LabelledImage) -> bool:
    if len(a.boxes) != len(b.boxes):
        return False
    for box in a.boxes:
        side = max(box.box_xyxy[2] - box.box_xyxy[0], box.box_xyxy[3] - box.box_xyxy[1])
        near = [
            o
            for o in b.boxes
            if o.pips == box.pips and math.dist(o.centre_xy, box.centre_xy) <= 0.75 * max(side, 1.0)
        ]
        if not near:
            return False
    return True


def pick_photos(
    images: Sequence[LabelledImage], split_of: Mapping[str, str], part: int = 0
) -> tuple[LabelledImage, ...]:
    """The module doc's fixed choice for video `part`; `split_of` maps each image's path to its
    side."""
    ordered = sorted(images, key=lambda im: (split_of[str(im.path)] != "test", im.path.name))
    chosen: list[LabelledImage] = []
    for im in ordered:
        if not 1 <= len(im.boxes) <= MAX_DICE:
            continue
        if chosen and _same_places(chosen[-1], im):
            continue
        chosen.append(im)
        if len(chosen) == THROWS * (part + 1):
            break
    return tuple(chosen[THROWS * part :])


def load_photo(im: LabelledImage, size: tuple[int, int]) -> U8:
    """The photo at the video's size (`size`, width and height)."""
    image = cv2.imread(str(im.path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{im.path}: cannot be decoded")
    if (image.shape[1], image.shape[0]) != size:
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return u8(image)


def _noisy(image: U8, rng: np.random.Generator) -> U8:
    grain = rng.normal(0.0, NOISE_SIGMA, image.shape).astype(np.float32)
    return u8(np.clip(f32(image) + grain, 0, 255))


def hand_frames(
    still: U8, squares: Sequence[Square], frames: int, rng: np.random.Generator
) -> list[U8]:
    """A skin-coloured hand and forearm sliding in from the left, across the dice, and out."""
    h, w = still.shape[:2]
    side = float(np.median([sq.side for sq in squares])) if squares else 0.06 * w
    palm = max(4.5 * side, 0.12 * w)
    cy = float(np.mean([sq.cy for sq in squares])) if squares else h / 2
    skin = np.array(SKINS[int(rng.integers(len(SKINS)))]) * 255.0
    out = []
    for k in range(frames):
        tip_x = -0.2 * w + (1.6 * w) * (k + 1) / (frames + 1)
        y = cy + 0.1 * palm * math.sin(k / 3)
        mask = np.zeros((h, w), np.float32)
        cv2.rectangle(
            mask, (-w, round(y - palm * 0.4)), (round(tip_x - palm), round(y + palm * 0.4)), 1.0, -1
        )
        cv2.ellipse(
            mask,
            (round(tip_x - palm * 0.55), round(y)),
            (round(palm * 0.55), round(palm * 0.48)),
            0,
            0,
            360,
            1.0,
            -1,
        )
        for j, off in enumerate((-0.33, -0.11, 0.11, 0.33)):
            length = palm * (0.75 + 0.1 * (j in (1, 2)))
            fy = round(y + off * palm)
            cv2.line(
                mask,
                (round(tip_x - 0.1 * palm), fy),
                (round(tip_x + length * 0.6), fy),
                1.0,
                max(2, round(palm * 0.18)),
            )
        soft = cv2.GaussianBlur(mask, (0, 0), max(1.0, palm * 0.03))[..., None]
        shadow = cv2.GaussianBlur(
            np.roll(mask, (round(palm * 0.15), round(palm * 0.1)), (0, 1)), (0, 0), palm * 0.1
        )[..., None]
        shade = 0.85 + 0.15 * np.linspace(1, 0, h, dtype=np.float32)[:, None, None]
        image = f32(still) * (1 - 0.45 * shadow)
        image = image * (1 - soft) + skin[None, None, :] * shade * soft
        out.append(_noisy(u8(np.clip(image, 0, 255)), rng))
    return out


def bump_frames(still: U8, rng: np.random.Generator) -> list[U8]:
    h, w = still.shape[:2]
    out = []
    for dx, dy in BUMP:
        m = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
        out.append(_noisy(u8(cv2.warpAffine(still, m, (w, h), borderMode=cv2.BORDER_REFLECT)), rng))
    return out


def build(folder: Path, seed: int = 0, part: int = 0) -> LiveVideo:
    """The module doc's video `part` for one labelled folder (deterministic for `seed`)."""
    from models.splits import split_of

    dataset = load_dataset(folder)
    sides = {str(im.path): split_of(dataset.name, im.path) for im in dataset.images}
    photos = pick_photos(dataset.images, sides, part)
    if len(photos) < THROWS:
        left = f" after the first {part} videos'" if part else ""
        raise ValueError(f"{folder}: {len(photos)} usable photos{left}, a video needs {THROWS}")
    rng = np.random.default_rng(seed)
    size = (photos[0].width, photos[0].height)
    # Labels boxing the pip groups only (matched by centre): a die's size from the whole folder.
    largest = [max(im.boxes, key=box_side) for im in dataset.images if im.boxes]
    min_side = pip_group_die(largest) if dataset.match_by == "centre" else 0.0
    frames: list[U8] = []
    throws: list[ThrowTruth] = []
    distractions: list[Distraction] = []

    def still(image: U8, seconds: float) -> None:
        frames.extend(_noisy(image, rng) for _ in range(round(seconds * FPS)))

    first = load_photo(photos[0], size)
    still(empty_table(first, die_squares(photos[0].boxes, min_side)), EMPTY_S)
    for k, im in enumerate(photos):
        photo = load_photo(im, size)
        sx, sy = size[0] / im.width, size[1] / im.height
        boxes = tuple(_scaled(b, sx, sy) for b in im.boxes)
        squares = die_squares(boxes, min_side * sx)
        tumble_at = len(frames)
        flying = tumbling(empty_table(photo, squares), photo, squares, round(TUMBLE_S * FPS), rng)
        frames.extend(_noisy(f, rng) for f in flying)
        settle_at = len(frames)
        still(photo, STILL_S)
        if k == 1:
            distractions.append(
                Distraction("hand", len(frames), len(frames) + round(HAND_S * FPS) - 1)
            )
            frames.extend(hand_frames(photo, squares, round(HAND_S * FPS), rng))
            still(photo, AFTER_S)
        if k == 3:
            distractions.append(Distraction("bump", len(frames), len(frames) + len(BUMP) - 1))
            frames.extend(bump_frames(photo, rng))
            still(photo, AFTER_S)
        throws.append(ThrowTruth(im.path.name, tumble_at, settle_at, len(frames), boxes))
    name = f"{dataset.name} #{part + 1}" if part else dataset.name
    truth = VideoTruth(name, FPS, dataset.match_by, tuple(throws), tuple(distractions))
    return LiveVideo(truth, tuple(frames), photos)


def _scaled(box: LabelledBox, sx: float, sy: float) -> LabelledBox:
    x1, y1, x2, y2 = box.box_xyxy
    return replace(box, box_xyxy=(x1 * sx, y1 * sy, x2 * sx, y2 * sy))


def write_mp4(video: LiveVideo, path: Path) -> Path:
    """The frames as an mp4 (mp4v) at `FPS`, for `dicetable watch` and the eval's file path."""
    h, w = video.frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"mp4v"), FPS, (w, h))
    if not writer.isOpened():
        raise OSError(f"cannot write {path}")
    try:
        for frame in video.frames:
            writer.write(frame)
    finally:
        writer.release()
    return path
