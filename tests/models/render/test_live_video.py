"""Issue #35's test video from a labelled folder: the recipe's frames, the truth it records, and
the photos it picks. A small rendered folder stands in for the real sets."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from models.render import SceneConfig
from models.render.dataset import write_set
from models.render.live_video import (
    AFTER_S,
    BUMP,
    EMPTY_S,
    FPS,
    HAND_S,
    STILL_S,
    THROWS,
    TUMBLE_S,
    LiveVideo,
    build,
    pick_photos,
)
from vision.datasets import LabelledBox, LabelledImage

CFG = SceneConfig(width=240, height=180, die_px=(20.0, 30.0), dice_count=(2, 5))


@cache
def _video(root: Path, seed: int) -> LiveVideo:
    return build(root, seed)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("live-set")
    write_set(root, 12, 3, CFG)
    return root


def frames_for(seconds: float) -> int:
    return round(seconds * FPS)


def test_the_recipe_lays_out_six_throws_a_hand_and_a_bump(folder: Path) -> None:
    video = _video(folder, 0)
    truth = video.truth
    per_throw = frames_for(TUMBLE_S) + frames_for(STILL_S)
    extra = frames_for(HAND_S) + len(BUMP) + 2 * frames_for(AFTER_S)
    assert len(video.frames) == frames_for(EMPTY_S) + THROWS * per_throw + extra
    assert len(truth.throws) == THROWS
    assert truth.throws[0].tumble_frame == frames_for(EMPTY_S)
    for throw, after in zip(truth.throws, truth.throws[1:], strict=False):
        assert throw.settle_frame - throw.tumble_frame == frames_for(TUMBLE_S)
        assert throw.end_frame == after.tumble_frame
    hand, bump = truth.distractions
    assert (hand.kind, bump.kind) == ("hand", "bump")
    assert truth.throws[1].settle_frame + frames_for(STILL_S) == hand.first_frame
    assert hand.last_frame < truth.throws[1].end_frame
    assert truth.throws[3].settle_frame < bump.first_frame < truth.throws[3].end_frame
    assert truth.throws[-1].end_frame == len(video.frames)


def test_still_frames_are_the_photo_and_the_empty_table_has_no_dice(folder: Path) -> None:
    video = _video(folder, 0)
    for throw, photo in zip(video.truth.throws, video.photos, strict=True):
        still = video.frames[throw.settle_frame].astype(float)
        later = video.frames[throw.settle_frame + 20].astype(float)
        assert 0 < np.abs(still - later).mean() < 4  # sensor noise, nothing else
        empty = video.frames[0].astype(float) if throw is video.truth.throws[0] else None
        if empty is not None:
            for box in photo.boxes:
                x1, y1, x2, y2 = (round(v) for v in box.box_xyxy)
                assert np.abs(empty[y1:y2, x1:x2] - still[y1:y2, x1:x2]).mean() > 10


def test_the_dice_move_while_they_tumble(folder: Path) -> None:
    video = _video(folder, 0)
    throw = video.truth.throws[2]
    steps = [
        np.abs(video.frames[k + 1].astype(float) - video.frames[k].astype(float)).mean()
        for k in range(throw.tumble_frame, throw.settle_frame - 1)
    ]
    assert min(steps[:5]) > 1.0


def test_the_same_seed_makes_the_same_video_and_another_seed_another(folder: Path) -> None:
    a, b, c = _video(folder, 0), build(folder, 0), _video(folder, 1)
    assert all(np.array_equal(x, y) for x, y in zip(a.frames, b.frames, strict=True))
    assert not np.array_equal(a.frames[25], c.frames[25])


def _image(name: str, *dice: tuple[float, float, int], split: str = "test") -> LabelledImage:
    boxes = tuple(LabelledBox((x, y, x + 20, y + 20), pips) for x, y, pips in dice)
    return LabelledImage(Path(f"/{split}/{name}.jpg"), 240, 180, boxes, "iou")


@pytest.mark.parametrize(
    ("name", "images", "expected"),
    [
        (
            "held-out side first, each side by name",
            [_image(f"t{k}", (10, 10, k + 1), split="train") for k in range(4)]
            + [_image(f"s{k}", (10 + 30 * k, 10, 3)) for k in (3, 1, 2)],
            ["s1", "s2", "s3", "t0", "t1", "t2"],
        ),
        (
            "a photo the same as the last kept one is skipped",
            [_image("a", (10, 10, 3)), _image("b", (12, 10, 3)), _image("c", (12, 10, 4))]
            + [_image(f"d{k}", (100, 100, k + 1)) for k in range(4)],
            ["a", "c", "d0", "d1", "d2", "d3"],
        ),
        (
            "no dice is no throw",
            [_image("a"), *(_image(f"b{k}", (10, 10, k + 1)) for k in range(6))],
            ["b0", "b1", "b2", "b3", "b4", "b5"],
        ),
    ],
)
def test_the_photos_picked(name: str, images: list[LabelledImage], expected: list[str]) -> None:
    sides = {str(im.path): im.path.parent.name for im in images}
    assert [im.path.stem for im in pick_photos(images, sides)] == expected, name


def test_a_folder_without_six_usable_photos_is_refused(tmp_path: Path) -> None:
    write_set(tmp_path, 3, 3, replace(CFG, dice_count=(1, 2)))
    with pytest.raises(ValueError, match="usable photos, a video needs 6"):
        build(tmp_path)
