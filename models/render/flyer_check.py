"""`python -m models.render.flyer_check [--models DIR] [--scenes N]`: how well the reader reads
the flyer game's colour-face dice, on fixed-seed renders it never trained on, and where the
dice it misses are lost.

Two kinds of scene: the usual tables seen from above (`plain`) and the table-like scenes of
issue 21 (`tables`: trays, carpet, a phone at 30 to 60 degrees). Half the dice are colour-face
dice. Each colour-face die is found and right, found with the wrong colour, read as a pip die,
or missed, and a miss is put down to its cause: the finder found nothing there, found it too
weakly (`ReaderConfig.colour_face_min_score`), or the face check (`vision.colour_face`) said
its middle is no painted face. Phantoms are colour-face dice read where no die is.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from models.render import SceneConfig, render_scene
from models.render.values import DieLabel
from vision.onnx_model import MODELS_DIR
from vision.reader import ModelReader, ReaderConfig, load_reader
from vision.types import DiceReading, Die, iou

FIRST_SEED = 5000  # above every stored set's seed: these scenes are trained on by no run
MEET = 0.3  # IoU at which a read die is the rendered one
KINDS = ("plain", "tables")
OUTCOMES = (
    "found and right",
    "wrong colour",
    "read as a pip die",
    "missed: finder found nothing",
    "missed: found too weakly",
    "missed: face check said no",
)


@dataclass(frozen=True)
class KindReport:
    kind: str
    scenes: int
    outcomes: dict[str, int]
    unsure_right: int
    phantoms: int

    @property
    def dice(self) -> int:
        return sum(self.outcomes.values())


def scene_config(kind: str) -> SceneConfig:
    if kind == "tables":
        return SceneConfig.tables(800, 600, colour_faces=0.5)
    return SceneConfig(960, 540, colour_faces=0.5)


def outcome(die: DieLabel, reading: DiceReading, lost: str) -> tuple[str, Die | None]:
    """What became of one rendered colour-face die; `lost` is the cause if nothing read it."""
    hit = [d for d in reading.dice if iou(d.box_xyxy, die.box_xyxy) > MEET]
    if not hit:
        return lost, None
    read = hit[0]
    if read.face_colour is None:
        return "read as a pip die", read
    return ("found and right" if read.face_colour is die.face_colour else "wrong colour"), read


def miss_cause(reader: ModelReader, image: npt.NDArray[np.uint8], die: DieLabel) -> str:
    near = [c for c in reader.candidates(image) if iou(c.box_xyxy, die.box_xyxy) > MEET]
    if not near:
        return "missed: finder found nothing"
    if near[0].score < reader.config.colour_face_min_score:
        return "missed: found too weakly"
    return "missed: face check said no"


def check_kind(reader: ModelReader, kind: str, scenes: int) -> KindReport:
    counts: Counter[str] = Counter()
    unsure_right = phantoms = 0
    for seed in range(FIRST_SEED, FIRST_SEED + scenes):
        scene = render_scene(np.random.default_rng(seed), scene_config(kind))
        reading = reader.read(scene.image_bgr)
        for die in scene.visible_dice:
            if die.face_colour is None:
                continue
            name, read = outcome(die, reading, "")
            if read is None:  # nothing read there: ask the finder why, only for these
                name = miss_cause(reader, scene.image_bgr, die)
            counts[name] += 1
            unsure_right += name == "found and right" and read is not None and read.unsure
        phantoms += sum(
            d.face_colour is not None
            and not any(iou(d.box_xyxy, v.box_xyxy) > MEET for v in scene.visible_dice)
            for d in reading.dice
        )
    return KindReport(kind, scenes, {k: counts[k] for k in OUTCOMES}, unsure_right, phantoms)


def report_text(report: KindReport) -> str:
    lines = [f"{report.kind}: {report.dice} colour-face dice in {report.scenes} scenes"]
    for name, n in report.outcomes.items():
        share = 100.0 * n / report.dice if report.dice else 0.0
        lines.append(f"  {name:30s} {n:5d}  {share:5.1f}%")
    lines.append(f"  right but unsure                {report.unsure_right:5d}")
    lines.append(f"  phantom colour-face dice        {report.phantoms:5d}")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m models.render.flyer_check", description=__doc__)
    p.add_argument("--models", type=Path, default=MODELS_DIR, help="reader files (hash-checked)")
    p.add_argument("--scenes", type=int, default=60, help="scenes of each kind")
    p.add_argument("--kind", choices=KINDS, action="append", help="default: both")
    args = p.parse_args(argv)
    if args.scenes < 1:
        p.error(f"--scenes must be 1 or more, got {args.scenes}")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    reader = load_reader(args.models, ReaderConfig(colour_faces=True), check_hashes=True)
    print(f"models: {args.models}")
    for kind in args.kind or KINDS:
        print(report_text(check_kind(reader, kind, args.scenes)))


if __name__ == "__main__":
    main()
