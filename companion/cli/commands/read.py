"""`dicetable read IMAGE_OR_DIR... [--json] [--annotate DIR] [--game ryb|flyer]`: read the dice
in photos."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.cli.commands.game import add_data_argument, default_data_dir
from companion.feed.readout import caption, reading_json
from vision.datasets import DatasetError, MatchBy
from vision.errors import VisionError


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("inputs", nargs="+", type=Path, metavar="IMAGE_OR_DIR")
    parser.add_argument("--json", action="store_true", help="one JSON object per image per line")
    parser.add_argument("--annotate", type=Path, metavar="DIR", help="write annotated copies here")
    parser.add_argument("--reader", choices=("model", "baseline"), default="model")
    parser.add_argument(
        "--game",
        choices=("ryb", "flyer"),
        help="read as at this game's table (flyer: its colour-face dice by their top colour)",
    )
    parser.add_argument("--table", help="read with this table's memory (`dicetable tables`)")
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from vision.images import image_paths

    reader = _reader(args)
    if args.annotate is not None:
        args.annotate.mkdir(parents=True, exist_ok=True)
    failures = 0
    exact: list[bool] = []
    for path in image_paths(args.inputs):
        try:
            record = _read_one(reader, path, args.annotate)
        except VisionError as exc:
            failures += 1
            record = {"image": str(path), "error": str(exc)}
            print(f"dicetable read: {exc}", file=sys.stderr)
        if "exact" in record:
            exact.append(bool(record["exact"]))
        _emit(record, args.json)
    if exact:  # the headline where photos carry labels: rolls no one would have to fix
        print(exact_summary(exact), file=sys.stderr if args.json else sys.stdout)
    return 1 if failures else 0


def exact_summary(exact: list[bool]) -> str:
    right = sum(exact)
    return (
        f"PHOTOS EXACT {100 * right / len(exact):.1f}% ({right}/{len(exact)} labelled photos"
        " with every die found, none extra, pips right)"
    )


def photo_labels(path: Path, width: int, height: int) -> tuple[Any, MatchBy] | None:
    """The photo's YOLO labels and how to match them, where it sits in a labelled folder
    (ROOT/images/NAME.jpg beside ROOT/labels/NAME.txt); else None."""
    from vision.datasets.labelled import read_labels, read_settings, resolve_match

    if path.parent.name != "images":
        return None
    root = path.parent.parent
    label = root / "labels" / f"{path.stem}.txt"
    if not label.is_file():
        return None
    return read_labels(label, width, height), resolve_match(root, "auto", read_settings(root))


def _reader(args: argparse.Namespace) -> Any:
    from companion.cli.commands.evaluate import load_reader, with_memory

    reader = load_reader(args.reader, args.game)
    if args.table is None:
        return reader
    from companion.tables.store import open_store

    data = args.data if args.data is not None else default_data_dir()
    return with_memory(reader, open_store(data).load(args.table))


def _read_one(reader: Any, path: Path, annotate_dir: Path | None) -> dict[str, Any]:
    from vision.annotate import annotate
    from vision.images import load_image

    frame = load_image(path)
    reading = reader.read(frame)
    if annotate_dir is not None:
        import cv2

        out = annotate_dir / f"{path.stem}.annotated.jpg"
        cv2.imwrite(str(out), annotate(frame, reading, caption(reading)))
    h, w = frame.shape[:2]
    record = {"image": str(path), "width": w, "height": h, **reading_json(reading)}
    try:
        labelled = photo_labels(path, w, h)
    except DatasetError as exc:  # the photo is read all the same, only not scored
        print(f"dicetable read: {exc}: not scored", file=sys.stderr)
        labelled = None
    if labelled is not None:
        from vision.metrics import score_image

        record["exact"] = score_image(labelled[0], reading.dice, labelled[1]).exact
    return record


def _emit(record: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(record), flush=True)
        return
    if "error" in record:
        print(f"{record['image']}: error: {record['error']}")
        return
    dice = " ".join(_die_text(d) for d in record["dice"])
    totals = " ".join(f"{k}={v}" for k, v in record["totals"].items())
    verdict = "" if "exact" not in record else " | exact" if record["exact"] else " | needs a fix"
    print(f"{record['image']}: {len(record['dice'])} dice: {dice or '-'} | {totals}{verdict}")


def _die_text(die: dict[str, Any]) -> str:
    """ "red3", or "green" for a colour-face die (its pips mean nothing); "?" when unsure."""
    named = die.get("face_colour") or f"{die['colour']}{die['pips']}"
    return f"{named}{'?' if die['unsure'] else ''}"
