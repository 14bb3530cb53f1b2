"""`dicetable eval` end to end on tiny folders of drawn dice."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cli import main
from companion.cli.commands.evaluate import evenly_spaced
from tests.vision.test_baseline_drawing import (
    BLACK,
    BLUE,
    GREY_TABLE,
    RED,
    WHITE,
    DrawnDie,
    draw_scene,
)
from vision.onnx_model import MODELS_DIR

SCENES = [
    [DrawnDie((80, 90), 60, 3, WHITE, BLACK, 10), DrawnDie((250, 200), 60, 5, RED, WHITE, 25)],
    [DrawnDie((120, 150), 70, 6, BLUE, WHITE, 0)],
    [DrawnDie((300, 100), 56, 2, WHITE, BLACK, 40), DrawnDie((100, 250), 56, 4, WHITE, BLACK, 5)],
]
COLOURS = [["white", "red"], ["blue"], ["white", "white"]]


def write_set(root: Path, width: int = 480, height: int = 360) -> Path:
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    rows = ["image,box_index,pips,colour"]
    for n, (dice, colours) in enumerate(zip(SCENES, COLOURS, strict=True)):
        name = f"scene_{n}"
        assert cv2.imwrite(str(root / "images" / f"{name}.png"), draw_scene(dice, GREY_TABLE))
        lines = []
        for index, (die, colour) in enumerate(zip(dice, colours, strict=True)):
            x1, y1, x2, y2 = die.box_xyxy()
            cx, cy = (x1 + x2) / 2 / width, (y1 + y2) / 2 / height
            lines.append(
                f"{die.pips - 1} {cx:.6f} {cy:.6f} {(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}"
            )
            rows.append(f"{name}.png,{index},{die.pips},{colour}")
        (root / "labels" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "colours.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return root


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["eval", *args, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def test_baseline_reads_the_drawn_set_perfectly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    data = run_json(capsys, str(root), "--reader", "baseline", "--split", "all")
    assert (data["reader"], data["split"]) == ("baseline", "all")
    (report,) = data["datasets"]
    assert (report["name"], report["match_by"], report["images"]) == ("drawn", "iou", 3)
    assert report["detection"] == {
        "matched": 5,
        "missed": 0,
        "extra": 0,
        "precision": 1.0,
        "recall": 1.0,
    }
    assert report["pips"] == {"right": 5, "of": 5, "accuracy": 1.0}
    assert report["colour"] == {"right": 5, "of": 5, "accuracy": 1.0}
    assert report["exact_images"] == {"right": 3, "of": 3, "rate": 1.0}
    assert report["unsure"]["dice"] == 0
    assert report["sure"] == {
        "matched": 5,
        "extra": 0,
        "precision": 1.0,
        "pips_right": 5,
        "pip_accuracy": 1.0,
        "colour_labelled": 5,
        "colours_right": 5,
        "colour_accuracy": 1.0,
    }
    assert report["time_ms"]["mean"] > 0
    assert report["pip_confusion"]["axis"] == ["1", "2", "3", "4", "5", "6", "none"]
    assert report["pip_confusion"]["rows_truth"][2][2] == 1
    assert report["skipped"] == []


def test_broken_image_is_reported_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    (root / "images" / "scene_1.png").write_bytes(
        (root / "images" / "scene_1.png").read_bytes()[:200]
    )
    data = run_json(capsys, str(root), "--reader", "baseline", "--split", "all")
    (report,) = data["datasets"]
    assert report["images"] == 2
    assert report["detection"]["matched"] == 4
    assert len(report["skipped"]) == 1
    assert "scene_1.png: cannot be decoded" in report["skipped"][0]


def test_two_folders_limit_and_text_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write_set(tmp_path / "one")
    second = write_set(tmp_path / "matteop65-like")
    args = [str(first), str(second), "--reader", "baseline", "--split", "all", "--limit", "2"]
    assert main(["eval", *args]) == 0
    text = capsys.readouterr().out
    assert "reader: baseline" in text
    assert "one  (all split, 2 images, match by iou)" in text
    assert "matteop65-like  (all split, 2 images, match by centre)" in text
    assert "precision 100.0%" in text
    assert "read surely: precision 100.0% (" in text
    assert "   pips 100.0% (" in text
    assert "colour confusion (rows: truth, columns: read)" in text


def test_test_split_of_an_unknown_set_uses_the_file_hash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    test_side = run_json(capsys, str(root), "--reader", "baseline")["datasets"][0]["images"]
    train_side = run_json(capsys, str(root), "--reader", "baseline", "--split", "train")
    train_side = train_side["datasets"][0]["images"]
    assert test_side + train_side == 3


def test_bad_folder_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "dicetable eval: error:" in err
    assert "nowhere: no images/ folder" in err


def test_bad_label_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_set(tmp_path / "drawn")
    (root / "labels" / "scene_0.txt").write_text("9 0.5 0.5 0.1 0.1\n", encoding="utf-8")
    assert main(["eval", str(root)]) == 2
    assert "scene_0.txt:1: class must be 0..5" in capsys.readouterr().err


def test_the_model_reader_is_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    assert main(["eval", str(root), "--split", "all", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reader"] == "model"


def _copy_models(folder: Path) -> Path:
    folder.mkdir()
    names = ("dice_finder.onnx", "dice_reader.onnx", "dice_finder_small.onnx", "face_marks.onnx")
    for name in (*names, "models.sha256"):
        (folder / name).write_bytes((MODELS_DIR / name).read_bytes())
    return folder


def test_models_scores_a_training_run_s_files_as_the_shipped_ones_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    run = _copy_models(tmp_path / "run")
    shipped = run_json(capsys, str(root), "--split", "all")["datasets"][0]
    trained = run_json(capsys, str(root), "--split", "all", "--models", str(run))["datasets"][0]
    assert {k: v for k, v in trained.items() if "ms" not in k} == {
        k: v for k, v in shipped.items() if "ms" not in k
    }


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda run: (run / "models.sha256").unlink(), "models.sha256 is missing"),
        (lambda run: (run / "dice_reader.onnx").write_bytes(b"x"), "dice_reader.onnx"),
    ],
)
def test_models_refuses_a_folder_whose_files_do_not_check_out(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    spoil: Callable[[Path], None],
    message: str,
) -> None:
    root = write_set(tmp_path / "drawn")
    run = _copy_models(tmp_path / "run")
    spoil(run)
    assert main(["eval", str(root), "--models", str(run)]) == 2
    err = capsys.readouterr().err
    assert "the model reader cannot start" in err and message in err


def test_models_needs_the_model_reader(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_set(tmp_path / "drawn")
    assert main(["eval", str(root), "--reader", "baseline", "--models", str(tmp_path)]) == 2
    assert "it needs --reader model" in capsys.readouterr().err


@pytest.mark.parametrize("limit", ["0", "-3", "two"])
def test_limit_must_be_a_positive_whole_number(
    limit: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["eval", "somewhere", "--limit", limit])
    assert "--limit" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("n", "limit", "expected"),
    [
        (10, None, list(range(10))),
        (10, 20, list(range(10))),
        (10, 3, [0, 3, 6]),
        (10, 1, [0]),
        (4, 4, [0, 1, 2, 3]),
    ],
)
def test_evenly_spaced(n: int, limit: int | None, expected: list[int]) -> None:
    assert list(evenly_spaced(list(range(n)), limit)) == expected
