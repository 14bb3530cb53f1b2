"""Training crops for the face signature (issue 43): dice whose faces carry marks of many kinds,
each crop labelled by the mark its top face shows, not by a value.

The signature learns to tell marks apart whatever their colour, turn, font or light, so that a
table's few confirmed dice can teach it which mark is which value. Most nights are of *glyph*
dice: six letters or signs per set (`GLYPHS`), drawn like numerals. The rest are the odd kinds
the finder's training nights use (star pips, logos, tiny pips, see-through bodies), whose plain
faces teach pips as marks too. What no night here draws, so that the signature meets it first
at a table: the digits (the numeral nights' faces), the skull pips and the swirl logo
(`odd_set.HELD_KIND`, `HELD_LOGO`). A glyph that a turn makes into another kept glyph (p and d,
n and u, N and Z, < and >, ( and )) is left out: a turned die would be both.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from models.render.board_night import DiceLooks, DiceSet, draw_night
from models.render.crops import die_crops
from models.render.odd_night import LEAST_DIE_PX, night_config, odd_set, table_maker
from models.render.values import SceneConfig
from models.training.odd_set import HELD_KIND, HELD_LOGO, ODD_SEED, TRAINED_LOGOS
from vision.arguments import frame_size, whole

GLYPHS = "ABCDEFGHJKLMPQRTUVXYZabdefghkmrty+#@&%$?!=<*~([{^/"
# Nights of each kind, in turn: mostly glyphs, the rest the trained odd kinds.
PLAN = (
    "glyphs",
    "glyphs",
    "glyphs",
    "logo6",
    "glyphs",
    "stars",
    "glyphs",
    "logo1",
    "glyphs",
    "tinypips",
    "glyphs",
    "translucent",
)
SIGNATURE_SEED = ODD_SEED + 60_000  # clear of the finder's odd nights (`odd_set`)
if HELD_KIND in PLAN or HELD_LOGO in TRAINED_LOGOS:
    raise AssertionError("the held-out looks must stay out of the signature's training")
THROWS = 16


@dataclass(frozen=True)
class MarkCrops:
    """Crops (n, 48, 48, 3 BGR) and the mark each shows (index into `marks`)."""

    crops: npt.NDArray[np.uint8]
    classes: npt.NDArray[np.int64]
    marks: tuple[str, ...]


def mark_names() -> tuple[str, ...]:
    """Every mark a training crop may show: the glyphs, pips 1..6 (round or star), the logos."""
    pips = tuple(f"pips:{v}" for v in range(1, 7))
    stars = tuple(f"star:{v}" for v in range(1, 7))
    logos = tuple(f"logo:{name}" for name in TRAINED_LOGOS)
    return (*(f"glyph:{g}" for g in GLYPHS), *pips, *stars, *logos)


def _mark(kind: str, value: int, glyphs: str, logo: str) -> str:
    if kind == "glyphs":
        return f"glyph:{glyphs[value - 1]}"
    if kind == f"logo{value}" and kind in ("logo1", "logo6"):
        return f"logo:{logo}"
    if kind == "stars":
        return f"star:{value}"
    return f"pips:{value}"


def _looks(kind: str, glyphs: str, logo: str) -> DiceSet:
    def dice(rng: np.random.Generator, cfg: SceneConfig) -> DiceLooks:
        del cfg
        base = odd_set(rng, "stars" if kind == "glyphs" else kind, logo)
        looks = (
            [replace(s, marks="glyphs", glyphs=glyphs) for s in base] if kind == "glyphs" else base
        )
        return lambda throw, count: [looks[int(throw.integers(len(looks)))] for _ in range(count)]

    return dice


def night_crops(
    index: int, size: tuple[int, int], per_die: int = 2
) -> Iterator[tuple[npt.NDArray[np.uint8], str]]:
    """Night `index`'s dice: `per_die` jittered crops of each visible die, with its mark."""
    kind = PLAN[index % len(PLAN)]
    seed = SIGNATURE_SEED + index
    pick = np.random.default_rng(seed + 7_777_777)
    glyphs = "".join(pick.choice(list(GLYPHS), 6, replace=False))
    logo = TRAINED_LOGOS[int(pick.integers(len(TRAINED_LOGOS)))]
    night_kind = "stars" if kind == "glyphs" else kind
    cfg = night_config(night_kind, *size)
    hi = cfg.die_range[1]
    cfg = replace(cfg, die_px=(min(LEAST_DIE_PX, hi), hi))
    night = draw_night(seed, THROWS, cfg, table_maker(night_kind), _looks(kind, glyphs, logo))
    jitter = np.random.default_rng(seed + 1)
    for scene in night.photos:
        for _ in range(per_die):
            for crop in die_crops(scene, rng=jitter, jitter=0.1):
                if crop.label.occluded < 0.25:
                    yield crop.image_bgr, _mark(kind, crop.label.pips, glyphs, logo)


def collect(first: int, nights: int, size: tuple[int, int]) -> MarkCrops:
    names = mark_names()
    index = {n: i for i, n in enumerate(names)}
    crops, classes = [], []
    for n in range(first, first + nights):
        for crop, mark in night_crops(n, size):
            crops.append(crop)
            classes.append(index[mark])
    return MarkCrops(np.stack(crops), np.asarray(classes, np.int64), names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m models.training.signature_data",
        description="Crops of dice with many kinds of marks, for the face signature.",
    )
    parser.add_argument("out", type=Path, help="the .npz file to write")
    parser.add_argument("--first", type=whole(0), default=0, help="the first night's index")
    parser.add_argument("--nights", type=whole(1, 100_000), default=180)
    parser.add_argument(
        "--size", type=frame_size(240, 4096), default=(512, 384), help="WxH of a photo"
    )
    args = parser.parse_args(argv)
    made = collect(args.first, args.nights, args.size)
    np.savez_compressed(args.out, crops=made.crops, classes=made.classes, marks=made.marks)
    print(f"{args.out}: {len(made.crops)} crops of {len(set(made.classes.tolist()))} marks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
