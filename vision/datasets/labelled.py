"""YOLO-labelled photo folders as frozen values, ready to score a reader against.

Layout (as in `shared/dice-data/*` and what `python -m models.render` writes):

    ROOT/images/[train|valid/]NAME.jpg   the photos (jpg, jpeg, png, bmp)
    ROOT/labels/[train|valid/]NAME.txt   one line per die: `cls cx cy w h`, normalised, cls 0..5
    ROOT/colours.csv                     optional: `image,box_index,pips,colour`
    ROOT/dataset.json                    optional: {"match": "centre"|"iou", "name": "..."}

How predictions are matched to labels (`match_by`): the folder's own `dataset.json` decides when it
has a `match` key (it describes the labels, so it outranks the command line); otherwise the caller's
choice; `auto` means `centre` for folders whose name contains `matteop65` (their boxes cover only
the pip group, not the die) and `iou` for the rest. An image without a label file is left out and
reported in `LabelledSet.problems`; an empty label file means "no dice here".
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from vision.datasets.size import image_size
from vision.datasets.splits import SPLITS, split_of
from vision.types import Colour, box_centre, check_face

MatchBy = Literal["iou", "centre"]
MatchOption = Literal["iou", "centre", "auto"]
MATCH_OPTIONS: tuple[MatchOption, ...] = ("auto", "centre", "iou")
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp"})
# Roboflow exports a few coordinates a hair outside 0..1; further out is a broken label.
_EDGE_SLACK = 1e-3

BoxF = tuple[float, float, float, float]


class DatasetError(ValueError):
    """A data set folder, label file or colours.csv cannot be read; the message names where."""


@dataclass(frozen=True, slots=True)
class LabelledBox:
    """One labelled die in pixels: its box, its pip value and, where labelled, its colour."""

    box_xyxy: BoxF
    pips: int
    colour: Colour | None = None

    def __post_init__(self) -> None:
        check_face(self.pips, self.box_xyxy)

    @property
    def centre_xy(self) -> tuple[float, float]:
        return box_centre(self.box_xyxy)


@dataclass(frozen=True, slots=True)
class LabelledImage:
    path: Path
    width: int
    height: int
    boxes: tuple[LabelledBox, ...]
    match_by: MatchBy


@dataclass(frozen=True, slots=True)
class LabelledSet:
    """Every labelled image of one folder; `problems` lists what was left out and why."""

    name: str
    root: Path
    match_by: MatchBy
    images: tuple[LabelledImage, ...]
    problems: tuple[str, ...] = ()

    def split(self, which: str) -> tuple[LabelledImage, ...]:
        """The images on one side of the held-out split (`vision.datasets.splits`), or `all` of
        them."""
        if which == "all":
            return self.images
        if which not in SPLITS:
            raise ValueError(f"split must be one of train, test, all; got {which!r}")
        return tuple(im for im in self.images if split_of(self.name, im.path) == which)


def parse_label_line(text: str, width: int, height: int, where: str) -> LabelledBox:
    """One `cls cx cy w h` line to a pixel box; `where` (file:line) goes into every error."""
    fields = text.split()
    if len(fields) != 5:
        raise DatasetError(f"{where}: expected 'cls cx cy w h', got {text.strip()!r}")
    try:
        cls = int(fields[0])
        cx, cy, w, h = (float(f) for f in fields[1:])
    except ValueError:
        raise DatasetError(f"{where}: not numbers: {text.strip()!r}") from None
    if not all(math.isfinite(v) for v in (cx, cy, w, h)):
        raise DatasetError(f"{where}: not finite numbers: {text.strip()!r}")
    if not 0 <= cls <= 5:
        raise DatasetError(f"{where}: class must be 0..5 (pips 1..6), got {cls}")
    if not (w > 0 and h > 0):
        raise DatasetError(f"{where}: width and height must be > 0, got {w} and {h}")
    x1, y1, x2, y2 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
    if min(x1, y1) < -_EDGE_SLACK or max(x2, y2) > 1 + _EDGE_SLACK:
        raise DatasetError(f"{where}: box leaves the image (0..1): {text.strip()!r}")
    box = (
        max(0.0, x1) * width,
        max(0.0, y1) * height,
        min(1.0, x2) * width,
        min(1.0, y2) * height,
    )
    return LabelledBox(box, cls + 1)


def read_labels(path: Path, width: int, height: int) -> tuple[LabelledBox, ...]:
    """Every box of one YOLO label file; blank lines are skipped, anything else must parse."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read label file: {exc}") from None
    return tuple(
        parse_label_line(line, width, height, f"{path}:{number}")
        for number, line in enumerate(lines, start=1)
        if line.strip()
    )


ColourKey = tuple[str, int]


def read_colours(path: Path) -> dict[ColourKey, tuple[int, Colour]]:
    """colours.csv as {(image file name, box index): (pips, colour)}."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise DatasetError(f"{path}: cannot read colours: {exc}") from None
    out: dict[ColourKey, tuple[int, Colour]] = {}
    for number, row in enumerate(rows, start=2):
        where = f"{path}:{number}"
        try:
            key = (str(row["image"]).strip(), int(row["box_index"]))
            value = (int(row["pips"]), Colour.parse(str(row["colour"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise DatasetError(f"{where}: bad row {row!r}: {exc}") from None
        if key in out:
            raise DatasetError(f"{where}: box {key[1]} of {key[0]} is listed twice")
        out[key] = value
    return out


def join_colours(
    image_key: str,
    boxes: tuple[LabelledBox, ...],
    colours: Mapping[ColourKey, tuple[int, Colour]],
    used: set[ColourKey],
) -> tuple[LabelledBox, ...]:
    """Boxes with their colour from colours.csv (keyed by the image's path under images/ or its
    file name); the keys it used are added to `used`. A pip value that disagrees is an error."""
    out = []
    for index, box in enumerate(boxes):
        keys = [(image_key, index), (image_key.rsplit("/", 1)[-1], index)]
        key = next((k for k in keys if k in colours), None)
        if key is None:
            out.append(box)
            continue
        used.add(key)
        pips, colour = colours[key]
        if pips != box.pips:
            raise DatasetError(
                f"colours.csv says box {index} of {image_key} has {pips} pips, "
                f"its label says {box.pips}"
            )
        out.append(LabelledBox(box.box_xyxy, box.pips, colour))
    return tuple(out)


def read_settings(root: Path) -> dict[str, str]:
    """The optional dataset.json: {"match": ..., "name": ...}."""
    path = root / "dataset.json"
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    if not isinstance(data, dict):
        raise DatasetError(f"{path}: expected a JSON object, got {data!r}")
    match = data.get("match")
    if match is not None and match not in ("centre", "iou"):
        raise DatasetError(f"{path}: match must be 'centre' or 'iou', got {match!r}")
    return {k: str(v) for k, v in data.items() if k in ("match", "name")}


def resolve_match(root: Path, option: str, settings: Mapping[str, str]) -> MatchBy:
    if option not in MATCH_OPTIONS:
        raise DatasetError(f"match must be one of {', '.join(MATCH_OPTIONS)}, got {option!r}")
    chosen = settings.get("match") or option
    if chosen == "centre" or (chosen == "auto" and "matteop65" in root.resolve().name.lower()):
        return "centre"
    return "iou"


def image_files(images_dir: Path) -> list[Path]:
    return sorted(
        p for p in images_dir.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
    )


def load_dataset(root: str | Path, match: str = "auto") -> LabelledSet:
    """Every labelled image under ROOT/images, with colours joined and the match mode settled."""
    root = Path(root)
    images_dir = root / "images"
    if not images_dir.is_dir():
        raise DatasetError(f"{root}: no images/ folder (expected the YOLO layout)")
    settings = read_settings(root)
    match_by = resolve_match(root, match, settings)
    colours_path = root / "colours.csv"
    colours = read_colours(colours_path) if colours_path.is_file() else {}
    images, problems = _load_images(root, image_files(images_dir), match_by, colours)
    name = settings.get("name") or root.resolve().name
    return LabelledSet(name, root, match_by, tuple(images), tuple(problems))


def _load_images(
    root: Path,
    files: Iterable[Path],
    match_by: MatchBy,
    colours: Mapping[ColourKey, tuple[int, Colour]],
) -> tuple[list[LabelledImage], list[str]]:
    images: list[LabelledImage] = []
    problems: list[str] = []
    used: set[ColourKey] = set()
    for path in files:
        relative = path.relative_to(root / "images")
        label = root / "labels" / relative.with_suffix(".txt")
        if not label.is_file():
            problems.append(f"{path}: no label file {label}")
            continue
        try:
            width, height = image_size(path)
        except ValueError as exc:
            problems.append(f"{path}: {exc}")
            continue
        boxes = join_colours(relative.as_posix(), read_labels(label, width, height), colours, used)
        images.append(LabelledImage(path, width, height, boxes, match_by))
    problems.extend(
        f"colours.csv: box {index} of {image} matches no labelled box"
        for image, index in sorted(set(colours) - used)
    )
    return images, problems
