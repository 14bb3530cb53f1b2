"""The training pack for a lent GPU machine: the training side only, a few copies a photo, and a
pack that loads, splits and labels as its source does."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.training.pack import main, pack_set
from vision.datasets import load_dataset
from vision.datasets.splits import split_of

NAME = "rune55-tiny"


def _photo_set(root: Path, photos: int, copies: int) -> Path:
    folder = root / NAME
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    picture = np.full((64, 64, 3), 200, np.uint8)
    for photo in range(photos):
        for copy in range(copies):
            stem = f"{photo:05d}_jpg.rf.{copy:04x}"
            cv2.imwrite(str(folder / "images" / f"{stem}.jpg"), picture)
            (folder / "labels" / f"{stem}.txt").write_text("3 0.5 0.5 0.2 0.2\n")
    return folder


@pytest.mark.parametrize("copies", [1, 2, 3])
def test_only_the_training_side_goes_with_at_most_copies_a_photo(
    tmp_path: Path, copies: int
) -> None:
    source = _photo_set(tmp_path / "in", photos=40, copies=3)
    packed = pack_set(source, tmp_path / "out" / NAME, quality=70, copies=copies)
    train_photos = {
        p.name.split("_jpg")[0]
        for p in (source / "images").iterdir()
        if split_of(NAME, p) == "train"
    }
    assert 0 < len(train_photos) < 40  # the split holds some photos out
    assert packed.pictures == copies * len(train_photos)
    pack = load_dataset(tmp_path / "out" / NAME)
    assert len(pack.split("train")) == packed.pictures and not pack.split("test")
    labelled = {image.path.name: image.boxes for image in load_dataset(source).images}
    assert all(image.boxes == labelled[image.path.name] for image in pack.images)


def test_the_pack_keeps_the_sets_name_and_match_mode(tmp_path: Path) -> None:
    source = _photo_set(tmp_path / "in", photos=10, copies=1)
    pack_set(source, tmp_path / "out" / "renamed", quality=70)
    settings = json.loads((tmp_path / "out" / "renamed" / "dataset.json").read_text())
    original = load_dataset(source)
    assert settings == {"name": NAME, "match": original.match_by}
    assert load_dataset(tmp_path / "out" / "renamed").name == NAME


def test_packing_into_a_folder_that_exists_is_refused(tmp_path: Path) -> None:
    source = _photo_set(tmp_path / "in", photos=4, copies=1)
    (tmp_path / "out" / NAME).mkdir(parents=True)
    with pytest.raises(SystemExit, match="already exists"):
        pack_set(source, tmp_path / "out" / NAME, quality=70)


@pytest.mark.parametrize("args", [["--quality", "10"], ["--copies", "0"]])
def test_settings_out_of_range_are_named(tmp_path: Path, args: list[str]) -> None:
    with pytest.raises(SystemExit):
        main([str(tmp_path / "out"), "--data", str(tmp_path), *args])
    assert not (tmp_path / "out").exists()
