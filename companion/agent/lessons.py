"""What a club table's players teach its camera: each camera roll they accepted, with their
corrections, comes back to the table's agent (`GET /api/agent/games/ID/lessons`), which holds
that roll's dice as its reader saw them (with their signatures), replays the corrections on
them, and hands the dice as the players left them, and the ones they called "not a die", to
the table's memory (`companion.tables.desk.TableDesk.learn_roll`), as the server's own camera
teaches its table."""

from __future__ import annotations

import json
import logging
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from vision.types import DiceReading, Die

log = logging.getLogger(__name__)

LESSONS_FILE = "lessons.json"  # the last game seq whose lesson was taken
REMEMBERED = 64  # rolls whose dice the agent keeps for their lessons
# Rolls whose settled frame (the JPEG sent with the roll) the agent keeps, for a die players point
# at in the roll's picture: the lesson gives its box, and the agent reads it there itself.
FRAMES_KEPT = 16

# The die in a kept frame under a box the players' lesson gives (None: none read there).
Pointed = Callable[[Sequence[float]], Die | None]
# A table's reader at a point of a frame (`companion.tables.desk.TableDesk.read_at`).
ReadAt = Callable[[Any, tuple[float, float], Sequence[Die]], Die | None]


class Learner(Protocol):
    def learn_roll(self, kept: Sequence[Die], not_dice: Sequence[Die] = ()) -> int: ...


def replay(
    dice: Sequence[Die],
    corrections: Sequence[Mapping[str, Any]],
    missed: Sequence[Die] = (),
    pointed: Pointed | None = None,
) -> tuple[list[Die], list[Die]]:
    """The dice as the players left them (the ones they added by hand teach nothing: no
    signature; one added from the roll's picture is that one of `missed`, what the reader
    passed over in the roll's frame, or one they pointed at there, which `pointed` reads under
    its box) and the ones they removed saying "not a die"; ValueError on a correction that
    does not fit the dice (another roll's)."""
    from companion.session.camera import parse_colour

    left: list[Die | None] = list(dice)
    not_dice: list[Die] = []
    for fix in corrections:
        action, index = fix.get("action"), fix.get("index")
        if action == "add":
            left.append(_added(fix, missed, parse_colour, pointed))
            continue
        if not isinstance(index, int) or not 0 <= index < len(left):
            raise ValueError(f"correction {fix!r} names no die of {len(left)}")
        if action == "correct":
            colour, pips = _token(str(fix.get("after")), parse_colour)
            old = left[index]
            left[index] = None if old is None else old.corrected(colour, pips)
        elif action in ("remove", "not-a-die"):
            gone = left.pop(index)
            if action == "not-a-die" and gone is not None:
                not_dice.append(gone)
        else:
            raise ValueError(f"unknown correction {action!r}")
    return [d for d in left if d is not None], not_dice


def _added(
    fix: Mapping[str, Any],
    missed: Sequence[Die],
    parse_colour: Callable[[object], Any],
    pointed: Pointed | None = None,
) -> Die | None:
    """The die an "add" put in the roll: one of `missed` (what the reader passed over in the
    roll's frame, then any die pointed at there), as the players gave it, where it names one
    (`"missed": k`); past those, a die pointed at in the picture, read under its box
    (`"box_xyxy"`) by `pointed`. None for a die added by hand, and where this learner kept no
    such list or frame."""
    k = fix.get("missed")
    if k is None:
        return None
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise ValueError(f"correction {fix!r} names no die passed over")
    colour, pips = _token(str(fix.get("after")), parse_colour)
    if k < len(missed):
        return missed[k].corrected(colour, pips)
    box = _box(fix.get("box_xyxy"))
    if box is not None and pointed is not None:
        die = pointed(box)
        return None if die is None else die.corrected(colour, pips)
    if not missed or box is not None:
        return None  # nothing kept to read it by: it teaches nothing, as a die added by hand
    raise ValueError(f"correction {fix!r} names no die of the {len(missed)} passed over")


def _box(found: object) -> tuple[float, float, float, float] | None:
    """A lesson's box (four finite numbers, left top right bottom), else None."""
    if not isinstance(found, list) or len(found) != 4:
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in found):
        return None
    x1, y1, x2, y2 = (float(v) for v in found)
    if not all(math.isfinite(v) for v in (x1, y1, x2, y2)) or x2 <= x1 or y2 <= y1:
        return None
    return (x1, y1, x2, y2)


@dataclass(frozen=True)
class KeptFrame:
    """A roll's settled frame as sent (JPEG), and the size its dice's boxes are measured in."""

    jpeg: bytes
    size: tuple[int, int]

    def pixels(self) -> Any:
        """The frame at `size` (a busy frame may have been sent shrunk), None where it cannot
        be decoded."""
        from vision.motion import decode_frame

        return decode_frame(self.jpeg, self.size)


def _token(text: str, parse_colour: Callable[[object], Any]) -> tuple[Any, int]:
    """`y4` or `green 4` (`companion.session.camera.die_text`)."""
    head, digits = text.rstrip("0123456789").strip(), text[len(text.rstrip("0123456789")) :]
    if not digits:
        raise ValueError(f"not a die: {text!r}")
    return parse_colour(head), int(digits)


class Teacher:
    """The rolls this agent sent, by outbox id, and the lessons taken so far (kept in its
    folder, so a restarted agent takes none twice; with no folder, in memory only: a game's
    phone, whose rolls' dice are gone after a restart anyway)."""

    def __init__(
        self,
        folder: Path | None,
        memory: Learner,
        say: Callable[[str], None],
        read_at: ReadAt | None = None,
    ) -> None:
        self.memory = memory
        self.say = say
        self._file = None if folder is None else folder / LESSONS_FILE
        self._rolls: dict[str, tuple[DiceReading, tuple[Die, ...]]] = {}
        # The newest rolls' frames, and the table's reader at a point: a die players pointed at
        # in a roll's picture is read in its frame under the box its lesson gives.
        self._frames: dict[str, KeptFrame] = {}
        self._read_at = read_at
        # A phone's rolls are remembered on its feed's thread and given pointed dice on a
        # request's: one change to a roll at a time.
        self._rolls_lock = threading.Lock()
        self.after = self._load()

    def remember(
        self,
        roll_id: str,
        reading: DiceReading,
        missed: Sequence[Die] = (),
        frame: KeptFrame | None = None,
    ) -> None:
        """Roll `roll_id`'s dice as read, what the reader passed over in its frame, and the
        frame as sent (kept for the newest `FRAMES_KEPT` rolls, where this teacher can read)."""
        with self._rolls_lock:
            self._keep(roll_id, reading, tuple(missed))
            if frame is not None and self._read_at is not None:
                self._frames[roll_id] = frame
                while len(self._frames) > FRAMES_KEPT:
                    del self._frames[next(iter(self._frames))]

    def add_missed(self, roll_id: str, die: Die) -> bool:
        """`die` (pointed at in roll `roll_id`'s frame) goes after what the reader passed over
        there, so a lesson naming it by that index teaches it; False for a roll not remembered."""
        with self._rolls_lock:
            kept = self._rolls.get(roll_id)
            if kept is None:
                return False
            self._rolls[roll_id] = (kept[0], (*kept[1], die))
            return True

    def remembers(self, roll_id: str) -> bool:
        with self._rolls_lock:
            return roll_id in self._rolls

    def read_anew(self, roll_id: str, reading: DiceReading) -> None:
        """Roll `roll_id`'s dice as its camera read them again (the same places): what was
        passed over in its frame stays as it was."""
        with self._rolls_lock:
            kept = self._rolls.get(roll_id)
            self._keep(roll_id, reading, () if kept is None else kept[1])

    def _keep(self, roll_id: str, reading: DiceReading, missed: tuple[Die, ...]) -> None:
        """Roll `roll_id`'s record, the oldest dropped past `REMEMBERED` (called locked)."""
        self._rolls[roll_id] = (reading, missed)
        while len(self._rolls) > REMEMBERED:
            del self._rolls[next(iter(self._rolls))]

    def take(self, answer: Mapping[str, Any]) -> int:
        """The server's lessons: each of a roll this agent remembers teaches the memory.
        Returns how many dice they taught."""
        taught = 0
        for lesson in answer.get("lessons", []):
            roll_id = str(lesson.get("roll_id"))
            with self._rolls_lock:
                found = self._rolls.get(roll_id)
                frame = self._frames.get(roll_id)
            if found is None:
                continue  # a roll from before this agent started: its dice are gone
            reading, missed = found
            pointed = None if frame is None else self._pointer(frame, reading)
            try:
                kept, not_dice = replay(
                    reading.dice, lesson.get("corrections", []), missed, pointed
                )
            except ValueError as exc:
                self.say(f"a lesson of roll {lesson.get('roll_id')} not taken: {exc}")
                continue
            taught += self.memory.learn_roll(kept, not_dice)
        last = answer.get("last_seq")
        if isinstance(last, int) and last > self.after:
            self.after = last
            if self._file is not None:
                self._file.write_text(json.dumps({"after": last}), encoding="utf-8")
        if taught:
            self.say(f"the table's memory learnt {taught} dice from accepted rolls")
        return taught

    def _pointer(self, frame: KeptFrame, reading: DiceReading) -> Pointed | None:
        """The table's reader at the centre of a box in `frame`, where the roll read `reading`."""
        read_at = self._read_at
        if read_at is None:
            return None

        def read(box: Sequence[float]) -> Die | None:
            pixels = frame.pixels()
            if pixels is None:
                return None
            centre = ((box[0] + box[2]) / 2.0, (box[1] + box[3]) / 2.0)
            try:
                return read_at(pixels, centre, reading.dice)
            except ValueError as exc:  # off the table this agent reads
                self.say(f"a die pointed at was not read: {exc}")
                return None

        return read

    def _load(self) -> int:
        if self._file is None:
            return 0
        try:
            found = json.loads(self._file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return 0
        after = found.get("after") if isinstance(found, dict) else None
        return after if isinstance(after, int) and after >= 0 else 0
