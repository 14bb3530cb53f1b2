"""The label writer: YOLO lines and colours.csv that read back to the rendered boxes."""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.render import SceneConfig, render_scene
from models.render.__main__ import main
from models.render.dataset import parse_yolo, scene_seed, write_set, yolo_lines

CFG = SceneConfig(width=240, height=180, die_px=(12.0, 40.0), dice_count=(3, 8))


def test_yolo_lines_parse_back_to_the_boxes() -> None:
    scene = render_scene(np.random.default_rng(5), CFG)
    parsed = parse_yolo("\n".join(yolo_lines(scene)), 240, 180)
    assert len(parsed) == len(scene.visible_dice) > 0
    for (pips, box), die in zip(parsed, scene.visible_dice, strict=True):
        assert pips == die.pips
        assert np.allclose(box, die.box_xyxy, atol=1e-3)


@pytest.mark.parametrize(
    ("text", "message"),
    [("3 0.5 0.5 0.1", "expected 'cls cx cy w h'"), ("6 0.5 0.5 0.1 0.1", "class must be 0..5")],
)
def test_parse_yolo_names_the_bad_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_yolo(f"0 0.5 0.5 0.1 0.1\n{text}", 100, 100)


def test_written_set_matches_the_scenes(tmp_path: Path) -> None:
    written = write_set(tmp_path, 3, 9, CFG)
    with (tmp_path / "colours.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert written.images == 3 and written.boxes == len(rows)
    for i in range(3):
        scene = render_scene(scene_seed(9, i), CFG)
        image = cv2.imread(str(tmp_path / "images" / f"{i:06d}.jpg"))
        assert image is not None and image.shape == (180, 240, 3)
        labels = (tmp_path / "labels" / f"{i:06d}.txt").read_text()
        assert [p for p, _ in parse_yolo(labels, 240, 180)] == [d.pips for d in scene.visible_dice]
        mine = [r for r in rows if r["image"] == f"{i:06d}.jpg"]
        assert [int(r["box_index"]) for r in mine] == list(range(len(scene.visible_dice)))
        assert [r["colour"] for r in mine] == [d.colour.value for d in scene.visible_dice]


def test_cli_refuses_a_folder_that_holds_a_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--out", str(tmp_path), "--count", "1", "--size", "160x120"]) == 0
    before = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert main(["--out", str(tmp_path), "--count", "2", "--size", "160x120"]) == 2
    assert "already holds files" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == before


def test_shards_are_the_same_pictures_as_one_run(tmp_path: Path) -> None:
    write_set(tmp_path / "whole", 3, 4, CFG)
    write_set(tmp_path / "shard", 1, 4, CFG, start=2)
    assert sorted(p.name for p in (tmp_path / "shard" / "labels").iterdir()) == ["000002.txt"]
    whole = (tmp_path / "whole" / "labels" / "000002.txt").read_text()
    assert (tmp_path / "shard" / "labels" / "000002.txt").read_text() == whole
