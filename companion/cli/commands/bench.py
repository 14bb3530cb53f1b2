"""`dicetable bench`: milliseconds per stage and frames per second of a whole read.

Frames are rendered by the project's renderer (1280x720 with 12 dice by default, a fixed seed),
so the figure is reproducible on any machine; `--images DIR` times real photos instead.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from vision.arguments import frame_size, whole

if TYPE_CHECKING:
    from vision.types import Colour

# Within the renderer's limits (models.render.values), written here so that parsing the command
# line does not import the renderer: its dice of 40 to 90 pixels need 150 on the shorter side.
MIN_SIDE, MAX_SIDE, MAX_DICE = 150, 4096, 60
DIE_PX = (40.0, 90.0)
DEFAULT_DICE = 12


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--reader", choices=("model", "baseline"), default="model")
    parser.add_argument(
        "--frames", type=whole(1, 1000), default=20, help="distinct frames to render"
    )
    parser.add_argument("--repeats", type=whole(1, 100), default=3)
    parser.add_argument(
        "--dice",
        type=whole(0, MAX_DICE),
        help=f"dice on each rendered frame (default {DEFAULT_DICE}); with --live, time the live "
        "path at a rendered table of that many dice, held still and tumbling",
    )
    parser.add_argument(
        "--size",
        type=frame_size(MIN_SIDE, MAX_SIDE),
        default=(1280, 720),
        help="WxH of rendered frames",
    )
    parser.add_argument("--threads", type=whole(1, 64), default=2, help="onnxruntime threads")
    parser.add_argument("--images", type=Path, help="time the photos in this folder instead")
    parser.add_argument("--seed", type=whole(0), default=7)
    parser.add_argument(
        "--memory",
        type=whole(0, 100_000),
        default=0,
        metavar="N",
        help="read with a table memory of N confirmed dice (a table keeps its newest 1000)",
    )
    parser.add_argument(
        "--removed",
        type=whole(0, 100_000),
        default=0,
        metavar="K",
        help="with --memory: K of the N are things players removed as not a die (their faces "
        "weigh in the face head too)",
    )
    parser.add_argument(
        "--by-marks",
        action="store_true",
        help="with --memory: the table reads its faces by their marks (`vision.marks`), as a "
        "table of numerals does: the marks network runs on every frame and both face heads weigh",
    )
    parser.add_argument(
        "--empty",
        action="store_true",
        help="read against a picture of the empty table (the frames' per-pixel median, which "
        "holds none of their dice, so every candidate is compared in full): times that check",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--save-scenes",
        type=Path,
        metavar="FILE.npy",
        help="with --live --dice: save the rendered scenes instead of timing them "
        "(scripts/bench_against.sh --live times every side on them)",
    )
    parser.add_argument(
        "--live",
        nargs="?",
        const="demo",
        metavar="VIDEO",
        help="time the whole live path on a video (default: the bundled demo recording)",
    )
    parser.add_argument(
        "--phone",
        nargs="?",
        const="demo",
        metavar="VIDEO",
        help="the server's cost per phone frame (JPEG checked, decoded, read) beside a webcam "
        "frame's, on a video's frames (default: the bundled demo recording; --frames of them)",
    )


def run(args: argparse.Namespace) -> int:
    from vision.benchmark.stages import bench

    if args.live is not None and args.dice is not None:
        return _live_table(args)
    if args.live is not None:
        return _live(args)
    if args.phone is not None:
        return _phone(args)
    if args.by_marks and not args.memory:
        raise SystemExit("dicetable bench: --by-marks times a table's memory: give --memory N")
    if args.removed > args.memory:
        raise SystemExit(
            f"dicetable bench: --removed {args.removed} is more than the memory's "
            f"{args.memory} dice (--memory N)"
        )
    frames = _photos(args.images) if args.images else _rendered(args)
    reader = _reader(args.reader, args.threads)
    if args.memory:
        reader = _with_memory(reader, frames, args.memory, args.seed, args.removed, args.by_marks)
    if args.empty:
        reader = _with_empty(reader, frames)
    result = bench(reader, frames, args.repeats)
    if args.json:
        print(json.dumps(_as_json(result)))
    else:
        print("\n".join(result.lines()))
    return 0


def _live(args: argparse.Namespace) -> int:
    from vision.benchmark.live import bench_live
    from vision.live import DEMO_VIDEO

    video = DEMO_VIDEO if args.live == "demo" else Path(args.live)
    if not video.is_file():
        raise SystemExit(f"dicetable bench: no video file {video}")
    result = bench_live(video, _reader(args.reader, args.threads, game=True))
    print("\n".join(result.lines()))
    return 0


def _live_table(args: argparse.Namespace) -> int:
    from vision.benchmark.table import bench_table, noisy

    if args.live != "demo":
        raise SystemExit("dicetable bench: --live with --dice renders its table; give no video")
    from companion.feed.live import game_config

    # The live table reads RYB's dice: its table holds red, yellow and blue ones.
    scenes = _rendered(args, game_config().palette)
    if args.save_scenes:
        np.save(args.save_scenes, np.stack(scenes))
        return 0
    rng = np.random.default_rng(args.seed)
    still = [noisy(scenes[0], rng) for _ in range(args.frames)]
    result = bench_table(
        lambda: _reader(args.reader, args.threads, game=True), still, scenes, args.dice
    )
    print("\n".join(result.lines()))
    return 0


def _phone(args: argparse.Namespace) -> int:
    from vision.benchmark.phone import bench_phone
    from vision.live import DEMO_VIDEO

    video = DEMO_VIDEO if args.phone == "demo" else Path(args.phone)
    if not video.is_file():
        raise SystemExit(f"dicetable bench: no video file {video}")
    result = bench_phone(video, _reader(args.reader, args.threads, game=True), args.frames)
    print("\n".join(result.lines()))
    return 0


def _reader(kind: str, threads: int, game: bool = False) -> Any:
    """The reader to time; `game`: as the live table runs it, against RYB's dice colours."""
    if kind == "baseline":
        from vision.baseline import BaselineReader

        return BaselineReader()
    from companion.feed.live import game_reader
    from vision.reader import load_default_reader

    return game_reader(threads) if game else load_default_reader(threads=threads)


def _with_memory(
    reader: Any,
    frames: list[npt.NDArray[np.uint8]],
    size: int,
    seed: int,
    removed: int = 0,
    by_marks: bool = False,
) -> Any:
    """The reader with a memory of `size` dice like those in the frames (their signatures, pip
    features and marks with a little noise, colours and faces at random, the dice' size as
    read), to time reading against a full memory with its face head; `by_marks`, also with a
    marks head on the memory's marks, signing every frame's marks (a table of numerals)."""
    from vision.marks import MarksHead
    from vision.memory import Confirmed, TableMemory
    from vision.reader import ModelReader
    from vision.types import COLOURS

    if not isinstance(reader, ModelReader) or not reader.signs_dice:
        raise SystemExit("dicetable bench: --memory needs the model reader")
    learning = reader.with_memory(TableMemory.of([]))  # a table that learns signs marks too
    read = [d for f in frames[:5] for d in learning.read(f).dice if d.signature]
    seen = [d.signature for d in read]
    if not seen:
        raise SystemExit("dicetable bench: no dice read in the first frames to build a memory")
    rng = np.random.default_rng(seed)
    base = np.asarray(seen, np.float32)[rng.integers(len(seen), size=size)]
    noisy = base + rng.normal(0.0, 0.05, base.shape).astype(np.float32)
    noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
    colours = rng.integers(len(COLOURS), size=size)
    faces = _noisy_rows([d.face_features for d in read], size, rng)
    marks = _noisy_rows([d.face_marks for d in read], size, rng)
    values = rng.integers(1, 7, size=size)
    told = [COLOURS[c] if k >= removed else None for k, c in enumerate(colours)]
    dice = [
        Confirmed(tuple(map(float, s)), colour, int(v), f, read[k % len(read)].size_px, m)
        for k, (s, colour, v, f, m) in enumerate(
            zip(noisy, told, values, faces, marks, strict=True)
        )
    ]
    memory = TableMemory.of(dice)
    if by_marks:
        if reader.marker is None:
            raise SystemExit("dicetable bench: --by-marks needs the marks network in the models")
        rows = np.stack([np.frombuffer(m or b"", np.float32) for m in marks])
        head = MarksHead.fit(rows, values.tolist(), values.tolist())
        memory = replace(memory, marks_head=head, marks_wanted=True)
    elif reader.marker is not None:  # a table past learning whose network reads its faces
        memory = replace(memory, marks_wanted=False)
    return reader.with_memory(memory)


def _noisy_rows(
    rows: list[bytes | None], size: int, rng: np.random.Generator
) -> list[bytes | None]:
    """`size` rows like the read dice' packed pip features or marks (`vision.faces`,
    `vision.marks`), a little noise added (None for each where the dice have none)."""
    packed = [np.frombuffer(row, np.float32) for row in rows if row]
    if not packed:
        return [None] * size
    base = np.stack(packed)[rng.integers(len(packed), size=size)]
    noise = np.abs(rng.normal(0.0, 0.02, base.shape)).astype(np.float32)
    return [row.tobytes() for row in base + noise]


def _with_empty(reader: Any, frames: list[npt.NDArray[np.uint8]]) -> Any:
    """The reader checking every candidate against an empty table: the median of the frames of
    the first one's size (dice lie elsewhere in each, so the median shows none of them)."""
    from vision.empty_table import EmptyTable
    from vision.reader import ModelReader

    if not isinstance(reader, ModelReader):
        raise SystemExit("dicetable bench: --empty needs the model reader")
    same = [f for f in frames if f.shape == frames[0].shape]
    median = np.median(np.stack(same), axis=0).astype(np.uint8)
    return reader.with_empty(EmptyTable.of(median))


def _rendered(
    args: argparse.Namespace, colours: tuple[Colour, ...] | None = None
) -> list[npt.NDArray[np.uint8]]:
    from models.render import SceneConfig, render_scene
    from vision.types import COLOURS

    width, height = args.size
    dice = DEFAULT_DICE if args.dice is None else args.dice
    cfg = SceneConfig(
        width=width,
        height=height,
        dice_count=(dice, dice),
        die_px=DIE_PX,
        hands=0.0,
        colours=colours or COLOURS,
    )
    rng = np.random.default_rng(args.seed)
    return [render_scene(rng, cfg).image_bgr for _ in range(args.frames)]


def _photos(folder: Path) -> list[npt.NDArray[np.uint8]]:
    from vision.images import image_paths, load_image

    return [load_image(p) for p in image_paths([folder])]


def _as_json(result: Any) -> dict[str, Any]:
    return {
        "reader": result.reader,
        "frames": result.frames,
        "frame_size": list(result.frame_size),
        "dice_per_frame": round(result.dice_per_frame, 2),
        "stages_ms": {
            s.stage: {"mean": round(s.mean_ms, 3), "p95": round(s.p95_ms, 3)} for s in result.stages
        },
        "total_ms": {"mean": round(result.total.mean_ms, 3), "p95": round(result.total.p95_ms, 3)},
        "fps": round(result.fps, 1),
    }
