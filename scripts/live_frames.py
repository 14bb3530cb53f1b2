"""Where the live path's dice come from (#35): per throw of each test video, the dice read right
in the photo as a still, in the roll the live path sent, and in single frames read alone: the
frame before compression (the photo with its sensor noise), the mp4's frames when the roll
went out and midway through the still spell, and the mean of the still spell's first 8 mp4
frames (what averaging frames before reading could give).

    .venv/bin/python scripts/live_frames.py DIR [--videos 3] [--game ryb|none] [--seed 0]
        [--models DIR]

If single frames read a few dice either side of the still from frame to frame, the live path
cannot be held to the still's count die for die on that set: its borderline dice are a coin
flip in any one picture. If the frame before compression reads fewer than the still, the
video's own sensor noise costs those dice before the live path sees a frame.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

from companion.cli.commands.evaluate import EvalError, load_reader
from models.render.live_eval import play_folder
from vision.arguments import whole
from vision.live.score import answer_to, right_dice
from vision.reading_protocol import Reader
from vision.sources import VideoFileSource
from vision.sources.base import ImageBGR
from vision.types import DiceReading

COLUMNS = ("dice", "still", "live", "frame", "mp4 at roll", "mp4 midway", "mean of 8")
MEAN_OF = 8


def _mp4_frames(path: Path) -> list[ImageBGR]:
    """The video's frames as the live path decodes them."""
    source = VideoFileSource(path, realtime=False)
    frames = []
    source.open()
    try:
        while (frame := source.read()) is not None:
            frames.append(frame.frame_bgr)
    finally:
        source.close()
    return frames


def _mean(frames: list[ImageBGR]) -> ImageBGR:
    """The frames averaged, rounded back to 8 bits."""
    mean = np.mean(np.stack(frames).astype(np.float32), axis=0)
    return np.asarray(np.clip(mean + 0.5, 0, 255), np.uint8)


def _video_rows(folder: Path, reader: Reader, seed: int, part: int) -> list[tuple[int, ...]]:
    with tempfile.TemporaryDirectory() as tmp:
        done = play_folder(folder, reader, seed, Path(tmp), part)
        mp4 = _mp4_frames(done.path)
    video = done.video
    rows = []
    for k, throw in enumerate(video.truth.throws):
        answer = answer_to(throw, done.rolls)
        at = answer.frame if answer is not None else throw.settle_frame
        midway = (throw.settle_frame + throw.end_frame) // 2
        readings = [
            done.stills[k],
            answer.final if answer is not None else DiceReading.empty(),
            reader.read(video.frames[at]),
            reader.read(mp4[at]),
            reader.read(mp4[midway]),
            reader.read(_mean(mp4[throw.settle_frame : throw.settle_frame + MEAN_OF])),
        ]
        by = video.truth.match_by
        rows.append((len(throw.boxes), *(right_dice(throw.boxes, r, by) for r in readings)))
        print(
            f"video {part + 1} throw {k + 1}: "
            + ", ".join(f"{name} {value}" for name, value in zip(COLUMNS, rows[-1], strict=True)),
            flush=True,
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--videos", type=whole(1, 20), default=3)
    parser.add_argument("--game", choices=("ryb", "none"), default="ryb")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--models", type=Path, help="a training run's --out instead of the shipped")
    args = parser.parse_args()
    # As `dicetable eval-live` reads.
    try:
        reader = load_reader("model", "ryb" if args.game == "ryb" else None, args.models)
    except EvalError as exc:
        raise SystemExit(f"live_frames.py: {exc}") from None
    try:
        rows = [
            row
            for part in range(args.videos)
            for row in _video_rows(args.folder, reader, args.seed, part)
        ]
    except (OSError, ValueError) as exc:
        raise SystemExit(f"live_frames.py: {args.folder}: {exc}") from None
    totals = [sum(column) for column in zip(*rows, strict=True)]
    print("in all: " + ", ".join(f"{n} {v}" for n, v in zip(COLUMNS, totals, strict=True)))


if __name__ == "__main__":
    main()
