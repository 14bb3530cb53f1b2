"""Dice a camera roll missed, looked for again in the roll's own frame.

A die the reader drops (a logo face it calls "not a die", a small die its finder scores low)
used to be added back by hand: a die with no box, no signature and no face, which taught the
table nothing, so the same die was missed and added again on every roll. Here the roll's
settled frame is read again for what the reader passed over (`ModelReader.passed_over`,
through the table's desk: its profile and memory), and a player adds one of those instead:
the added die keeps its box, signature and pip features (`companion.session.camera.add_die`),
and the accepted roll teaches the table its look and the value the player gave it.

That is the server's own camera's rolls. A club table's agent, or a game's phone, reads with a
memory of its own table: it sends what it passed over with each roll (`CameraShot.missed`), and
the added die's index goes back to it in the roll's lesson (`companion.agent.lessons`), which
teaches its table.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import PendingError
from companion.session.camera import CameraShot, SeenDie
from vision.types import Die

# What the table's desk offers for a frame and the dice read in it.
PassedOver = Callable[[npt.NDArray[np.uint8], Sequence[Die]], tuple[Die, ...]]
KEPT_LOOKS = 16  # games whose last look is kept: a club server's tables, with room to spare


@dataclass(frozen=True, slots=True)
class MissedLook:
    """What the reader passed over in one camera roll's frame."""

    roll_id: int
    received_at: str
    dice: tuple[Die, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "roll_id": self.roll_id,
            "missed": [
                {
                    "index": k,
                    "box_xyxy": [round(v, 1) for v in d.box_xyxy],
                    "colour": d.colour.value,
                    "pips": d.pips,
                }
                for k, d in enumerate(self.dice)
            ],
        }

    def pick(self, index: object, roll_id: object) -> SeenDie:
        """Missed die `index` of this look, which must be of roll `roll_id`."""
        if isinstance(roll_id, bool) or not isinstance(roll_id, int):
            raise PendingError(f"roll_id must be the roll's number, got {roll_id!r}", "roll_id")
        if roll_id != self.roll_id:
            raise PendingError(
                f"roll {roll_id} is no longer the one shown (it is roll {self.roll_id}): "
                "look for missed dice again",
                "roll_id",
            )
        count = len(self.dice)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            offered = f"indexes 0 to {count - 1}" if count else "none"
            raise PendingError(
                f"no missed die with index {index!r}: the picture offers {offered}", "missed"
            )
        return SeenDie(index, self.dice[index])


class MissedDice:
    """The last look at each game's camera roll, so the list a player picks from stays the
    same while they pick (reading the frame again costs a finder pass)."""

    def __init__(self, passed_over: PassedOver | None) -> None:
        self._passed_over = passed_over
        self._lock = threading.Lock()
        self._looks: dict[str, MissedLook] = {}

    def look(self, game_id: str, shot: CameraShot | None) -> MissedLook:
        """What the reader passed over in `shot`'s frame (the game's pending camera roll)."""
        shot = _with_picture(shot)
        if shot.roll_id < 0:  # an agent's or a phone's: what it sent
            return MissedLook(shot.roll_id, shot.received_at, shot.missed)
        passed_over = self._passed_over
        if passed_over is None:
            raise PendingError(
                "this server's camera cannot look again for missed dice: add the die by hand",
                "missed",
            )
        with self._lock:
            found = self._looks.get(game_id)
        if found is not None and (found.roll_id, found.received_at) == (
            shot.roll_id,
            shot.received_at,
        ):
            return found
        passed = passed_over(_frame_of(shot), shot.reading.dice)
        look = MissedLook(shot.roll_id, shot.received_at, passed)
        with self._lock:
            self._looks.pop(game_id, None)
            self._looks[game_id] = look
            while len(self._looks) > KEPT_LOOKS:
                self._looks.pop(next(iter(self._looks)))
        return look


def _with_picture(shot: CameraShot | None) -> CameraShot:
    if shot is None:
        raise PendingError("the roll waiting was entered by hand: there is no picture", "missed")
    if not shot.thumbnail_jpeg or shot.frame_size is None:
        raise PendingError("the camera kept no picture of this roll", "missed")
    return shot


def _frame_of(shot: CameraShot) -> npt.NDArray[np.uint8]:
    """The roll's settled frame at the size its dice's boxes are measured in (a busy frame may
    have been kept shrunk: `vision.motion.encode_frame`)."""
    assert shot.thumbnail_jpeg is not None and shot.frame_size is not None
    data = np.frombuffer(shot.thumbnail_jpeg, np.uint8)
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if frame is None:
        raise PendingError("the roll's picture cannot be read", "missed")
    width, height = shot.frame_size
    if frame.shape[1] != width or frame.shape[0] != height:
        frame = cv2.resize(frame, (width, height), interpolation=cv2.INTER_LINEAR)
    return np.asarray(frame, np.uint8)
