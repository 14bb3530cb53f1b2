from __future__ import annotations

import numpy as np
import pytest

from tests.vision.test_baseline_drawing import (
    BLACK,
    BLUE,
    FELT,
    GREEN,
    GREY_TABLE,
    ORANGE,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    DrawnDie,
    draw_scene,
)
from vision.baseline import BaselineReader, read_baseline
from vision.baseline.colour import classify_hsv, grey_world_gains, median_hsv
from vision.baseline.groups import FACES, layout_error
from vision.baseline.pips import Pip
from vision.datasets import LabelledBox
from vision.metrics import match_image
from vision.reading_protocol import Reader
from vision.types import Colour

WHITE_DICE = [
    DrawnDie((70 + 75 * i, 90 if i % 2 else 210), 56, i + 1, WHITE, BLACK, 15 * i) for i in range(6)
]
COLOURED = [
    (DrawnDie((70, 230), 56, 6, RED, WHITE, 0), Colour.RED),
    (DrawnDie((145, 100), 56, 5, GREEN, WHITE, 10), Colour.GREEN),
    (DrawnDie((220, 230), 56, 4, BLUE, WHITE, 20), Colour.BLUE),
    (DrawnDie((295, 100), 56, 3, BLACK, WHITE, 30), Colour.BLACK),
    (DrawnDie((370, 230), 56, 2, PURPLE, WHITE, 40), Colour.PURPLE),
    (DrawnDie((445, 100), 56, 1, ORANGE, WHITE, 50), Colour.ORANGE),
]
SMALL = [
    DrawnDie((40 + 50 * i, 60 + (i % 3) * 90), 30, i % 6 + 1, WHITE, BLACK, 7 * i) for i in range(8)
]
YELLOW_DICE = [
    DrawnDie((100, 100), 60, 4, YELLOW, BLACK, 20),
    DrawnDie((300, 200), 60, 2, YELLOW, BLACK, 0),
    DrawnDie((200, 290), 50, 6, WHITE, RED, 40),
]


@pytest.mark.parametrize(
    ("dice", "colours", "table"),
    [
        (WHITE_DICE, [Colour.WHITE] * 6, FELT),
        (WHITE_DICE, [Colour.WHITE] * 6, GREY_TABLE),
        ([d for d, _ in COLOURED], [c for _, c in COLOURED], GREY_TABLE),
        (SMALL, [Colour.WHITE] * len(SMALL), FELT),
        (YELLOW_DICE, [Colour.YELLOW, Colour.YELLOW, Colour.WHITE], FELT),
    ],
    ids=["white-on-felt", "white-on-grey", "coloured-light-pips", "small", "yellow-and-red-pips"],
)
def test_reads_clean_dice_exactly(
    dice: list[DrawnDie], colours: list[Colour], table: tuple[int, int, int]
) -> None:
    reading = read_baseline(draw_scene(dice, table))
    labels = [LabelledBox(d.box_xyxy(), d.pips, c) for d, c in zip(dice, colours, strict=True)]
    match = match_image(labels, reading.dice, "iou")
    assert (match.missed, match.extra) == ((), ())
    for li, pi in match.pairs:
        die = reading.dice[pi]
        assert (die.pips, die.colour) == (labels[li].pips, labels[li].colour)
        assert not die.unsure


@pytest.mark.parametrize("table", [FELT, GREY_TABLE, (250, 250, 250), (20, 20, 20)])
def test_empty_table_reads_nothing(table: tuple[int, int, int]) -> None:
    assert len(read_baseline(draw_scene([], table))) == 0


def test_noise_alone_makes_few_dice() -> None:
    rng = np.random.default_rng(7)
    frame = rng.integers(90, 160, size=(360, 480, 3), dtype=np.uint8)
    assert len(read_baseline(frame)) <= 2


@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((40, 40), dtype=np.uint8),
        np.zeros((40, 40, 4), dtype=np.uint8),
        np.zeros((40, 40, 3), dtype=np.float32),
    ],
    ids=["grey", "bgra", "float"],
)
def test_rejects_frames_that_are_not_bgr_bytes(frame: np.ndarray) -> None:
    with pytest.raises(ValueError, match="frame_bgr must be H x W x 3 uint8"):
        read_baseline(frame)


def test_reader_satisfies_the_protocol() -> None:
    reader = BaselineReader()
    assert isinstance(reader, Reader)
    assert reader.name == "baseline"
    assert len(reader.read(draw_scene(WHITE_DICE))) == 6


@pytest.mark.parametrize(
    ("hsv", "colour"),
    [
        ((0.0, 200.0, 200.0), Colour.RED),
        ((175.0, 200.0, 200.0), Colour.RED),
        ((12.0, 220.0, 230.0), Colour.ORANGE),
        ((12.0, 220.0, 80.0), Colour.OTHER),
        ((28.0, 200.0, 200.0), Colour.YELLOW),
        ((60.0, 180.0, 120.0), Colour.GREEN),
        ((118.0, 200.0, 150.0), Colour.BLUE),
        ((145.0, 150.0, 50.0), Colour.PURPLE),
        ((145.0, 150.0, 20.0), Colour.BLACK),
        ((30.0, 10.0, 200.0), Colour.WHITE),
        ((30.0, 10.0, 60.0), Colour.BLACK),
        ((30.0, 10.0, 120.0), Colour.OTHER),
    ],
)
def test_colour_ranges(hsv: tuple[float, float, float], colour: Colour) -> None:
    assert classify_hsv(hsv) == colour


def test_median_hue_wraps_round_red() -> None:
    pixels = np.asarray([[30.0, 20.0, 200.0], [20.0, 30.0, 200.0]] * 5)  # hues near 178 and 2
    hue, saturation, _ = median_hsv(pixels)
    assert min(hue, 180.0 - hue) < 4.0
    assert saturation > 150


def test_grey_world_leaves_a_grey_scene_alone_and_ignores_green_felt() -> None:
    grey = np.full((20, 20, 3), 128, dtype=np.uint8)
    assert grey_world_gains(grey) == pytest.approx([1.0, 1.0, 1.0])
    scene = draw_scene(WHITE_DICE, FELT)
    assert grey_world_gains(scene) == pytest.approx([1.0, 1.0, 1.0], abs=0.02)


def _pips(points: np.ndarray, radius: float = 2.0) -> list[Pip]:
    return [
        Pip(float(x), float(y), radius, 80.0, False, (0, 0, 0), (255, 255, 255)) for x, y in points
    ]


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_layout_error_is_blind_to_turn_and_scale(count: int) -> None:
    turn = np.radians(33.0)
    rotation = np.asarray([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    points = FACES[count] @ rotation.T * 47.0 + 100.0
    assert layout_error(_pips(points)) < 1e-9


def test_layout_error_flags_a_stray_pip() -> None:
    four_in_a_row = np.asarray([(0, 0), (10, 0), (20, 0), (30, 0)], dtype=float)
    assert layout_error(_pips(four_in_a_row)) > 0.1
