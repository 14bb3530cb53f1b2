"""`dicetable replay | export | import | games`: game records from the command line.

`replay FILE` folds a record and prints the final state (`--json`: the same object the web API
serves). The others work on the data folder (`--data DIR`, else `$DICETABLE_DATA`, else
`./data`). A bad record exits with status 1, printing the line number, the line and the reason.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from companion.errors import DicetableError, RecordError

DATA_ENV = "DICETABLE_DATA"
BAD_RECORD = 1


class InputFileError(DicetableError):
    """A file named on the command line cannot be read."""


def default_data_dir() -> Path:
    return Path(os.environ.get(DATA_ENV) or "data")


def add_data_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help=f"data folder (default: ${DATA_ENV}, else ./data)",
    )


def add_camera_game_argument(parser: argparse.ArgumentParser, default: str, described: str) -> None:
    """`--game`: how a camera reads dice (`companion.feed.live.table_reader`); "none" names no
    game."""
    parser.add_argument("--game", choices=("none", "ryb", "flyer"), default=default, help=described)


def camera_game(args: argparse.Namespace) -> str | None:
    """The game `--game` names for `table_reader`, None for "none"."""
    game: str = args.game
    return None if game == "none" else game


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    if name == "replay":
        parser.add_argument("file", metavar="FILE", help="game record to fold ('-' for stdin)")
        parser.add_argument("--json", action="store_true", help="print the state as JSON")
        return
    add_data_argument(parser)
    if name == "export":
        parser.add_argument("game_id", metavar="GAME_ID")
        parser.add_argument("-o", "--output", type=Path, metavar="FILE", help="write here")
    elif name == "import":
        parser.add_argument("file", metavar="FILE", help="game record to store ('-' for stdin)")
    elif name == "games":
        parser.add_argument("--json", action="store_true", help="print the list as JSON")


def run(args: argparse.Namespace) -> int:
    command: str = args.command
    try:
        if command == "replay":
            return _replay(args.file, as_json=args.json)
        data_dir: Path = args.data if args.data is not None else default_data_dir()
        if command == "export":
            return _export(data_dir, args.game_id, args.output)
        if command == "import":
            return _import(data_dir, args.file)
        return _games(data_dir, as_json=args.json)
    except RecordError as exc:
        _report(args, exc)
        return BAD_RECORD


def _report(args: argparse.Namespace, exc: RecordError) -> None:
    where = getattr(args, "file", None) or "record"
    if exc.line_no is None:
        print(f"{where}: {exc.reason}", file=sys.stderr)
        return
    print(f"{where}:{exc.line_no}: {exc.reason}", file=sys.stderr)
    print(f"    {exc.line_no} | {exc.line}", file=sys.stderr)


def read_text(file: str) -> str:
    if file == "-":
        return sys.stdin.read()
    try:
        return Path(file).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(
            f"{file} is not a game record: it is not UTF-8 text ({exc.reason} at byte "
            f"{exc.start}; a record is plain text, as `dicetable export` writes it)"
        ) from None
    except OSError as exc:
        raise InputFileError(f"cannot read {file}: {exc.strerror or exc}") from None


def _replay(file: str, *, as_json: bool) -> int:
    from companion.exports.record import parse_record, replay
    from companion.games import DEFAULT_GAME, find_game

    text = read_text(file)
    state = replay(text)
    rules = find_game(parse_record(text).header.get("Game", DEFAULT_GAME))
    shown = rules.state_json(state)
    print(json.dumps(shown, indent=2) if as_json else describe_state(shown))
    return 0


def _export(data_dir: Path, game_id: str, output: Path | None) -> int:
    from companion.session import Session

    with Session.open(data_dir) as session:
        text = session.export(game_id)
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputFileError(f"cannot write {output}: {exc.strerror or exc}") from None
    print(f"wrote {output}", file=sys.stderr)
    return 0


def _import(data_dir: Path, file: str) -> int:
    from companion.session import Session

    text = read_text(file)
    with Session.open(data_dir) as session:
        view = session.import_record(text)
    print(view.game_id)
    print(f"imported {view.seq} events as {view.game_id} ({view.title})", file=sys.stderr)
    return 0


def _games(data_dir: Path, *, as_json: bool) -> int:
    from companion.session import Session

    with Session.open(data_dir) as session:
        games = session.list_games()
    if as_json:
        print(json.dumps([g.to_json() for g in games], indent=2))
        return 0
    if not games:
        print(f"no games in {data_dir}", file=sys.stderr)
    for g in games:
        status = f"won by {g.winner}" if g.winner else f"{g.current_player or '-'} to play"
        players = ", ".join(g.players)
        print(f"{g.game_id}  {g.updated_at[:16]}  {g.seq:>4} events  {status:<18}  {g.title}")
        print(f"{'':12}{g.game}: {players}")
    return 0


def describe_state(state: dict[str, Any]) -> str:
    """A few readable lines of an RYB state JSON: players, goals, whose turn, the winner. A
    game whose state JSON carries its own `summary` lines (the modifier game) prints those."""
    if isinstance(state.get("summary"), list):
        return "\n".join(str(line) for line in state["summary"])
    lines: list[str] = []
    for p in state.get("players", []):
        if "score" not in p:  # a game without points (RGB): the names alone
            lines.append(str(p.get("name")))
            continue
        dice = ", ".join(f"{n} {c}" for c, n in p.get("dice", {}).items() if n) or "no dice"
        treasure = ", ".join(f"{t['colour']} {t['target']}" for t in p.get("treasure", []))
        lines.append(
            f"{p['name']}: {p['score']} points; dice {dice}; treasure {treasure or 'none'}"
        )
    goals = [
        f"#{g['index']} {g['colour']} {g['target']} (banked {g['banked']})"
        for g in state.get("goals", [])
    ]
    if "goals" in state:
        lines.append("goals in play: " + ("; ".join(goals) if goals else "none"))
    turn = state.get("turn") or {}
    if state.get("winner"):
        lines.append(f"winner: {state['winner']}")
    elif turn:
        lines.append(f"to play: {turn.get('player')} ({turn.get('phase')})")
    return "\n".join(lines)
