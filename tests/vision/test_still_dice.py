"""Reading only what changed (`vision.still_dice`): which candidates are read again, frame after
frame, on a picture with sensor noise, a die turned, a die in doubt and a new table memory."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from vision.finder import Candidate
from vision.still_dice import (
    CHANGED_SHARE,
    DOUBT_EVERY,
    Unchanged,
    changed_shares,
    read_changed,
    small,
)
from vision.types import Colour, Die

BOXES = [(40.0, 40.0, 100.0, 100.0), (200.0, 60.0, 260.0, 120.0), (120.0, 160.0, 180.0, 220.0)]
BOX_INT = [(int(a), int(b), int(c), int(d)) for a, b, c, d in BOXES]
FOUND = [Candidate(b, 0.9) for b in BOXES]


def table(seed: int = 0, noise: float = 2.0) -> np.ndarray:
    """A textured table with three dice-sized squares, and a webcam's noise."""
    rng = np.random.default_rng(seed)
    frame = np.full((240, 320, 3), 70, np.float32)
    frame[::8] += 20  # the table's weave
    for x1, y1, x2, y2 in BOXES:
        frame[int(y1) : int(y2), int(x1) : int(x2)] = (40, 40, 200)
    frame += rng.normal(0.0, noise, frame.shape)
    return np.clip(frame, 0, 255).astype(np.uint8)


class Reads:
    """A stand-in for the reader: each candidate read is a die; remembers what it was asked."""

    def __init__(self, unsure: Sequence[int] = ()) -> None:
        self.calls: list[tuple[list[int], int]] = []
        self.doubted: list[list[bool]] = []
        self.unsure = unsure

    def __call__(
        self, found: Sequence[Candidate], held: Sequence[np.ndarray], doubted: Sequence[bool]
    ) -> tuple[list[tuple[Die, ...]], np.ndarray]:
        index = [BOXES.index(c.box_xyxy) for c in found]
        self.calls.append((index, len(held)))
        self.doubted.append(list(doubted))
        dice: list[tuple[Die, ...]] = [
            (Die(Colour.RED, i + 1, 0.9, BOX_INT[i], unsure=i in self.unsure),) for i in index
        ]
        return dice, np.zeros((len(found), 48, 48, 3), np.uint8)


def frames(
    reads: Reads, pictures: Sequence[np.ndarray], memory: Sequence[object] = ()
) -> list[int]:
    before: Unchanged | None = None
    counts = []
    for k, picture in enumerate(pictures):
        asked = len(reads.calls)
        dice, before = read_changed(picture, FOUND, before, memory[k] if memory else None, reads)
        assert sorted(d.pips for d in dice) == [1, 2, 3]
        counts.append(sum(len(index) for index, _ in reads.calls[asked:]))
    return counts


def test_a_still_table_is_read_once_and_its_crops_light_the_later_reads() -> None:
    reads = Reads()
    pictures = [table(seed) for seed in range(4)]
    assert frames(reads, pictures) == [3, 0, 0, 0]
    assert len(reads.calls) == 1


def test_a_die_turned_is_read_again_alone_with_the_others_crops_in_the_light_cue() -> None:
    reads = Reads()
    turned = table(1)
    turned[70:90, 210:250] = 255  # white pips where there were none
    assert frames(reads, [table(0), turned, table(2)]) == [3, 1, 1]
    assert reads.calls[1] == ([1], 2)
    # Read on the turned face, the die is compared with that face next: turned back, it is
    # read again, and the others still are not.
    assert reads.calls[2] == ([1], 2)


def test_dice_in_doubt_are_looked_at_again_by_turns() -> None:
    reads = Reads(unsure=(0, 2))
    counts = frames(reads, [table(seed) for seed in range(1 + 2 * DOUBT_EVERY)])
    assert counts[0] == 3
    # Each of the two once every DOUBT_EVERY frames, never both in one frame; the sure die never.
    assert max(counts[1:]) == 1
    looked = [i for index, _ in reads.calls[1:] for i in index]
    assert sorted(looked) == [0, 0, 2, 2]
    # Told they were in doubt before, so the reader may read them at four turns at once.
    assert reads.doubted == [[False] * 3] + [[True]] * 4


def test_a_new_table_memory_reads_everything_anew() -> None:
    reads = Reads()
    pictures = [table(seed) for seed in range(3)]
    learned, more = object(), object()
    frames(reads, pictures, memory=(learned, learned, more))
    assert [call[0] for call in reads.calls] == [[0, 1, 2], [0, 1, 2]]


@pytest.mark.parametrize("noise", [0.0, 2.0, 3.0])
def test_sensor_noise_changes_no_box(noise: float) -> None:
    shares = changed_shares(small(table(0, noise)), small(table(1, noise)), BOXES)
    assert max(shares) <= CHANGED_SHARE


def test_a_frame_of_another_size_is_read_in_full() -> None:
    reads = Reads()
    first = table(0)
    bigger = np.zeros((480, 640, 3), np.uint8)
    bigger[:240, :320] = first
    frames(reads, [first, bigger])
    assert [call[0] for call in reads.calls] == [[0, 1, 2], [0, 1, 2]]
