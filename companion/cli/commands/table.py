"""A table's memory from the terminal.

- `dicetable learn --table NAME DIR...`: fill it from YOLO-labelled photos (a `colours.csv`
  gives the dice' colours, as in `../shared/dice-data`; without one, the colour read is kept),
  read with what the table knows so far; a labelled die the reader passed over is taught too,
  and one it found nothing for is pointed at;
- `dicetable tables [--clear NAME]`: what each table remembers, or forget one table's dice;
- `dicetable register --source SPEC [--table NAME]`: read the dice on the table, number every
  one, then confirm or correct each colour group at the prompt and say which numbers are not
  dice at all (a board's token, a rivet), which faces were read wrong, and which of the
  things the camera passed over (numbered after the dice, marked ?) are dice, after any it
  missed are given by their spots (`640,360`: read there, numbered on); `--yes` keeps
  every group as read, `--picture FILE` writes the frame with the numbers on. It reads as the
  dashboard's camera at that table does: with the table's memory, and through the calibration
  profile of the table's name where there is one.

The memory lives in the data folder (`--data DIR`, else `$DICETABLE_DATA`, else `./data`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from companion.cli.commands.game import add_data_argument, default_data_dir
from companion.errors import DicetableError
from companion.tables.names import DEFAULT_TABLE, table_for
from companion.tables.register import (
    NOT_A_DIE,
    Group,
    RegisterError,
    face_progress,
    numbered,
    parse_answer,
    parse_faces,
    parse_numbers,
    parse_spots,
)
from vision.arguments import whole

T = TypeVar("T")
PICTURE_SUFFIXES = (".jpg", ".jpeg", ".png")


class TableCommandError(DicetableError, ValueError):
    """The command cannot go on; the message says why."""


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    add_data_argument(parser)
    if name == "learn":
        parser.add_argument("folders", nargs="+", type=Path, metavar="DIR")
        parser.add_argument("--table", required=True, help="the table whose memory to fill")
        parser.add_argument("--split", choices=("test", "train", "all"), default="all")
        parser.add_argument("--match", choices=("auto", "centre", "iou"), default="auto")
    elif name == "tables":
        parser.add_argument("--clear", metavar="NAME", help="forget every die of this table")
    else:
        parser.add_argument("--source", required=True, help="camera index, file, folder or URL")
        parser.add_argument("--table", help="default: the active calibration profile's name")
        parser.add_argument("--frames", type=whole(1, 300), default=15, help="frames to read")
        parser.add_argument("--yes", action="store_true", help="keep every group as read")
        parser.add_argument(
            "--picture", type=Path, metavar="FILE.jpg", help="write the frame, dice numbered"
        )


def run(args: argparse.Namespace) -> int:
    data = args.data if args.data is not None else default_data_dir()
    command: Callable[[argparse.Namespace, Path], int] = {
        "learn": _learn,
        "tables": _tables,
        "register": _register,
    }[args.command]
    return command(args, data)


def _store(data: Path) -> Any:
    from companion.tables.store import open_store

    return open_store(data)


def _reader() -> Any:
    """The model reader, refused as eval refuses it where its file exports no embedding."""
    from companion.cli.commands.evaluate import load_reader, with_memory

    return with_memory(load_reader("model"), None)


def _learn(args: argparse.Namespace, data: Path) -> int:
    from companion.tables.learn import from_labels, from_passed_over, from_pointed, pointing
    from vision.datasets import DatasetError, load_dataset
    from vision.images import load_image

    store, plain = _store(data), _reader()
    store.load(args.table)  # a bad table name is refused before any photo is read
    for folder in args.folders:
        try:
            dataset = load_dataset(folder, args.match)
        except DatasetError as exc:
            raise TableCommandError(str(exc)) from None
        # Read as the table reads now, with what it knows so far; a labelled die the reader
        # passed over (a logo face it calls "not a die") is taught too, as when registering,
        # and one it found nothing for is pointed at (`ModelReader.read_at`), as on the pages.
        reader = plain.with_memory(store.load(args.table))
        dice, passed, pointed = [], 0, 0
        for image in dataset.split(args.split):
            frame = load_image(image.path)
            read, match = reader.read(frame).dice, image.match_by
            offered = reader.passed_over(frame, read)
            missed = from_passed_over(image.boxes, read, offered, match)
            point = pointing(reader, frame, read)
            spotted = from_pointed(image.boxes, read, offered, match, point)
            dice += from_labels(image.boxes, read, match) + missed + spotted
            passed, pointed = passed + len(missed), pointed + len(spotted)
        added = store.add(args.table, dice, "photos")
        print(
            f"{folder}: {added} dice kept for table {args.table!r} "
            f"({passed} of them passed over by the reader, {pointed} pointed at where it"
            " found none)"
        )
    return _tables(argparse.Namespace(clear=None), data)


def _tables(args: argparse.Namespace, data: Path) -> int:
    store = _store(data)
    if args.clear is not None:
        gone = store.clear(args.clear)
        print(f"table {args.clear!r}: forgot {gone} dice")
        return 0
    summaries = store.summaries()
    if not summaries:
        print("no table remembers any dice yet")
    for s in summaries:
        print(describe_table(s))
    return 0


def describe_table(s: Any) -> str:
    """One table's memory in a line (a `companion.tables.store.TableSummary`)."""
    counts = ", ".join(f"{n} {c}" for c, n in s.counts.items()) or "none"
    stale = f" (and {s.stale} from an older reader, unused)" if s.stale else ""
    size = "" if s.die_size_px is None else f"; dice {s.die_size_px:.0f} px across"
    marks = "; faces read by their marks" if s.faces_by_marks else ""
    faces = face_progress(s.face_counts)
    return f"{s.name}: {s.dice} dice: {counts}{stale}{size}; {faces}{marks}"


def _register(args: argparse.Namespace, data: Path) -> int:
    table = args.table or table_for(data) or DEFAULT_TABLE
    if args.picture is not None and args.picture.suffix.lower() not in PICTURE_SUFFIXES:
        raise TableCommandError(
            f"--picture {str(args.picture)!r} must end in {', '.join(PICTURE_SUFFIXES)}"
        )
    desk, camera = _register_desk(data, table)
    frame = _settled_frame(args.source, args.frames)
    try:
        shot = desk.snapshot(camera.read(frame), frame)
    except RegisterError:
        raise TableCommandError("the camera sees no dice: put the table's dice in view") from None
    every = numbered(shot.found)
    if not every and not shot.passed and args.yes:  # no one to point at the dice
        raise TableCommandError(
            "the camera sees no dice: put the table's dice in view, or point at them on /tables"
        )
    if args.picture is not None:
        _write_picture(args.picture, frame, every, shot.passed)
    answers: dict[str, object] = {}
    print(f"table {table!r}: {len(every)} dice in view")
    number = 1
    for group in shot.found:
        print(f"{group.describe()}: numbers {number} to {number + len(group.dice) - 1}")
        for die in group.dice:
            x1, y1, x2, y2 = die.box_xyxy
            print(f"  {number}: {die.pips} pips at x {(x1 + x2) // 2}, y {(y1 + y2) // 2}")
            number += 1
        if not args.yes:
            answers[group.colour.value] = _ask(group)
    asking = not args.yes and bool(every)  # with no die read, only the spots are asked
    not_dice = _ask_numbers(len(every)) if asking else frozenset()
    faces = _ask_faces(len(every)) if asking else {}
    if not args.yes:
        shot = _ask_spots(desk, shot.number, len(every))
    said = {} if args.yes or not shot.passed else _ask_passed(shot.passed, len(every))
    added = desk.register(shot.number, answers, sorted(not_dice), faces, said)
    gone = f" ({len(not_dice)} of them as not a die)" if not_dice else ""
    print(f"kept {added} dice for table {table!r}{gone}")
    print(face_progress(desk.store.load(table).face_counts))
    return 0


def _register_desk(data: Path, table: str) -> tuple[Any, Any]:
    """The table's desk, and the camera's reader at that table: through the calibration
    profile of the table's name where there is one (the table's rectangle, white-balanced), as
    the dashboard's camera reads it, so registering teaches what the camera will see."""
    from calibration import storage
    from calibration.apply import ProfiledReader
    from companion.tables.desk import TableDesk

    model = _reader()
    camera = model
    if table in storage.list_profiles(data):
        camera = ProfiledReader(model, storage.load_profile(data, table))
    return TableDesk(_store(data), table, model, data, outer=camera), camera


def _ask_faces(count: int, tries: int = 3) -> dict[int, int]:
    """The faces the camera misread, as die index to the value the players give it."""
    prompt = "dice whose face was read wrong, as NUMBER=FACE (3=6 for a logo 6), or Enter: "
    return _asked(prompt, lambda text: parse_faces(text, count), "die faces", tries)


def _ask_spots(desk: Any, number: int, count: int, tries: int = 3) -> Any:
    """Dice the camera found nothing for, pointed at by their spots in the picture
    (`TableDesk.point`): the look with them among the things passed over."""
    prompt = "dice the camera missed, as X,Y spots on the picture (640,360 700,380), or Enter: "

    def point(text: str) -> None:
        for at in parse_spots(text):
            shot, index = desk.point(number, list(at))
            die = shot.passed[index - count]
            read = f"{die.colour.value} {die.pips}"
            print(f"  {index + 1}?: at x {at[0]:g}, y {at[1]:g}, read as {read}")

    for _ in range(tries):  # the spots taken stay taken when a later one is refused
        try:
            text = input(prompt)
        except EOFError:
            raise TableCommandError("no answer came (input closed): nothing was kept") from None
        try:
            point(text)
            return desk.shown(number)
        except RegisterError as exc:
            print(exc, file=sys.stderr)
    raise TableCommandError(f"{tries} answers were not spots on the picture: nothing was kept")


def _ask_passed(passed: Any, count: int, tries: int = 3) -> dict[int, int]:
    """Which of the things the camera passed over are dice, as index to the face shown."""
    first, last = count + 1, count + len(passed)
    print(f"the camera passed over {len(passed)} more (numbers {first} to {last}, marked ?):")
    for number, die in enumerate(passed, start=first):
        x1, y1, x2, y2 = die.box_xyxy
        print(f"  {number}?: {die.colour.value} at x {(x1 + x2) // 2}, y {(y1 + y2) // 2}")
    prompt = f"those that are dice, as NUMBER=FACE ({first}=1 for a logo 1), or Enter for none: "
    return _asked(prompt, lambda text: parse_faces(text, len(passed), first), "dice", tries)


def _ask_numbers(count: int, tries: int = 3) -> frozenset[int]:
    """The numbers of the things that are not dice at all, as indexes."""
    prompt = "numbers of things that are not dice (a token, a rivet), or Enter for none: "
    return _asked(prompt, lambda text: parse_numbers(text, count), "die numbers", tries)


def _write_picture(path: Path, frame: Any, dice: Any, passed: Any = ()) -> None:
    import cv2

    from vision.annotate import numbered as draw_numbers

    picture = draw_numbers(frame, [d.box_xyxy for d in dice], [d.box_xyxy for d in passed])
    if not cv2.imwrite(str(path), picture):
        raise TableCommandError(f"--picture {path}: cannot write the picture there")
    print(f"wrote {path}: the dice as numbered below", file=sys.stderr)


def _ask(group: Group, tries: int = 3) -> str:
    """An answer `parse_answer` takes; a bad one is explained and asked again."""
    prompt = f"{group.describe()}: Enter keeps {group.colour.value}, or a colour, or "
    prompt += f"'{NOT_A_DIE}' if not dice: "

    def checked(text: str) -> str:
        parse_answer(text, group.colour)
        return text

    return _asked(prompt, checked, "colours", tries)


def _asked(prompt: str, parse: Callable[[str], T], what: str, tries: int) -> T:
    """`parse` of the first answer it takes; a refused one is explained and asked again."""
    for _ in range(tries):
        try:
            text = input(prompt)
        except EOFError:
            raise TableCommandError("no answer came (input closed): nothing was kept") from None
        try:
            return parse(text)
        except RegisterError as exc:
            print(exc, file=sys.stderr)
    raise TableCommandError(f"{tries} answers were not {what}: nothing was kept")


def _settled_frame(source_spec: str, frames: int) -> Any:
    """The last of `frames` frames (a camera's first frames are often dark)."""
    from vision.errors import VisionError
    from vision.sources import open_source

    try:
        source = open_source(source_spec, loop=False, realtime=False)
        source.open()
    except VisionError as exc:
        raise TableCommandError(str(exc)) from None
    last = None
    try:
        for _ in range(frames):
            frame = source.read()
            if frame is None:
                break
            last = frame
    finally:
        source.close()
    if last is None:
        raise TableCommandError(f"no frame came from {source_spec!r}")
    print(f"read frame {last.index} of {source_spec}", file=sys.stderr)
    return last.frame_bgr
