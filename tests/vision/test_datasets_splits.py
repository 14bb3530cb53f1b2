"""The held-out split (`vision.datasets.splits`, also named `models.splits`): fixed answers,
same-photo files together, fair shares."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from vision.datasets.splits import folder_split, roboflow_stem, split_of, stable_fraction

# Golden answers: if these change, every figure measured on the test split changes with them.
GOLDEN = [
    ("byler-colour", "IMG_20191208_111228.jpg"),
    ("byler-colour", "IMG_20191208_111246.jpg"),
    ("rune55-gray", "00000_jpg.rf.03fc98fe08a13885a9a3da446cbc99b2.jpg"),
    ("rune55-gray", "00009_jpg.rf.09a8eff8bb14400ad506eedb6e2b1a22.jpg"),
    ("rune55-gray", "i_jpg.rf.00c6fbe5641d8774f2931927599fab1b.jpg"),
    ("renders", "scene_0001.png"),
]


def _answers() -> list[str]:
    return [split_of(name, path) for name, path in GOLDEN]


def test_same_answer_in_a_fresh_interpreter() -> None:
    # str hashes are salted per process; the split must not depend on that.
    code = (
        "from vision.datasets.splits import split_of;"
        f"print(','.join(split_of(n, p) for n, p in {GOLDEN!r}))"
    )
    root = Path(__file__).resolve().parents[2]
    env = {"PYTHONHASHSEED": "12345", "PATH": ""}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().split(",") == _answers()


def test_golden_answers() -> None:
    assert stable_fraction("IMG_20191208_111228.jpg") == pytest.approx(0.078477, abs=1e-6)
    assert _answers() == ["test", "train", "train", "test", "train", "train"]


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("00012_jpg.rf.ab12cd.jpg", "00012"),
        ("images/IMG_0654_jpeg_jpg.rf.21ec.jpg", "IMG_0654_jpeg"),
        ("i_jpg.rf.00c6.jpg", "i"),
        ("plain.jpg", "plain"),
        ("_jpg.rf.odd.jpg", "_jpg.rf.odd"),
    ],
)
def test_roboflow_stem(name: str, stem: str) -> None:
    assert roboflow_stem(name) == stem


def test_rune55_copies_of_one_photo_fall_together() -> None:
    stems = [f"{n:05d}" for n in range(200)]
    for stem in stems:
        sides = {split_of("rune55-gray", f"/x/images/{stem}_jpg.rf.{k:032x}.jpg") for k in range(6)}
        assert len(sides) == 1, stem


def test_rune55_share_is_near_fifteen_percent() -> None:
    sides = Counter(split_of("rune55-gray", f"{n:05d}_jpg.rf.0.jpg") for n in range(4000))
    assert 0.13 < sides["test"] / 4000 < 0.17


def test_byler_share_is_near_twenty_percent_by_file_name() -> None:
    sides = Counter(split_of("byler-colour", f"IMG_{n}.jpg") for n in range(4000))
    assert 0.18 < sides["test"] / 4000 < 0.22
    # Only the file name counts, not where the folder lives.
    assert split_of("byler-colour", "/a/IMG_7.jpg") == split_of("byler", "/b/c/IMG_7.jpg")


@pytest.mark.parametrize(
    ("path", "side"),
    [
        ("/d/images/train/dice_1.jpg", "train"),
        ("/d/images/valid/dice_1.jpg", "test"),
        ("/d/images/VAL/dice_1.jpg", "test"),
        ("/test/d/images/dice_1.jpg", None),
    ],
)
def test_folder_split(path: str, side: str | None) -> None:
    assert folder_split(path) == side


def test_matteop65_uses_its_own_folders() -> None:
    assert split_of("matteop65-white", "/d/images/train/dice_9.jpg") == "train"
    assert split_of("matteop65-white", "/d/images/valid/dice_9.jpg") == "test"
    with pytest.raises(ValueError, match="matteop65 images must sit under train/ or valid/"):
        split_of("matteop65-white", "/d/images/dice_9.jpg")


def test_other_sets_use_folders_then_a_hash() -> None:
    assert split_of("renders", "/r/images/valid/a.png") == "test"
    assert split_of("renders", "/r/images/a.png") == split_of("elsewhere", "a.png")


@pytest.mark.parametrize(("name", "path"), [("", "a.jpg"), ("  ", "a.jpg"), ("byler", "")])
def test_bad_arguments(name: str, path: str) -> None:
    with pytest.raises(ValueError, match="must"):
        split_of(name, path)


@pytest.mark.parametrize(
    ("name", "split"),
    [
        ("IMG_20191112_101208.jpg", "train"),  # light wood table
        ("IMG_20191112_101856.jpg", "test"),  # dark teal desk, first photo
        ("IMG_20191112_102040.jpg", "test"),  # dark teal desk, last photo
        ("IMG_20191112_102046.jpg", "train"),  # back on the orange wood
        ("IMG_20191112_111114.jpg", "test"),  # blue plastic tub
        ("IMG_20191112_111548.jpg", "test"),  # bowl in a wicker basket
        ("IMG_20191112_111644.jpg", "train"),  # cup
        ("IMG_20191112_111939.jpg", "test"),  # bananas
    ],
)
def test_aws_phone_holds_out_whole_surfaces(name: str, split: str) -> None:
    assert split_of("aws-phone", f"images/{name}") == split


def test_aws_phone_refuses_a_name_without_its_clock() -> None:
    with pytest.raises(ValueError, match="IMG_YYYYMMDD_HHMMSS"):
        split_of("aws-phone", "images/holiday.jpg")


def test_epanemu_keeps_a_block_of_shots_together() -> None:
    sides = {split_of("epanemu-felt", f"dice_{n}_jpg.jpg") for n in range(392, 396)}
    assert len(sides) == 1
    assert split_of("epanemu-felt", "dice_392_jpg.jpg") == "test"


def test_training_code_still_finds_the_split_as_models_splits() -> None:
    from models import splits

    assert splits.split_of is split_of
    assert set(splits.__all__) <= set(dir(splits))
