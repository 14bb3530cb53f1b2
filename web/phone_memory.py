"""A game's phone camera's table memory (docs/table-memory.md): each game's phone reads with a
memory of its own, table `phone-<game id>` in the data folder's `tables.sqlite` (a phone's
camera, light and dice are not the server's camera's), and learns as a club table's agent does
(`companion.agent.lessons`): it keeps the dice its reader saw in each roll it sent, and what it
passed over, and when the players accept one of those rolls, the game's lessons
(`AgentDesk.lessons`) replay their corrections on those dice (a die added from the roll's
picture is one of those passed over) and teach the memory."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.agent.lessons import Teacher
from companion.tables.desk import TableDesk, model_reader_of
from companion.tables.names import check_table_name
from companion.tables.store import open_store
from vision.types import DiceReading, Die

log = logging.getLogger(__name__)

Lessons = Callable[[int], Mapping[str, Any]]  # the game's lessons after a seq


def phone_table(game_id: str) -> str:
    """The table memory a game's phone reads with."""
    return check_table_name(f"phone-{game_id}")


class PhoneMemory:
    """One game's phone's memory, loaded into its feed's reader, and what teaches it."""

    def __init__(self, desk: TableDesk) -> None:
        self.desk = desk
        self._teacher = Teacher(None, desk, lambda words: log.info("%s: %s", desk.table, words))
        self._lock = threading.Lock()  # two accepted rolls take their lessons one at a time

    @classmethod
    def open(cls, data_dir: Path, game_id: str, reader: Any) -> PhoneMemory | None:
        """The memory of `game_id`'s phone loaded into `reader` (the feed's, or one inside
        it); None where that reader cannot read with a memory."""
        desk = TableDesk(open_store(data_dir), phone_table(game_id), model_reader_of(reader))
        return cls(desk) if desk.learns else None

    def remember(self, roll_id: str, reading: DiceReading, missed: Sequence[Die] = ()) -> None:
        """The dice the phone's reader saw in roll `roll_id`, with their signatures, and what
        it passed over in its frame, for the lesson the players' review gives."""
        self._teacher.remember(roll_id, reading, missed)

    def add_missed(self, roll_id: str, die: Die) -> bool:
        """`die`, pointed at in roll `roll_id`'s frame, after what the phone's reader passed
        over there (`Teacher.add_missed`)."""
        return self._teacher.add_missed(roll_id, die)

    def remembers(self, roll_id: str) -> bool:
        return self._teacher.remembers(roll_id)

    def read_anew(self, roll_id: str, reading: DiceReading) -> None:
        """Roll `roll_id`'s dice as the phone's reader read them again."""
        self._teacher.read_anew(roll_id, reading)

    def learn(self, lessons: Lessons) -> int:
        """Take the lessons of the rolls accepted since last time; how many dice they taught."""
        with self._lock:
            return self._teacher.take(lessons(self._teacher.after))
