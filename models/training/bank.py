"""Crop banks: the reader's examples cut straight from fresh renders, each with its die's look.

The stored rendered sets (`models.training.synthetic`) are whole pictures, read by training and
by `dicetable eval`. A bank keeps only what the reader sees: each scene is rendered, given the
JPEG round trip a stored picture has, and cut into its dice' crops (48 pixels, as the runtime
cuts them) beside the scene's light cue, with each die's pips, colour and look. Rendering costs
little beside training (about 12 scenes a second on one core of the development machine), so a
bank can hold many more scenes than the stored sets, or be a fresh set of their kind to check a
reader against.

`python -m models.training.bank OUT.npz --scenes N [--seed S] [--families train|holdout]
[--jitters J] [--workers W]` writes one bank. Scene `i` of a bank depends only on its seed, its
families and `i`, so shards made in parallel processes merge into the bank one process makes.
"""

from __future__ import annotations

import argparse
import itertools
import zipfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from models.render import HOLDOUT_BACKGROUNDS, HOLDOUT_LIGHTS, SceneConfig, render_scene
from models.render.dataset import JPEG_QUALITY, scene_seed
from models.render.values import DieLabel, RenderedScene
from models.training.augment import cut_crop, frame_cast, jitter_box, jpeg
from models.training.crop_cache import CropSet
from models.training.samples import Sample
from models.training.synthetic import FLYER_SETS, HOLDOUT_SETS, TABLE_SETS, TRAINING_SETS
from vision import crops
from vision.arguments import whole
from vision.types import COLOURS, Colour

# Frame sizes a camera gives, one scene after another, as the stored training sets have them.
SIZES: tuple[tuple[int, int], ...] = ((640, 480), (1280, 720), (960, 540), (800, 600))
# Every fifth scene of the training families draws a third of its dice from `other`, as the
# stored "other"-rich set does (`s960x`).
RICH_EVERY = 5
RICH_COLOURS: tuple[Colour, ...] = (*COLOURS, *(Colour.OTHER,) * 3)
FAMILIES = ("train", "holdout")
RESERVED_SEEDS = frozenset(
    s.seed for s in (*TRAINING_SETS, *HOLDOUT_SETS, *TABLE_SETS, *FLYER_SETS)
)
FIELDS = ("crops", "casts", "pips", "colours", "looks", "blends", "scenes")
# Every look `look_of` names, named colours first.
LOOKS = (
    "named solid",
    "named marbled",
    "named translucent",
    "two-colour marble",
    "teal or pink",
    "clear",
    "metal",
    "wood",
)


@dataclass(frozen=True)
class BankSpec:
    """Which scenes a bank holds: `scenes` of them from `start`, drawn from `families`' tables
    and lamps, each die cut at `jitters` jittered boxes (0: once, at its labelled box)."""

    seed: int
    scenes: int
    families: str = "train"
    jitters: int = 2
    start: int = 0

    def __post_init__(self) -> None:
        if self.seed in RESERVED_SEEDS:
            raise ValueError(f"seed {self.seed} draws a stored rendered set; choose another")
        if self.families not in FAMILIES:
            known = ", ".join(FAMILIES)
            raise ValueError(f"families must be one of {known}, got {self.families!r}")
        if self.scenes < 1 or self.start < 0 or self.jitters < 0:
            raise ValueError(
                f"need scenes >= 1, start >= 0, jitters >= 0; got {self.scenes}, "
                f"{self.start}, {self.jitters}"
            )

    def config(self, index: int) -> SceneConfig:
        width, height = SIZES[index % len(SIZES)]
        if self.families == "holdout":
            return SceneConfig(
                width=width, height=height, backgrounds=HOLDOUT_BACKGROUNDS, lights=HOLDOUT_LIGHTS
            )
        rich = index % RICH_EVERY == RICH_EVERY - 1
        return SceneConfig(width=width, height=height, colours=RICH_COLOURS if rich else COLOURS)

    def shards(self, count: int) -> list[BankSpec]:
        """The same scenes split into up to `count` consecutive runs."""
        edges = np.linspace(self.start, self.start + self.scenes, min(count, self.scenes) + 1)
        bounds = [round(float(e)) for e in edges]
        return [
            replace(self, start=a, scenes=b - a) for a, b in itertools.pairwise(bounds) if b > a
        ]


@dataclass(frozen=True)
class Bank:
    """Crops (N, 48, 48, 3) uint8, light cues (N, 9), pips 1..6, colour indices (order of
    `vision.types.COLOURS`), looks (`look_of`), a two-colour marble's classes ("blue+black",
    else "") and the scene each crop came from."""

    crops: npt.NDArray[np.uint8]
    casts: npt.NDArray[np.float32]
    pips: npt.NDArray[np.int64]
    colours: npt.NDArray[np.int64]
    looks: npt.NDArray[np.str_]
    blends: npt.NDArray[np.str_]
    scenes: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.pips)

    def first_scenes(self, count: int) -> Bank:
        """The crops of scenes below `count` (a smaller bank of the same kind)."""
        return self.subset(self.scenes < count)

    def subset(self, keep: npt.NDArray[np.bool_]) -> Bank:
        return Bank(*(getattr(self, name)[keep] for name in FIELDS))

    def crop_set(self, name: str, weight: float = 1.0) -> CropSet:
        return CropSet(name, weight, self.crops, self.casts, self.pips, self.colours)


def mix_in(sets: Sequence[CropSet], banks: Sequence[Bank], share: float) -> list[CropSet]:
    """The crop sets with the banks beside them: the banks take `share` of the draws between
    them, evenly, and the sets the rest, in the proportions they had."""
    if not banks:
        return list(sets)
    total = sum(s.weight for s in sets)
    kept = [replace(s, weight=s.weight / total * (1 - share)) for s in sets] if total else []
    rest = share if kept else 1.0
    return kept + [b.crop_set(f"bank {i}", rest / len(banks)) for i, b in enumerate(banks)]


def look_of(die: DieLabel) -> str:
    """What a die is, in the words the fit check reports: a named colour's finish
    ("named solid", "named marbled", "named translucent") or the kind of `other` die."""
    if die.colour is not Colour.OTHER:
        return f"named {die.finish}"
    if die.blend:
        return "two-colour marble"
    return {"translucent": "clear", "solid": "teal or pink"}.get(die.finish, die.finish)


def cut_scene(
    scene: RenderedScene, index: int, jitters: int, rng: np.random.Generator
) -> list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], DieLabel, int]]:
    """(crop, light cue, die, scene index) for each cut of each labelled die, from the picture
    as a stored set would keep it (JPEG), cut and cued as training cuts and cues its crops."""
    dice = scene.visible_dice
    if not dice:
        return []
    boxes = np.array([d.box_xyxy for d in dice], np.float32)
    none = np.zeros(len(dice), np.int64)
    sample = Sample(jpeg(scene.image_bgr, JPEG_QUALITY), boxes, none, none)
    cast = frame_cast(sample)
    out = []
    for die, exact in zip(dice, boxes, strict=True):
        for box in [jitter_box(exact, rng) for _ in range(jitters)] or [exact]:
            out.append((cut_crop(sample, box), cast, die, index))
    return out


def render_bank(spec: BankSpec) -> Bank:
    rows = []
    for index in range(spec.start, spec.start + spec.scenes):
        scene = render_scene(scene_seed(spec.seed, index), spec.config(index))
        rng = np.random.default_rng([spec.seed, index, 1])
        rows += cut_scene(scene, index, spec.jitters, rng)
    if not rows:
        raise ValueError(f"scenes {spec.start}..{spec.start + spec.scenes - 1} hold no dice")
    return Bank(
        np.stack([r[0] for r in rows]),
        np.stack([r[1] for r in rows]).astype(np.float32),
        np.array([r[2].pips for r in rows], np.int64),
        np.array([COLOURS.index(r[2].colour) for r in rows], np.int64),
        np.array([look_of(r[2]) for r in rows], np.str_),
        np.array([r[2].blend for r in rows], np.str_),
        np.array([r[3] for r in rows], np.int64),
    )


def join(banks: Sequence[Bank]) -> Bank:
    return Bank(*(np.concatenate([getattr(b, name) for b in banks]) for name in FIELDS))


def render_bank_parallel(spec: BankSpec, workers: int) -> Bank:
    shards = spec.shards(workers)
    if len(shards) == 1:
        return render_bank(spec)
    with ProcessPoolExecutor(len(shards)) as pool:
        return join(list(pool.map(render_bank, shards)))


def save_bank(bank: Bank, path: Path) -> None:
    np.savez(path, **{name: getattr(bank, name) for name in FIELDS})


def _read_arrays(path: Path) -> dict[str, npt.NDArray[Any]]:
    """The bank's arrays found in the file (the file closed whatever happens)."""
    try:
        with path.open("rb") as fh:
            data = np.load(fh, allow_pickle=False)
            if not isinstance(data, np.lib.npyio.NpzFile):
                return {}
            with data:
                return {name: data[name] for name in FIELDS if name in data.files}
    except (OSError, EOFError, ValueError, zipfile.BadZipFile) as err:
        raise ValueError(f"{path}: cannot read a crop bank ({err})") from None


def load_bank(path: Path) -> Bank:
    """A bank written by `save_bank`, or a ValueError naming what is wrong with the file."""
    arrays = _read_arrays(path)
    missing = [name for name in FIELDS if name not in arrays]
    if missing:
        raise ValueError(f"{path}: not a crop bank (no {', '.join(missing)})")
    lengths = {a.shape[0] if a.ndim else -1 for a in arrays.values()}
    if len(lengths) != 1 or -1 in lengths:
        raise ValueError(f"{path}: its arrays hold different numbers of crops")
    shape, dtype = arrays["crops"].shape[1:], arrays["crops"].dtype
    if shape != (crops.CROP_SIZE, crops.CROP_SIZE, 3) or dtype != np.uint8:
        raise ValueError(f"{path}: crops of shape {shape} and type {dtype}, expected 48x48x3 uint8")
    return Bank(**arrays)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m models.training.bank", description=__doc__)
    p.add_argument("out", type=Path, help="the .npz file to write")
    p.add_argument("--scenes", type=whole(1, 1_000_000), required=True)
    p.add_argument("--seed", type=whole(0), default=1001)
    p.add_argument("--families", choices=FAMILIES, default="train")
    p.add_argument("--jitters", type=whole(0, 16), default=2, help="cuts per die; 0: exact box")
    p.add_argument("--workers", type=whole(1, 64), default=2)
    args = p.parse_args(argv)
    if args.out.suffix != ".npz":
        p.error(f"out must name a .npz file, got {str(args.out)!r}")
    try:
        spec = BankSpec(args.seed, args.scenes, args.families, args.jitters)
    except ValueError as err:
        p.error(str(err))
    bank = render_bank_parallel(spec, args.workers)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_bank(bank, args.out)
    print(f"wrote {len(bank)} crops of {spec.scenes} scenes to {args.out}")


if __name__ == "__main__":
    main()
