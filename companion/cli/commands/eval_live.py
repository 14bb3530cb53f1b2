"""`dicetable eval-live DIR... [--game none|ryb] [--seed S] [--videos N] [--keep OUT] [--models DIR]
[--json]`:
the live path measured on test videos made from each labelled folder
(`models.render.live_eval`)."""

from __future__ import annotations

import argparse
import sys

from models.render import live_eval


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    live_eval.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from companion.cli.commands.evaluate import EvalError, load_reader

    try:
        reader = load_reader("model", "ryb" if args.game == "ryb" else None, args.models)
    except EvalError as exc:
        print(f"dicetable eval-live: {exc}", file=sys.stderr)
        return 2
    shown = ["dicetable", "eval-live", *(str(f) for f in args.folders), "--game", args.game]
    shown += ["--seed", str(args.seed)] + (["--keep", str(args.keep)] if args.keep else [])
    shown += ["--videos", str(args.videos)] if args.videos > 1 else []
    shown += ["--models", str(args.models)] if args.models else []
    return live_eval.run(args, shown + (["--json"] if args.json else []), reader)
