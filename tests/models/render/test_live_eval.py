"""`dicetable eval-live`: the command it ran, one line per folder, and a refusal per folder that
cannot make a video (the other folders still scored)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from models.render import SceneConfig
from models.render.dataset import write_set
from vision.onnx_model import MODELS_DIR

CFG = SceneConfig(width=320, height=240, die_px=(28.0, 36.0), dice_count=(2, 4))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("live-eval")
    write_set(root, 12, 5, CFG)
    return root


def test_eval_live_prints_the_command_and_scores_each_folder(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = tmp_path / "short"
    write_set(short, 2, 5, CFG)
    code = main(["eval-live", str(folder), str(short), "--game", "none", "--json"])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert code == 1  # the short folder cannot make a video
    assert lines[0] == f"$ dicetable eval-live {folder} {short} --game none --seed 0 --json"
    report = json.loads(lines[1])
    assert (report["folder"], report["throws"]) == (str(folder), 6)
    assert report["rolls"] >= report["caught"] >= report["in_time"]
    assert 0 <= report["right"] <= report["labelled"]
    assert len(lines) == 2
    assert f"{short}: 2 usable photos, a video needs 6" in err


def test_eval_live_sums_a_folders_videos_each_from_the_next_photos(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["eval-live", str(folder), "--game", "none", "--videos", "2", "--json"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].endswith("--seed 0 --videos 2 --json")
    first, second, total = (json.loads(line) for line in lines[1:])
    assert (first["set"], total["set"]) == (folder.name, f"{folder.name}, 2 videos")
    assert second["set"] == f"{folder.name} #2"
    for key in ("throws", "labelled", "right", "still_right", "caught"):
        assert total[key] == first[key] + second[key]
    assert total["throws"] == 12


def test_eval_live_says_when_a_folder_has_too_few_photos_for_more_videos(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval-live", str(folder), "--game", "none", "--videos", "3"]) == 1
    assert "usable photos after the first 2 videos', a video needs 6" in capsys.readouterr().err


TWO_FILES = ("dice_finder.onnx", "dice_reader.onnx")


def test_eval_live_reads_with_a_training_runs_files(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    run.mkdir()
    for name in TWO_FILES:
        shutil.copy(MODELS_DIR / name, run / name)
    hashes = (MODELS_DIR / "models.sha256").read_text().splitlines()
    (run / "models.sha256").write_text(
        "\n".join(line for line in hashes if line.split()[-1] in TWO_FILES) + "\n"
    )  # a training run's list: the two files it wrote
    assert main(["eval-live", str(folder), "--game", "none", "--models", str(run), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(f"--seed 0 --models {run} --json")
    assert json.loads(lines[1])["throws"] == 6


def test_eval_live_refuses_a_models_folder_without_the_files(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval-live", str(folder), "--models", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "the model reader cannot start" in err and "models.sha256" in err
