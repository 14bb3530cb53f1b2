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
from dataclasses import asdict, replace
from pathlib import Path

from models.render.live_video import build, load_photo, write_mp4
from vision.arguments import whole
from vision.live.playback import LiveReport, as_json, describe, play
from vision.live.score import score_live, summed
from vision.reading_protocol import Reader


def evaluate(
    folder: Path, reader: Reader, seed: int, keep: Path | None, part: int = 0
) -> LiveReport:
    video = build(folder, seed + part, part)
    height, width = video.frames[0].shape[:2]
    # As the video shows each photo (its size), the truth's boxes being at that size.
    stills = [reader.read(load_photo(im, (width, height))) for im in video.photos]
    with tempfile.TemporaryDirectory() as tmp:
        where = keep if keep is not None else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        path = write_mp4(video, where / f"{video.truth.name}.mp4")
        if keep is not None:
            truth = json.dumps(asdict(video.truth), default=str, indent=1)
            (where / f"{video.truth.name}.truth.json").write_text(truth, encoding="utf-8")
        rolls = play(path, reader)
    return LiveReport(str(folder), video.truth, score_live(video.truth, rolls, stills), rolls)


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
