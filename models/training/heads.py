"""`python -m models.training.heads`: refit the reader's heads on its own frozen features.

A full run moves every weight of both networks, and each one so far that read a new table better
also lost a few dice in hundreds on the held-out photos (runs 32 and 33 in the model card). The
reader is a feature network with small heads on top: the colour head (two layers on features
pooled from the crop), the pip head (two layers on their 6x6 map) and, from this tool, a face
head for the flyer game's colour-face dice. Refitting heads alone, on features computed once,
leaves the finder and every other head exactly as they were, and takes minutes, not hours.

`--heads colour|pips|face` (repeat for more; default colour) names what to fit. Each training
crop (the real sets' training sides and the chosen rendered sets; for the face head, rendered
flyer tables, `models.training.face`) is cut once, seen `--passes` times under the training's
light augmentation and turned into the head's input by the frozen network; the head then
trains on those vectors alone. `--take HEAD=DIR` puts a head an earlier refit of the same
weights fitted into the output instead, so heads fitted apart ship together.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch
from torch import nn

from models.training.cli_types import fraction, keyed, rate, whole
from models.training.crop_cache import CropSet, build_crop_set
from models.training.data import DEFAULT_DATA, REAL_WEIGHTS, training_folders
from models.training.export import (
    READER_OUTPUTS,
    export_finder,
    export_reader,
    save_reader,
    write_hashes,
)
from models.training.face import NO_FACE, render_face_crops
from models.training.head_fit import (
    Examples,
    HeadSettings,
    Inputs,
    colour_inputs,
    coloured,
    face_head_inputs,
    fit_head,
    head_accuracy,
    head_data,
    pip_inputs,
)
from models.training.mine import mine_negatives
from models.training.nets import (
    DieFinder,
    DieReader,
    FaceHead,
    ReaderWithFace,
)
from models.training.real import training_images
from models.training.samples import NO_COLOUR
from models.training.synthetic import MATERIAL_SETS, TABLE_SETS, TRAINING_SETS, ensure_rendered
from vision.onnx_model import MODELS_DIR
from vision.reader import CLASSIFIER_FILE, FACE_OUTPUT, FINDER_FILE

RENDERED_BY_NAME = {spec.name: spec for spec in (*TRAINING_SETS, *TABLE_SETS, *MATERIAL_SETS)}
HEADS = ("colour", "pips", "face")
PIP_PICTURES = 1500  # pictures of each set cut for the pip head
FACE_PICTURES = 300  # pictures of a set without colour labels cut for the face head
FACE_NEGATIVES = 6000  # crops of each training set shown to the face head as no colour face


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m models.training.heads", description=__doc__)
    p.add_argument(
        "--from", dest="start_from", type=Path, required=True, help="finder.pt and reader.pt"
    )
    p.add_argument("--out", type=Path, required=True, help="where to write the .onnx pair")
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="real labelled photo sets")
    p.add_argument("--rendered", type=Path, default=Path("work-data/synth"), help="rendered sets")
    p.add_argument("--renders", action="append", choices=sorted(RENDERED_BY_NAME), default=[])
    p.add_argument("--leave-out", action="append", default=[], choices=sorted(REAL_WEIGHTS))
    p.add_argument("--passes", type=whole(1, 16), default=HeadSettings.passes)
    p.add_argument("--steps", type=whole(1), default=HeadSettings.steps)
    p.add_argument("--lr", type=rate, default=HeadSettings.lr)
    p.add_argument("--seed", type=whole(0), default=HeadSettings.seed)
    p.add_argument(
        "--heads",
        action="append",
        choices=HEADS,
        help="which heads to fit (repeat for both; default colour)",
    )
    p.add_argument(
        "--take",
        type=take,
        action="append",
        default=[],
        metavar="HEAD=DIR",
        help="a head another refit of the same weights fitted (DIR holds its reader.pt, face.pt)",
    )
    p.add_argument(
        "--real-share",
        type=fraction,
        help="share of the colour head's draws from real photos (default: as a full run has it)",
    )
    p.add_argument(
        "--mine", type=whole(0), default=600, help="pictures per folder mined for the pip head"
    )
    p.add_argument("--face-scenes", type=whole(1), default=1200, help="flyer scenes rendered")
    p.add_argument("--threads", type=whole(1), default=2)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    missing = missing_weights(args.start_from, args.take)
    if missing:
        raise SystemExit(f"no weights at {', '.join(str(m) for m in missing)}")
    torch.set_num_threads(args.threads)
    start = time.time()
    settings = HeadSettings(args.passes, args.steps, args.lr, args.seed)
    reader = DieReader()
    reader.load_state_dict(torch.load(args.start_from / "reader.pt"))
    reader.eval()
    face = take_heads(reader, args.take)
    heads = set(args.heads or ([] if args.take else ["colour"]))
    if heads:
        face = fit_heads(reader, heads, args, settings) or face
    export(args.start_from, args.out, reader, face)
    print(f"exported to {args.out} after {(time.time() - start) / 60:.1f} min", flush=True)


def fit_heads(
    reader: DieReader, heads: set[str], args: argparse.Namespace, settings: HeadSettings
) -> FaceHead | None:
    """Fit the named heads in place (the face head is returned, the others live in `reader`)."""
    specs = tuple(RENDERED_BY_NAME[name] for name in dict.fromkeys(args.renders))
    rendered = ensure_rendered(args.rendered, specs) if specs else []
    folders = training_folders(args.data, rendered, frozenset(args.leave_out))
    rng = np.random.default_rng(settings.seed)
    mined = {}
    if "pips" in heads:
        mined = mine_negatives(MODELS_DIR / FINDER_FILE, [f for f, _ in folders], args.mine)
    crop_sets = cut_sets(folders, heads, mined, rng)
    if "pips" in heads:
        refit_pips(reader, crop_sets, settings, rng)
    if "colour" in heads:
        coloured_sets = [c for c in crop_sets if (c.colours != NO_COLOUR).any()]
        real = frozenset(REAL_WEIGHTS)
        refit_colour(reader, reweighed(coloured_sets, real, args.real_share), settings, rng)
    if "face" in heads:
        return fit_face(reader, crop_sets, settings, args.face_scenes, rng)
    return None


def take_heads(reader: DieReader, takes: Sequence[tuple[str, Path]]) -> FaceHead | None:
    """Heads fitted by earlier refits of the same weights (`--take HEAD=DIR`), put into
    `reader`; the face head, where one is taken, returned."""
    face = None
    for head, folder in takes:
        if head == "face":
            face = FaceHead()
            face.load_state_dict(torch.load(folder / "face.pt"))
            face.eval()
            continue
        theirs = torch.load(folder / "reader.pt")
        state = reader.state_dict()
        state.update({k: v for k, v in theirs.items() if k.startswith(f"{head}.")})
        reader.load_state_dict(state)
        print(f"{head} head taken from {folder}", flush=True)
    return face


def missing_weights(start: Path, takes: Sequence[tuple[str, Path]]) -> list[Path]:
    """The weight files `--from` and `--take` name that are not there."""
    wanted = [start / "finder.pt", start / "reader.pt"]
    wanted += [folder / ("face.pt" if head == "face" else "reader.pt") for head, folder in takes]
    return [path for path in wanted if not path.is_file()]


take = keyed(HEADS, Path, "HEAD=DIR")  # `--take`


def cut_sets(
    folders: Sequence[tuple[Path, float]],
    heads: set[str],
    mined: dict[str, np.ndarray],
    rng: np.random.Generator,
) -> list[CropSet]:
    """Every crop of the folders with colour labels where the colour head is fitted; up to
    `PIP_PICTURES` pictures' worth of every folder for the pip head, a few hundred for the face
    head (as "no colour face")."""
    out = []
    for folder, weight in folders:
        if "colour" in heads and has_colours(folder):
            most = None
        elif "pips" in heads:
            most = PIP_PICTURES
        elif "face" in heads:
            most = FACE_PICTURES
        else:
            continue
        out.append(build_crop_set(folder, weight, mined, rng, max_pictures=most))
    return out


def has_colours(folder: Path) -> bool:
    return any(
        item.colour != NO_COLOUR or any(b.colour is not None for b in item.image.boxes)
        for item in training_images(folder)
    )


def reweighed(sets: Sequence[CropSet], real: frozenset[str], share: float | None) -> list[CropSet]:
    """The sets with the real ones drawn `share` of the time between them (in the proportions
    they had) and the rendered ones the rest; None keeps the weights as they are."""
    real_total = sum(c.weight for c in sets if c.name in real)
    other_total = sum(c.weight for c in sets if c.name not in real)
    if share is None or not real_total or not other_total:
        return list(sets)
    return [
        replace(
            c,
            weight=c.weight / real_total * share
            if c.name in real
            else c.weight / other_total * (1 - share),
        )
        for c in sets
    ]


def refit_pips(
    reader: DieReader,
    crop_sets: Sequence[CropSet],
    settings: HeadSettings,
    rng: np.random.Generator,
) -> None:
    """The pip head ("not a die", 1..6) on every crop, the finder's mistakes among them."""
    examples = [(c, (c.crops, c.casts, c.pips)) for c in crop_sets]
    refit_head(reader, reader.pips, "pip", pip_inputs, examples, settings, rng)


def refit_colour(
    reader: DieReader,
    crop_sets: Sequence[CropSet],
    settings: HeadSettings,
    rng: np.random.Generator,
) -> None:
    """The colour head on the crop sets' crops with a colour label (sets with some)."""
    examples = [(c, coloured(c)) for c in crop_sets]
    refit_head(reader, reader.colour, "colour", colour_inputs, examples, settings, rng)


def refit_head(
    reader: DieReader,
    head: nn.Module,
    name: str,
    inputs: Inputs,
    examples: Sequence[tuple[CropSet, Examples]],
    settings: HeadSettings,
    rng: np.random.Generator,
) -> None:
    """Fit one of the reader's own heads in place, saying how it reads each set before and
    after."""
    data = [
        head_data(reader, inputs, c.name, c.weight, ex, settings.passes, rng) for c, ex in examples
    ]
    before = {d.name: head_accuracy(head, d) for d in data}
    fit_head(head, data, settings, name)
    for d in data:
        after = head_accuracy(head, d)
        print(f"{d.name}: {name} head accuracy {before[d.name]:.1%} -> {after:.1%}")


def fit_face(
    reader: DieReader,
    crop_sets: Sequence[CropSet],
    settings: HeadSettings,
    scenes: int,
    rng: np.random.Generator,
) -> FaceHead:
    """A face head trained on rendered flyer tables (half the draws) and on the training sets'
    crops, pip dice and not-dice alike, none of them a colour face (the other half)."""
    flyer = render_face_crops(scenes)
    print(f"face labels of {scenes} flyer scenes: {np.bincount(flyer.labels).tolist()}", flush=True)
    examples = (flyer.crops, flyer.casts, flyer.labels)
    data = [
        head_data(reader, face_head_inputs, "flyer tables", 0.5, examples, settings.passes, rng)
    ]
    for c in crop_sets:
        pick = rng.permutation(len(c))[:FACE_NEGATIVES]
        plain = c.crops[pick], c.casts[pick], np.full(len(pick), NO_FACE, np.int64)
        weight = 0.5 / len(crop_sets)
        data.append(
            head_data(reader, face_head_inputs, c.name, weight, plain, settings.passes, rng)
        )
    face = FaceHead()
    fit_head(face, data, settings, "face")
    for d in data:
        print(f"{d.name}: face head accuracy {head_accuracy(face, d):.1%}")
    return face.eval()


def export(weights: Path, out: Path, reader: DieReader, face: FaceHead | None) -> None:
    finder = DieFinder()
    finder.load_state_dict(torch.load(weights / "finder.pt"))
    out.mkdir(parents=True, exist_ok=True)
    export_finder(finder, out / FINDER_FILE)
    if face is None:
        export_reader(reader, out / CLASSIFIER_FILE)
        save_reader(reader, out)
    else:
        with_face = ReaderWithFace(reader, face)
        export_reader(with_face, out / CLASSIFIER_FILE, (*READER_OUTPUTS, FACE_OUTPUT))
        save_reader(with_face, out)
    torch.save(finder.state_dict(), out / "finder.pt")
    write_hashes(out)


if __name__ == "__main__":
    main()
