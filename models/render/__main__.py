"""`python -m models.render`: write a labelled synthetic set, a demo video, or time the renderer.

python -m models.render --out DIR --count N --seed S [--size WxH] [--families train|holdout]
python -m models.render --demo-video PATH [--seed S]
python -m models.render --bench
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from models.render.families import FAMILY_SETS
from models.render.values import MAX_SIDE, MIN_SIDE, SceneConfig
from vision.arguments import frame_size, whole


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m models.render", description=__doc__)
    parser.add_argument("--out", type=Path, help="folder for images/, labels/, colours.csv")
    parser.add_argument("--count", type=whole(1), default=100, help="pictures to render")
    parser.add_argument("--seed", type=whole(0), default=0)
    parser.add_argument(
        "--start",
        type=whole(0),
        default=0,
        help="first picture index (to shard a set over processes)",
    )
    parser.add_argument(
        "--size", type=frame_size(MIN_SIDE, MAX_SIDE), default=(640, 480), help="WxH (640x480)"
    )
    parser.add_argument("--families", choices=sorted(FAMILY_SETS), default="train")
    parser.add_argument("--demo-video", type=Path, metavar="PATH", help="write an RYB demo mp4")
    parser.add_argument("--bench", action="store_true", help="print scenes and crops per second")
    return parser


def _write_set(args: argparse.Namespace) -> int:
    from models.render.dataset import write_set

    backgrounds, lights = FAMILY_SETS[args.families]
    width, height = args.size
    cfg = SceneConfig(width=width, height=height, backgrounds=backgrounds, lights=lights)

    def tick(done: int) -> None:
        if done % 100 == 0 or done == args.count:
            print(f"\r{done}/{args.count}", end="", file=sys.stderr, flush=True)

    written = write_set(args.out, args.count, args.seed, cfg, tick, args.start)
    print(file=sys.stderr)
    boxes = f"{written.boxes} boxes ({written.hidden} dice too hidden to label)"
    print(f"{written.images} images, {boxes} in {args.out}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.bench:
            from models.render.bench import run_bench

            run_bench()
            return 0
        if args.demo_video is not None:
            from models.render.demo import write_demo

            summary = write_demo(args.demo_video, seed=args.seed)
            print(summary)
            return 0
        if args.out is None:
            parser.error("give --out DIR (or --demo-video PATH, or --bench)")
        return _write_set(args)
    except (ValueError, FileExistsError, OSError) as exc:
        print(f"python -m models.render: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
