"""The shipped reader frame after frame (`ModelReader.read_changed`): a still table is read as
`read` reads it, and only its first frame is cropped and classified in full; a die covered up
is read again, alone."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from vision.images import load_image
from vision.reader import ModelReader, StageTimes, load_default_reader
from vision.still_dice import Unchanged
from vision.types import DiceReading

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rendered"


@cache
def reader() -> ModelReader:
    return load_default_reader()


@cache
def picture() -> npt.NDArray[np.uint8]:
    return load_image(sorted((FIXTURES / "images").glob("*"))[0])


def values(reading: DiceReading) -> list[tuple[str, int, bool]]:
    return sorted((d.colour.value, d.pips, d.unsure) for d in reading)


class Counting:
    """The reader's classifier, counting the crops it is given."""

    def __init__(self, model: object) -> None:
        self.model = model
        self.crops: list[int] = []
        self.output_names = model.output_names  # type: ignore[attr-defined]

    def run(self, *inputs: npt.NDArray[np.float32]) -> list[npt.NDArray[np.float32]]:
        self.crops.append(len(inputs[0]))
        return self.model.run(*inputs)  # type: ignore[attr-defined,no-any-return]


def test_a_still_table_reads_as_read_does_and_crops_only_its_first_frame() -> None:
    shipped = reader()
    rng = np.random.default_rng(3)
    frames = [
        np.clip(picture() + rng.normal(0, 2, picture().shape), 0, 255).astype(np.uint8)
        for _ in range(3)
    ]
    counted = Counting(shipped._classifier)
    watched = ModelReader(shipped._finder, counted, shipped.config)  # type: ignore[arg-type]
    before: Unchanged | None = None
    readings, cropped = [], []
    for frame in frames:
        asked = len(counted.crops)
        reading, before = watched.read_changed(frame, before)
        readings.append(reading)
        cropped.append(sum(counted.crops[asked:]))
    first = shipped.read(frames[0])
    assert len(first) >= 8
    assert [values(r) for r in readings] == [values(first)] * 3
    # After the first frame only dice read with doubt (each at four turns) are read again, and
    # now and then a faint candidate the finder boxes anew.
    unsure = sum(d.unsure for d in first)
    assert cropped[0] >= len(first)
    assert all(n <= 4 * unsure + 2 for n in cropped[1:])


def test_a_die_covered_up_is_read_again_alone() -> None:
    shipped = reader()
    frame = picture().copy()
    first, before = shipped.read_changed(frame, None)
    sure = [d for d in first if not d.unsure]
    x1, y1, x2, y2 = sure[0].box_xyxy
    frame[y1:y2, x1:x2] = frame[0, 0]  # the table's colour over the die
    second, after = shipped.read_changed(frame, before)
    assert len(second) == len(first) - 1
    assert values(second) == values(shipped.read(frame))
    assert len(after.kept) >= len(first) - 1


def test_a_second_look_read_ahead_with_the_first_reads_the_same_in_one_batch() -> None:
    shipped = reader()
    frame = picture()
    found = shipped.candidates(frame)
    counted = Counting(shipped._classifier)
    # Bars so high that nearly every die is read with doubt, so looked at again.
    doubting = replace(shipped.config, unsure_below=0.999, colour_unsure_below=0.999)
    watched = ModelReader(shipped._finder, counted, doubting)  # type: ignore[arg-type]
    apart, _ = watched._read_each(frame, found, None, StageTimes())
    calls = len(counted.crops)
    assert calls == 2 and counted.crops[1] >= 3 * 3
    ahead, _ = watched._read_each(frame, found, None, StageTimes(), (), [True] * len(found))
    assert len(counted.crops) - calls == 1
    assert counted.crops[-1] == 4 * len(found)
    assert [[(d.colour, d.pips, d.unsure) for d in dice] for dice in ahead] == [
        [(d.colour, d.pips, d.unsure) for d in dice] for dice in apart
    ]
    confidences = [d.confidence for dice in ahead for d in dice]
    assert confidences == pytest.approx([d.confidence for dice in apart for d in dice], abs=1e-5)
