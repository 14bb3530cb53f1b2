"""A face's marks (issue 43): what its top face shows, as a small network of its own signs it.

The reader's pip features count round pips; a family's numerals, logos or tiny pips are not told
apart in them (model card, "Sixth session"). The marks network (`models/face_marks.onnx`, trained
by `models.training.signature`) was taught only to place crops of the same mark together and
different marks apart, on dice whose faces carry letters, signs, stars, logos and pips; it never
saw a digit. Where the network misread some of a table's confirmed faces and their marks tell
them apart better than the pip features do (`vision.faces.agreement`), the table reads its faces'
values by their marks (`MarksHead`): a die's value is the value of the confirmed faces its marks
are nearest, by the margin between the values' nearest faces, as the colour memory weighs
colours. The pip-feature head (`vision.faces`) still says which faces are like things removed.

It costs a network run a frame, so a table signs marks only while it learns: until it holds
`LEARNING_FACES` confirmed faces, and for good where the network misread one of them (its dice
are not the ones the network knows). A table whose every confirmed face the network read right
stops signing marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from vision import blas
from vision.faces import agreement, unit_rows
from vision.onnx_model import OnnxModel

Floats = npt.NDArray[np.float32]
MARKS_FILE = "face_marks.onnx"
MARKS_SIZE = 64
# Confirmed faces a table signs marks for before it knows whether the network reads its dice:
# about six rolls of six dice, registering's "every face once" and a few more.
LEARNING_FACES = 36
VALUES = 6


@dataclass(frozen=True, slots=True)
class MarksSettings:
    # A face whose marks are less alike than this (cosine) to every confirmed face's gets no
    # evidence: it keeps the network's reading and its doubt. The same mark on two dice is 0.5
    # to 0.95 alike, two marks 0 to 0.5.
    far: float = 0.5
    # A value whose nearest confirmed face is this much less alike than the nearest of all
    # loses a nat: nearly the nearest face's value, as nearest neighbours read best on the
    # numeral nights (71% and 86% of later faces; a softmax head on the marks 68% and 81%).
    step: float = 0.02
    bound: float = 24.0
    # The newest confirmed faces of each value a face is measured against.
    per_value: int = 40
    # Marks read a table's faces only where they tell its confirmed faces apart better than
    # the pip features by at least this share: on real pip dice the pip features, trained on
    # real photos, know pips better.
    ahead: float = 0.05
    # The newest confirmed faces that comparison is made on.
    compared: int = 240


class Marker:
    """The marks network: the reader's crops (n, 3, 48, 48, BGR 0..1) to unit marks (n, 64)."""

    def __init__(self, model: OnnxModel) -> None:
        self._model = model

    def marks(self, batch: Floats) -> Floats:
        if len(batch) == 0:
            return np.zeros((0, MARKS_SIZE), np.float32)
        return np.asarray(self._model.run(np.ascontiguousarray(batch, np.float32))[0], np.float32)


@dataclass(frozen=True)
class MarksHead:
    """A table's confirmed faces by their marks: the newest of each value, grouped by value."""

    columns: Floats  # (MARKS_SIZE, m) unit marks, grouped by value ascending
    starts: npt.NDArray[np.int64]  # the first column of each shown value
    shown: npt.NDArray[np.int64]  # the values (1..6) shown, ascending
    # The values the head knows of: those shown, and those the network read confirmed dice as.
    known: tuple[int, ...]

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.shown)

    @classmethod
    def fit(
        cls,
        marks: Floats,
        values: Sequence[int],
        read_as: Sequence[int],
        settings: MarksSettings = MarksSettings(),
    ) -> MarksHead | None:
        """The head for confirmed faces' marks (n, d), their values and what the network read
        them as; None where they show fewer than two values."""
        y = np.asarray(values, np.int64)
        keep = np.sort(
            np.concatenate([np.flatnonzero(y == v)[-settings.per_value :] for v in range(1, 7)])
        )
        order = keep[np.argsort(y[keep], kind="stable")]
        shown, starts = np.unique(y[order], return_index=True)
        if shown.size < 2:
            return None
        columns = np.ascontiguousarray(unit_rows(np.asarray(marks, np.float32)[order]).T)
        known = tuple(int(v) for v in np.union1d(shown, np.asarray(read_as, np.int64)))
        return cls(columns, starts.astype(np.int64), shown, known)

    def weigh(
        self, marks: Floats, settings: MarksSettings = MarksSettings()
    ) -> tuple[Floats, Floats]:
        """(n,) each face's nearness to the nearest confirmed face, and (n, 6) log-odds to add
        to the network's: for each shown value, how much less alike its nearest face is than
        the nearest of all, in `settings.step`s (less their mean); 0 for values never shown and
        for faces unlike every confirmed one."""
        n = len(marks)
        out = np.zeros((n, VALUES), np.float32)
        if n == 0:
            return np.zeros(0, np.float32), out
        alike = blas.matmul(unit_rows(np.asarray(marks, np.float32)), self.columns)
        by_value = np.maximum.reduceat(alike, self.starts, axis=1)
        nearness = np.asarray(by_value.max(axis=1), np.float32)
        near = nearness >= settings.far
        said = (by_value[near] - nearness[near, None]) / np.float32(settings.step)
        said = np.clip(said - said.mean(axis=1, keepdims=True), -settings.bound, settings.bound)
        rows = np.zeros((int(near.sum()), VALUES), np.float32)
        rows[:, self.shown - 1] = said
        out[near] = rows
        return nearness, out


def read_better(
    marks: Floats, looks: Floats, values: Sequence[int], settings: MarksSettings
) -> bool:
    """Whether confirmed faces' marks tell their values apart better than their pip features'
    `looks` (unit rows, `vision.faces.looks`), by `settings.ahead`."""
    return agreement(unit_rows(marks), values) >= agreement(looks, values) + settings.ahead


def misread(face: bytes, value: int) -> bool:
    """Whether the network read a confirmed face (`vision.faces.pack`ed bytes) as another value
    than the players gave it."""
    logp = np.frombuffer(face, np.float32)[-VALUES:]
    return int(np.argmax(logp)) + 1 != value


def wanted(faces: Sequence[tuple[bytes, int]]) -> bool:
    """Whether a table with these confirmed faces (`pack`ed bytes, value) signs its dice' marks:
    while it holds fewer than `LEARNING_FACES`, or where the network misread any of them."""
    return len(faces) < LEARNING_FACES or any(misread(face, value) for face, value in faces)
