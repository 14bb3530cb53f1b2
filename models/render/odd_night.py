"""Game nights with odd dice (issue 43): one table, one family's dice set that looks like nothing
the reader trained on, photo after photo of 3 to 8 of its dice thrown (`board_night`'s writer:
`empty.png`, then the photos in throw order in the project's label formats). No training set
draws these looks; they are fixtures for `dicetable eval DIR --split all --learn K`.

| kind        | the set                                                                     |
|-------------|-----------------------------------------------------------------------------|
| logo6       | a maker's logo (star, ring with letters, crest, swirl) instead of the 6's pips |
| logo1       | the same on the 1                                                           |
| numerals    | the digits 1 to 6 instead of pips                                           |
| stars       | each pip a small star                                                       |
| skulls      | each pip a small skull (a blob with two eye holes)                          |
| translucent | see-through casino-like bodies, pips drilled and filled flush               |
| tinypips    | pips a third of the usual radius                                            |
| smallboard  | plain dice of 15 to 25 px on a busy hex board among round number tokens     |

A set is two to four of red, yellow, blue and white (translucent: of red, yellow and blue), one
look per colour from one mould: the same logo, numeral font, pip shape and pip layout, each
colour with its own pip paint. Labels give each die's true value (a logo 6 is a 6). Dice are
board_night's sizes (up to 0.45 of the shorter side, at most 220 px) but from 40 px, 60 px for
tiny pips, so that a person reads every face (small dice are `smallboard`'s subject), on every
table family (trays and bowls included), under lamps that leave them their colours (not the
held-out ones), seen by a sharp camera (noise, JPEG and vignetting, but no soft focus or shake:
the faces are what these nights test). Kind k of `KINDS` uses seed + k, so one kind alone is
the same night as in `--all`; `--nights N` writes N nights of each kind (`KIND-1`...), night n
with seed + k + 8 (n - 1), and the logo kinds go through the logo shapes night by night.

    python -m models.render.odd_night OUT --all --throws 24 --seed 4300 --size 1280x720
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from models.render.board_night import (
    DiceLooks,
    DiceSet,
    Night,
    TableMaker,
    draw_night,
    write_night,
)
from models.render.busy_board import board_table
from models.render.dataset import WrittenSet
from models.render.families import BACKGROUNDS, TABLE_LIGHTS, TRAIN_LIGHTS
from models.render.floors import CENTRED_MAKERS
from models.render.layout import Spot
from models.render.odd_faces import LOGOS, check_odd
from models.render.palette import BGR, PIP_COLOURS, DieStyle, hsv, sample_style
from models.render.scene import Setting, make_setting
from models.render.values import SceneConfig
from vision.arguments import frame_size, whole
from vision.types import Colour

KINDS = (
    "logo6",
    "logo1",
    "numerals",
    "stars",
    "skulls",
    "translucent",
    "tinypips",
    "smallboard",
)
SET_COLOURS = (Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.WHITE)
CLEAR_COLOURS = (Colour.RED, Colour.YELLOW, Colour.BLUE)  # a white see-through die is `other`
SMALL_DIE_PX = (15.0, 25.0)
SHARP_DEFOCUS = 0.5  # pixels of blur at most: no soft, shaken or badly focused camera
# Faces a person can read: board_night's sizes without its smallest dice (smallboard's subject).
LEAST_DIE_PX = 40.0
LEAST_TINY_PX = 60.0  # a pip a third of the usual size is then about 4 px across
# Lamps that leave the dice their colours (no sodium or blue LED): these nights test faces.
NIGHT_LIGHTS = (*TRAIN_LIGHTS, *TABLE_LIGHTS)
BOARD_FLOORS = tuple(b for b in BACKGROUNDS if b not in CENTRED_MAKERS)


def check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown kind of odd dice {kind!r} (expected one of {', '.join(KINDS)})")
    return kind


def night_config(kind: str, width: int, height: int) -> SceneConfig:
    """The scenes of a night: board_night's die sizes from 40 px (tiny pips from 60 px), or 15
    to 25 px on a busy board."""
    if check_kind(kind) == "smallboard":
        return SceneConfig(
            width=width,
            height=height,
            die_px=SMALL_DIE_PX,
            backgrounds=BOARD_FLOORS,
            lights=NIGHT_LIGHTS,
            clutter=0.2,
        )
    hi = SceneConfig(width=width, height=height).die_range[1]
    least = LEAST_TINY_PX if kind == "tinypips" else LEAST_DIE_PX
    return SceneConfig(
        width=width,
        height=height,
        die_px=(min(least, hi), hi),
        backgrounds=BACKGROUNDS,
        lights=NIGHT_LIGHTS,
        clutter=0.3,
    )


def table_maker(kind: str) -> TableMaker:
    """The night's table, seen by a camera sharp enough that a person reads every face."""
    lay = board_table if check_kind(kind) == "smallboard" else make_setting

    def sharp(
        rng: np.random.Generator, cfg: SceneConfig, die_world: float
    ) -> tuple[Setting, list[Spot]]:
        setting, spots = lay(rng, cfg, die_world)
        look = replace(setting.look, soften=1.0, defocus=min(setting.look.defocus, SHARP_DEFOCUS))
        return replace(setting, look=replace(look, shake=(0.0, 0.0))), spots

    return sharp


def odd_set(rng: np.random.Generator, kind: str, logo: str | None = None) -> tuple[DieStyle, ...]:
    """One family's dice set of this kind: a look per colour, all from one mould (for the logo
    kinds with `logo`, or one drawn at random)."""
    check_kind(kind)
    pool = CLEAR_COLOURS if kind == "translucent" else SET_COLOURS
    count = int(rng.integers(2, len(pool) + 1))
    colours = [pool[int(i)] for i in sorted(rng.choice(len(pool), size=count, replace=False))]
    mould = sample_style(rng, colours[0])
    if kind == "translucent":  # casino dice: sharp edges
        mould = replace(mould, corner=float(rng.uniform(0.03, 0.07)), big_one=1.0)
    drawn = LOGOS[int(rng.integers(len(LOGOS)))]
    logo = drawn if logo is None else logo
    looks = []
    for colour in colours:
        base = sample_style(rng, colour)
        plain = replace(
            base,
            second=base.body,
            marble=0.0,
            opacity=1.0,
            finish="solid",
            seed=mould.seed,
            pip_radius=mould.pip_radius,
            pip_spacing=mould.pip_spacing,
            pip_aspect=mould.pip_aspect,
            corner=mould.corner,
            big_one=mould.big_one,
        )
        style = _odd_look(rng, plain, kind, logo)
        check_odd(style)
        looks.append(style)
    return tuple(looks)


def _odd_look(rng: np.random.Generator, plain: DieStyle, kind: str, logo: str) -> DieStyle:
    if kind in ("logo6", "logo1"):
        return replace(plain, logo=logo, logo_on=int(kind[-1]))
    if kind in ("numerals", "stars", "skulls"):
        return replace(plain, marks=kind)
    if kind == "tinypips":
        return replace(plain, pip_radius=plain.pip_radius / 3)
    if kind == "translucent":  # casino dice: glassy, clearly see-through
        body = _clear_tone(rng, plain.colour)
        pip = "black" if plain.colour is Colour.YELLOW else "white"
        return replace(
            plain,
            body=body,
            second=body,
            pip_name=pip,
            pip=PIP_COLOURS[pip],
            opacity=float(rng.uniform(0.3, 0.55)),
            finish="translucent",
            flush=True,
            gloss=float(rng.uniform(0.6, 0.95)),
        )
    return plain


def _clear_tone(rng: np.random.Generator, colour: Colour) -> BGR:
    """A casino die's plastic: saturated and bright, so the table's colour does not drown it."""
    hue = {Colour.RED: (-6.0, 4.0), Colour.YELLOW: (47.0, 56.0), Colour.BLUE: (212.0, 232.0)}
    return hsv(
        float(rng.uniform(*hue[colour])), float(rng.uniform(0.8, 1)), float(rng.uniform(0.8, 1))
    )


def odd_dice(kind: str, logo: str | None = None) -> DiceSet:
    """A `board_night.DiceSet` for this kind: the night draws its set once, each throw picks
    its dice from it."""
    check_kind(kind)

    def dice(rng: np.random.Generator, cfg: SceneConfig) -> DiceLooks:
        del cfg
        looks = odd_set(rng, kind, logo)
        return lambda throw, count: [looks[int(throw.integers(len(looks)))] for _ in range(count)]

    return dice


def night_seed(seed: int, kind: str, index: int = 0) -> int:
    """Night `index` (from 0) of a kind: seed + k + index x len(KINDS), no two nights alike."""
    return seed + KINDS.index(check_kind(kind)) + len(KINDS) * index


def night_logo(kind: str, index: int = 0) -> str:
    """Night after night of a logo kind goes through every logo shape (logo1 starts one on)."""
    return LOGOS[(KINDS.index(check_kind(kind)) + index) % len(LOGOS)]


def draw_odd_night(
    kind: str,
    seed: int,
    throws: int,
    size: tuple[int, int],
    index: int = 0,
    logo: str | None = None,
) -> Night:
    """Night `index` of this kind in memory (what `write_odd_night` writes); `logo` replaces the
    logo shape the night would take in turn."""
    return draw_night(
        night_seed(seed, kind, index),
        throws,
        night_config(kind, *size),
        table_maker(kind),
        odd_dice(kind, logo or night_logo(kind, index)),
    )


def write_odd_night(
    out: Path, kind: str, seed: int, throws: int, size: tuple[int, int], index: int = 0
) -> WrittenSet:
    """Night `index` of this kind into `out` (which must not hold a set yet)."""
    return write_night(
        out,
        night_seed(seed, kind, index),
        throws,
        night_config(kind, *size),
        table_maker(kind),
        odd_dice(kind, night_logo(kind, index)),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m models.render.odd_night",
        description="Game nights with odd dice, one folder per kind (never trained on).",
    )
    parser.add_argument("out", type=Path, help="the folder each kind's night goes into")
    parser.add_argument("--kind", choices=KINDS, action="append", help="a kind (repeatable)")
    parser.add_argument("--all", action="store_true", help="every kind, one folder each")
    parser.add_argument("--throws", type=whole(1, 10_000), default=24, help="photos a night")
    parser.add_argument(
        "--nights", type=whole(1, 100), default=1, help="nights of each kind (KIND-1, KIND-2...)"
    )
    parser.add_argument("--seed", type=whole(0), default=4300, help="kind k uses seed + k")
    parser.add_argument("--size", type=frame_size(320, 4096), default=(1280, 720), help="WxH")
    args = parser.parse_args(argv)
    if bool(args.kind) == args.all:
        parser.error("name the nights: --kind KIND (one or more) or --all, not both")
    kinds = KINDS if args.all else tuple(dict.fromkeys(args.kind))
    for kind in kinds:
        for index in range(args.nights):
            folder = args.out / (kind if args.nights == 1 else f"{kind}-{index + 1}")
            try:
                night = write_odd_night(folder, kind, args.seed, args.throws, args.size, index)
            except FileExistsError as err:
                print(f"error: {err}", file=sys.stderr)
                return 2
            print(f"{folder}: {night.images} photos, {night.boxes} dice labelled", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
