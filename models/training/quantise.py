"""Int8 copies of the shipped networks (a development step: needs `onnx`, the `train` extra).

onnxruntime's static quantisation, QDQ format, weights per channel, activations calibrated on
real photos from the training sides of the shared sets (`vision.datasets.splits`; never a
held-out photo, nor rune55-pxl-colour, which is scored whole as a table never trained on):
the finder on the frames as the reader prepares them at each of its scales, the reader on the
crops and light cues the float finder cuts from them. Layers named with `--keep-float` stay
float. For each network the script prints how far the int8 outputs stray from the float ones on
the calibration inputs, and the milliseconds of each on those inputs, alternating:

    python -m models.training.quantise --out work-data/int8 [--data ../shared/dice-data]

Whether a copy ships is decided by `dicetable eval --models DIR` on the held-out sets and by
`dicetable bench`, never by this script.
"""

from __future__ import annotations

import argparse
import shutil
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vision import crops, finder
from vision.datasets.labelled import load_dataset
from vision.images import load_image
from vision.onnx_model import MODELS_DIR, OnnxModel, sha256_of
from vision.reader import CLASSIFIER_FILE, FINDER_FILE, ReaderConfig, load_default_reader

# Held out whole by evaluation: never a calibration photo.
NEVER = frozenset({"rune55-pxl-colour"})
Feed = dict[str, npt.NDArray[np.float32]]


def training_photos(data: Path, per_set: int, seed: int) -> list[Path]:
    """Up to `per_set` photos from each set's training side, drawn at random (seeded)."""
    rng = np.random.default_rng(seed)
    out: list[Path] = []
    for root in sorted(p for p in data.iterdir() if p.is_dir() and p.name not in NEVER):
        train = [img.path for img in load_dataset(root).split("train")]
        if train:
            pick = rng.choice(len(train), size=min(per_set, len(train)), replace=False)
            out += [train[i] for i in sorted(pick)]
    return out


def finder_feeds(frames: Sequence[npt.NDArray[np.uint8]], config: ReaderConfig) -> list[Feed]:
    return [
        {"image": finder.prepare(frame, side).tensor}
        for frame in frames
        for side in config.long_sides
    ]


def reader_feeds(frames: Sequence[npt.NDArray[np.uint8]]) -> list[Feed]:
    """The crops and light cue of every candidate the float finder proposes in each frame."""
    reader = load_default_reader()
    feeds: list[Feed] = []
    for frame in frames:
        found = reader.candidates(frame)
        if not found:
            continue
        stack = np.stack([crops.crop_square(frame, c.box_xyxy) for c in found])
        batch = stack.astype(np.float32).transpose(0, 3, 1, 2) / np.float32(255.0)
        cast = np.repeat(crops.light_cue(frame, stack)[None], len(found), axis=0)
        feeds.append({"crops": np.ascontiguousarray(batch), "cast": cast})
    return feeds


class _Feeds:
    """onnxruntime's calibration reader over a list of inputs."""

    def __init__(self, feeds: Sequence[Feed]) -> None:
        self._it: Iterator[Feed] = iter(feeds)

    def get_next(self) -> Feed | None:
        return next(self._it, None)


def quantise(
    source: Path,
    target: Path,
    feeds: Sequence[Feed],
    keep_float: Sequence[str],
    calibration: str = "minmax",
) -> None:
    from onnxruntime.quantization import (
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_static,
    )
    from onnxruntime.quantization.shape_inference import quant_pre_process

    prepared = target.with_suffix(".pre.onnx")
    quant_pre_process(str(source), str(prepared), skip_symbolic_shape=True)
    quantize_static(
        str(prepared),
        str(target),
        _Feeds(feeds),  # type: ignore[arg-type]
        quant_format=QuantFormat.QDQ,
        per_channel=True,
        activation_type=QuantType.QUInt8,
        weight_type=QuantType.QInt8,
        calibrate_method={
            "minmax": CalibrationMethod.MinMax,
            "percentile": CalibrationMethod.Percentile,
            "entropy": CalibrationMethod.Entropy,
        }[calibration],
        nodes_to_exclude=list(keep_float),
    )
    prepared.unlink()


def compare(float_path: Path, int8_path: Path, feeds: Sequence[Feed], rounds: int = 3) -> None:
    """How far int8 strays from float per output, and each one's ms per input (alternating)."""
    a, b = OnnxModel(float_path, None), OnnxModel(int8_path, None)
    worst: dict[str, float] = {}
    for feed in feeds:
        outs = zip(a.output_names, a.run(*feed.values()), b.run(*feed.values()), strict=True)
        for name, x, y in outs:
            worst[name] = max(worst.get(name, 0.0), float(np.abs(x - y).max()))
    print(f"{int8_path.name}: largest difference from float per output {worst}")
    ms = {"float": 0.0, "int8": 0.0}
    for _ in range(rounds):
        for label, model in (("float", a), ("int8", b)):
            start = time.perf_counter()
            for feed in feeds:
                model.run(*feed.values())
            ms[label] += (time.perf_counter() - start) * 1000 / (rounds * len(feeds))
    print(f"{int8_path.name}: ms per input, float {ms['float']:.2f}, int8 {ms['int8']:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.training.quantise")
    parser.add_argument("--out", type=Path, required=True, help="folder for the int8 models")
    parser.add_argument("--data", type=Path, default=Path("../shared/dice-data"))
    parser.add_argument("--per-set", type=int, default=24, help="calibration photos per set")
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--networks", choices=("finder", "reader", "both"), default="both")
    parser.add_argument("--keep-float", nargs="*", default=[], metavar="NODE")
    parser.add_argument(
        "--calibration", choices=("minmax", "percentile", "entropy"), default="minmax"
    )
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        parser.error(f"no photo folder {args.data}")
    args.out.mkdir(parents=True, exist_ok=True)
    frames = [load_image(p) for p in training_photos(args.data, args.per_set, args.seed)]
    print(f"calibrating on {len(frames)} training-side photos")
    jobs = []
    if args.networks in ("finder", "both"):
        jobs.append((FINDER_FILE, finder_feeds(frames, ReaderConfig())))
    if args.networks in ("reader", "both"):
        jobs.append((CLASSIFIER_FILE, reader_feeds(frames)))
    for name, feeds in jobs:
        quantise(MODELS_DIR / name, args.out / name, feeds, args.keep_float, args.calibration)
        compare(MODELS_DIR / name, args.out / name, feeds)
    _complete(args.out)
    return 0


def _complete(out: Path) -> None:
    """The folder as `--models` takes it: every shipped file it lacks, and its hash list."""
    for path in MODELS_DIR.glob("*.onnx"):
        if not (out / path.name).exists():
            shutil.copy2(path, out / path.name)
    lines = [f"{sha256_of(p)}  {p.name}" for p in sorted(out.glob("*.onnx"))]
    (out / "models.sha256").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
