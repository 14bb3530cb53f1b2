"""Pictures of a reader's mistakes: which mistakes an image holds, how their pictures are named,
and `dicetable eval --gallery` end to end."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from tests.vision.test_eval_command import write_set
from vision.datasets import LabelledBox
from vision.error_gallery import SIDE, Mistake, mistakes, picture_name, write_mistakes
from vision.types import Colour, Die

A, B, C = (0.0, 0.0, 40.0, 40.0), (100.0, 0.0, 140.0, 40.0), (200.0, 0.0, 240.0, 40.0)


def _read(box: tuple[float, ...], pips: int, colour: Colour, unsure: bool = False) -> Die:
    x1, y1, x2, y2 = (int(v) for v in box)
    return Die(colour, pips, 0.9, (x1, y1, x2, y2), unsure)


@pytest.mark.parametrize(
    ("labels", "reads", "expected"),
    [
        ([LabelledBox(A, 2, Colour.RED)], [_read(A, 2, Colour.RED)], []),
        ([LabelledBox(A, 2, Colour.RED)], [], [Mistake("missed", "2", "none", A)]),
        ([], [_read(B, 5, Colour.RED, True)], [Mistake("extra", "none", "5", B)]),
        ([LabelledBox(A, 2, None)], [_read(A, 3, Colour.RED)], [Mistake("pips", "2", "3", A)]),
        (
            [LabelledBox(A, 2, Colour.BLUE)],
            [_read(A, 4, Colour.BLACK)],
            [Mistake("pips", "2", "4", A), Mistake("colour", "blue", "black", A)],
        ),
        (
            [LabelledBox(A, 1, Colour.RED), LabelledBox(C, 6, Colour.RED)],
            [_read(A, 1, Colour.RED), _read(B, 6, Colour.RED)],
            [Mistake("missed", "6", "none", C), Mistake("extra", "none", "6", B)],
        ),
    ],
    ids=["right", "missed", "extra", "pips", "pips-and-colour", "beside-each-other"],
)
def test_each_mistake_is_listed_once(
    labels: list[LabelledBox], reads: list[Die], expected: list[Mistake]
) -> None:
    assert mistakes(labels, reads, "iou") == expected


@pytest.mark.parametrize(
    ("dataset", "image", "name"),
    [
        ("byler-colour", "IMG_1.jpg", "byler-colour_IMG_1_pips_2_as_3_at_12_8.png"),
        ("set", "a b/../c d.jpg", "set_c_d_pips_2_as_3_at_12_8.png"),
        ("../x", "../../etc/passwd", "x_passwd_pips_2_as_3_at_12_8.png"),
        ("rune", "00001_jpg.rf.ab12.jpg", "rune_00001_jpg_rf_ab12_pips_2_as_3_at_12_8.png"),
        ("dés", "été.png", "d_s__t_pips_2_as_3_at_12_8.png"),
    ],
    ids=["plain", "spaces", "climbing", "dots", "accents"],
)
def test_picture_names_are_plain_file_names(dataset: str, image: str, name: str) -> None:
    mistake = Mistake("pips", "2", "3", (11.6, 8.2, 40.0, 40.0))
    made = picture_name(dataset, Path(image), mistake)
    assert made == name
    assert Path(made).name == made


def test_one_picture_for_each_mistake(tmp_path: Path) -> None:
    frame = np.full((120, 260, 3), 90, np.uint8)
    labels = [LabelledBox(A, 2, Colour.BLUE), LabelledBox(C, 6, Colour.RED)]
    reads = [_read(A, 4, Colour.BLACK), _read(B, 1, Colour.RED, unsure=True)]
    assert write_mistakes(tmp_path, "set", Path("p.jpg"), frame, labels, reads, "iou") == 4
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "set_p_colour_blue_as_black_at_0_0.png",
        "set_p_extra_none_as_1_at_100_0.png",
        "set_p_missed_6_as_none_at_200_0.png",
        "set_p_pips_2_as_4_at_0_0.png",
    ]
    picture = cv2.imread(str(tmp_path / names[1]))
    assert picture is not None
    assert picture.shape == (SIDE, SIDE, 3)
    assert write_mistakes(tmp_path / "none", "set", Path("p.jpg"), frame, [], [], "iou") == 0


def _spoil_labels(root: Path) -> None:
    """Scene 0: its first die labelled with the wrong pips, its second with the wrong colour;
    scene 2: its second die's label taken away (an extra read) and a die that is not there
    labelled (a missed one)."""
    first = root / "labels" / "scene_0.txt"
    lines = first.read_text().splitlines()
    lines[0] = "3" + lines[0][1:]
    first.write_text("\n".join(lines) + "\n")
    third = root / "labels" / "scene_2.txt"
    kept = third.read_text().splitlines()[0]
    third.write_text(f"{kept}\n0 0.9 0.9 0.05 0.05\n")
    rows = (root / "colours.csv").read_text().splitlines()
    rows = [r.replace("scene_0.png,0,3,", "scene_0.png,0,4,") for r in rows]
    rows = [r.replace("scene_0.png,1,5,red", "scene_0.png,1,5,blue") for r in rows]
    rows = [r for r in rows if not r.startswith("scene_2.png,1")]
    (root / "colours.csv").write_text("\n".join(rows) + "\n")


def test_eval_gallery_writes_every_mistake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    _spoil_labels(root)
    out = tmp_path / "out" / "gallery"
    argv = ["eval", str(root), "--reader", "baseline", "--split", "all", "--gallery", str(out)]
    assert main(argv) == 0
    kinds = sorted(p.name.split("_")[3] for p in out.iterdir())
    assert kinds == ["colour", "extra", "missed", "pips"]
    assert "precision" in capsys.readouterr().out


def test_eval_gallery_on_a_file_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_set(tmp_path / "drawn")
    taken = tmp_path / "taken"
    taken.write_text("mine")
    assert main(["eval", str(root), "--reader", "baseline", "--gallery", str(taken)]) == 2
    err = capsys.readouterr().err
    assert f"--gallery {taken}: cannot make the folder" in err
    assert taken.read_text() == "mine"


def test_eval_gallery_that_cannot_be_written_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = write_set(tmp_path / "drawn")
    _spoil_labels(root)
    out = tmp_path / "gallery"
    monkeypatch.setattr(cv2, "imwrite", lambda *_: False)
    argv = ["eval", str(root), "--reader", "baseline", "--split", "all", "--gallery", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"--gallery {out}: could not write {out}" in err
