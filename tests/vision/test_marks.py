"""When a table signs its dice' marks (`vision.marks.wanted`): while it learns, and for good where
the network misread a face the players confirmed."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision.faces import combine_faces, pack
from vision.marks import LEARNING_FACES, MarksHead, MarksSettings, misread, wanted
from vision.memory import Confirmed, TableMemory
from vision.types import Colour


def _face(read_as: int) -> bytes:
    p = np.full(6, 0.01, np.float32)
    p[read_as - 1] = 0.95
    return bytes(pack(np.ones((1, 4), np.float32), p[None, :])[0].tobytes())


@pytest.mark.parametrize(
    ("read_as", "value", "wrong"),
    [(3, 3, False), (3, 6, True), (1, 1, False), (2, 5, True)],
)
def test_a_face_is_misread_where_the_network_favoured_another_value(
    read_as: int, value: int, wrong: bool
) -> None:
    assert misread(_face(read_as), value) is wrong


@pytest.mark.parametrize(
    ("right", "wrong", "wants"),
    [
        (0, 0, True),  # a new table learns
        (LEARNING_FACES - 1, 0, True),
        (LEARNING_FACES, 0, False),  # the network reads every face it was shown
        (LEARNING_FACES * 3, 1, True),  # one misread face: its dice are not the network's
        (2, 1, True),
    ],
)
def test_a_table_signs_marks_while_it_learns_and_where_the_network_misread_a_face(
    right: int, wrong: int, wants: bool
) -> None:
    faces = [(_face(2), 2)] * right + [(_face(2), 6)] * wrong
    assert wanted(faces) is wants


def _confirmed(value: int, read_as: int, look: int, mark: int) -> Confirmed:
    """A die the players said shows `value`, the network read as `read_as`; pip features of
    `look` (0 or 1) and marks of `mark`."""
    features = np.linspace(0.1, 1.0, 36, dtype=np.float32)[None, :] ** (1 + 3 * look)
    p = np.full(6, 0.02, np.float32)
    p[read_as - 1] = 0.9
    face = bytes(pack(features, p[None, :])[0].tobytes())
    marks = np.eye(4, dtype=np.float32)[mark].tobytes()
    return Confirmed((1.0, 0.0), Colour.RED, value, face, 40.0, marks)


@pytest.mark.parametrize(
    ("dice", "by_marks"),
    [
        # numerals the network reads all as 3s: only their marks tell a 1 from a 6
        ([(1, 3, 0, 0), (1, 3, 1, 0), (6, 3, 0, 1), (6, 3, 1, 1)], True),
        # the network reads every face right: its own reading stands, no marks head
        ([(1, 1, 0, 0), (1, 1, 1, 0), (6, 6, 0, 1), (6, 6, 1, 1)], False),
        # a misread 6, but the pip features tell the faces apart as well as the marks
        ([(1, 1, 0, 0), (1, 1, 0, 0), (6, 5, 1, 1), (6, 6, 1, 1)], False),
    ],
)
def test_a_table_reads_faces_by_marks_only_where_the_network_misread_and_marks_tell_better(
    dice: list[tuple[int, int, int, int]], by_marks: bool
) -> None:
    memory = TableMemory.of([_confirmed(*d) for d in dice])
    assert (memory.marks_head is not None) is by_marks
    assert memory.faces is not None  # the pip head stays: it says what is like a removed thing


def test_a_table_without_marks_keeps_its_pip_head() -> None:
    dice = [
        replace(_confirmed(v, 3, k % 2, v // 6), marks=None) for k, v in enumerate([1, 1, 6, 6])
    ]
    memory = TableMemory.of(dice)
    assert memory.marks_head is None and memory.faces is not None


def _unit(k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    row = np.full(8, 0.05, np.float32)
    row[k] = 1.0
    return np.abs(row + rng.normal(0, 0.05, 8)).astype(np.float32)


def test_a_face_reads_as_the_value_of_the_confirmed_faces_its_marks_are_nearest() -> None:
    # Numerals the network reads all as 3s; their marks (0, 1, 2) tell the 1, 2 and 3 apart.
    head = MarksHead.fit(
        np.stack([_unit(k, i) for i, k in enumerate([0, 0, 1, 1, 2, 2])]),
        [1, 1, 2, 2, 3, 3],
        [3] * 6,
    )
    assert head is not None and head.values == (1, 2, 3)
    pips_p = np.tile(
        np.concatenate(
            [
                [0.0],
                np.full(6, 0.02),
            ]
        )[None, :],
        (3, 1),
    )
    pips_p[:, 3] = 0.9
    _, evidence = head.weigh(np.stack([_unit(k, 50 + k) for k in (0, 1, 2)]))
    told = combine_faces(pips_p.astype(np.float32), evidence, head.known)
    assert [int(v) + 1 for v in told[:, 1:].argmax(axis=1)] == [1, 2, 3]
    assert np.all(evidence[:, 3:] == 0)  # 4, 5 and 6 were never shown


def test_marks_unlike_every_confirmed_face_get_no_evidence() -> None:
    head = MarksHead.fit(np.stack([_unit(k, i) for i, k in enumerate([0, 1])]), [1, 2], [3, 3])
    assert head is not None
    nearness, evidence = head.weigh(_unit(7, 9)[None, :])
    assert nearness[0] < MarksSettings().far and np.all(evidence == 0)


def test_one_value_alone_fits_no_marks_head() -> None:
    assert MarksHead.fit(np.stack([_unit(0, 1), _unit(0, 2)]), [4, 4], [3, 3]) is None
