"""Held-out splits of the labelled photo sets, shared by training and evaluation.

Training must never see a `test` image, and evaluation must score the same images every run, so
the split is a pure function of the data set's name and the image's path (no randomness, no state):

- names containing `byler`: 20 % test, by a stable hash of the file name;
- names containing `rune55`: 15 % test, by a stable hash of the file stem before `_jpg.rf.`, so
  Roboflow's rotations and flips of one photo (and other files that share the stem) fall on one
  side together;
- names containing `matteop65`, and any other set whose images sit under `train/` and
  `valid/` (or `val/`, `test/`) folders (the image's own folder): the set's own folders;
- anything else (a rendered folder, say): 20 % test by a stable hash of the file name.
"""

from __future__ import annotations

import hashlib
from pathlib import Path, PurePath
from typing import Literal

Split = Literal["train", "test"]
SPLITS: tuple[Split, ...] = ("train", "test")

ROBOFLOW_MARK = "_jpg.rf."
TRAIN_FOLDERS = frozenset({"train", "training"})
TEST_FOLDERS = frozenset({"valid", "val", "validation", "test"})
DEFAULT_TEST_SHARE = 0.20
RUNE55_TEST_SHARE = 0.15


def stable_fraction(key: str) -> float:
    """A number in [0, 1) that depends only on `key` (unlike `hash()`, which is salted per run)."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2.0**64


def roboflow_stem(file_name: str) -> str:
    """The original photo's stem: `00012_jpg.rf.ab12.jpg` -> `00012`; other names: their stem."""
    name = PurePath(file_name).name
    cut = name.find(ROBOFLOW_MARK)
    return name[:cut] if cut > 0 else PurePath(name).stem


def folder_split(image_path: str | Path) -> Split | None:
    """`train`/`test` from the image's own folder name (`images/valid/x.jpg`), else None.

    Only the immediate parent counts: a data set stored under some `/home/me/test/` must not
    land wholly on one side because of where it lives.
    """
    parent = PurePath(image_path).parent.name.lower()
    if parent in TRAIN_FOLDERS:
        return "train"
    if parent in TEST_FOLDERS:
        return "test"
    return None


def _by_hash(key: str, test_share: float) -> Split:
    return "test" if stable_fraction(key) < test_share else "train"


def split_of(dataset_name: str, image_path: str | Path) -> Split:
    """Which side of the held-out split one image of one data set is on (see the module doc)."""
    name = dataset_name.strip().lower()
    if not name:
        raise ValueError(f"dataset_name must not be empty, got {dataset_name!r}")
    file_name = PurePath(image_path).name
    if not file_name:
        raise ValueError(f"image_path must name a file, got {image_path!r}")
    if "byler" in name:
        return _by_hash(file_name, DEFAULT_TEST_SHARE)
    if "rune55" in name:
        return _by_hash(roboflow_stem(file_name), RUNE55_TEST_SHARE)
    from_folder = folder_split(image_path)
    if from_folder is not None:
        return from_folder
    if "matteop65" in name:
        raise ValueError(f"matteop65 images must sit under train/ or valid/, got {image_path!r}")
    return _by_hash(file_name, DEFAULT_TEST_SHARE)
