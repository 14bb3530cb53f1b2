"""Which faint or turned-down candidates a table's memory vouches for (`ModelReader._vouched`,
`_vouched_again`)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision import memory as mem
from vision.faces import pack
from vision.finder import Candidate
from vision.marks import MarksHead
from vision.reader import (
    FACE_FEATURES,
    ModelReader,
    ReaderConfig,
    _not_a_die_bars,
    _Vouching,
)
from vision.table_look import TableLook
from vision.types import Colour

SIDE = 40.0
FEATURES = 32 * 36
RNG = np.random.default_rng(7)
# The confirmed faces use the first 16 channels, the probe's "far" features the other 16: not
# alike at all, so only the network's own reading can vouch for the probe.
TAUGHT = np.zeros((6, FEATURES), np.float32)
TAUGHT[:, : FEATURES // 2] = RNG.random((6, FEATURES // 2), np.float32)
FAR = np.zeros(FEATURES, np.float32)
FAR[FEATURES // 2 :] = 1.0
EMBEDDING = RNG.standard_normal(64).astype(np.float32)


class Outputs:
    """A stand-in classifier's output names, as `_vouched` looks them up."""

    output_names = ("pips", "colour", "embedding", FACE_FEATURES)


def _stack(n: int) -> np.ndarray:
    crop = np.zeros((n, 48, 48, 3), np.uint8)
    crop[..., 2] = 200  # a red die
    return crop


def _memory() -> mem.TableMemory:
    sig = tuple(mem.signatures(EMBEDDING[None], _stack(1))[0].tolist())
    faces = pack(TAUGHT, np.full((6, 6), 1 / 6, np.float32))
    taught = [mem.Confirmed(sig, Colour.RED, v + 1, faces[v].tobytes(), SIDE) for v in range(6)]
    return mem.TableMemory.of(taught)


FRAME_HW = (480, 640)


def _box(x: float, side: float) -> tuple[float, float, float, float]:
    return (x, 100.0, x + side, 100.0 + side)


@pytest.mark.parametrize(
    ("probe", "not_die", "face", "beside", "vouched"),
    [
        (Candidate(_box(0, SIDE), 0.2), 0.01, FAR, None, True),  # the network reads a die
        (Candidate(_box(0, SIDE), 0.2), 0.2, FAR, None, False),  # ... doubts: the face decides
        (Candidate(_box(0, SIDE), 0.2), 0.9, TAUGHT[2], None, True),  # a face the table knows
        (Candidate(_box(0, SIDE * 3), 0.2), 0.01, FAR, None, False),  # not the table's size
        (Candidate(_box(0, SIDE / 3), 0.2), 0.01, FAR, None, False),
        # Never where the network keeps a die of its own: the two would share one die.
        (Candidate(_box(0, SIDE), 0.2), 0.01, FAR, Candidate(_box(10, SIDE), 0.9), False),
        (Candidate(_box(0, SIDE), 0.2), 0.9, TAUGHT[2], Candidate(_box(10, SIDE), 0.9), False),
        (Candidate(_box(0, SIDE), 0.2), 0.01, FAR, Candidate(_box(100, SIDE), 0.9), True),
        # A die cut by the frame's edge: the players do not count it, nor does the table.
        (Candidate(_box(-SIDE / 2, SIDE), 0.2), 0.01, FAR, None, False),
        (Candidate(_box(640 - SIDE / 2, SIDE), 0.2), 0.9, TAUGHT[2], None, False),
        (Candidate(_box(640 - SIDE * 0.95, SIDE), 0.2), 0.01, FAR, None, True),  # barely
        # The finder's box stops at the frame's edge: the table's die size tells the cut.
        (Candidate((640 - SIDE * 0.6, 100.0, 640.0, 100.0 + SIDE), 0.2), 0.01, FAR, None, False),
        (Candidate((0.0, 100.0, SIDE * 0.6, 100.0 + SIDE), 0.2), 0.9, TAUGHT[2], None, False),
        (Candidate((640 - SIDE * 0.9, 100.0, 640.0, 100.0 + SIDE), 0.2), 0.01, FAR, None, True),
    ],
)
def test_the_table_vouches_for_a_faint_find(
    probe: Candidate,
    not_die: float,
    face: np.ndarray,
    beside: Candidate | None,
    vouched: bool,
) -> None:
    found = [probe] if beside is None else [probe, beside]
    n = len(found)
    reader = ModelReader(Outputs(), Outputs(), ReaderConfig())  # type: ignore[arg-type]
    pips = np.tile(np.array([[not_die, 1 - not_die, 0, 0, 0, 0, 0]], np.float32), (n, 1))
    pips[1:, 0] = 0.01  # the network's own die, sure
    outputs = [
        pips,
        np.tile(np.eye(9, dtype=np.float32)[0], (n, 1)),
        np.tile(EMBEDDING, (n, 1)),
        np.stack([face] + [TAUGHT[0]] * (n - 1)),
    ]
    bars = _not_a_die_bars(found, reader.config)
    memory = _memory()
    look = TableLook(memory, outputs[2], _stack(n), outputs[3], reader.config.face_memory)
    at = _Vouching(look, memory, found, FRAME_HW, np.zeros((n, 3, 48, 48), np.float32))
    got, new_bars = reader._vouched(at, outputs[0], bars)
    assert bool(got[0]) == vouched
    assert (new_bars[0] == reader.config.not_a_die) == vouched  # a faint find left alone goes


class MarksOf:
    """A stand-in marks network: every crop signs the marks it was made with."""

    def __init__(self, marks: np.ndarray) -> None:
        self.marks_out = marks

    def marks(self, batch: np.ndarray) -> np.ndarray:
        return np.tile(self.marks_out, (len(batch), 1))


MARKS = np.eye(6, 64, dtype=np.float32)  # each value's confirmed face signs its own marks


def _reading_by_marks() -> mem.TableMemory:
    """`_memory`, reading its faces by their marks (`vision.marks.MarksHead`)."""
    head = MarksHead.fit(MARKS, [1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 1])
    return replace(_memory(), marks_head=head)


@pytest.mark.parametrize(
    ("by_marks", "marks", "beside_x", "vouched"),
    [
        (True, MARKS[2], None, True),  # a face the table knows by its marks
        (False, MARKS[2], None, False),  # ... not at a table that reads by pip features
        (True, -MARKS[2], None, False),  # marks unlike every confirmed face
        # A box a quarter over the network's own die may sign that die's marks.
        (True, MARKS[2], SIDE * 0.75, False),
        (True, MARKS[2], SIDE * 0.95, True),
    ],
)
def test_a_table_reading_by_marks_vouches_by_them(
    by_marks: bool, marks: np.ndarray, beside_x: float | None, vouched: bool
) -> None:
    found = [Candidate(_box(0, SIDE), 0.2)]
    if beside_x is not None:
        found.append(Candidate(_box(beside_x, SIDE), 0.9))
    n = len(found)
    reader = ModelReader(Outputs(), Outputs(), ReaderConfig(), marker=MarksOf(marks))  # type: ignore[arg-type]
    pips = np.tile(np.array([[0.9, 0.1, 0, 0, 0, 0, 0]], np.float32), (n, 1))
    pips[1:, 0] = 0.01
    outputs = [
        pips,
        np.tile(np.eye(9, dtype=np.float32)[0], (n, 1)),
        np.tile(EMBEDDING, (n, 1)),
        np.stack([FAR] + [TAUGHT[0]] * (n - 1)),
    ]
    memory = _reading_by_marks() if by_marks else _memory()
    look = TableLook(memory, outputs[2], _stack(n), outputs[3], reader.config.face_memory)
    bars = _not_a_die_bars(found, reader.config)
    at = _Vouching(look, memory, found, FRAME_HW, np.zeros((n, 3, 48, 48), np.float32))
    got, _ = reader._vouched(at, outputs[0], bars)
    assert bool(got[0]) == vouched


@pytest.mark.parametrize(
    ("first", "second", "face", "vouched"),
    [
        (0.1, 0.7, TAUGHT[2], True),  # dropped at the second look, a face the table knows
        (0.1, 0.7, FAR, False),  # ... a face unlike every confirmed one
        (0.1, 0.3, FAR, False),  # kept at both looks: the network's own, not the table's
        (0.7, 0.7, TAUGHT[2], False),  # asked at the first look already
    ],
)
def test_the_table_vouches_for_a_die_the_second_look_drops(
    first: float, second: float, face: np.ndarray, vouched: bool
) -> None:
    found = [Candidate(_box(0, SIDE), 0.9)]
    reader = ModelReader(Outputs(), Outputs(), ReaderConfig())  # type: ignore[arg-type]
    one, two = (np.array([[p, 1 - p, 0, 0, 0, 0, 0]], np.float32) for p in (first, second))
    memory = _memory()
    look = TableLook(memory, EMBEDDING[None], _stack(1), face[None], reader.config.face_memory)
    bars = _not_a_die_bars(found, reader.config)
    at = _Vouching(look, memory, found, FRAME_HW, np.zeros((1, 3, 48, 48), np.float32))
    got = reader._vouched_again(at, (one, two), bars, np.zeros(1, bool))
    assert bool(got[0]) == vouched
