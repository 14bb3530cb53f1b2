"""`python -m models.training`: train both networks from scratch and export them.

The default settings fit on a 2-core CPU in about two hours; `--quick` is a smoke run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import torch
from torch import nn

from models.training.cli_types import fraction, keyed, rate, strength, whole
from models.training.crop_cache import build_crop_set
from models.training.data import (
    DEFAULT_DATA,
    REAL_WEIGHTS,
    Mixer,
    default_sources,
    training_folders,
)
from models.training.export import export_finder, export_reader, write_hashes
from models.training.loop import pick_device
from models.training.mine import mine_negatives
from models.training.synthetic import (
    FLYER_SETS,
    HOLDOUT_SETS,
    MATERIAL_SETS,
    ODD_SETS,
    TABLE_SETS,
    TRAINING_SETS,
    RenderedSet,
    ensure_rendered,
)
from models.training.train_finder import FinderSettings, train_finder
from models.training.train_reader import ReaderSettings, train_reader
from vision.reader import CLASSIFIER_FILE, FINDER_FILE

RENDERED_BY_NAME = {
    spec.name: spec
    for spec in (*TRAINING_SETS, *TABLE_SETS, *FLYER_SETS, *MATERIAL_SETS, *ODD_SETS)
}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m models.training", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="real labelled photo sets")
    p.add_argument("--no-real", action="store_true", help="train on renders alone")
    p.add_argument("--no-render", action="store_true", help="train on real photos alone")
    p.add_argument("--rendered", type=Path, default=Path("work-data/synth"), help="rendered sets")
    p.add_argument(
        "--renders",
        action="append",
        choices=sorted(RENDERED_BY_NAME),
        help="a rendered set to train on (repeat for more; default: the training sets)",
    )
    p.add_argument(
        "--leave-out",
        action="append",
        default=[],
        choices=sorted(REAL_WEIGHTS),
        help="a real set not to train on, to measure it as a table never seen",
    )
    p.add_argument(
        "--share",
        action="append",
        default=[],
        type=keyed(sorted(REAL_WEIGHTS), fraction, "NAME=SHARE"),
        metavar="SET=SHARE",
        help="a real set's share of the draws instead of its default (renders take the rest)",
    )
    p.add_argument(
        "--out", type=Path, default=Path("work-data/models"), help="where to write .onnx"
    )
    p.add_argument("--work", type=Path, default=Path("work-data/weights"), help="PyTorch weights")
    p.add_argument("--finder-steps", type=whole(1), default=FinderSettings.steps)
    p.add_argument("--reader-steps", type=whole(1), default=ReaderSettings.steps)
    p.add_argument("--only", choices=("finder", "reader"), help="train one network")
    p.add_argument("--from", dest="start_from", type=Path, help="dir with .pt weights to reuse")
    p.add_argument(
        "--resume", type=Path, help="dir with finder.pt and/or reader.pt to go on training from"
    )
    p.add_argument("--finder-lr", type=rate, default=FinderSettings.lr)
    p.add_argument("--reader-lr", type=rate, default=ReaderSettings.lr)
    p.add_argument(
        "--seed",
        type=whole(0),
        default=0,
        help="added to every training seed, so a resumed run sees fresh jitters and draws",
    )
    p.add_argument(
        "--anchor",
        type=strength,
        default=0.0,
        help="hold the finder near its starting weights (L2-SP strength; 0: off)",
    )
    p.add_argument(
        "--freeze-norms",
        action="store_true",
        help="the finder's batch norms keep the statistics they start with",
    )
    p.add_argument("--threads", type=whole(1), default=2)
    p.add_argument(
        "--device",
        choices=("auto", "cpu", "cuda"),
        default="cpu",
        help="where the networks train (auto: a GPU where PyTorch sees one)",
    )
    p.add_argument(
        "--workers", type=whole(0), default=1, help="processes drawing training pictures"
    )
    p.add_argument("--finder-batch", type=whole(1), default=FinderSettings.batch)
    p.add_argument(
        "--finder-die-px",
        type=strength,
        default=0.0,
        help="tiles show the dice about this many pixels across (a small-dice tables' finder,"
        " run where they show so); 0: at the finder's usual scale",
    )
    p.add_argument(
        "--finder-minutes",
        type=strength,
        default=0.0,
        help="train the finder this long instead of --finder-steps steps (0: by steps)",
    )
    p.add_argument(
        "--mine", type=whole(0), default=600, help="pictures per folder to mine negatives"
    )
    p.add_argument(
        "--stable",
        type=strength,
        default=0.0,
        help="weight of the reader's stability term: read a crop under video grain as the crop"
        " itself (0: off)",
    )
    p.add_argument("--quick", action="store_true", help="a few steps, to check the pipeline")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.only is not None and args.start_from is None:
        raise SystemExit("--only needs --from DIR holding the other network's weights")
    if args.resume is not None and not any(args.resume.glob("*.pt")):
        raise SystemExit(f"--resume {args.resume}: no finder.pt or reader.pt there")
    left_out, shares = frozenset(args.leave_out), dict(args.share)
    data = None if args.no_real else args.data
    try:  # the shares checked before anything renders: the renders' folder stands in for them
        training_folders(data, [] if args.no_render else [args.rendered], left_out, shares)
    except ValueError as err:
        raise SystemExit(str(err)) from None
    torch.set_num_threads(args.threads)
    try:
        args.device = pick_device(args.device)
    except ValueError as err:
        raise SystemExit(str(err)) from None
    rendered = [] if args.no_render else ensure_rendered(args.rendered, chosen_renders(args))
    if not args.no_render:
        ensure_rendered(args.rendered, HOLDOUT_SETS)  # for `dicetable eval`, never trained on
    folders = training_folders(data, rendered, left_out, shares)
    print("sources:", ", ".join(f"{f.name} ({w:.2f})" for f, w in folders), flush=True)
    f_set, r_set = settings(args)
    args.out.mkdir(parents=True, exist_ok=True)
    args.work.mkdir(parents=True, exist_ok=True)
    start = time.time()
    mixer = Mixer(default_sources(data, rendered, left_out, shares))
    finder = _load_or_train(
        "finder",
        args,
        lambda: train_finder(mixer, f_set, start=_resumed(args.resume, "finder")),
    )
    export_finder(finder, args.out / FINDER_FILE)
    reader_folders = [(f, w) for f, w in folders if f.name not in finder_only_names()]

    def train() -> nn.Module:
        # Mining and cutting crops feed the reader alone: a finder-only run skips them.
        per_folder = 5 if args.quick else args.mine
        mined = mine_negatives(args.out / FINDER_FILE, [f for f, _ in reader_folders], per_folder)
        rng = np.random.default_rng(r_set.seed)
        pictures = 20 if args.quick else None
        crop_sets = [
            build_crop_set(f, w, mined, rng, max_pictures=pictures) for f, w in reader_folders
        ]
        return train_reader(crop_sets, r_set, start=_resumed(args.resume, "reader"))

    export_reader(_load_or_train("reader", args, train), args.out / CLASSIFIER_FILE)
    write_hashes(args.out)
    print(f"exported to {args.out} after {(time.time() - start) / 60:.1f} min", flush=True)


def finder_only_names() -> frozenset[str]:
    """Rendered sets the reader never cuts crops from (their dice labels are not pip labels)."""
    return frozenset(name for name, spec in RENDERED_BY_NAME.items() if spec.finder_only)


def chosen_renders(args: argparse.Namespace) -> tuple[RenderedSet, ...]:
    """The rendered sets `--renders` names, in the order given, or the training sets."""
    if not args.renders:
        return TRAINING_SETS
    return tuple(RENDERED_BY_NAME[name] for name in dict.fromkeys(args.renders))


def settings(args: argparse.Namespace) -> tuple[FinderSettings, ReaderSettings]:
    """The two networks' settings from the command line: `--seed` shifts both their seeds."""
    f_set = FinderSettings(
        steps=args.finder_steps,
        lr=args.finder_lr,
        seed=FinderSettings.seed + args.seed,
        anchor=args.anchor,
        freeze_norms=args.freeze_norms,
        batch=args.finder_batch,
        minutes=args.finder_minutes,
        die_px=args.finder_die_px,
        workers=args.workers,
        device=args.device,
    )
    r_set = ReaderSettings(
        steps=args.reader_steps,
        lr=args.reader_lr,
        seed=ReaderSettings.seed + args.seed,
        stable=args.stable,
        workers=args.workers,
        device=args.device,
    )
    if args.quick:
        return replace(f_set, steps=20), replace(r_set, steps=20)
    return f_set, r_set


def _resumed(folder: Path | None, name: str) -> dict[str, torch.Tensor] | None:
    """`name`'s weights to go on from, where `--resume` holds them; else train from scratch."""
    if folder is None or not (folder / f"{name}.pt").is_file():
        return None
    print(f"{name}: going on from {folder / f'{name}.pt'}", flush=True)
    state: dict[str, torch.Tensor] = torch.load(folder / f"{name}.pt")
    return state


def _load_or_train(
    name: str, args: argparse.Namespace, train: Callable[[], nn.Module]
) -> nn.Module:
    """Train `name`, unless `--only` names the other network: then reuse its `--from` weights."""
    from models.training.nets import DieFinder, DieReader

    if args.only is not None and args.only != name:
        model: nn.Module = DieFinder() if name == "finder" else DieReader()
        model.load_state_dict(torch.load(args.start_from / f"{name}.pt"))
        return model.eval()
    model = train()
    torch.save(model.state_dict(), args.work / f"{name}.pt")
    return model


if __name__ == "__main__":
    main()
