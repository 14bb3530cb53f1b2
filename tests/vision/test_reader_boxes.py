"""How the reader settles boxes that overlap (repeats, clusters, pip groups) and doubtful dice."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice_checks import drop_contained, drop_crowded
from vision.finder import Candidate
from vision.finding import find_dice, merge_repeats
from vision.reader import ModelReader, ReaderConfig, _not_a_die_bars
from vision.types import Colour, Die, shared


def die(x1: int, y1: int, x2: int, y2: int) -> Die:
    return Die(Colour.RED, 3, 0.9, (x1, y1, x2, y2))


BIG = die(100, 100, 200, 200)


@pytest.mark.parametrize(
    ("dice", "kept"),
    [
        # Separate dice are all kept.
        ([die(0, 0, 40, 40), die(60, 0, 100, 40)], [0, 1]),
        # A pip group found inside a big die: the small box goes.
        ([BIG, die(120, 120, 180, 180)], [0]),
        # Single pips on a big die (small, apart): they go, the die stays.
        ([BIG, die(110, 110, 130, 130), die(170, 170, 190, 190)], [0]),
        # One box around three touching dice: the box goes, the dice stay.
        (
            [BIG, die(100, 100, 148, 148), die(152, 100, 200, 148), die(120, 152, 168, 200)],
            [1, 2, 3],
        ),
        # A box only a little bigger than the die it holds is the same die, left to the IoU rule.
        ([die(100, 100, 150, 150), die(102, 102, 148, 148)], [0, 1]),
    ],
)
def test_boxes_inside_boxes(dice: list[Die], kept: list[int]) -> None:
    assert drop_contained(dice) == [dice[i] for i in kept]


def sure(x1: int, y1: int, x2: int, y2: int, confidence: float) -> Die:
    return Die(Colour.RED, 3, confidence, (x1, y1, x2, y2))


@pytest.mark.parametrize(
    ("a", "b", "share"),
    [
        ((0, 0, 40, 40), (60, 0, 100, 40), 0.0),  # apart
        ((0, 0, 40, 40), (20, 0, 60, 40), 0.5),  # half of either
        ((0, 0, 40, 40), (30, 10, 50, 30), 0.5),  # half of the small one
        ((0, 0, 40, 40), (10, 10, 30, 30), 1.0),  # inside
        ((0, 0, 40, 40), (0, 40, 40, 80), 0.0),  # touching along an edge
    ],
)
def test_shared_is_the_part_of_the_smaller_box_in_the_other(
    a: tuple[int, ...], b: tuple[int, ...], share: float
) -> None:
    assert shared(a, b) == pytest.approx(share)
    assert shared(b, a) == pytest.approx(share)


@pytest.mark.parametrize(
    ("dice", "kept"),
    [
        # Touching dice turned 45 degrees share about 0.3 of their boxes: both stay.
        ([sure(0, 0, 56, 56, 0.9), sure(40, 0, 96, 56, 0.8)], [0, 1]),
        # A side face beside its top face shares half a box: the less sure reading goes.
        ([sure(0, 0, 40, 40, 0.95), sure(20, 10, 50, 40, 0.6)], [0]),
        ([sure(20, 10, 50, 40, 0.6), sure(0, 0, 40, 40, 0.95)], [1]),
        # Each of a chain is weighed against the dice already kept, surest first.
        ([sure(0, 0, 40, 40, 0.7), sure(20, 0, 60, 40, 0.9), sure(40, 0, 80, 40, 0.8)], [1]),
        ([sure(0, 0, 40, 40, 0.9), sure(20, 0, 60, 40, 0.5), sure(40, 0, 80, 40, 0.8)], [0, 2]),
    ],
)
def test_crowded_boxes_keep_the_surer_die(dice: list[Die], kept: list[int]) -> None:
    assert drop_crowded(dice, 0.4) == [dice[i] for i in kept]


def test_repeats_merge_into_one_score_weighted_box() -> None:
    found = [
        Candidate((0, 0, 40, 40), 0.9),
        Candidate((3, 3, 43, 43), 0.6),
        Candidate((100, 0, 140, 40), 0.5),
    ]
    merged = merge_repeats(found, 0.5)
    assert len(merged) == 2 and merged[1] == found[2]
    assert merged[0].score == 0.9
    assert merged[0].box_xyxy == pytest.approx((1.2, 1.2, 41.2, 41.2))  # 3 * 0.6 / 1.5


def test_a_box_flipping_between_two_answers_stays_nearly_still() -> None:
    """The same die, its two scales' boxes winning in turn: the merged box barely moves."""
    small, large = (580.0, 373.0, 654.0, 443.0), (586.0, 371.0, 667.0, 453.0)
    a = merge_repeats([Candidate(small, 0.62), Candidate(large, 0.6)], 0.5)[0]
    b = merge_repeats([Candidate(large, 0.62), Candidate(small, 0.6)], 0.5)[0]
    assert max(abs(p - q) for p, q in zip(a.box_xyxy, b.box_xyxy, strict=True)) < 0.5


class TurnSensitive:
    """A stand-in classifier: sure of a crop whose top-left pixel is bright, in doubt otherwise,
    and it counts the crops it is shown."""

    def __init__(self) -> None:
        self.seen = 0

    def run(self, batch: np.ndarray, cast: np.ndarray) -> list[np.ndarray]:
        self.seen += len(batch)
        sure = batch[:, 0, 0, 0] > 0.5
        pips = np.where(sure[:, None], [0.0, 0, 0, 1, 0, 0, 0], [0.0, 0.2, 0.2, 0.2, 0.2, 0.1, 0.1])
        colour = np.tile(np.eye(9)[0], (len(batch), 1))
        return [pips.astype(np.float32), colour.astype(np.float32)]


def test_only_doubtful_dice_get_a_second_look() -> None:
    batch = np.zeros((2, 3, 48, 48), np.float32)
    batch[0, :, 0, 0] = 1.0  # die 0 is read surely as it stands
    batch[1, :, 0, -1] = 1.0  # die 1 shows its bright corner only when turned round
    classifier = TurnSensitive()
    reader = ModelReader(classifier, classifier, ReaderConfig())  # type: ignore[arg-type]
    pips, _ = classifier.run(batch, np.zeros((2, 3), np.float32))
    colour = np.tile(np.eye(9, dtype=np.float32)[0], (2, 1))
    bars = _not_a_die_bars([Candidate((0, 0, 10, 10), 0.9)] * 2, reader.config)
    again, _ = reader._look_again(batch, np.zeros((2, 3), np.float32), pips, colour, bars)
    assert classifier.seen == 2 + 3  # the doubtful die, three turns
    assert again[0] == pytest.approx(pips[0])
    # One of the three turns brings the bright corner to the top left: 1 sure answer in 4.
    assert again[1][3] == pytest.approx((0.2 + 0.2 * 2 + 1.0) / 4)


@pytest.mark.parametrize(
    ("face_p", "colour_p", "unsure"),
    [
        (0.99, 0.99, False),
        (0.80, 0.99, False),  # pips clear enough
        (0.70, 0.99, True),  # pips in doubt
        (0.99, 0.92, False),
        (0.99, 0.85, True),  # a colour this unsure is flagged, though pips would pass it
        (0.99, 0.50, True),
    ],
)
def test_colour_has_its_own_higher_bar_for_sure(
    face_p: float, colour_p: float, unsure: bool
) -> None:
    reader = ModelReader(TurnSensitive(), TurnSensitive(), ReaderConfig())  # type: ignore[arg-type]
    pips = np.array([[0.0, (1 - face_p) / 2, (1 - face_p) / 2, face_p, 0, 0, 0]], np.float32)
    colour = np.full((1, 9), (1 - colour_p) / 8, np.float32)
    colour[0, 4] = colour_p
    frame = np.zeros((100, 100, 3), np.uint8)
    found = [Candidate((10, 10, 50, 50), 0.9)]
    reading = reader._assemble(frame, found, pips, colour, _not_a_die_bars(found, reader.config))
    (die,) = reading.dice
    assert (die.pips, die.colour, die.unsure) == (3, Colour.BLUE, unsure)


@pytest.mark.parametrize(
    ("score", "not_die_p", "kept"),
    [
        (0.90, 0.40, True),  # a clear find: the usual bar of 0.5
        (0.90, 0.60, False),
        (0.25, 0.40, False),  # a faint find the reader doubts at all is a board's mark
        (0.25, 0.02, True),  # ... unless the reader all but rules "not a die" out
        (0.30, 0.40, True),  # from `faint_find` on, a find is clear
    ],
)
def test_a_faint_find_needs_a_reader_all_but_sure_it_is_a_die(
    score: float, not_die_p: float, kept: bool
) -> None:
    config = ReaderConfig(find_threshold=0.2)
    reader = ModelReader(TurnSensitive(), TurnSensitive(), config)  # type: ignore[arg-type]
    pips = np.array([[not_die_p, 0, 0, 1 - not_die_p, 0, 0, 0]], np.float32)
    colour = np.tile(np.eye(9, dtype=np.float32)[4], (1, 1))
    frame = np.zeros((100, 100, 3), np.uint8)
    found = [Candidate((10, 10, 50, 50), score)]
    reading = reader._assemble(frame, found, pips, colour, _not_a_die_bars(found, config))
    assert len(reading.dice) == kept


class ScaleSpy:
    """A stand-in finder that finds the same dice (centre x, y and side in frame pixels, and a
    score) at every scale, and notes the input widths it was run at."""

    def __init__(self, dice: list[tuple[float, float, float, float]], frame_w: int) -> None:
        self.dice, self.frame_w, self.widths = dice, frame_w, []  # type: ignore[var-annotated]

    def run(self, tensor: np.ndarray) -> list[np.ndarray]:
        h, w = tensor.shape[2] // 4, tensor.shape[3] // 4
        self.widths.append(tensor.shape[3])
        scale = tensor.shape[3] / self.frame_w  # no padding across for a 16:9 frame
        heat, size = np.zeros((1, 1, h, w), np.float32), np.zeros((1, 2, h, w), np.float32)
        for cx, cy, side, score in self.dice:
            y, x = round(cy * scale / 4), round(cx * scale / 4)
            heat[0, 0, y, x] = score
            size[0, :, y, x] = side * scale / 64.0
        return [heat, size, np.zeros((1, 2, h, w), np.float32)]


@pytest.mark.parametrize(
    ("dice", "widths"),
    [
        # Three sure dice, each 40 px at the 640 scale: the 320 pass is not needed.
        ([(200, 200, 80, 0.9), (400, 200, 80, 0.9), (600, 200, 80, 0.8)], [640]),
        # One of them big (100 px at 640): the 320 pass is for such dice.
        ([(200, 200, 80, 0.9), (400, 200, 80, 0.9), (800, 400, 200, 0.8)], [640, 320]),
        # Too few sure finds to say what size this table's dice are.
        ([(200, 200, 80, 0.9), (400, 200, 80, 0.9)], [640, 320]),
        ([(200, 200, 80, 0.9), (400, 200, 80, 0.9), (600, 200, 80, 0.4)], [640, 320]),
    ],
)
def test_the_smaller_scale_runs_only_where_dice_may_be_big(
    dice: list[tuple[float, float, float, float]], widths: list[int]
) -> None:
    spy = ScaleSpy(dice, 1280)
    found = find_dice(spy, np.zeros((720, 1280, 3), np.uint8), ReaderConfig())  # type: ignore[arg-type]
    assert spy.widths == widths
    assert len(found) == len(dice)


def test_a_table_of_colour_face_dice_runs_every_scale() -> None:
    small: list[tuple[float, float, float, float]] = [
        (200, 200, 80, 0.9),
        (400, 200, 80, 0.9),
        (600, 200, 80, 0.8),
    ]
    spy = ScaleSpy(small, 1280)
    find_dice(spy, np.zeros((720, 1280, 3), np.uint8), ReaderConfig(colour_faces=True))  # type: ignore[arg-type]
    assert spy.widths == [640, 320]
