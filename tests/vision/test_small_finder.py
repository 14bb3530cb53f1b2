"""A table of small dice reads with the small-dice finder where the models folder has one; every
other table, and a folder without one, with the finder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vision.onnx_model import MODELS_DIR
from vision.reader import (
    CLASSIFIER_FILE,
    FINDER_FILE,
    SMALL_FINDER_FILE,
    ReaderConfig,
    load_reader,
)

FRAME_HW = (720, 1280)


def _models(tmp_path: Path, small: bool) -> Path:
    folder = tmp_path / "models"
    folder.mkdir()
    for name in (FINDER_FILE, CLASSIFIER_FILE):
        shutil.copy(MODELS_DIR / name, folder / name)
    if small:
        shutil.copy(MODELS_DIR / FINDER_FILE, folder / SMALL_FINDER_FILE)
    return folder


@pytest.mark.parametrize(
    ("die_px", "config", "small"),
    [
        (20.0, ReaderConfig(), True),  # 10 px at the finder's 640: a board's small dice
        (60.0, ReaderConfig(), False),  # 30 px there: the finder's own scales
        (None, ReaderConfig(), False),  # no size known
        (20.0, ReaderConfig(colour_faces=True), False),  # a colour-face table keeps its finder
    ],
)
def test_the_small_dice_finder_reads_only_a_table_of_small_dice(
    tmp_path: Path, die_px: float | None, config: ReaderConfig, small: bool
) -> None:
    reader = load_reader(_models(tmp_path, small=True), config, 1, check_hashes=False)
    for same in (reader, reader.with_memory(None), reader.with_empty(None)):
        chosen = same.finder_for(FRAME_HW, die_px)
        assert (chosen.path.name == SMALL_FINDER_FILE) is small


def test_a_folder_without_one_reads_every_table_with_the_finder(tmp_path: Path) -> None:
    reader = load_reader(_models(tmp_path, small=False), ReaderConfig(), 1, check_hashes=False)
    assert reader.finder_for(FRAME_HW, 20.0).path.name == FINDER_FILE
    assert reader.with_memory(None).finder_for(FRAME_HW, 20.0).path.name == FINDER_FILE
