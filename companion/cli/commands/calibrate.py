"""`dicetable calibrate`: record, list, show and choose camera profiles (docs/calibration.md).

    dicetable calibrate --source SPEC [--name NAME] [--table x1,y1,x2,y2 | --table-poly "x,y ..."]
        [--white x1,y1,x2,y2] [--zones N | --zone NAME:x1,y1,x2,y2 ...] [--frames 10]
        [--activate] [--preview FILE.jpg] [--notes TEXT] [--no-empty] [--force]
    dicetable calibrate --list | --show NAME | --activate NAME | --deactivate | --delete NAME

Recording keeps the median frame's table as the empty table too (board and pieces laid out, no
dice: `calibration.empty`), unless --no-empty. It waits for a still picture; a measure it
doubts (the picture never held still, an unreliable table guess) is not kept unless --force.

Profiles live in the data folder (`--data DIR`, else `$DICETABLE_DATA`, else `./data`). Exit
status 0 on success, 2 on a bad argument, source, region or profile (the message says which).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli.commands.game import add_data_argument, default_data_dir

if TYPE_CHECKING:
    from calibration.measure import MeasureRequest

USAGE_ERROR = 2


class UsageError(Exception):
    """The arguments do not make one request."""


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("--source", metavar="SPEC", help="camera index, video, image folder, URL")
    parser.add_argument("--name", default="default", help="profile name (default: default)")
    table = parser.add_mutually_exclusive_group()
    table.add_argument("--table", metavar="x1,y1,x2,y2", help="table rectangle in frame pixels")
    table.add_argument("--table-poly", metavar='"x,y x,y ..."', help="table polygon")
    parser.add_argument("--white", metavar="x1,y1,x2,y2", help="a white or grey card's rectangle")
    zones = parser.add_mutually_exclusive_group()
    zones.add_argument("--zones", type=int, metavar="N", help="N equal player zones, seat order")
    zones.add_argument(
        "--zone", action="append", default=[], metavar="NAME:x1,y1,x2,y2", help="a named zone"
    )
    parser.add_argument("--frames", type=int, default=10, help="frames to take the median of")
    parser.add_argument("--notes", default="", help="free text kept in the profile")
    parser.add_argument("--preview", type=Path, metavar="FILE.jpg", help="draw the regions here")
    parser.add_argument(
        "--no-empty",
        action="store_true",
        help="do not keep these frames as the empty table (the board is not laid out yet, or "
        "dice lie on it); record it later on the dashboard's /tables page",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="keep (and with --activate, activate) a profile and empty table the measure doubted",
    )
    add_data_argument(parser)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--list", action="store_true", help="list the stored profiles")
    mode.add_argument("--show", metavar="NAME", help="print a stored profile")
    mode.add_argument("--deactivate", action="store_true", help="use no profile")
    mode.add_argument("--delete", metavar="NAME", help="remove a profile and its empty table")
    parser.add_argument(
        "--activate",
        nargs="?",
        const="",
        metavar="NAME",
        help="make NAME (or, with --source, the new profile) the active one",
    )


def data_dir(args: argparse.Namespace) -> Path:
    given: Path | None = args.data
    return given if given is not None else default_data_dir()


def run(args: argparse.Namespace) -> int:
    from calibration.errors import CalibrationError
    from vision.errors import VisionError

    try:
        return _dispatch(args, data_dir(args))
    except UsageError as exc:
        return _fail(str(exc))
    except (CalibrationError, VisionError) as exc:
        return _fail(str(exc))


def _fail(message: str) -> int:
    print(f"dicetable calibrate: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def _dispatch(args: argparse.Namespace, data: Path) -> int:
    from calibration import storage

    if args.source is not None:
        if args.list or args.show or args.deactivate or args.delete:
            raise UsageError("--source records a profile; it cannot go with --list/--show/--delete")
        return _record(args, data)
    if _recording_options(args):
        raise UsageError(f"{', '.join(_recording_options(args))} need --source")
    if args.list:
        return _list(data)
    if args.show is not None:
        print(storage.load_profile(data, args.show).to_text(), end="")
        print(_table_line(data, args.show), file=sys.stderr)
        return 0
    if args.delete is not None:
        was_active = storage.delete_profile(data, args.delete)
        note = " (it was active: no profile is active now)" if was_active else ""
        print(f"profile {args.delete!r} and its empty table are gone{note}")
        return 0
    if args.deactivate:
        was = storage.deactivate(data)
        print("no profile is active" + ("" if was else " (none was)"))
        return 0
    if args.activate is not None:
        if not args.activate:
            raise UsageError("--activate needs a profile NAME (or --source to record one)")
        profile = storage.activate(data, args.activate)
        print(f"profile {profile.name!r} is active")
        return 0
    raise UsageError(
        "say what to do: --source SPEC, --list, --show NAME, --activate NAME or --deactivate"
    )


def _recording_options(args: argparse.Namespace) -> list[str]:
    given = {
        "--table": args.table,
        "--table-poly": args.table_poly,
        "--white": args.white,
        "--zones": args.zones,
        "--zone": args.zone,
        "--preview": args.preview,
        "--notes": args.notes,
        "--no-empty": args.no_empty,
        "--force": args.force,
    }
    return [flag for flag, value in given.items() if value not in (None, "", [], False)]


def _record(args: argparse.Namespace, data: Path) -> int:
    from calibration import storage
    from calibration.measure import measure_source
    from calibration.preview import check_preview_path, write_preview
    from vision.sources import open_source

    if args.activate and args.activate != args.name:
        raise UsageError(
            f"--activate {args.activate!r} with --source records {args.name!r}; "
            f"give --activate alone"
        )
    request = _request(args)
    if args.preview is not None:
        check_preview_path(args.preview)
    source = open_source(args.source, loop=False, realtime=False)
    measured = measure_source(source, request, args.frames)
    for warning in measured.warnings:
        print(f"dicetable calibrate: warning: {warning}", file=sys.stderr)
    if args.preview is not None:
        write_preview(args.preview, measured.frame_bgr, measured.profile)
    if measured.doubts and not args.force:
        look = f"look at {args.preview}" if args.preview is not None else "record with --preview"
        raise UsageError(
            f"nothing kept: {'; '.join(measured.doubts)}. Take hands and dice off the table "
            f"and run it again ({look}; --table names the table), or add --force to keep it "
            "as measured"
        )
    existed = storage.profile_path(data, request.name).exists()
    path = storage.save_profile(data, measured.profile)
    print(measured.profile.to_text(), end="")
    print(f"{'replaced' if existed else 'wrote'} {path}", file=sys.stderr)
    if not args.no_empty:
        from calibration.apply import table_view
        from calibration.empty import save_empty

        # The table as the reader will see it: cut out and white-balanced by this profile.
        view = table_view(measured.frame_bgr, measured.profile)
        kept = save_empty(data, measured.profile.name, view)
        print(
            f"kept {kept} as the empty table: what lies on it now is the table's own, never a "
            "die (record it again on /tables if dice lay there)",
            file=sys.stderr,
        )
    if args.activate is not None:
        storage.activate(data, measured.profile.name)
        print(f"profile {measured.profile.name!r} is active", file=sys.stderr)
    return 0


def _request(args: argparse.Namespace) -> MeasureRequest:
    from calibration import parse, storage
    from calibration.geometry import rect_polygon
    from calibration.measure import MeasureRequest
    from vision.sources.capture import redact_url

    table = None
    if args.table is not None:
        table = rect_polygon(parse.parse_rect(args.table, "--table"))
    elif args.table_poly is not None:
        table = parse.parse_poly(args.table_poly, "--table-poly")
    white = None
    if args.white is not None:
        white = rect_polygon(parse.parse_rect(args.white, "--white"))
    return MeasureRequest(
        name=storage.valid_name(args.name),
        source=redact_url(args.source.strip()),
        table=table,
        white=white,
        zone_count=args.zones,
        zones=tuple(parse.parse_zone(z) for z in args.zone),
        notes=args.notes,
    )


def _table_line(data: Path, name: str) -> str:
    """What the profile's table remembers of its dice (`dicetable tables`): their size in the
    frame, and the faces taught."""
    from companion.cli.commands.table import describe_table
    from companion.tables.store import open_store

    for summary in open_store(data).summaries():
        if summary.name == name:
            return "the table's memory: " + describe_table(summary)
    return f"the table's memory: table {name!r} remembers no dice yet (register them on /tables)"


def _list(data: Path) -> int:
    from calibration import storage
    from calibration.errors import CalibrationError
    from calibration.profile import profile_summary

    try:
        active = storage.active_name(data)
    except CalibrationError as exc:
        active = None
        print(f"dicetable calibrate: warning: {exc}", file=sys.stderr)
    names = storage.list_profiles(data)
    if not names:
        print(f"no profiles in {storage.profiles_dir(data)}")
    for name in names:
        mark = "*" if name == active else " "
        try:
            facts: dict[str, Any] = dict(profile_summary(storage.load_profile(data, name)))
            line = json.dumps({k: v for k, v in facts.items() if k != "name"})
        except CalibrationError as exc:
            line = f"(invalid: {exc})"
        print(f"{mark} {name}  {line}")
    return 0
