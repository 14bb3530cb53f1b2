"""A game night at one rendered table (issue 30): a board with its pieces laid out, photographed
with no dice (`empty.png`, as calibration records it), then photo after photo of dice thrown on
it by the same camera, each with a lamp that drifts and a pixel's shake. Written in the project's
label formats (`models.render.dataset`), names in throw order, for `dicetable eval --learn K`
(the first K photos confirmed) and `dicetable eval --empty DIR/empty.png`.

    python -m models.render.board_night OUT --boards 3 --throws 24 --seed 3200 [--die-px 15-25]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from models.render.dataset import (
    WrittenSet,
    _check_out,
    scene_seed,
    write_scenes,
)
from models.render.layout import Spot, place_dice
from models.render.palette import DieStyle
from models.render.scene import (
    DieEntry,
    Setting,
    draw_frame,
    make_setting,
    resting_pose,
    sample_die_world,
    sample_styles,
)
from models.render.values import Quad, RenderedScene, SceneConfig
from vision.arguments import frame_size, whole

EMPTY_FILE = "empty.png"
DICE_PER_THROW = (3, 8)
LAMP_DRIFT = (0.85, 1.15)  # the light's gain from photo to photo
SHAKE_PX = 1  # the camera moves this many whole pixels either way (labels move with it)


# Per throw: the looks of `count` dice, drawn from the throw's generator.
DiceLooks = Callable[[np.random.Generator, int], list[DieStyle]]
# Per night: how its dice look (may draw a set from the night's generator once).
DiceSet = Callable[[np.random.Generator, SceneConfig], DiceLooks]
# The table, its light and camera, and the footprints dice keep clear of (`make_setting`).
TableMaker = Callable[[np.random.Generator, SceneConfig, float], tuple[Setting, list[Spot]]]


def any_dice(rng: np.random.Generator, cfg: SceneConfig) -> DiceLooks:
    """Each throw draws its dice afresh from the configuration's colours (no set of the night's)."""
    del rng
    return lambda throw, count: sample_styles(throw, count, cfg.colours, cfg.table_looks)


@dataclass(frozen=True, eq=False)
class Night:
    """One table's empty picture, then its photos as they are drawn (in throw order)."""

    empty: npt.NDArray[np.uint8]
    photos: Iterator[RenderedScene]


def draw_night(
    seed: int,
    throws: int,
    cfg: SceneConfig,
    table: TableMaker = make_setting,
    dice: DiceSet = any_dice,
) -> Night:
    """One table (`seed`) and `throws` photos of 3 to 8 dice thrown on it; photo i depends only
    on (seed, i)."""
    if not 1 <= throws <= 10_000:
        raise ValueError(f"throws must be 1..10000, got {throws!r}")
    rng = np.random.default_rng(seed)
    world = sample_die_world(rng, cfg)
    setting, spots = table(rng, cfg, world)
    empty = draw_frame(rng, setting, [], [], cfg).image_bgr
    looks = dice(rng, cfg)

    def photos() -> Iterator[RenderedScene]:
        for i in range(throws):
            throw = scene_seed(seed, i)
            count = int(throw.integers(DICE_PER_THROW[0], DICE_PER_THROW[1] + 1))
            places = place_dice(
                throw, setting.cam, count, world / 2, 0.0, list(spots), setting.enclosure
            )
            styles = looks(throw, len(places))
            entries = [
                DieEntry(k, resting_pose(throw, style, spot, int(throw.integers(1, 7))))
                for k, (style, spot) in enumerate(zip(styles, places, strict=True))
            ]
            yield _as_seen(throw, draw_frame(throw, setting, entries, [], cfg))

    return Night(empty, photos())


def write_night(
    out: Path,
    seed: int,
    throws: int,
    cfg: SceneConfig,
    table: TableMaker = make_setting,
    dice: DiceSet = any_dice,
) -> WrittenSet:
    """`draw_night` into `out`: its empty picture and the photos in the project's formats."""
    if not 1 <= throws <= 10_000:
        raise ValueError(f"throws must be 1..10000, got {throws!r}")
    _check_out(out)
    night = draw_night(seed, throws, cfg, table, dice)
    out.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / EMPTY_FILE), night.empty)
    return write_scenes(out, ((f"{i:04d}", scene) for i, scene in enumerate(night.photos)))


def _as_seen(rng: np.random.Generator, scene: RenderedScene) -> RenderedScene:
    """The photo under a drifted lamp, the camera shaken by whole pixels (labels moved too)."""
    h, w = scene.image_bgr.shape[:2]
    gain = rng.uniform(*LAMP_DRIFT)
    dx, dy = (int(v) for v in rng.integers(-SHAKE_PX, SHAKE_PX + 1, size=2))
    lit = np.clip(scene.image_bgr.astype(np.float32) * gain, 0, 255).astype(np.uint8)
    move = np.asarray([[1, 0, dx], [0, 1, dy]], np.float32)
    image: npt.NDArray[np.uint8] = np.asarray(
        cv2.warpAffine(lit, move, (w, h), borderMode=cv2.BORDER_REPLICATE), np.uint8
    )
    dice = tuple(
        replace(
            d,
            top_quad=_moved(d.top_quad, dx, dy),
            box_xyxy=(
                min(max(d.box_xyxy[0] + dx, 0), w),
                min(max(d.box_xyxy[1] + dy, 0), h),
                min(max(d.box_xyxy[2] + dx, 0), w),
                min(max(d.box_xyxy[3] + dy, 0), h),
            ),
        )
        for d in scene.dice
    )
    return replace(scene, image_bgr=image, dice=dice)


def die_sizes(text: str) -> tuple[float, float]:
    """`LO-HI` pixels (or one size), for dice smaller or larger than the default."""
    try:
        lo, _, hi = text.partition("-")
        sizes = (float(lo), float(hi or lo))
    except ValueError:
        raise argparse.ArgumentTypeError(f"die sizes must look like 15-25, got {text!r}") from None
    if not 6 <= sizes[0] <= sizes[1]:
        raise argparse.ArgumentTypeError(f"die sizes must be 6 <= LO <= HI pixels, got {text!r}")
    return sizes


def _moved(quad: Quad, dx: int, dy: int) -> Quad:
    a, b, c, d = ((x + dx, y + dy) for x, y in quad)
    return (a, b, c, d)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.render.board_night")
    parser.add_argument("out", type=Path, help="a folder board-1, board-2, ... go into")
    parser.add_argument("--boards", type=whole(1, 100), default=3, help="one folder each")
    parser.add_argument("--throws", type=whole(1, 10_000), default=24, help="photos of each")
    parser.add_argument("--seed", type=whole(0), default=3200, help="board k uses seed + k")
    parser.add_argument("--size", type=frame_size(320, 4096), default=(960, 540), help="WxH")
    parser.add_argument(
        "--die-px", type=die_sizes, help="the dice's edge, LO-HI pixels (default: 12 up)"
    )
    args = parser.parse_args(argv)
    width, height = args.size
    try:
        cfg = SceneConfig(width=width, height=height, material=1.0, die_px=args.die_px)
    except ValueError as err:
        parser.error(str(err).replace("die_px", "--die-px"))
    for k in range(1, args.boards + 1):
        folder = args.out / f"board-{k}"
        written = write_night(folder, args.seed + k, args.throws, cfg)
        print(f"{folder}: {written.images} photos, {written.boxes} dice labelled", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
