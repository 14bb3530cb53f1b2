"""Time a revision's live path at a still and a tumbling table on frames rendered elsewhere:
    PYTHONPATH=REV_TREE python scripts/live_table.py SCENES.npy --dice N
`scripts/bench_against.sh --live` runs it under each revision on the frames this tree saved
(`dicetable bench --live --dice N --save-scenes SCENES.npy`). The timing code is this tree's
`vision/benchmark/table.py`, loaded from its file, so a revision that predates it is timed alike;
what it times (the pipeline, the reader) is the revision's."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

import numpy as np

TABLE = Path(__file__).resolve().parents[1] / "vision" / "benchmark" / "table.py"


def main() -> int:
    parser = argparse.ArgumentParser(prog="live_table.py")
    parser.add_argument("scenes", type=Path, help=".npy of rendered frames, (N, H, W, 3) uint8")
    parser.add_argument("--dice", type=int, required=True)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("live_table_bench", TABLE)
    if spec is None or spec.loader is None:
        sys.exit(f"cannot load {TABLE}")
    table = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = table  # its dataclasses look their module up there
    spec.loader.exec_module(table)
    from companion.feed.live import game_reader

    scenes = list(np.load(args.scenes))
    rng = np.random.default_rng(args.seed)
    still = [table.noisy(scenes[0], rng) for _ in scenes]
    result = table.bench_table(lambda: game_reader(2), still, scenes, args.dice)
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
