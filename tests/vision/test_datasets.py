from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.datasets.labelled import (
    DatasetError,
    LabelledBox,
    load_dataset,
    parse_label_line,
    read_labels,
)
from vision.datasets.size import image_size
from vision.types import Colour


def write_image(path: Path, width: int = 64, height: int = 48) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), np.full((height, width, 3), 120, dtype=np.uint8))


def write_labels(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def make_set(
    root: Path, files: dict[str, list[str] | None], width: int = 64, height: int = 48
) -> Path:
    """`files`: image path under images/ -> label lines (None: no label file)."""
    for name, lines in files.items():
        write_image(root / "images" / name, width, height)
        if lines is not None:
            write_labels(root / "labels" / Path(name).with_suffix(".txt"), lines)
    return root


@pytest.mark.parametrize(
    ("line", "box", "pips"),
    [
        ("0 0.5 0.5 0.25 0.5", (24.0, 12.0, 40.0, 36.0), 1),
        ("5 0.125 0.25 0.25 0.5", (0.0, 0.0, 16.0, 24.0), 6),
        ("2   0.5 0.5 0.25 0.5  ", (24.0, 12.0, 40.0, 36.0), 3),
        # Roboflow's hair over the edge is clipped.
        ("3 0.1 0.5 0.2002 0.5", (0.0, 12.0, pytest.approx(12.8064), 36.0), 4),
    ],
)
def test_label_line_to_pixels(line: str, box: tuple[float, ...], pips: int) -> None:
    parsed = parse_label_line(line, 64, 48, "x.txt:1")
    assert parsed.box_xyxy == pytest.approx(box)
    assert parsed.pips == pips
    assert parsed.colour is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 0.5 0.5 0.25", "expected 'cls cx cy w h'"),
        ("0 0.5 0.5 0.25 0.5 0.9", "expected 'cls cx cy w h'"),
        ("one 0.5 0.5 0.25 0.5", "not numbers"),
        ("0.0 0.5 0.5 0.25 0.5", "not numbers"),
        ("0 0.5 half 0.25 0.5", "not numbers"),
        ("6 0.5 0.5 0.25 0.5", "class must be 0..5"),
        ("-1 0.5 0.5 0.25 0.5", "class must be 0..5"),
        ("0 0.5 0.5 0 0.5", "width and height must be > 0"),
        ("0 0.5 0.5 0.25 -0.5", "width and height must be > 0"),
        ("0 0.95 0.5 0.25 0.5", "box leaves the image"),
        ("0 0.5 0.5 nan 0.5", "not finite numbers"),
        ("0 nan 0.5 0.2 0.2", "not finite numbers"),
        ("0 0.5 inf 0.2 0.2", "not finite numbers"),
    ],
)
def test_malformed_label_lines_name_file_and_line(line: str, message: str) -> None:
    with pytest.raises(DatasetError, match=f"^x.txt:7: {message}"):
        parse_label_line(line, 64, 48, "x.txt:7")


def test_read_labels_skips_blank_lines_and_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    write_labels(path, ["0 0.5 0.5 0.25 0.5", "", "1 0.5 0.5 0.25 0.5", "7 0.5 0.5 0.25 0.5"])
    with pytest.raises(DatasetError, match=rf"{path}:4: class must be 0..5"):
        read_labels(path, 64, 48)
    write_labels(path, ["0 0.5 0.5 0.25 0.5", "", "1 0.5 0.5 0.25 0.5"])
    assert [b.pips for b in read_labels(path, 64, 48)] == [1, 2]


def test_loads_flat_and_split_folders(tmp_path: Path) -> None:
    root = make_set(
        tmp_path / "dice",
        {
            "train/a.jpg": ["0 0.5 0.5 0.25 0.5"],
            "valid/b.png": ["1 0.5 0.5 0.25 0.5", "2 0.2 0.2 0.1 0.1"],
            "c.jpg": [],
            "d.jpg": None,
        },
    )
    (root / "images" / "notes.txt").write_text("not an image", encoding="utf-8")
    dataset = load_dataset(root)
    assert dataset.name == "dice"
    assert dataset.match_by == "iou"
    assert [im.path.relative_to(root / "images").as_posix() for im in dataset.images] == [
        "c.jpg",
        "train/a.jpg",
        "valid/b.png",
    ]
    assert [len(im.boxes) for im in dataset.images] == [0, 1, 2]
    assert all((im.width, im.height) == (64, 48) for im in dataset.images)
    assert len(dataset.problems) == 1
    assert "d.jpg: no label file" in dataset.problems[0]


def test_a_bad_label_file_stops_the_load(tmp_path: Path) -> None:
    root = make_set(tmp_path / "dice", {"a.jpg": ["0 0.5 0.5 0.25"]})
    with pytest.raises(DatasetError, match=r"a\.txt:1: expected"):
        load_dataset(root)


def test_missing_images_folder(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no images/ folder"):
        load_dataset(tmp_path)


def test_colours_csv_joins_by_image_and_box_index(tmp_path: Path) -> None:
    root = make_set(
        tmp_path / "dice",
        {"a.jpg": ["0 0.5 0.5 0.25 0.5", "3 0.2 0.2 0.1 0.1"], "b.jpg": ["4 0.5 0.5 0.2 0.2"]},
    )
    (root / "colours.csv").write_text(
        "image,box_index,pips,colour\na.jpg,1,4,Blue\nb.jpg,0,5,red\nb.jpg,3,2,red\n",
        encoding="utf-8",
    )
    dataset = load_dataset(root)
    a, b = dataset.images
    assert [box.colour for box in a.boxes] == [None, Colour.BLUE]
    assert b.boxes[0] == LabelledBox(b.boxes[0].box_xyxy, 5, Colour.RED)
    assert dataset.problems == ("colours.csv: box 3 of b.jpg matches no labelled box",)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("a.jpg,0,2,red\n", "box 0 of a.jpg has 2 pips, its label says 1"),
        ("a.jpg,0,1,teal\n", r"colours.csv:2: bad row .*unknown colour 'teal'"),
        ("a.jpg,zero,1,red\n", "colours.csv:2: bad row"),
        ("a.jpg,0,1,red\na.jpg,0,1,red\n", "colours.csv:3: box 0 of a.jpg is listed twice"),
    ],
)
def test_colours_csv_errors(tmp_path: Path, rows: str, message: str) -> None:
    root = make_set(tmp_path / "dice", {"a.jpg": ["0 0.5 0.5 0.25 0.5"]})
    (root / "colours.csv").write_text("image,box_index,pips,colour\n" + rows, encoding="utf-8")
    with pytest.raises(DatasetError, match=message):
        load_dataset(root)


@pytest.mark.parametrize(
    ("folder", "option", "settings", "expected"),
    [
        ("dice", "auto", None, "iou"),
        ("matteop65-white", "auto", None, "centre"),
        ("my-MATTEOP65-copy", "auto", None, "centre"),
        ("dice", "centre", None, "centre"),
        ("matteop65-white", "iou", None, "iou"),
        ("dice", "auto", {"match": "centre"}, "centre"),
        ("dice", "iou", {"match": "centre"}, "centre"),
        ("matteop65-white", "auto", {"match": "iou"}, "iou"),
    ],
)
def test_match_mode(
    tmp_path: Path, folder: str, option: str, settings: dict[str, str] | None, expected: str
) -> None:
    root = make_set(tmp_path / folder, {"a.jpg": ["0 0.5 0.5 0.25 0.5"]})
    if settings is not None:
        (root / "dataset.json").write_text(json.dumps(settings), encoding="utf-8")
    dataset = load_dataset(root, option)
    assert dataset.match_by == expected
    assert dataset.images[0].match_by == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"match": "area"}', "match must be 'centre' or 'iou'"),
        ("[1, 2]", "expected a JSON object"),
        ("{match", "cannot read"),
    ],
)
def test_bad_dataset_json(tmp_path: Path, text: str, message: str) -> None:
    root = make_set(tmp_path / "dice", {"a.jpg": []})
    (root / "dataset.json").write_text(text, encoding="utf-8")
    with pytest.raises(DatasetError, match=message):
        load_dataset(root)


def test_dataset_json_names_the_set_for_its_split(tmp_path: Path) -> None:
    root = make_set(tmp_path / "copy", {"valid/a.jpg": [], "train/b.jpg": []})
    (root / "dataset.json").write_text('{"name": "matteop65-white"}', encoding="utf-8")
    dataset = load_dataset(root)
    assert dataset.name == "matteop65-white"
    assert [im.path.name for im in dataset.split("test")] == ["a.jpg"]
    assert [im.path.name for im in dataset.split("train")] == ["b.jpg"]
    assert len(dataset.split("all")) == 2
    with pytest.raises(ValueError, match="split must be one of train, test, all; got 'valid'"):
        dataset.split("valid")


def test_unknown_match_option(tmp_path: Path) -> None:
    root = make_set(tmp_path / "dice", {"a.jpg": []})
    with pytest.raises(DatasetError, match="match must be one of auto, centre, iou, got 'box'"):
        load_dataset(root, "box")


@pytest.mark.parametrize("suffix", [".jpg", ".png", ".bmp"])
@pytest.mark.parametrize(("width", "height"), [(64, 48), (1, 3), (641, 479)])
def test_image_size_from_header_agrees_with_decoding(
    tmp_path: Path, suffix: str, width: int, height: int
) -> None:
    path = tmp_path / f"x{suffix}"
    write_image(path, width, height)
    assert image_size(path) == (width, height)


def test_image_size_refuses_other_files(tmp_path: Path) -> None:
    path = tmp_path / "x.jpg"
    path.write_bytes(b"GIF89a not really")
    with pytest.raises(ValueError, match="not a PNG, JPEG or BMP"):
        image_size(path)
    truncated = tmp_path / "y.jpg"
    truncated.write_bytes(b"\xff\xd8\xff\xe0\x00\x10JFIF")
    with pytest.raises(ValueError, match="not a PNG, JPEG or BMP"):
        image_size(truncated)


def test_unreadable_image_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    root = make_set(tmp_path / "dice", {"a.jpg": []})
    (root / "images" / "b.jpg").write_bytes(b"garbage")
    write_labels(root / "labels" / "b.txt", [])
    dataset = load_dataset(root)
    assert [im.path.name for im in dataset.images] == ["a.jpg"]
    assert "b.jpg" in dataset.problems[0]
