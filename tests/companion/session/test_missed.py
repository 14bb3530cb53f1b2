"""`MissedDice`: one look per camera roll, in the frame the roll's boxes are measured in."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from companion.errors import PendingError
from companion.session.camera import CameraShot, SeenDie
from companion.session.missed import MissedDice, MissedLook
from vision.types import Colour, DiceReading, Die

SEEN = Die(Colour.RED, 1, 0.2, (10, 10, 30, 30), True)


def _shot(roll_id: int, size: tuple[int, int] = (160, 120), kept: int = 160) -> CameraShot:
    """A camera roll whose frame was kept `kept` pixels wide (a busy frame is kept shrunk)."""
    frame = np.zeros((size[1], size[0], 3), np.uint8)
    frame[:, : size[0] // 2] = 200  # a left half to tell a stretched picture by
    small = cv2.resize(frame, (kept, kept * size[1] // size[0]))
    jpeg = cv2.imencode(".jpg", small)[1].tobytes()
    return CameraShot(DiceReading(()), jpeg, 1, 10.0, f"at {roll_id}", roll_id, size)


class Recorder:
    """A desk's `passed_over` that offers one die and keeps the frames it was shown."""

    def __init__(self) -> None:
        self.frames: list[npt.NDArray[np.uint8]] = []

    def __call__(self, frame: npt.NDArray[np.uint8], dice: Sequence[Die]) -> tuple[Die, ...]:
        self.frames.append(frame)
        return (SEEN,)


def test_a_roll_is_looked_at_once_and_a_new_roll_again() -> None:
    desk = Recorder()
    missed = MissedDice(desk)
    first = missed.look("g", _shot(1))
    assert missed.look("g", _shot(1)) is first and len(desk.frames) == 1
    missed.look("g", _shot(2))
    missed.look("other", _shot(2))
    assert len(desk.frames) == 3
    assert first.to_json()["missed"] == [
        {"index": 0, "box_xyxy": [10, 10, 30, 30], "colour": "red", "pips": 1}
    ]


def test_a_shrunk_frame_is_read_at_the_size_its_boxes_are_measured_in() -> None:
    desk = Recorder()
    MissedDice(desk).look("g", _shot(1, (320, 240), kept=160))
    (frame,) = desk.frames
    assert frame.shape == (240, 320, 3)
    assert frame[:, :150].mean() > 150 and frame[:, 170:].mean() < 50


@pytest.mark.parametrize(
    ("shot", "why"),
    [
        (None, "entered by hand"),
        (CameraShot(DiceReading(()), None, 1, 1.0, "now", 1, (10, 10)), "no picture"),
        (CameraShot(DiceReading(()), b"not a jpeg", 1, 1.0, "now", 1, (10, 10)), "cannot be read"),
    ],
)
def test_a_roll_with_no_picture_of_its_own_is_refused(shot: CameraShot | None, why: str) -> None:
    with pytest.raises(PendingError, match=why):
        MissedDice(Recorder()).look("g", shot)


@pytest.mark.parametrize(
    ("index", "roll_id", "field"),
    [
        (1, 4, "missed"),
        (-1, 4, "missed"),
        (True, 4, "missed"),
        (0, 5, "roll_id"),
        (0, "4", "roll_id"),
    ],
)
def test_a_missed_die_is_named_by_its_index_in_the_rolls_look(
    index: object, roll_id: object, field: str
) -> None:
    look = MissedLook(4, "now", (SEEN,))
    assert look.pick(0, 4) == SeenDie(0, SEEN)
    with pytest.raises(PendingError) as refused:
        look.pick(index, roll_id)
    assert refused.value.field == field


def test_without_a_reader_here_only_a_remote_cameras_own_word_is_offered() -> None:
    """A server camera whose reader cannot learn is refused; an agent's or a phone's roll offers
    what that camera passed over (it read with its own table's memory), read by nobody here."""
    with pytest.raises(PendingError, match="this server's camera cannot look again"):
        MissedDice(None).look("g", _shot(1))
    desk = Recorder()
    remote = replace(_shot(-2), missed=(SEEN,))
    assert MissedDice(desk).look("g", remote).dice == (SEEN,)
    assert desk.frames == []


POINTED = Die(Colour.BLUE, 5, 0.3, (100, 60, 120, 80), True)
READ = Die(Colour.RED, 2, 0.9, (40, 40, 60, 60))


class Pointer:
    """A desk's `read_at`: the die pointed at (or what it raises), and the spots it was asked."""

    def __init__(self, found: Die | None = POINTED, error: str | None = None) -> None:
        self.found, self.error = found, error
        self.asked: list[tuple[float, float]] = []

    def __call__(
        self, frame: npt.NDArray[np.uint8], at: tuple[float, float], dice: Sequence[Die]
    ) -> Die | None:
        self.asked.append(at)
        if self.error:
            raise ValueError(self.error)
        return self.found


def _read_shot(roll_id: int = 1) -> CameraShot:
    return replace(_shot(roll_id), reading=DiceReading((READ,)))


def test_a_die_pointed_at_joins_the_rolls_missed_dice() -> None:
    pointer = Pointer()
    missed = MissedDice(Recorder(), pointer)
    look, index = missed.point("g", _read_shot(), [110, 70.5], 1)
    assert (index, look.dice) == (1, (SEEN, POINTED)) and pointer.asked == [(110.0, 70.5)]
    assert missed.look("g", _read_shot()) is look  # kept: the player adds it by its index
    assert look.pick(1, 1) == SeenDie(1, POINTED)
    # The same die found again, or one offered already, is that die: no second copy.
    assert missed.point("g", _read_shot(), [111, 71], 1) == (look, 1)
    pointer.found = replace(SEEN, box_xyxy=(11, 10, 31, 30))
    assert missed.point("g", _read_shot(), [20, 20], 1) == (look, 0)


@pytest.mark.parametrize(
    ("at", "roll_id", "pointer", "field", "why"),
    [
        ([50, 50], 1, Pointer(found=READ), "at", "die 1 is already there"),
        ([200, 50], 1, Pointer(), "at", "the spot (200, 50) is outside the 160x120 picture"),
        ([50], 1, Pointer(), "at", "at must be [x, y]"),
        (["50", 50], 1, Pointer(), "at", "at must be [x, y]"),
        ([True, 50], 1, Pointer(), "at", "at must be [x, y]"),
        ([float("nan"), 50], 1, Pointer(), "at", "at must be [x, y]"),
        ([100, 100], 2, Pointer(), "roll_id", "no longer the one shown"),
        ([100, 100], None, Pointer(), "roll_id", "roll_id must be the roll's number"),
        ([100, 100], 1, Pointer(error="the point (1, 2) is off the table"), "at", "off the table"),
        ([100, 100], 1, Pointer(found=None), "at", "cannot look at a point"),
        ([100, 100], 1, None, "at", "cannot look at a point"),
    ],
)
def test_a_bad_point_is_refused_and_the_look_is_unchanged(
    at: object, roll_id: object, pointer: Pointer | None, field: str, why: str
) -> None:
    missed = MissedDice(Recorder(), pointer)
    before = missed.look("g", _read_shot())
    with pytest.raises(PendingError, match=re.escape(why)) as refused:
        missed.point("g", _read_shot(), at, roll_id)
    assert refused.value.field == field
    assert missed.look("g", _read_shot()) is before


class Phones:
    """`RemoteCameras`: a phone that remembers the rolls in `sent` and reads `found` there."""

    def __init__(self, sent: set[int], found: Die | None = POINTED) -> None:
        self.sent, self.found = sent, found
        self.kept: list[tuple[int, Die]] = []

    def can_point(self, game_id: str, shot: CameraShot) -> bool:
        return shot.roll_id in self.sent

    def read_at(
        self, game_id: str, shot: CameraShot, frame: npt.NDArray[np.uint8], at: tuple[float, float]
    ) -> Die | None:
        return self.found if shot.roll_id in self.sent else None

    def keep_pointed(self, game_id: str, shot: CameraShot, die: Die) -> None:
        self.kept.append((shot.roll_id, die))


def test_a_phones_roll_is_pointed_at_by_that_phone_and_an_agents_by_a_plain_reader() -> None:
    """A phone reading here reads the spot itself, and keeps the die after what it passed over.
    A roll read at the table (a club agent's, or a phone's the server no longer remembers) is
    read by a reader here with no table's memory: the agent reads the die again in its own
    frame when the lesson gives its box (`companion.agent.lessons`)."""
    phones = Phones({-2})
    plain = Pointer(found=replace(POINTED, pips=5))
    missed = MissedDice(Recorder(), Pointer(), phones, plain)
    phone = replace(_shot(-2), missed=(SEEN,))
    assert missed.look("g", phone).pointable
    look, index = missed.point("g", phone, [110, 70], -2)
    assert (index, look.dice) == (1, (SEEN, POINTED)) and phones.kept == [(-2, POINTED)]
    assert missed.look("g", phone) is look
    assert look.to_json()["missed"][1]["at"] == [110, 70]
    agent = replace(_shot(-3), missed=(SEEN,))
    assert missed.look("other", agent).pointable
    look, index = missed.point("other", agent, [110, 70], -3)
    assert (index, look.dice[index].pips) == (1, 5) and phones.kept == [(-2, POINTED)]
    assert missed.point("other", agent, [111, 70], -3)[1] == 1  # the same die, found again


def test_without_a_plain_reader_an_agents_roll_cannot_be_pointed_at() -> None:
    missed = MissedDice(Recorder(), Pointer(), Phones(set()))
    agent = replace(_shot(-3), missed=(SEEN,))
    assert not missed.look("g", agent).pointable
    with pytest.raises(PendingError, match="a roll read at its table: add the die by hand"):
        missed.point("g", agent, [9, 9], -3)
