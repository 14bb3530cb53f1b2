"""The live path's cost at a rendered table, held still and tumbling (`dicetable bench --live
--dice N`): each table on its own pipeline, after its warm-up frames."""

from __future__ import annotations

import numpy as np
import pytest

from vision.benchmark.table import WARMUP, TableBench, TableCost, bench_table, noisy
from vision.types import DiceReading


class CountingReader:
    name = "counting"

    def __init__(self) -> None:
        self.frames = 0

    def read(self, frame_bgr: np.ndarray) -> DiceReading:
        self.frames += 1
        return DiceReading.empty()


def test_each_table_is_timed_on_its_own_reader_after_its_warm_up() -> None:
    readers: list[CountingReader] = []

    def make() -> CountingReader:
        readers.append(CountingReader())
        return readers[-1]

    scene = np.full((48, 64, 3), 90, np.uint8)
    result = bench_table(make, [scene] * 3, [scene] * 4, dice=0)
    assert [r.frames for r in readers] == [3 + WARMUP] * 3
    assert [len(c.ms) for c in result.costs] == [3, 3, 3]
    assert result.lines()[0].startswith("live path at a table of 0 dice: 3 frames of 64x48 each")


def test_the_lines_give_each_table_and_the_still_tables_ratios() -> None:
    costs = (
        TableCost("still", (10.0, 10.0), 36.0),
        TableCost("still, read in full", (40.0,), 36.0),
        TableCost("tumbling", (50.0,), 35.0),
    )
    assert TableBench(2, (1280, 720), 36, costs).lines()[1:] == [
        "table                 mean ms   p95 ms      fps     dice",
        "still                   10.00    10.00    100.0     36.0",
        "still, read in full     40.00    40.00     25.0     36.0",
        "tumbling                50.00    50.00     20.0     35.0",
        "still / still, read in full: 0.25",
        "still / tumbling: 0.20",
    ]


def test_a_still_frame_is_the_scene_with_fresh_noise() -> None:
    scene = np.full((20, 20, 3), 128, np.uint8)
    rng = np.random.default_rng(1)
    a, b = noisy(scene, rng), noisy(scene, rng)
    assert not np.array_equal(a, b)
    assert abs(float(a.mean()) - 128.0) < 1.0
    assert float(np.abs(a.astype(int) - 128).mean()) == pytest.approx(1.6, abs=0.4)
