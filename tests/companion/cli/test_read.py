"""`dicetable read` end to end on the rendered fixtures with the shipped models."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.ryb import totals
from vision.types import Colour

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "rendered" / "images"


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_read_prints_one_json_object_per_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    images = sorted(FIXTURES.glob("*.jpg"))[:3]
    for image in images:
        shutil.copy(image, tmp_path / image.name)
    out = tmp_path / "annotated"
    assert main(["read", str(tmp_path), "--json", "--annotate", str(out)]) == 0
    records = _lines(capsys)
    assert [Path(str(r["image"])).name for r in records] == [p.name for p in images]
    for record in records:
        assert (record["width"], record["height"]) == (640, 480)
        dice = record["dice"]
        assert isinstance(dice, list) and dice
        assert set(dice[0]) == {"colour", "pips", "confidence", "box_xyxy", "unsure"}
        rolled = [
            (Colour(d["colour"]), int(d["pips"]))
            for d in dice
            if d["colour"] in ("red", "yellow", "blue")
        ]
        assert record["totals"] == {c.value: n for c, n in totals(rolled).items()}
    assert sorted(p.name for p in out.iterdir()) == [f"{p.stem}.annotated.jpg" for p in images]


def test_a_bad_file_gets_an_error_line_and_the_batch_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = sorted(FIXTURES.glob("*.jpg"))[0]
    shutil.copy(good, tmp_path / "a.jpg")
    (tmp_path / "b.jpg").write_bytes(good.read_bytes()[:2000])
    shutil.copy(good, tmp_path / "c.jpg")
    assert main(["read", str(tmp_path), "--json"]) == 1
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [Path(str(r["image"])).name for r in records] == ["a.jpg", "b.jpg", "c.jpg"]
    assert "truncated" in str(records[1]["error"]) and "dice" in records[2]
    assert "b.jpg" in captured.err


COLOUR_FACES = Path(__file__).resolve().parents[2] / "fixtures" / "colour_faces"


def test_read_at_a_flyer_table_names_colour_face_dice_by_their_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(COLOUR_FACES / "00.jpg", tmp_path / "00.jpg")
    labels = json.loads((COLOUR_FACES / "labels.json").read_text())["00.jpg"]
    painted = sorted(d["face_colour"] for d in labels if d["face_colour"] is not None)
    assert main(["read", str(tmp_path), "--json", "--game", "flyer"]) == 0
    [record] = _lines(capsys)
    dice = record["dice"]
    assert isinstance(dice, list)
    read = sorted(str(d["face_colour"]) for d in dice if "face_colour" in d)
    assert read and set(read) <= set(painted)
    pip_dice = [
        (Colour(d["colour"]), int(d["pips"]))
        for d in dice
        if "face_colour" not in d and d["colour"] in ("red", "yellow", "blue")
    ]
    assert record["totals"] == {c.value: n for c, n in totals(pip_dice).items()}
    assert main(["read", str(tmp_path), "--game", "flyer"]) == 0
    line = capsys.readouterr().out
    assert all(f" {colour}" in line for colour in read)
    assert main(["read", str(tmp_path), "--json"]) == 0
    plain = _lines(capsys)[0]["dice"]
    assert isinstance(plain, list) and not any("face_colour" in d for d in plain)


def test_read_scores_labelled_photos_and_prints_photos_exact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    images = sorted(FIXTURES.glob("*.jpg"))[:4]
    assert main(["read", *map(str, images)]) == 0
    lines = capsys.readouterr().out.splitlines()
    verdicts = [line.rsplit("| ", 1)[1] for line in lines[:-1]]
    assert len(verdicts) == 4 and set(verdicts) <= {"exact", "needs a fix"}
    right = verdicts.count("exact")
    assert lines[-1].startswith(f"PHOTOS EXACT {100 * right / 4:.1f}% ({right}/4 labelled photos")


def test_read_of_an_unlabelled_photo_says_nothing_of_exactness(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = sorted(FIXTURES.glob("*.jpg"))[0]
    shutil.copy(image, tmp_path / image.name)
    assert main(["read", str(tmp_path / image.name), "--json"]) == 0
    captured = capsys.readouterr()
    assert "exact" not in json.loads(captured.out)
    assert "PHOTOS EXACT" not in captured.out + captured.err


def test_a_bad_label_beside_a_photo_is_named_and_the_photo_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = sorted(FIXTURES.glob("*.jpg"))[0]
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    shutil.copy(image, tmp_path / "images" / image.name)
    (tmp_path / "labels" / f"{image.stem}.txt").write_text("9 0.5 0.5 0.1\n")
    assert main(["read", str(tmp_path / "images" / image.name), "--json"]) == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert record["dice"] and "exact" not in record
    assert f"{image.stem}.txt" in captured.err and "not scored" in captured.err
