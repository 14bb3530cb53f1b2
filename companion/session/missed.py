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
teaches its table. A die pointed at in a game's phone roll is read by that phone's reader; in an
agent's roll, by a reader here without any table's memory (the agent's table is at the agent):
the lesson carries the die's box, and the agent reads it again in the frame it kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from companion.errors import PendingError
from companion.session.camera import CameraShot, SeenDie
from vision import passed_over
from vision.motion import decode_frame
from vision.types import Die

# What the table's desk offers for a frame and the dice read in it.
PassedOver = Callable[[npt.NDArray[np.uint8], Sequence[Die]], tuple[Die, ...]]
# The die a player points at in a frame (its pixels) where the dice given were read; None where
# the reader cannot look; ValueError for a point off the picture or the table.
ReadAt = Callable[[npt.NDArray[np.uint8], tuple[float, float], Sequence[Die]], Die | None]
KEPT_LOOKS = 16  # games whose last look is kept: a club server's tables, with room to spare


class RemoteCameras(Protocol):
    """The cameras here that read their rolls with a table of their own (a game's phone): a
    die pointed at in such a roll is read by that camera's reader and taught to its table."""

    def can_point(self, game_id: str, shot: CameraShot) -> bool:
        """Whether roll `shot` of the game was read here by such a camera, which still
        remembers it (an agent's roll, or a phone's from before a restart: no)."""
        ...

    def read_at(
        self, game_id: str, shot: CameraShot, frame: npt.NDArray[np.uint8], at: tuple[float, float]
    ) -> Die | None:
        """The die at `at` in the roll's frame, read by that camera's reader (None: none
        here); ValueError for a spot off its table."""
        ...

    def keep_pointed(self, game_id: str, shot: CameraShot, die: Die) -> None:
        """`die`, pointed at, goes after what that camera passed over in the roll: a lesson
        naming it by its index teaches its table."""
        ...


@dataclass(frozen=True, slots=True)
class MissedLook:
    """What the reader passed over in one camera roll's frame."""

    roll_id: int
    received_at: str
    dice: tuple[Die, ...]
    # Whether a die may be pointed at in this roll's picture (`MissedDice.point`).
    pointable: bool = False
    # Where each die pointed at was pointed at, by its index: adding it names the spot, so that
    # any server process finds it again (a club's, sharing the roll but not this look).
    spots: tuple[tuple[int, tuple[float, float]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        spots = dict(self.spots)
        return {
            "roll_id": self.roll_id,
            "pointable": self.pointable,
            "missed": [_missed_json(k, d, spots.get(k)) for k, d in enumerate(self.dice)],
        }

    def pick(self, index: object, roll_id: object) -> SeenDie:
        """Missed die `index` of this look, which must be of roll `roll_id`."""
        _same_roll(roll_id, self.roll_id)
        count = len(self.dice)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            offered = f"indexes 0 to {count - 1}" if count else "none"
            raise PendingError(
                f"no missed die with index {index!r}: the picture offers {offered}", "missed"
            )
        return SeenDie(index, self.dice[index])


def _missed_json(index: int, die: Die, at: tuple[float, float] | None) -> dict[str, Any]:
    found: dict[str, Any] = {
        "index": index,
        "box_xyxy": [round(v, 1) for v in die.box_xyxy],
        "colour": die.colour.value,
        "pips": die.pips,
    }
    if at is not None:
        found["at"] = [round(v, 1) for v in at]
    return found


class MissedDice:
    """The last look at each game's camera roll, so the list a player picks from stays the
    same while they pick (reading the frame again costs a finder pass)."""

    def __init__(
        self,
        passed_over: PassedOver | None,
        read_at: ReadAt | None = None,
        remote: RemoteCameras | None = None,
        plain_read_at: ReadAt | None = None,
    ) -> None:
        self._passed_over = passed_over
        self._read_at = read_at
        self._remote = remote
        # For the other rolls read elsewhere (a club agent's): a reader with no table's memory.
        self._plain_read_at = plain_read_at
        self._lock = threading.Lock()
        self._looks: dict[str, MissedLook] = {}

    def look(self, game_id: str, shot: CameraShot | None) -> MissedLook:
        """What the reader passed over in `shot`'s frame (the game's pending camera roll), and
        the dice pointed at in it since."""
        shot = _with_picture(shot)
        with self._lock:
            found = self._looks.get(game_id)
        if found is not None and (found.roll_id, found.received_at) == (
            shot.roll_id,
            shot.received_at,
        ):
            return found
        if shot.roll_id < 0:  # an agent's or a phone's: what it sent
            pointable = (
                self._remote_for(game_id, shot) is not None or self._plain_read_at is not None
            )
            return MissedLook(shot.roll_id, shot.received_at, shot.missed, pointable)
        passed_over = self._passed_over
        if passed_over is None:
            raise PendingError(
                "this server's camera cannot look again for missed dice: add the die by hand",
                "missed",
            )
        passed = passed_over(_frame_of(shot), shot.reading.dice)
        look = MissedLook(shot.roll_id, shot.received_at, passed, self._read_at is not None)
        return self._keep(game_id, look)

    def point(
        self, game_id: str, shot: CameraShot | None, at: object, roll_id: object
    ) -> tuple[MissedLook, int]:
        """The look at `shot` with the die a player points at (`at`: [x, y] in the frame's
        pixels) among its missed dice, and that die's index: a die the finder proposed nothing
        for, which the player then adds like any missed die. A die found there that was
        offered already is that one; one the roll has already is refused."""
        look = self.look(game_id, shot)
        assert shot is not None and shot.frame_size is not None  # look refused a roll without
        _same_roll(roll_id, look.roll_id)
        try:
            point = passed_over.spot(at, *shot.frame_size)
        except ValueError as err:
            raise PendingError(str(err), "at") from None
        if not look.pointable:
            raise PendingError(_unpointable(shot), "at")
        frame = _frame_of(shot)
        remote = self._remote_for(game_id, shot)
        try:
            found = self._read(game_id, shot, frame, point, remote)
        except ValueError as err:
            raise PendingError(f"{err}: tap the die itself", "at") from None
        if found is None:
            raise PendingError(_unpointable(shot), "at")
        # The die found there may be one offered already, or one the roll has: a small die on a
        # board's token lies inside the token's box, so the spot alone cannot tell.
        offered = passed_over.same_die(found, look.dice)
        if offered is not None:
            return look, offered
        read = passed_over.same_die(found, shot.reading.dice)
        if read is not None:
            raise PendingError(f"die {read + 1} is already there: change its pips instead", "at")
        if remote is not None:
            remote.keep_pointed(game_id, shot, found)
        spots = (*look.spots, (len(look.dice), point))
        grown = replace(look, dice=(*look.dice, found), spots=spots)
        return self._keep(game_id, grown), len(look.dice)

    def _read(
        self,
        game_id: str,
        shot: CameraShot,
        frame: npt.NDArray[np.uint8],
        point: tuple[float, float],
        remote: RemoteCameras | None,
    ) -> Die | None:
        if shot.roll_id >= 0:
            return None if self._read_at is None else self._read_at(frame, point, shot.reading.dice)
        if remote is not None:
            return remote.read_at(game_id, shot, frame, point)
        plain = self._plain_read_at
        return None if plain is None else plain(frame, point, shot.reading.dice)

    def _remote_for(self, game_id: str, shot: CameraShot) -> RemoteCameras | None:
        """The camera here that read roll `shot` (read elsewhere) and still remembers it (a
        game's phone), which then reads the die pointed at; None for any other roll."""
        remote = self._remote
        if shot.roll_id < 0 and remote is not None and remote.can_point(game_id, shot):
            return remote
        return None

    def _keep(self, game_id: str, look: MissedLook) -> MissedLook:
        with self._lock:
            self._looks.pop(game_id, None)
            self._looks[game_id] = look
            while len(self._looks) > KEPT_LOOKS:
                self._looks.pop(next(iter(self._looks)))
        return look


def _unpointable(shot: CameraShot) -> str:
    if shot.roll_id >= 0:
        return "this server's camera cannot look at a point: add the die by hand"
    return "this server cannot look at a point in a roll read at its table: add the die by hand"


def _same_roll(roll_id: object, shown: int) -> None:
    if isinstance(roll_id, bool) or not isinstance(roll_id, int):
        raise PendingError(f"roll_id must be the roll's number, got {roll_id!r}", "roll_id")
    if roll_id != shown:
        raise PendingError(
            f"roll {roll_id} is no longer the one shown (it is roll {shown}): "
            "look for missed dice again",
            "roll_id",
        )


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
    frame = decode_frame(shot.thumbnail_jpeg, shot.frame_size)
    if frame is None:
        raise PendingError("the roll's picture cannot be read", "missed")
    return frame
