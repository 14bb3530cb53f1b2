"""Where the live path's dice come from (#35): per throw of each test video, the dice read right
in the photo as a still, in the roll the live path sent, and in single frames read alone: the
frame before compression (the photo with its sensor noise), and the mp4's frames when the roll
went out and midway through the still spell.

    .venv/bin/python scripts/live_frames.py DIR [--videos 3] [--game ryb|none] [--seed 0]

If single frames read a few dice either side of the still from frame to frame, the live path
cannot be held to the still's count die for die on that set: its borderline dice are a coin
flip in any one picture.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.feed.live import game_config
from models.render.live_video import build, load_photo, write_mp4
from vision.arguments import whole
from vision.live.playback import play
from vision.live.score import right_dice
from vision.reader import load_default_reader
from vision.reading_protocol import Reader
from vision.types import DiceReading

COLUMNS = ("dice", "still", "live", "frame", "mp4 at roll", "mp4 midway")


def _mp4_frames(path: Path) -> list[npt.NDArray[np.uint8]]:
    capture = cv2.VideoCapture(str(path))
    frames: list[npt.NDArray[np.uint8]] = []
    while True:
        ok, frame = capture.read()
        if not ok:
            return frames
        frames.append(np.asarray(frame, np.uint8))


def _video_rows(folder: Path, reader: Reader, seed: int, part: int) -> list[tuple[int, ...]]:
    video = build(folder, seed + part, part)
    height, width = video.frames[0].shape[:2]
    stills = [reader.read(load_photo(im, (width, height))) for im in video.photos]
    with tempfile.TemporaryDirectory() as tmp:
        path = write_mp4(video, Path(tmp) / "video.mp4")
        rolls = play(path, reader)
        mp4 = _mp4_frames(path)
    rows = []
    for k, throw in enumerate(video.truth.throws):
        answer = next((r for r in rolls if throw.settle_frame <= r.frame < throw.end_frame), None)
        at = answer.frame if answer is not None else throw.settle_frame
        midway = (throw.settle_frame + throw.end_frame) // 2

        readings = [
            stills[k],
            answer.final if answer is not None else DiceReading.empty(),
            reader.read(video.frames[at]),
            reader.read(mp4[at]),
            reader.read(mp4[midway]),
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
    args = parser.parse_args()
    # As `dicetable eval-live` reads.
    reader = load_default_reader(game_config() if args.game == "ryb" else None)
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
