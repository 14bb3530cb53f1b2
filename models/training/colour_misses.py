"""Where the reader's colour goes wrong on a rendered set: by lamp, by true colour, by finish
(solid, marbled, translucent, metal, wood), by the die's size in the picture (all dice, then
those the reader did not mark unsure), by the share of it hidden, by the look of the "other"
dice (marbled, clear, metal, wood, solid teal or pink), for each pair of colours that a misread
two-colour marble mixes, and for marbles of one colour and of two by how far apart their two
tones are (CIE Delta E).

`python -m models.training.colour_misses SET [--models DIR] [--limit N]` renders each scene of
the set again (a scene depends only on its seed and index) to learn what the stored labels do
not keep, each die's finish and the scene's lamp, reads the stored picture, and matches dice to
reads as `dicetable eval` does. SET is a held-out set (`holdout`, `holdout2`) or a training set
(`s960`, ...): the second says how well the reader knows what it was taught.

With `--lamp-removed` it reads instead the same scenes rendered with the lamp's colour taken out
exactly (every other draw alike, saved as the stored pictures were): what is left wrong then is
not the lamp's doing. With `--gallery DIR` it also writes a picture of each misread die there,
named by scene, true colour, read colour, look, lamp and size, to look at beside the figures.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from models.render import render_scene
from models.render.dataset import JPEG_QUALITY, scene_seed
from models.render.values import DieLabel
from models.training.augment import jpeg
from models.training.synthetic import HOLDOUT_SETS, TRAINING_SETS, RenderedSet, scene_config
from vision import crops
from vision.arguments import whole
from vision.datasets import LabelledBox
from vision.metrics import match_image
from vision.onnx_model import MODELS_DIR
from vision.reader import load_reader
from vision.reading_protocol import Reader
from vision.types import BoxXYXY, Die, box_side

# Upper bounds (exclusive) of the die-size bands, in pixels; the dice are 15 to 200 across.
SIZE_BANDS: tuple[tuple[float, str], ...] = (
    (25.0, "under 25 px"),
    (40.0, "25-39 px"),
    (70.0, "40-69 px"),
    (120.0, "70-119 px"),
    (float("inf"), "120 px +"),
)
SIZE_ORDER = [label for _, label in SIZE_BANDS]
# Upper bounds (exclusive) of how far apart a marble's two tones are (CIE Delta E).
TONE_BANDS: tuple[tuple[float, str], ...] = (
    (15.0, "under 15"),
    (35.0, "15-34"),
    (50.0, "35-49"),
    (float("inf"), "50 +"),
)
TONE_ORDER = [label for _, label in TONE_BANDS]
# Upper bounds (exclusive) of the share of a die's outline hidden by hands, clutter, other dice
# or the frame edge; the renders hide up to 40% of a die they still label.
HIDDEN_BANDS: tuple[tuple[float, str], ...] = (
    (0.01, "none"),
    (0.10, "under 10%"),
    (0.25, "10-24%"),
    (float("inf"), "25% +"),
)
HIDDEN_ORDER = [label for _, label in HIDDEN_BANDS]


def band_of(bands: tuple[tuple[float, str], ...], value: float) -> str:
    """The label of the first band whose upper bound (exclusive) lies above `value`."""
    return next(label for upper, label in bands if value < upper)


@dataclass(frozen=True, slots=True)
class DieOutcome:
    """One labelled die that a read matched: its true colour and look, the lamp, the read."""

    colour: str
    finish: str
    light: str
    read: str
    blend: str = ""  # a two-class marble's classes
    size_px: float = 0.0  # the longer side of its labelled box
    unsure: bool = False  # the reader marked it for a person to confirm
    scene: int = 0  # the picture's index in its set
    box_xyxy: BoxXYXY = (0, 0, 0, 0)  # its labelled box
    tone_distance: float = 0.0  # how far apart its two tones are (CIE Delta E)
    hidden: float = 0.0  # the share of its outline hidden (`DieLabel.occluded`)

    @property
    def size_band(self) -> str:
        return band_of(SIZE_BANDS, self.size_px)

    @property
    def tone_band(self) -> str:
        return band_of(TONE_BANDS, self.tone_distance)

    @property
    def hidden_band(self) -> str:
        return band_of(HIDDEN_BANDS, self.hidden)

    @property
    def right(self) -> bool:
        return self.colour == self.read


@dataclass(frozen=True, slots=True)
class Tally:
    group: str
    wrong: int
    total: int

    @property
    def right_share(self) -> float:
        return 1.0 - self.wrong / self.total


def tally(
    outcomes: Iterable[DieOutcome],
    key: Callable[[DieOutcome], str],
    rank: Callable[[str], int | str] = str,
) -> list[Tally]:
    """Wrong and total per group, groups in `rank` order (by name unless told)."""
    wrong: dict[str, int] = {}
    total: dict[str, int] = {}
    for o in outcomes:
        group = key(o)
        total[group] = total.get(group, 0) + 1
        wrong[group] = wrong.get(group, 0) + (not o.right)
    return [Tally(g, wrong[g], total[g]) for g in sorted(total, key=rank)]


Picture = npt.NDArray[np.uint8]


def scene_outcomes(
    spec: RenderedSet, folder: Path, reader: Reader, lamp_removed: bool = False
) -> Iterator[tuple[Picture, list[DieOutcome]]]:
    """Each scene's picture as read, and its matched dice."""
    cfg = replace(scene_config(spec), lamp_colour=not lamp_removed)
    for i in range(spec.count):
        scene = render_scene(scene_seed(spec.seed, i), cfg)
        # Lamp-free renders go through the JPEG round trip every stored picture went through.
        image = jpeg(scene.image_bgr, JPEG_QUALITY) if lamp_removed else _stored(folder, i)
        dice = scene.visible_dice
        labels = [LabelledBox(d.box_xyxy, d.pips, d.colour) for d in dice]
        reads = reader.read(image).dice
        found = [
            _outcome(dice[li], reads[pi], scene.light, i)
            for li, pi in match_image(labels, reads, "iou").pairs
        ]
        yield image, found


def _outcome(die: DieLabel, read: Die, light: str, scene: int) -> DieOutcome:
    return DieOutcome(
        colour=die.colour.value,
        finish=die.finish,
        light=light,
        read=read.colour.value,
        blend=die.blend,
        size_px=box_side(die.box_xyxy),
        unsure=read.unsure,
        scene=scene,
        box_xyxy=die.box_xyxy,
        tone_distance=die.tone_distance,
        hidden=die.occluded,
    )


def outcomes(
    spec: RenderedSet, folder: Path, reader: Reader, lamp_removed: bool = False
) -> Iterator[DieOutcome]:
    for _, found in scene_outcomes(spec, folder, reader, lamp_removed):
        yield from found


def gallery_name(o: DieOutcome) -> str:
    """`0042_blue_as_black_solid_sodium_33px_at_120_88.png`: what the die is, how it was read,
    and where its box starts (two dice of one scene alike but for their place keep two names)."""
    x, y = o.box_xyxy[:2]
    return (
        f"{o.scene:04d}_{o.colour}_as_{o.read}_{o.finish}_{o.light}_{round(o.size_px)}px"
        f"_at_{x}_{y}.png"
    )


GALLERY_SIDE = 160  # pixels: a crop twice the die's box, big enough to judge by eye


def write_misses(folder: Path, image: Picture, found: Iterable[DieOutcome]) -> int:
    """Write a crop of each misread die in `found` into `folder`; how many were written."""
    written = 0
    for o in found:
        if o.right:
            continue
        crop = crops.crop_square(image, o.box_xyxy, 2.0, GALLERY_SIDE)
        if not cv2.imwrite(str(folder / gallery_name(o)), crop):
            raise SystemExit(f"could not write into {folder}")
        written += 1
    return written


def _stored(folder: Path, index: int) -> npt.NDArray[np.uint8]:
    path = folder / "images" / f"{index:06d}.jpg"
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"{path} is missing or unreadable")
    return np.asarray(image, np.uint8)


def _is_other(o: DieOutcome) -> bool:
    return o.colour == "other"


def _is_blend(o: DieOutcome) -> bool:
    return bool(o.blend)


def _is_one_class_marble(o: DieOutcome) -> bool:
    return o.finish == "marbled" and not o.blend and o.colour != "other"


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    keep: Callable[[DieOutcome], bool]
    key: Callable[[DieOutcome], str]
    misses_only: bool = False  # list only the groups with a miss
    rank: Callable[[str], int | str] = str


SECTIONS = (
    Section("lamp", lambda o: True, lambda o: o.light),
    Section("true colour", lambda o: True, lambda o: o.colour),
    Section("finish, all dice", lambda o: True, lambda o: o.finish),
    Section("die size", lambda o: True, lambda o: o.size_band, rank=SIZE_ORDER.index),
    Section(
        "die size, dice read surely",
        lambda o: not o.unsure,
        lambda o: o.size_band,
        rank=SIZE_ORDER.index,
    ),
    Section("share hidden", lambda o: True, lambda o: o.hidden_band, rank=HIDDEN_ORDER.index),
    Section('look, "other" dice only', _is_other, lambda o: o.finish),
    Section("colours, two-colour marbles misread", _is_blend, lambda o: o.blend, True),
    Section(
        "tone distance, one-colour marbles",
        _is_one_class_marble,
        lambda o: o.tone_band,
        rank=TONE_ORDER.index,
    ),
    Section(
        "tone distance, two-colour marbles", _is_blend, lambda o: o.tone_band, rank=TONE_ORDER.index
    ),
)


def report(found: list[DieOutcome]) -> str:
    lines = [f"{sum(not o.right for o in found)} of {len(found)} matched dice read a wrong colour"]
    for section in SECTIONS:
        tallies = tally((o for o in found if section.keep(o)), section.key, section.rank)
        shown = [t for t in tallies if t.wrong or not section.misses_only]
        if not shown:  # no dice of its kind, or none of them misread where only misses count
            continue
        lines.append(f"by {section.title}:")
        lines += [
            f"  {t.group:<13} {t.wrong:>4} wrong of {t.total:>5}  {100 * t.right_share:5.1f}% right"
            for t in shown
        ]
    return "\n".join(lines)


SETS = {spec.name: spec for spec in (*HOLDOUT_SETS, *TRAINING_SETS)}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m models.training.colour_misses", description=__doc__)
    p.add_argument("set", choices=list(SETS), help="rendered set: held-out or training")
    p.add_argument("--rendered", type=Path, default=Path("work-data/synth"))
    p.add_argument("--models", type=Path, default=MODELS_DIR, help="dir with the two .onnx files")
    p.add_argument("--limit", type=whole(1), help="read the first N scenes only")
    p.add_argument(
        "--lamp-removed", action="store_true", help="read the scenes with the lamp's colour out"
    )
    p.add_argument("--gallery", type=Path, help="write a picture of each misread die here")
    args = p.parse_args(argv)
    spec = SETS[args.set]
    if args.limit is not None:
        spec = replace(spec, count=min(spec.count, args.limit))
    folder = args.rendered / spec.name
    if not (folder / "colours.csv").is_file():
        raise SystemExit(f"{folder} holds no rendered set: python -m models.training.synthetic")
    if args.gallery is not None:
        args.gallery.mkdir(parents=True, exist_ok=True)
    # The shipped models have their hashes checked, however the path to them is written.
    reader = load_reader(args.models, check_hashes=args.models.resolve() == MODELS_DIR)
    found: list[DieOutcome] = []
    for image, scene in scene_outcomes(spec, folder, reader, args.lamp_removed):
        found += scene
        if args.gallery is not None:
            write_misses(args.gallery, image, scene)
    print(report(found))


if __name__ == "__main__":
    main()
