"""How well the reader fits the crops it trains on, and how well that carries to scenes it has
never seen: colour right per look of die, on each crop bank, before and after training.

`python -m models.training.fit_check --train BANK [--train ...] --check BANK [--check ...]
[--from DIR] [--scenes N] [--steps N] [--lr LR] [--no-augment] [--out DIR]`, or
`python -m models.training.fit_check --read-only --check BANK ... [--from DIR]` to read banks
with a reader as it is. Each bank's table is followed by one for its two-colour marbles, pair
of colours by pair.

The reader starts from DIR/reader.pt (`python -m models.training.recover` writes the shipped
one's to work-data/shipped) or, without --from, from scratch, and trains on the --train banks'
crops (their first N scenes with --scenes) as `python -m models.training` trains it, but on
those crops alone: no real photos and no "not a die" examples, so what it learns of pips here
is not a reader to ship. Two questions it answers: trained without augmentation, does the
reader come to read its own crops right (if not, the crops or its size hold it back; if it
does while fresh scenes stay where they were, what it learnt does not carry); and trained on
more scenes for the same steps, do fresh scenes read better (if not, more renders of the same
kind are not what it lacks).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch

from models.training.bank import LOOKS, Bank, join, load_bank
from models.training.cli_types import rate, whole
from models.training.colour_misses import Tally
from models.training.grow import grow_reader_state
from models.training.nets import DieReader
from models.training.train_reader import ReaderSettings, train_reader

BATCH = 512  # crops a forward pass when reading a bank


def colours_read(model: DieReader, bank: Bank) -> npt.NDArray[np.int64]:
    """The colour index the reader gives each crop of the bank (one look, no second one)."""
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(bank), BATCH):
            x = torch.from_numpy(bank.crops[i : i + BATCH].astype(np.float32) / 255.0)
            cast = torch.from_numpy(bank.casts[i : i + BATCH])
            _, colour = model.logits(x.permute(0, 3, 1, 2).contiguous(), cast)
            out.append(colour.argmax(dim=1).numpy())
    return np.concatenate(out).astype(np.int64) if out else np.zeros(0, np.int64)


def look_tallies(bank: Bank, read: npt.NDArray[np.int64]) -> list[Tally]:
    """Colour wrong and total per look (in `LOOKS` order, those the bank holds), then "all"."""
    wrong = read != bank.colours
    rows = [_tally(look, bank.looks == look, wrong) for look in LOOKS if (bank.looks == look).any()]
    return [*rows, Tally("all", int(wrong.sum()), len(bank))]


def pair_tallies(bank: Bank, read: npt.NDArray[np.int64]) -> list[Tally]:
    """Colour wrong and total for each pair of colours the bank's two-colour marbles mix, by
    name."""
    wrong = read != bank.colours
    pairs = sorted(set(bank.blends.tolist()) - {""})
    return [_tally(pair, bank.blends == pair, wrong) for pair in pairs]


def _tally(group: str, members: npt.NDArray[np.bool_], wrong: npt.NDArray[np.bool_]) -> Tally:
    return Tally(group, int(wrong[members].sum()), int(members.sum()))


def _cell(t: Tally) -> str:
    return f"{t.wrong:>5} of {t.total:>6} {100 * t.right_share:6.2f}%"


Column = tuple[str, Sequence[Tally]]


def table(title: str, columns: Sequence[Column], heading: str = "look") -> str:
    """Colour right per group, one column per reader (before and after training, or one)."""
    lines = [title, f"  {heading:<18} " + "   ".join(f"{name:>23}" for name, _ in columns)]
    for row in zip(*(tallies for _, tallies in columns), strict=True):
        lines.append(f"  {row[0].group:<18} " + "   ".join(_cell(t) for t in row))
    return "\n".join(lines)


def report(name: str, bank: Bank, reads: Sequence[tuple[str, npt.NDArray[np.int64]]]) -> str:
    """A bank's look table, then its two-colour marbles' pairs where it has any."""
    text = table(
        f"{name} ({len(bank)} crops):", [(c, look_tallies(bank, read)) for c, read in reads]
    )
    if (bank.blends != "").any():
        pairs = [(c, pair_tallies(bank, read)) for c, read in reads]
        text += "\n" + table(f"{name}, two-colour marbles:", pairs, "colours")
    return text


def starting_reader(folder: Path | None) -> DieReader:
    model = DieReader()
    if folder is not None:
        path = folder / "reader.pt"
        if not path.is_file():
            raise SystemExit(f"--from {folder}: no reader.pt there")
        model.load_state_dict(grow_reader_state(torch.load(path)))
    return model


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m models.training.fit_check", description=__doc__)
    p.add_argument("--train", type=Path, action="append", default=[], help="bank to train on")
    p.add_argument("--check", type=Path, action="append", default=[], help="bank to read only")
    p.add_argument("--from", dest="start_from", type=Path, help="dir holding reader.pt")
    p.add_argument("--scenes", type=whole(1), help="train on the first N scenes of each bank")
    p.add_argument("--steps", type=whole(1), default=3000)
    p.add_argument("--lr", type=rate, default=6e-4)
    p.add_argument("--batch", type=whole(1, 4096), default=ReaderSettings.batch)
    p.add_argument("--seed", type=whole(0), default=0)
    p.add_argument("--no-augment", action="store_true", help="train on the crops as cut")
    p.add_argument("--read-only", action="store_true", help="read the banks, train nothing")
    p.add_argument("--threads", type=whole(1), default=2)
    p.add_argument("--out", type=Path, help="write the trained reader.pt here")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if not args.train and not (args.read_only and args.check):
        raise SystemExit("name a --train bank, or --check banks with --read-only")
    torch.set_num_threads(args.threads)
    try:
        train = join([load_bank(path) for path in args.train]) if args.train else None
        checks = {str(path): load_bank(path) for path in args.check}
    except ValueError as err:
        raise SystemExit(str(err)) from None
    if train is not None and args.scenes is not None:
        train = train.first_scenes(args.scenes)
    if train is not None and len(train) == 0:
        raise SystemExit("no crops to train on: --scenes leaves none")
    model = starting_reader(args.start_from)
    banks = {f"check {name}": bank for name, bank in checks.items()}
    if train is not None:
        banks = {"trained on": train, **banks}
    before = {name: colours_read(model, bank) for name, bank in banks.items()}
    if args.read_only or train is None:
        for name, bank in banks.items():
            print(report(name, bank, [("read", before[name])]))
        return
    model = _train(model, train, args)
    print(
        f"trained {args.steps} steps of {args.batch} at peak lr {args.lr:g} on {len(train)} crops"
        f" of {len(np.unique(train.scenes))} scenes,"
        f" augmentation {'off' if args.no_augment else 'on'}"
    )
    for name, bank in banks.items():
        print(report(name, bank, [("before", before[name]), ("after", colours_read(model, bank))]))


def _train(model: DieReader, train: Bank, args: argparse.Namespace) -> DieReader:
    settings = ReaderSettings(
        steps=args.steps,
        batch=args.batch,
        lr=args.lr,
        seed=ReaderSettings.seed + args.seed,
        augment=not args.no_augment,
    )
    model = train_reader([train.crop_set("bank")], settings, start=model.state_dict())
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        torch.save(model.state_dict(), args.out / "reader.pt")
    return model


if __name__ == "__main__":
    main()
