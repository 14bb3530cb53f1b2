"""`dicetable eval DIR...`: score a reader on YOLO-labelled folders (real photos or renders).

Each folder is scored on its held-out `test` split by default (`vision.datasets.splits`), so the
figures are on images that training never saw. Images that cannot be decoded are listed and skipped.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np
import numpy.typing as npt

from companion.cli.commands.game import add_data_argument
from companion.errors import DicetableError
from companion.tables.learn import GameNight, pointing
from vision.arguments import whole
from vision.datasets import DatasetError, LabelledImage, load_dataset
from vision.error_gallery import write_mistakes
from vision.errors import VisionError
from vision.metrics import PIP_AXIS, SetMetrics, colour_axis, score_image, summarise
from vision.reading_protocol import Reader
from vision.types import Die

T = TypeVar("T")
READERS = ("baseline", "model")
GAME_PALETTES = ("ryb",)
SPLIT_CHOICES = ("test", "train", "all")


class EvalError(DicetableError, ValueError):
    """The evaluation cannot start: a bad folder, label file or reader."""


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("folders", nargs="+", type=Path, metavar="DIR", help="YOLO-labelled folder")
    parser.add_argument("--reader", choices=READERS, default="model", help="reader to score")
    parser.add_argument("--split", choices=SPLIT_CHOICES, default="test", help="held-out side")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--limit", type=whole(1), help="N images of each folder, evenly spaced")
    parser.add_argument(
        "--match",
        choices=("auto", "centre", "iou"),
        default="auto",
        help="how predictions meet labels when the folder has no dataset.json "
        "(auto: centre for folders named *matteop65*, else IoU)",
    )
    parser.add_argument(
        "--gallery",
        type=Path,
        metavar="OUT",
        help="write a picture of every missed, extra or misread die into OUT",
    )
    parser.add_argument(
        "--game",
        choices=GAME_PALETTES,
        help="read as at this game's table (ryb: red, yellow, blue or not a game die)",
    )
    parser.add_argument("--table", help="read with this table's memory (see `dicetable tables`)")
    parser.add_argument(
        "--models",
        type=Path,
        metavar="DIR",
        help="score the model files in DIR (a training run's --out, hashes checked against its "
        "models.sha256) instead of the shipped ones",
    )
    parser.add_argument(
        "--empty",
        type=Path,
        metavar="PICTURE",
        help="read against this picture of the empty table (the photos' view, board and pieces "
        "laid out, no dice): what is part of it is never a die",
    )
    parser.add_argument(
        "--learn",
        type=whole(0),
        metavar="K",
        help="a game night: the first K photos (by name) are confirmed, then each later photo "
        "is read with the memory so far, scored, and confirmed",
    )
    add_data_argument(parser)


def load_reader(which: str, game: str | None = None, models: Path | None = None) -> Reader:
    """The chosen reader (the model reader from `models`, else the shipped files); the model
    reader is imported only when asked for."""
    if which == "baseline":
        if models is not None:
            raise EvalError("--models gives the model reader's files: it needs --reader model")
        from vision.baseline import BaselineReader

        return BaselineReader()
    if which == "model":
        try:
            from vision import reader as model_reader
        except ImportError as exc:
            raise EvalError(f"the model reader is not available yet ({exc})") from None
        try:
            if models is None:
                return model_reader.load_default_reader(_game_config(game))
            return model_reader.load_reader(models, _game_config(game), check_hashes=True)
        except VisionError as exc:  # models missing or altered
            raise EvalError(f"the model reader cannot start: {exc}") from None
    raise EvalError(f"reader must be one of {', '.join(READERS)}, got {which!r}")


def _game_config(game: str | None) -> Any:
    if game is None:
        return None
    from companion.feed.live import flyer_config, game_config

    return flyer_config() if game == "flyer" else game_config()


def with_memory(reader: Reader, memory: Any) -> Any:
    """The model reader reading with a table's memory; EvalError for any other reader."""
    from vision.reader import ModelReader

    if not isinstance(reader, ModelReader):
        raise EvalError("a table's memory works with the model reader only (--reader model)")
    if not reader.signs_dice:
        raise EvalError("this reader file exports no embedding: a table's memory cannot work")
    return reader.with_memory(memory)


def with_empty(reader: Reader, picture: Path) -> Any:
    """The model reader checking candidates against the empty table in `picture`."""
    from vision.empty_table import EmptyTable
    from vision.errors import ImageError
    from vision.images import load_image
    from vision.reader import ModelReader

    if not isinstance(reader, ModelReader):
        raise EvalError("--empty works with the model reader only (--reader model)")
    try:
        return reader.with_empty(EmptyTable.of(load_image(picture)))
    except ImageError as exc:
        raise EvalError(f"--empty {str(picture)!r}: {exc}") from None


@dataclass(frozen=True, slots=True)
class NightReport:
    """What a game night (`--learn K`) did: the same scored photos read without the memory, and
    what the confirmed photos taught it (every read die that matched no label: "not a die"; the
    labelled dice the reader passed over in the first K, registered, said to be dice; the
    labelled dice still missing, pointed at)."""

    without: SetMetrics
    taught: int
    not_dice: int
    passed: int = 0
    pointed: int = 0


@dataclass(frozen=True, slots=True)
class SetReport:
    name: str
    root: str
    split: str
    match_by: str
    metrics: SetMetrics
    times_ms: tuple[float, ...]
    skipped: tuple[str, ...]
    night: NightReport | None = None


def evaluate_folder(
    reader: Reader,
    folder: Path,
    split: str,
    match: str,
    limit: int | None,
    clock: Callable[[], float] = time.perf_counter,
    gallery: Path | None = None,
    learn: int | None = None,
) -> SetReport:
    try:
        dataset = load_dataset(folder, match)
    except DatasetError as exc:
        raise EvalError(str(exc)) from None
    images = evenly_spaced(dataset.split(split), limit)
    night = None if learn is None else GameNight(learn)
    if night is not None:
        with_memory(reader, None)  # refuses a reader that cannot learn before any photo is read
        images = sorted(images, key=lambda i: i.path.name)
    skipped = list(dataset.problems)
    scores, times, plain_scores = [], [], []
    for index, image in enumerate(images):
        decoded = cv2.imread(str(image.path), cv2.IMREAD_COLOR)
        frame = None if decoded is None else np.asarray(decoded, dtype=np.uint8)
        if frame is None or frame.shape[:2] != (image.height, image.width):
            why = "cannot be decoded" if frame is None else f"decodes to {frame.shape[1::-1]}"
            skipped.append(f"{image.path}: {why}, header says {(image.width, image.height)}")
            continue
        active = reader if night is None else with_memory(reader, night.memory())
        start = clock()
        reading = active.read(frame)
        elapsed = (clock() - start) * 1000.0
        if night is not None:
            # The first K photos are the players registering their dice: they also say which
            # of the things the reader passed over are dice (`ModelReader.passed_over`). On
            # every photo they point at each die still missing (`ModelReader.read_at`).
            registering = not night.scores(index)
            passed = _passed_over(active, frame, reading.dice) if registering else ()
            point = pointing(active, frame, reading.dice)
            night.confirm(image.boxes, reading.dice, image.match_by, passed, point)
            if not night.scores(index):
                continue
            plain = with_memory(reader, None).read(frame)
            plain_scores.append(score_image(image.boxes, plain.dice, image.match_by))
        times.append(elapsed)
        scores.append(score_image(image.boxes, reading.dice, image.match_by))
        if gallery is not None:
            _write_gallery(gallery, dataset.name, image, frame, reading.dice)
    told = None
    if night is not None:
        not_dice = sum(1 for c in night.confirmed if c.colour is None)
        told = NightReport(
            summarise(plain_scores),
            len(night.confirmed),
            not_dice,
            night.passed_taught,
            night.pointed_taught,
        )
    return SetReport(
        dataset.name,
        str(folder),
        split,
        dataset.match_by,
        summarise(scores),
        tuple(times),
        tuple(skipped),
        told,
    )


def _passed_over(reader: Any, frame: Any, dice: Sequence[Die]) -> Sequence[Die]:
    """What the night's model reader passed over in a photo (`with_memory` made it one)."""
    found: Sequence[Die] = reader.passed_over(frame, dice)
    return found


def evenly_spaced(items: Sequence[T], limit: int | None) -> Sequence[T]:
    """`limit` items spread evenly over the sequence (the first, then every k-th), so a short run
    still sees every part of a folder that is sorted by source."""
    if limit is None or limit >= len(items):
        return items
    return [items[(i * len(items)) // limit] for i in range(limit)]


def _rounded(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


def report_json(report: SetReport) -> dict[str, Any]:
    m = report.metrics
    times = report.times_ms
    return {
        "name": report.name,
        "root": report.root,
        "split": report.split,
        "match_by": report.match_by,
        "images": m.images,
        "detection": {
            "matched": m.matched,
            "missed": m.missed,
            "extra": m.extra,
            "precision": _rounded(m.precision),
            "recall": _rounded(m.recall),
        },
        "pips": {"right": m.pips_right, "of": m.matched, "accuracy": _rounded(m.pip_accuracy)},
        "found_right": {
            "right": m.pips_right,
            "of": m.matched + m.missed,
            "rate": _rounded(m.found_right),
        },
        "primary_colour": {
            "right": m.primary_right,
            "of": m.primary_labelled,
            "accuracy": _rounded(m.primary_accuracy),
            "read_as_one_another": m.primary_swapped,
        },
        "colour": {
            "right": m.colours_right,
            "of": m.colour_labelled,
            "accuracy": _rounded(m.colour_accuracy),
        },
        "exact_images": {"right": m.exact_images, "of": m.images, "rate": _rounded(m.exact_rate)},
        "unsure": {"dice": m.unsure, "of": m.predictions, "rate": _rounded(m.unsure_rate)},
        "sure": {
            "matched": m.sure_matched,
            "extra": m.sure_extra,
            "precision": _rounded(m.sure_precision),
            "pips_right": m.sure_pips_right,
            "pip_accuracy": _rounded(m.sure_pip_accuracy),
            "colour_labelled": m.sure_colour_labelled,
            "colours_right": m.sure_colours_right,
            "colour_accuracy": _rounded(m.sure_colour_accuracy),
        },
        "time_ms": {
            "mean": _rounded(statistics.fmean(times), 2) if times else None,
            "median": _rounded(statistics.median(times), 2) if times else None,
        },
        "pip_confusion": {"axis": list(PIP_AXIS), "rows_truth": [list(r) for r in m.pip_confusion]},
        "colour_confusion": {
            "axis": list(colour_axis()),
            "rows_truth": [list(r) for r in m.colour_confusion],
        },
        "skipped": list(report.skipped),
        "night": None if report.night is None else _night_json(report.night),
    }


def _night_json(night: NightReport) -> dict[str, Any]:
    m = night.without
    return {
        "taught": night.taught,
        "taught_not_a_die": night.not_dice,
        "taught_passed_over": night.passed,
        "taught_pointed": night.pointed,
        "without_memory": {
            "matched": m.matched,
            "extra": m.extra,
            "precision": _rounded(m.precision),
            "found_right": _rounded(m.found_right),
            "pip_accuracy": _rounded(m.pip_accuracy),
            "exact_rate": _rounded(m.exact_rate),
            "colour_accuracy": _rounded(m.colour_accuracy),
        },
    }


def _pct(value: float | None) -> str:
    return "   n/a" if value is None else f"{100 * value:5.1f}%"


def _matrix_lines(axis: Sequence[str], rows: Sequence[Sequence[int]]) -> list[str]:
    width = max(5, *(len(a) + 1 for a in axis))
    head = " " * 10 + "".join(a[:width].rjust(width) for a in axis)
    body = [
        a[:9].rjust(9) + " " + "".join(str(v).rjust(width) for v in row)
        for a, row in zip(axis, rows, strict=True)
    ]
    return [head, *body]


def report_text(report: SetReport) -> str:
    m = report.metrics
    data = report_json(report)
    lines = [
        f"{report.name}  ({report.split} split, {m.images} images, match by {report.match_by})",
        f"  PHOTOS EXACT         {_pct(m.exact_rate)} ({m.exact_images}/{m.images}"
        " photos with every die found, none extra, pips right: a roll no one has to fix)",
        f"  detection  precision {_pct(m.precision)} ({m.matched}/{m.matched + m.extra})"
        f"   recall {_pct(m.recall)} ({m.matched}/{m.matched + m.missed})",
        f"  pips       accuracy  {_pct(m.pip_accuracy)} ({m.pips_right}/{m.matched} matched)",
        f"  found and right      {_pct(m.found_right)} ({m.pips_right}/{m.matched + m.missed}"
        " labelled dice found with their pips right)",
        f"  colour     accuracy  {_pct(m.colour_accuracy)} ({m.colours_right}/{m.colour_labelled}"
        " matched with a colour label)",
        f"  unsure     dice      {_pct(m.unsure_rate)} ({m.unsure}/{m.predictions})",
        f"  read surely: precision {_pct(m.sure_precision)}"
        f" ({m.sure_matched}/{m.sure_matched + m.sure_extra})"
        f"   pips {_pct(m.sure_pip_accuracy)} ({m.sure_pips_right}/{m.sure_matched})"
        f"   colour {_pct(m.sure_colour_accuracy)}"
        f" ({m.sure_colours_right}/{m.sure_colour_labelled}) of matched dice not flagged unsure",
        f"  time       {data['time_ms']['mean']} ms/image mean, {data['time_ms']['median']} median",
        "  pips confusion (rows: truth, columns: read; none = missed / extra)",
        *_matrix_lines(PIP_AXIS, m.pip_confusion),
    ]
    if m.primary_labelled:
        lines.insert(
            6,
            f"  red/yellow/blue colour {_pct(m.primary_accuracy)}"
            f" ({m.primary_right}/{m.primary_labelled}; read as one another: {m.primary_swapped})",
        )
    if m.colour_labelled:
        lines += ["  colour confusion (rows: truth, columns: read)"]
        lines += _matrix_lines(colour_axis(), m.colour_confusion)
    if report.night is not None:
        lines += _night_lines(report.night, m)
    lines += [f"  skipped: {s}" for s in report.skipped]
    return "\n".join(lines)


def _night_lines(night: NightReport, m: SetMetrics) -> list[str]:
    """The memory's effect: the same scored photos read without it, side by side."""
    w = night.without
    return [
        f"  the memory: {night.taught} dice confirmed by the end ({night.not_dice} as not a"
        f" die, {night.passed} passed over by the reader when registering and said to be"
        f" dice, {night.pointed} pointed at where it found none); on the scored photos, with it"
        " against without it:",
        f"    photos exact {_pct(m.exact_rate)} against {_pct(w.exact_rate)}, found and right"
        f" {_pct(m.found_right)} against {_pct(w.found_right)}, pips {_pct(m.pip_accuracy)}"
        f" against {_pct(w.pip_accuracy)}",
        f"    extra dice {m.extra} against {w.extra}, precision {_pct(m.precision)} against"
        f" {_pct(w.precision)}, colour {_pct(m.colour_accuracy)} against"
        f" {_pct(w.colour_accuracy)}",
    ]


def _setting(args: argparse.Namespace) -> str:
    parts = [
        f"game {args.game}" if args.game else "",
        f"table {args.table!r}" if args.table else "",
        f"against the empty table {str(args.empty)!r}" if args.empty else "",
    ]
    parts.append("" if args.learn is None else f"a game night learning after {args.learn} photos")
    shown = ", ".join(p for p in parts if p)
    return f" ({shown})" if shown else ""


def open_gallery(folder: Path | None) -> None:
    """Make the gallery folder (a file of that name is refused before any image is read)."""
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EvalError(f"--gallery {folder}: cannot make the folder ({exc.strerror})") from None


def _write_gallery(
    gallery: Path,
    dataset: str,
    image: LabelledImage,
    frame: npt.NDArray[np.uint8],
    reads: Sequence[Die],
) -> None:
    try:
        write_mistakes(gallery, dataset, image.path, frame, image.boxes, reads, image.match_by)
    except OSError as exc:
        raise EvalError(f"--gallery {gallery}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    open_gallery(args.gallery)
    if args.table is not None and args.learn is not None:
        raise EvalError("--table and --learn each give the reader a memory: choose one")
    reader = load_reader(args.reader, args.game, args.models)
    if args.empty is not None:
        reader = with_empty(reader, args.empty)
    if args.table is not None:
        from companion.tables.store import open_store

        reader = with_memory(reader, open_store(args.data).load(args.table))
    reports = [
        evaluate_folder(
            reader,
            folder,
            args.split,
            args.match,
            args.limit,
            gallery=args.gallery,
            learn=args.learn,
        )
        for folder in args.folders
    ]
    if args.json:
        payload = {
            "reader": reader.name,
            "split": args.split,
            "datasets": [report_json(r) for r in reports],
        }
        print(json.dumps(payload, indent=2))
    else:
        print(f"reader: {reader.name}{_setting(args)}")
        print("\n\n".join(report_text(r) for r in reports))
    return 0
