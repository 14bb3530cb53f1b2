"""What a club table's players teach its camera: each camera roll they accepted, with their
corrections, comes back to the table's agent (`GET /api/agent/games/ID/lessons`), which holds
that roll's dice as its reader saw them (with their signatures), replays the corrections on
them, and hands the dice as the players left them, and the ones they called "not a die", to
the table's memory (`companion.tables.desk.TableDesk.learn_roll`), as the server's own camera
teaches its table."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from vision.types import DiceReading, Die

log = logging.getLogger(__name__)

LESSONS_FILE = "lessons.json"  # the last game seq whose lesson was taken
REMEMBERED = 64  # rolls whose dice the agent keeps for their lessons


class Learner(Protocol):
    def learn_roll(self, kept: Sequence[Die], not_dice: Sequence[Die] = ()) -> int: ...


def replay(
    dice: Sequence[Die], corrections: Sequence[Mapping[str, Any]], missed: Sequence[Die] = ()
) -> tuple[list[Die], list[Die]]:
    """The dice as the players left them (the ones they added by hand teach nothing: no
    signature; one added from the roll's picture is that one of `missed`, what the reader
    passed over in the roll's frame) and the ones they removed saying "not a die"; ValueError
    on a correction that does not fit the dice (another roll's)."""
    from companion.session.camera import parse_colour

    left: list[Die | None] = list(dice)
    not_dice: list[Die] = []
    for fix in corrections:
        action, index = fix.get("action"), fix.get("index")
        if action == "add":
            left.append(_added(fix, missed, parse_colour))
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
    fix: Mapping[str, Any], missed: Sequence[Die], parse_colour: Callable[[object], Any]
) -> Die | None:
    """The die an "add" put in the roll: one of `missed` (what the reader passed over in the
    roll's frame, then any die pointed at there), as the players gave it, where it names one
    (`"missed": k`); None for a die added by hand, and where this learner kept no such list."""
    k = fix.get("missed")
    if k is None or not missed:
        return None
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(missed):
        raise ValueError(f"correction {fix!r} names no die of the {len(missed)} passed over")
    colour, pips = _token(str(fix.get("after")), parse_colour)
    return missed[k].corrected(colour, pips)


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

    def __init__(self, folder: Path | None, memory: Learner, say: Callable[[str], None]) -> None:
        self.memory = memory
        self.say = say
        self._file = None if folder is None else folder / LESSONS_FILE
        self._rolls: dict[str, tuple[DiceReading, tuple[Die, ...]]] = {}
        # A phone's rolls are remembered on its feed's thread and given pointed dice on a
        # request's: one change to a roll at a time.
        self._rolls_lock = threading.Lock()
        self.after = self._load()

    def remember(self, roll_id: str, reading: DiceReading, missed: Sequence[Die] = ()) -> None:
        """Roll `roll_id`'s dice as read, and what the reader passed over in its frame."""
        with self._rolls_lock:
            self._keep(roll_id, reading, tuple(missed))

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
            with self._rolls_lock:
                found = self._rolls.get(str(lesson.get("roll_id")))
            if found is None:
                continue  # a roll from before this agent started: its dice are gone
            reading, missed = found
            try:
                kept, not_dice = replay(reading.dice, lesson.get("corrections", []), missed)
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

    def _load(self) -> int:
        if self._file is None:
            return 0
        try:
            found = json.loads(self._file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return 0
        after = found.get("after") if isinstance(found, dict) else None
        return after if isinstance(after, int) and after >= 0 else 0
