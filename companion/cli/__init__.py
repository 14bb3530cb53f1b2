"""`dicetable` command line: a thin dispatcher over one module per subcommand.

Each command module exposes `NAME`, `HELP`, `add_arguments(parser)` and `run(args) -> int`;
they are imported only when chosen, so `dicetable replay` never loads OpenCV or onnxruntime.
The CLI is the top of `companion/`: the one part that imports `web/` (for `serve`) and `models/`
(test scenes for `bench`, `eval-live`), and nothing imports it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from companion.errors import DicetableError

COMMAND_MODULES: dict[str, tuple[str, str]] = {
    "replay": ("companion.cli.commands.game", "print the final state of a game record"),
    "export": ("companion.cli.commands.game", "write a stored game's record"),
    "import": ("companion.cli.commands.game", "store a game record as a new game"),
    "games": ("companion.cli.commands.game", "list stored games"),
    "read": ("companion.cli.commands.read", "read the dice in images"),
    "eval": ("companion.cli.commands.evaluate", "score the reader on YOLO-labelled folders"),
    "eval-live": (
        "companion.cli.commands.eval_live",
        "score the live path on a test video made from each labelled folder",
    ),
    "learn": ("companion.cli.commands.table", "fill a table's memory from labelled photos"),
    "tables": ("companion.cli.commands.table", "list or clear the tables' memories"),
    "register": ("companion.cli.commands.table", "confirm the dice on the table, group by group"),
    "bench": ("companion.cli.commands.bench", "time each stage of the reader"),
    "watch": ("companion.cli.commands.watch", "print one line per settled roll from a source"),
    "calibrate": ("companion.cli.commands.calibrate", "record a camera profile"),
    "serve": ("companion.cli.commands.serve_run", "run the dashboard"),
    "agent": ("companion.cli.commands.agent", "send one table's camera rolls to a club's server"),
}


def _load(name: str) -> ModuleType:
    return importlib.import_module(COMMAND_MODULES[name][0])


def build_parser(chosen: str | None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dicetable", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, help_text) in COMMAND_MODULES.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            _load(name).add_arguments(sp, name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    chosen = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(chosen if chosen in COMMAND_MODULES else None)
    args = parser.parse_args(args_list)
    try:
        result: int = _load(args.command).run(args)
    except DicetableError as exc:
        print(f"dicetable {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return result
