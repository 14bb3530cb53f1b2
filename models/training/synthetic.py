"""Rendered training sets: written once to disk (rendering is slower than training reads).

`python -m models.training.synthetic [ROOT] [--set NAME]... [--jobs N]` renders the training
sets, the real-table set, the material sets and the held-out set (lights and tables training
never sees) under ROOT (`work-data/synth`), skipping those there unless an older renderer drew
them (`renderer.txt` in each set says which).

The real-table set (`TABLE_SETS`, issue 21) and the colour-face set (`FLYER_SETS`, issue 23)
are not in `TRAINING_SETS`: a training run takes them when asked (`--renders`), so that runs
compared with older ones still train on what those did.
"""

from __future__ import annotations

import argparse
import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from models.render import HOLDOUT_BACKGROUNDS, HOLDOUT_LIGHTS, SceneConfig
from models.render.dataset import RENDERER_VERSION, VERSION_FILE, rendered_by, write_set
from models.training.cli_types import whole
from models.training.odd_set import ODD_SEED, ODD_THROWS, TRAINED_KINDS, write_odd_set
from vision.types import COLOURS, Colour


@dataclass(frozen=True)
class RenderedSet:
    name: str
    size: tuple[int, int]
    count: int
    seed: int
    holdout: bool = False
    # Each die draws one of these evenly: a colour listed twice comes twice as often.
    colours: tuple[Colour, ...] = COLOURS
    # Scenes like the real tables of issue 21 (`SceneConfig.tables`): trays, bowls, carpet
    # and sandpaper, a phone at 30..60 degrees, pale yellows, amber, glitter and metal pips.
    tables: bool = False
    # This share of dice are the flyer game's colour-face dice (issue 23). Their labels name
    # the face up as pips, so such a set teaches the finder only: the reader never cuts crops
    # from it, and reads these dice by their painted face (`vision.colour_face`).
    colour_faces: float = 0.0
    # Chance a scene lays out game material (boards, cards, tokens, pieces; issue 30), and
    # how many dice a scene holds where not the renderer's default (0, 0: no dice at all).
    material: float = 0.0
    dice_count: tuple[int, int] | None = None
    # Photos of game nights with odd dice (issue 43, `models.training.odd_set`): `count` photos
    # at `size`, night after night, from nights and looks no evaluation night draws.
    odd: bool = False
    odd_kinds: tuple[str, ...] = TRAINED_KINDS

    @property
    def finder_only(self) -> bool:
        return self.colour_faces > 0


# Scene sizes a camera gives; the finder sees each scaled to a 640-pixel long side.
TRAINING_SETS = (
    RenderedSet("s640", (640, 480), 1600, 11),
    RenderedSet("s1280", (1280, 720), 700, 12),
    RenderedSet("s960", (960, 540), 700, 13),
    RenderedSet("s800", (800, 600), 800, 14),
    # A third of its dice belong to no class: `other` has six looks (two-colour marbles, clear,
    # wood, metal, teal, pink), far more than any named class, and was the class read worst.
    RenderedSet("s960x", (960, 540), 700, 15, colours=(*COLOURS, *(Colour.OTHER,) * 3)),
)
# Lights and tables training never sees: the colour accuracy check.
HOLDOUT_SET = RenderedSet("holdout", (960, 540), 300, 99, holdout=True)
# The same kind of scenes, first rendered and read after the stop-9 models were chosen: the
# first set has guided many choices since, this one none.
FRESH_HOLDOUT_SET = RenderedSet("holdout2", (960, 540), 300, 199, holdout=True)
HOLDOUT_SETS = (HOLDOUT_SET, FRESH_HOLDOUT_SET)
# Renders that look like the tables the reader failed on (`rune55-pxl-colour`: trays on
# carpet, a phone at a slant). Red, yellow and blue come twice as often as the rest: they are
# the game colours the reader confused there.
TABLE_SET = RenderedSet(
    "s_tables",
    (800, 600),
    800,
    21,
    colours=(*COLOURS, Colour.RED, Colour.YELLOW, Colour.BLUE),
    tables=True,
)
TABLE_SETS = (TABLE_SET,)
# Colour-face dice among pip dice at the usual tables, for the finder (issue 23).
FLYER_SET = RenderedSet("s_flyer", (960, 540), 600, 23, colour_faces=0.5)
FLYER_SETS = (FLYER_SET,)
# Dice thrown among a game's material (issue 30): boards, cards, tokens, pieces as hard negatives.
MATERIAL_SET = RenderedSet("s_material", (960, 540), 400, 31, material=1.0)
# More of the same for a run that gives material a larger share, and the same tables with no
# dice at all: tiles that are game material from edge to edge, where the finder must find nothing.
MORE_MATERIAL_SET = RenderedSet("s_material_more", (960, 540), 1200, 32, material=1.0)
BARE_MATERIAL_SET = RenderedSet(
    "s_material_bare", (960, 540), 600, 33, material=1.0, dice_count=(0, 0)
)
MATERIAL_SETS = (MATERIAL_SET, MORE_MATERIAL_SET, BARE_MATERIAL_SET)
# Dice that look like nothing above (logos, numerals, star pips, tiny pips, see-through bodies,
# small dice on a busy board): 12 nights of each trained kind.
ODD_SET = RenderedSet(
    "s_odd", (1280, 720), 12 * len(TRAINED_KINDS) * ODD_THROWS, ODD_SEED, odd=True
)
# A board's small dice alone, for the finder small-dice tables use (`--finder-die-px`).
BOARD_SET = RenderedSet(
    "s_board", (1280, 720), 50 * ODD_THROWS, ODD_SEED * 2, odd=True, odd_kinds=("smallboard",)
)
ODD_SETS = (ODD_SET, BOARD_SET)
# Never trained on: the same kind of tables with no dice at all (must read none) and with dice
# among the pieces (recall), fixed seeds, for `dicetable eval --split all`.
MATERIAL_EMPTY_SET = RenderedSet(
    "material_empty", (960, 540), 300, 3000, material=1.0, dice_count=(0, 0)
)
MATERIAL_DICE_SET = RenderedSet("material_dice", (960, 540), 300, 3100, material=1.0)
MATERIAL_CHECK_SETS = (MATERIAL_EMPTY_SET, MATERIAL_DICE_SET)


def scene_config(spec: RenderedSet) -> SceneConfig:
    width, height = spec.size
    if spec.holdout:
        return SceneConfig(
            width=width, height=height, backgrounds=HOLDOUT_BACKGROUNDS, lights=HOLDOUT_LIGHTS
        )
    if spec.tables:
        return SceneConfig.tables(width, height, colours=spec.colours)
    extra: dict[str, object] = {}
    if spec.material > 0:  # named only when set, so older sets' configurations stay equal
        extra["material"] = spec.material
    if spec.dice_count is not None:
        extra["dice_count"] = spec.dice_count
    return SceneConfig(
        width=width,
        height=height,
        colours=spec.colours,
        colour_faces=spec.colour_faces,
        **extra,  # type: ignore[arg-type]
    )


def ensure_rendered(
    root: Path, specs: tuple[RenderedSet, ...] = TRAINING_SETS, jobs: int = 1
) -> list[Path]:
    """Each set's folder under `root`, rendering the ones not there yet and again the ones an
    older renderer wrote (their pictures no longer match what the seeds draw); `jobs`
    processes render each set in shards."""
    folders = []
    for spec in specs:
        folder = root / spec.name
        version = rendered_by(folder)
        if version is not None and version != RENDERER_VERSION:
            print(f"{folder}: renderer {version} drew it, now {RENDERER_VERSION}", flush=True)
            _remove_set(folder)
        if version != RENDERER_VERSION:
            print(f"rendering {spec.count} scenes into {folder}", flush=True)
            render_set(folder, spec, jobs)
        folders.append(folder)
    return folders


def render_set(folder: Path, spec: RenderedSet, jobs: int) -> None:
    """Render `spec` into `folder`, in `jobs` shards at once, merged into one set (a picture
    depends only on the set's seed and its index, so the shards' pictures are the same)."""
    if spec.odd:  # a night's photos follow one another: one process
        write_odd_set(folder, spec.count, spec.seed, spec.size, spec.odd_kinds)
        return
    if jobs <= 1 or spec.count < 2 * jobs:
        write_set(folder, spec.count, spec.seed, scene_config(spec))
        return
    shards = folder.with_name(f".{folder.name}.shards")
    shutil.rmtree(shards, ignore_errors=True)
    bounds = [spec.count * k // jobs for k in range(jobs + 1)]
    parts = [shards / str(k) for k in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        done = [
            pool.submit(write_set, part, hi - lo, spec.seed, scene_config(spec), None, lo)
            for part, lo, hi in zip(parts, bounds, bounds[1:], strict=False)
        ]
        for future in done:
            future.result()
    merge_shards(parts, folder)
    shutil.rmtree(shards)


def merge_shards(parts: list[Path], folder: Path) -> None:
    """One set in `folder` from finished shards: their pictures, labels and colour rows."""
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    rows: list[str] = []
    for part in parts:
        for sub in ("images", "labels"):
            for file in sorted((part / sub).iterdir()):
                file.rename(folder / sub / file.name)
        lines = (part / "colours.csv").read_text().splitlines()
        rows += lines if not rows else lines[1:]
    (folder / "colours.csv").write_text("".join(f"{row}\n" for row in rows))
    (folder / VERSION_FILE).write_text((parts[0] / VERSION_FILE).read_text())


_SET_ENTRIES = {"images", "labels", "colours.csv", VERSION_FILE}


def _remove_set(folder: Path) -> None:
    """Delete a stale rendered set, refusing where the folder holds anything a set does not."""
    strays = sorted(p.name for p in folder.iterdir() if p.name not in _SET_ENTRIES)
    if strays:
        raise SystemExit(f"{folder} is stale but also holds {strays}; move them, then run again")
    shutil.rmtree(folder)


EVERY_SET = (
    *TRAINING_SETS,
    *TABLE_SETS,
    *FLYER_SETS,
    *MATERIAL_SETS,
    *ODD_SETS,
    *HOLDOUT_SETS,
    *MATERIAL_CHECK_SETS,
)


def main(argv: list[str] | None = None) -> None:
    by_name = {spec.name: spec for spec in EVERY_SET}
    p = argparse.ArgumentParser(prog="python -m models.training.synthetic", description=__doc__)
    p.add_argument("root", nargs="?", type=Path, default=Path("work-data/synth"))
    p.add_argument("--set", action="append", choices=sorted(by_name), help="only these sets")
    p.add_argument("--jobs", type=whole(1, 256), default=1, help="processes rendering at once")
    args = p.parse_args(argv)
    chosen = tuple(by_name[n] for n in args.set) if args.set else EVERY_SET
    for done in ensure_rendered(args.root, chosen, args.jobs):
        print(done, flush=True)


if __name__ == "__main__":
    main()
