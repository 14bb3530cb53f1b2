"""Held-out splits of the labelled photo sets, shared by training and evaluation.

Training must never see a `test` image, and evaluation must score the same images every run, so
the split is a pure function of the data set's name and the image's path (no randomness, no state):

- names containing `byler`: 20 % test, by a stable hash of the file name;
- names containing `rune55`: 15 % test, by a stable hash of the file stem before `_jpg.rf.`, so
  Roboflow's rotations and flips of one photo (and other files that share the stem) fall on one
  side together;
- names containing `aws-phone`: whole surfaces held out (its photos are re-throws on about ten
  surfaces, named by the phone's clock): the dark teal desk, the blue plastic tub, the orange
  tray, the bowl in a wicker basket and the table with bananas (33 of 119 photos);
- names containing `epanemu`: 25 % test by a stable hash of the photo's block of four numbers
  (`dice_412_jpg.jpg` -> block 103), so a run of shots of one layout falls on one side;
- names containing `matteop65`, and any other set whose images sit under `train/` and
  `valid/` (or `val/`, `test/`) folders (the image's own folder): the set's own folders;
- anything else (a rendered folder, say): 20 % test by a stable hash of the file name.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path, PurePath
from typing import Literal

Split = Literal["train", "test"]
SPLITS: tuple[Split, ...] = ("train", "test")

ROBOFLOW_MARK = "_jpg.rf."
TRAIN_FOLDERS = frozenset({"train", "training"})
TEST_FOLDERS = frozenset({"valid", "val", "validation", "test"})
DEFAULT_TEST_SHARE = 0.20
RUNE55_TEST_SHARE = 0.15
EPANEMU_TEST_SHARE = 0.25
EPANEMU_BLOCK = 4
# aws-phone's held-out surfaces, as ranges of the photo's time of day (HHMMSS, both ends in).
AWS_HELD_OUT_SURFACES: dict[str, tuple[tuple[int, int], ...]] = {
    "dark teal desk": ((101856, 101916), (102034, 102040)),
    "blue plastic tub": ((111114, 111131),),
    "orange tray": ((111439, 111528),),
    "bowl in a wicker basket": ((111548, 111635),),
    "table with bananas": ((111921, 111939),),
}


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


def aws_surface(file_name: str) -> str | None:
    """The held-out surface an aws-phone photo (`IMG_20191112_111119.jpg`) shows, else None."""
    match = re.match(r"IMG_\d{8}_(\d{6})", PurePath(file_name).name)
    if match is None:
        raise ValueError(f"aws-phone photos are named IMG_YYYYMMDD_HHMMSS, got {file_name!r}")
    clock = int(match.group(1))
    for surface, spans in AWS_HELD_OUT_SURFACES.items():
        if any(first <= clock <= last for first, last in spans):
            return surface
    return None


def epanemu_block(file_name: str) -> str:
    """`dice_412_jpg.jpg` -> `103`: consecutive shots of one layout share a block."""
    match = re.match(r"dice_(\d+)", PurePath(file_name).name)
    return str(int(match.group(1)) // EPANEMU_BLOCK) if match else roboflow_stem(file_name)


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
    if "aws-phone" in name:
        return "test" if aws_surface(file_name) is not None else "train"
    if "epanemu" in name:
        return _by_hash(epanemu_block(file_name), EPANEMU_TEST_SHARE)
    from_folder = folder_split(image_path)
    if from_folder is not None:
        return from_folder
    if "matteop65" in name:
        raise ValueError(f"matteop65 images must sit under train/ or valid/, got {image_path!r}")
    return _by_hash(file_name, DEFAULT_TEST_SHARE)
