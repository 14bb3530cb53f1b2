"""`dicetable eval-live DIR... [--game none|ryb] [--seed S] [--videos N] [--keep OUT] [--json]`:
the live path measured on test videos made from each labelled folder
(`models.render.live_eval`)."""

from __future__ import annotations

import argparse

from models.render import live_eval


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    live_eval.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from companion.feed.live import game_config
    from vision.reader import load_default_reader

    reader = load_default_reader(game_config() if args.game == "ryb" else None)
    shown = ["dicetable", "eval-live", *(str(f) for f in args.folders), "--game", args.game]
    shown += ["--seed", str(args.seed)] + (["--keep", str(args.keep)] if args.keep else [])
    shown += ["--videos", str(args.videos)] if args.videos > 1 else []
    return live_eval.run(args, shown + (["--json"] if args.json else []), reader)
