"""`dicetable eval-live DIR...`: the live path measured on a test video per labelled folder.

Each folder's video (`models.render.live_video`) is written as an mp4 and played as `dicetable
watch` plays a file (`vision.live.playback.play`); its rolls and corrections are scored against the
video's truth, beside the same six photos read as stills by the same reader
(`vision.live.score`).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from models.render.live_video import LiveVideo, build, load_photo, write_mp4
from vision.arguments import whole
from vision.live.playback import LiveReport, as_json, describe, play
from vision.live.score import SentRoll, score_live, summed
from vision.reading_protocol import Reader
from vision.types import DiceReading


@dataclass(frozen=True)
class Played:
    """A folder's test video `part`, its photos read as stills, and what the live path sent on
    it (`path`: the mp4 it played, in the folder it was written to)."""

    video: LiveVideo
    stills: tuple[DiceReading, ...]
    rolls: tuple[SentRoll, ...]
    path: Path


def play_folder(folder: Path, reader: Reader, seed: int, where: Path, part: int = 0) -> Played:
    """Build video `part` of `folder`, write it into `where` and play it through the live path."""
    video = build(folder, seed + part, part)
    height, width = video.frames[0].shape[:2]
    # As the video shows each photo (its size), the truth's boxes being at that size.
    stills = tuple(reader.read(load_photo(im, (width, height))) for im in video.photos)
    path = write_mp4(video, where / f"{video.truth.name}.mp4")
    return Played(video, stills, play(path, reader), path)


def evaluate(
    folder: Path, reader: Reader, seed: int, keep: Path | None, part: int = 0
) -> LiveReport:
    with tempfile.TemporaryDirectory() as tmp:
        where = keep if keep is not None else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        done = play_folder(folder, reader, seed, where, part)
        truth = done.video.truth
        if keep is not None:
            text = json.dumps(asdict(truth), default=str, indent=1)
            (where / f"{truth.name}.truth.json").write_text(text, encoding="utf-8")
    return LiveReport(str(folder), truth, score_live(truth, done.rolls, done.stills), done.rolls)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folders", nargs="+", type=Path, metavar="DIR", help="YOLO-labelled folder")
    parser.add_argument(
        "--game",
        choices=("none", "ryb"),
        default="ryb",
        help="read as at this game's table (ryb, the default, as `watch --game ryb` reads)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the video maker's seed")
    parser.add_argument(
        "--videos",
        type=whole(1, 20),
        default=1,
        help="videos per folder, each from the next six photos; with more than one, a line "
        "for each and their sum (default 1)",
    )
    parser.add_argument("--keep", type=Path, metavar="OUT", help="keep each video and its truth")
    parser.add_argument(
        "--models",
        type=Path,
        metavar="DIR",
        help="read with the model files in DIR (a training run's --out, hashes checked against "
        "its models.sha256) instead of the shipped ones",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per folder")


def run(args: argparse.Namespace, argv: Sequence[str], reader: Reader) -> int:
    """Print the command, then one line (or JSON object) per folder; 1 if a folder failed."""
    print(f"$ {shlex.join(argv)}", flush=True)
    failed = False
    for folder in args.folders:
        reports = []
        for part in range(args.videos):
            try:
                report = evaluate(folder, reader, args.seed, args.keep, part)
            except (OSError, ValueError) as exc:
                print(f"{folder}: {exc}", file=sys.stderr)
                failed = True
                break
            reports.append(report)
            _show(report, args.json)
        if len(reports) > 1:
            _show(together(reports), args.json)
    return 1 if failed else 0


def together(reports: Sequence[LiveReport]) -> LiveReport:
    """A folder's videos as one report, named for how many it sums."""
    first = reports[0]
    name = f"{first.truth.name}, {len(reports)} videos"
    truth = replace(first.truth, name=name)
    rolls = tuple(r for report in reports for r in report.rolls)
    return LiveReport(first.folder, truth, summed([r.score for r in reports]), rolls)


def _show(report: LiveReport, as_json_line: bool) -> None:
    print(json.dumps(as_json(report)) if as_json_line else describe(report), flush=True)
