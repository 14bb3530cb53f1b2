"""`MissedDice`: one look per camera roll, in the frame the roll's boxes are measured in."""

from __future__ import annotations

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
