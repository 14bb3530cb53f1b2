"""`python -m models.training.pack OUT`: the training side of the real photo sets, small enough to
send to a GPU machine (a lent machine takes at most 64 MiB with the code).

Each set keeps its name, its labels and its colours; only training-split pictures go, JPEG
re-encoded at `--quality`, and of Roboflow's augmented copies (`name_jpg.rf.HASH`) `--copies`
a photo: the held-out split and the other copies stay behind. `dataset.json` fixes the set's
name and match mode, so that the pack splits and scores as the original does.
"""

from __future__ import annotations

import argparse
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import cv2

from models.training.cli_types import whole
from models.training.data import DEFAULT_DATA, REAL_WEIGHTS
from vision.datasets import load_dataset
from vision.datasets.splits import roboflow_stem


@dataclass(frozen=True)
class Packed:
    name: str
    pictures: int
    bytes: int


def pack_set(source: Path, out: Path, quality: int, copies: int = 1) -> Packed:
    """The training side of the set at `source`, written to `out` (which must not exist), with
    at most `copies` of Roboflow's augmented copies of each photo."""
    data = load_dataset(source)
    if out.exists():
        raise SystemExit(f"{out} already exists: pack into an empty folder")
    seen: dict[str, int] = {}
    size = count = 0
    for image in data.split("train"):
        relative = image.path.relative_to(source / "images")
        stem = roboflow_stem(image.path.name)
        if seen.get(stem, 0) >= copies:
            continue
        seen[stem] = seen.get(stem, 0) + 1
        size += _copy_picture(image.path, out / "images" / relative, quality)
        label = (out / "labels" / relative).with_suffix(".txt")
        label.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile((source / "labels" / relative).with_suffix(".txt"), label)
        count += 1
    if (source / "colours.csv").is_file():
        shutil.copyfile(source / "colours.csv", out / "colours.csv")
    settings = {"name": data.name, "match": data.match_by}
    (out / "dataset.json").write_text(json.dumps(settings) + "\n")
    return Packed(data.name, count, size)


def _copy_picture(source: Path, target: Path, quality: int) -> int:
    image = cv2.imread(str(source), cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"cannot read {source}")
    target.parent.mkdir(parents=True, exist_ok=True)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise SystemExit(f"cannot encode {source}")
    target.write_bytes(encoded.tobytes())
    return len(encoded)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m models.training.pack", description=__doc__)
    p.add_argument("out", type=Path, help="folder to write (one subfolder a set)")
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="real labelled photo sets")
    p.add_argument("--set", action="append", choices=sorted(REAL_WEIGHTS), help="only these")
    p.add_argument("--quality", type=whole(30, 100), default=80, help="JPEG quality, 30..100")
    p.add_argument("--copies", type=whole(1, 100), default=1, help="copies kept of a photo")
    args = p.parse_args(argv)
    total = 0
    for name in args.set or sorted(REAL_WEIGHTS):
        if not (args.data / name / "images").is_dir():
            print(f"{name}: not under {args.data}, skipped")
            continue
        packed = pack_set(args.data / name, args.out / name, args.quality, args.copies)
        total += packed.bytes
        print(f"{packed.name}: {packed.pictures} pictures, {packed.bytes / 2**20:.1f} MiB")
    print(f"{total / 2**20:.1f} MiB of pictures in {args.out}")


if __name__ == "__main__":
    main()
