"""`dicetable eval-live DIR...`: the live path measured from
outside, on a test video per labelled folder (`models.render.live_video`).

Each folder's video is written as an mp4 and played through the very path `dicetable watch`
takes (the file source on the video's own clock, the reader, the motion measure, the settle
detector); every roll and correction is collected and scored against the video's truth
(`vision.live_score`), beside the same six photos read as stills by the same reader.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vision.live_score import LiveScore, SentRoll, VideoTruth, score_live
from vision.reading_protocol import Reader
from vision.types import DiceReading


@dataclass(frozen=True, slots=True)
class LiveReport:
    folder: str
    truth: VideoTruth
    score: LiveScore
    rolls: tuple[SentRoll, ...]


def play(video: Path, reader: Reader) -> tuple[SentRoll, ...]:
    """Every roll the live path sends on `video`, each with its dice after later corrections."""
    from vision.live import LivePipeline
    from vision.settle import RollCorrected, SettledRoll
    from vision.sources import VideoFileSource

    source = VideoFileSource(video, realtime=False)
    pipeline = LivePipeline(source, reader)
    sent: dict[int, SentRoll] = {}
    source.open()
    try:
        while (frame := source.read()) is not None:
            event = pipeline.process(frame)
            if isinstance(event, SettledRoll):
                sent[event.roll_id] = SentRoll(frame.index, event.reading, event.reading)
            elif isinstance(event, RollCorrected) and event.roll_id in sent:
                old = sent[event.roll_id]
                sent[event.roll_id] = SentRoll(
                    old.frame, old.first, event.reading, old.corrections + 1
                )
    finally:
        source.close()
    return tuple(sent[k] for k in sorted(sent))


def evaluate(folder: Path, reader: Reader, seed: int, keep: Path | None) -> LiveReport:
    import cv2

    from models.render.live_video import build, write_mp4

    video = build(folder, seed)
    stills = []
    for im in video.photos:
        image = cv2.imread(str(im.path), cv2.IMREAD_COLOR)
        stills.append(
            DiceReading.empty() if image is None else reader.read(np.asarray(image, np.uint8))
        )
    with tempfile.TemporaryDirectory() as tmp:
        where = keep if keep is not None else Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        path = write_mp4(video, where / f"{video.truth.name}.mp4")
        if keep is not None:
            truth = json.dumps(asdict(video.truth), default=str, indent=1)
            (where / f"{video.truth.name}.truth.json").write_text(truth, encoding="utf-8")
        rolls = play(path, reader)
    return LiveReport(str(folder), video.truth, score_live(video.truth, rolls, stills), rolls)


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def describe(report: LiveReport) -> str:
    s = report.score
    false = ", ".join(s.false_rolls) if s.false_rolls else "none"
    return (
        f"{report.truth.name}: {s.rolls} rolls for {s.throws} throws, {s.caught} caught, "
        f"{s.in_time} within 0.5 s; false rolls: {false}; settle to roll p50 "
        f"{_ms(s.delay_p50_ms)} ms, max {_ms(s.delay_max_ms)} ms "
        f"({' '.join(_ms(d) for d in s.delays_ms)}); dice read right "
        f"{s.right} of {s.labelled} ({s.right_first} as first sent, {s.unsure} marked unsure, "
        f"{s.corrections} corrections) against {s.still_right} as stills; "
        f"targets {'met' if s.meets_targets() else 'NOT met'}"
    )


def as_json(report: LiveReport) -> dict[str, Any]:
    s = report.score
    out: dict[str, Any] = {"set": report.truth.name, "folder": report.folder, **asdict(s)}
    out.update(delay_p50_ms=s.delay_p50_ms, delay_max_ms=s.delay_max_ms, met=s.meets_targets())
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folders", nargs="+", type=Path, metavar="DIR", help="YOLO-labelled folder")
    parser.add_argument(
        "--game",
        choices=("none", "ryb"),
        default="ryb",
        help="read as at this game's table (ryb, the default, as `watch --game ryb` reads)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the video maker's seed")
    parser.add_argument("--keep", type=Path, metavar="OUT", help="keep each video and its truth")
    parser.add_argument("--json", action="store_true", help="one JSON object per folder")


def run(args: argparse.Namespace, argv: Sequence[str], reader: Reader) -> int:
    """Print the command, then one line (or JSON object) per folder; 1 if a folder failed."""
    print(f"$ {shlex.join(argv)}", flush=True)
    failed = False
    for folder in args.folders:
        try:
            report = evaluate(folder, reader, args.seed, args.keep)
        except (OSError, ValueError) as exc:
            print(f"{folder}: {exc}", file=sys.stderr)
            failed = True
            continue
        print(json.dumps(as_json(report)) if args.json else describe(report), flush=True)
    return 1 if failed else 0
