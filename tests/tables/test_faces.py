"""A table's face memory with the shipped reader on the project's rendered photos: a face the
players corrected is read as they said on the next roll and after a restart; a face unlike every
confirmed one keeps the network's reading; "not a die" still wins; the die size is kept."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import board, fixture_frame, fresh_reader
from vision.datasets import LabelledBox
from vision.faces import FaceSettings
from vision.marks import MarksSettings
from vision.memory import TableMemory
from vision.metrics import match_image
from vision.types import Die

NOT_A_DIE_SEED = 5041  # a rendered board where the reader reads phantoms (test_not_a_die)


def _desk(data: Path) -> TableDesk:
    return TableDesk(open_store(data), "kitchen", fresh_reader())


def _read(desk: TableDesk, index: int = 0) -> list[Die]:
    return list(desk._reader.read(fixture_frame(index)).dice)


def _at(dice: list[Die], die: Die) -> Die:
    """The die of `dice` lying where `die` lies (a memory that knows the die size reads at one
    scale, so boxes and their order may shift a little)."""
    x, y = die.centre_xy
    return min(dice, key=lambda d: (d.centre_xy[0] - x) ** 2 + (d.centre_xy[1] - y) ** 2)


def _misread(read: list[Die]) -> tuple[int, int]:
    """A die of the roll and a value it does not show, as a logo face would be: the players
    say it is that value (a value the roll's other dice show too, so the table has seen it)."""
    k = max(range(len(read)), key=lambda i: read[i].confidence)
    values = sorted({d.pips for d in read} - {read[k].pips})
    return k, values[0]


def test_a_face_corrected_once_is_read_as_its_value_next_roll_and_after_a_restart(
    tmp_path: Path,
) -> None:
    desk = _desk(tmp_path)
    read = _read(desk)
    k, value = _misread(read)
    taught = [d.corrected(pips=value) if i == k else d for i, d in enumerate(read)]
    desk.learn_roll(taught)
    again = _read(desk)
    assert len(again) == len(read)
    assert _at(again, read[k]).pips == value
    assert all(_at(again, d).pips == d.pips for i, d in enumerate(read) if i != k)
    assert _at(_read(_desk(tmp_path)), read[k]).pips == value


def _nearness(memory: TableMemory, die: Die) -> float:
    """How alike the die's face is to the nearest confirmed one, as the head that reads the
    table's values measures it (its marks, or its pip features)."""
    if memory.marks_head is not None:
        marks = np.frombuffer(die.face_marks or b"", np.float32)[None, :]
        return float(memory.marks_head.weigh(marks)[0][0])
    assert memory.faces is not None
    feats = np.frombuffer(die.face_features or b"", np.float32)[None, :-6]
    return float(memory.faces.nearness(feats)[0])


def _far(memory: TableMemory) -> float:
    return MarksSettings().far if memory.marks_head is not None else FaceSettings().far


def test_a_face_unlike_every_confirmed_one_keeps_the_networks_reading_and_doubt(
    tmp_path: Path,
) -> None:
    desk = _desk(tmp_path)
    read = _read(desk)
    k, value = _misread(read)
    desk.learn_roll([d.corrected(pips=value) if i == k else d for i, d in enumerate(read)])
    memory = desk._reader.memory
    assert memory is not None and memory.faces is not None
    # The same reader and memory without its faces: what the network (and colour) alone read.
    faceless = desk._reader.with_memory(replace(memory, faces=None, marks_head=None))
    checked = 0
    for index in (1, 2, 3):
        cold = list(faceless.read(fixture_frame(index)).dice)
        warm = _read(desk, index)
        assert [d.box_xyxy for d in cold] == [d.box_xyxy for d in warm]
        for was, now in zip(cold, warm, strict=True):
            if _nearness(memory, now) < _far(memory):
                checked += 1
                assert (now.pips, now.unsure, now.confidence) == (
                    was.pips,
                    was.unsure,
                    was.confidence,
                )
    assert checked, "the fixtures should hold a face unlike every confirmed one"


def test_not_a_die_still_wins_over_a_face_match(tmp_path: Path) -> None:
    table = board(NOT_A_DIE_SEED)
    desk = _desk(tmp_path)
    read = list(desk._reader.read(table.thrown).dice)
    phantoms = [d for d in read if not table.is_die(d)]
    assert phantoms, "the board should give the reader phantoms"
    # The dice teach the face memory their faces; a phantom reads as a face like theirs (its
    # face evidence is computed), yet what the players removed stays removed.
    desk.learn_roll([d for d in read if table.is_die(d)], not_dice=phantoms)
    memory = desk._reader.memory
    assert memory is not None and memory.faces is not None
    again = desk._reader.read(table.thrown).dice
    assert [d for d in again if not table.is_die(d)] == []


def test_the_tables_die_size_survives_a_restart_and_is_cleared_with_it(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    read = _read(desk)
    desk.learn_roll(read)
    size = _desk(tmp_path)._reader.memory.die_size_px
    assert size is not None
    assert min(d.size_px for d in read) <= size <= max(d.size_px for d in read)
    desk.clear()
    assert _desk(tmp_path)._reader.memory.die_size_px is None


LOGO_SEED = 4300  # `python -m models.render.odd_night OUT --kind logo6 --seed 4300`


@cache
def _logo_night() -> tuple[Any, ...]:
    """A rendered night of a set with a maker's logo on the 6, which the network reads as 1s."""
    from models.render.odd_night import draw_odd_night

    return tuple(draw_odd_night("logo6", LOGO_SEED, 11, (1280, 720)).photos)


def _read_labelled(desk: TableDesk, scene: Any) -> tuple[list[LabelledBox], list[Die], Any]:
    labels = [LabelledBox(d.box_xyxy, d.pips) for d in scene.visible_dice]
    read = list(desk._reader.read(scene.image_bgr).dice)
    return labels, read, match_image(labels, read, "centre")


def _as_labelled(desk: TableDesk, photo: int, night: tuple[Any, ...] | None = None) -> list[Die]:
    """The photo's dice as read, each given its true value as players confirming it would."""
    labels, read, match = _read_labelled(desk, (night or _logo_night())[photo])
    return [read[p].corrected(pips=labels[k].pips) for k, p in match.pairs]


def _sixes(desk: TableDesk, photo: int) -> list[int]:
    """What the dice labelled 6 in a photo are read as."""
    labels, read, match = _read_labelled(desk, _logo_night()[photo])
    return [read[p].pips for k, p in match.pairs if labels[k].pips == 6]


def test_logo_sixes_confirmed_are_read_as_six_on_later_rolls_and_after_a_restart(
    tmp_path: Path,
) -> None:
    desk = _desk(tmp_path)
    assert _sixes(desk, 10) == [1, 1], "the network reads this night's logo 6 as a 1"
    desk.learn_roll(_as_labelled(desk, 2))  # its yellow logo 6 confirmed as a 6
    # One example already turns one of the two later ones (the other, smaller in the frame,
    # is read 1 at -0.4 against 6 at -3.6 and the table's +2.8 falls short of that).
    assert sorted(_sixes(desk, 10)) == [1, 6]
    desk.learn_roll(_as_labelled(desk, 7))  # two more, one of them red
    assert _sixes(desk, 10) == [6, 6]
    assert _sixes(_desk(tmp_path), 10) == [6, 6]


NUMERALS_SEED = 4302  # the numerals night of `python -m models.render.odd_night OUT --all`


@cache
def _numeral_night() -> tuple[Any, ...]:
    """A rendered night of a set with the digits 1 to 6 for faces: the network reads few of them
    right, and the marks network never saw a digit."""
    from models.render.odd_night import draw_odd_night

    return tuple(draw_odd_night("numerals", NUMERALS_SEED, 10, (1280, 720)).photos)


def _read_right(desk: TableDesk, photos: range) -> int:
    """How many of the labelled dice in these photos are found with their value right."""
    right = 0
    for photo in photos:
        labels, read, match = _read_labelled(desk, _numeral_night()[photo])
        right += sum(read[p].pips == labels[k].pips for k, p in match.pairs)
    return right


def test_numeral_faces_confirmed_are_read_by_their_marks_on_later_rolls_and_after_a_restart(
    tmp_path: Path,
) -> None:
    desk = _desk(tmp_path)
    later = range(6, 10)
    dice = sum(len(_numeral_night()[p].visible_dice) for p in later)
    cold = _read_right(desk, later)
    for photo in range(6):
        desk.learn_roll(_as_labelled(desk, photo, _numeral_night()))
    memory = desk._reader.memory
    assert memory is not None and memory.marks_head is not None
    learnt = _read_right(desk, later)
    assert cold <= dice // 3 < dice * 2 // 3 <= learnt, (cold, learnt, dice)
    assert _read_right(_desk(tmp_path), later) == learnt
