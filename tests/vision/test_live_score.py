"""Scoring the live path against a video's truth (issue #35): which roll answers which throw,
how late it was, what a false roll followed, and the dice it read right."""

from __future__ import annotations

import pytest

from vision.datasets import LabelledBox
from vision.live.score import Distraction, SentRoll, ThrowTruth, VideoTruth, score_live, summed
from vision.types import Colour, DiceReading, Die

BOXES = (LabelledBox((10, 10, 50, 50), 3), LabelledBox((100, 10, 140, 50), 5))


def throw(k: int) -> ThrowTruth:
    start = 15 + 66 * k
    return ThrowTruth(f"p{k}.jpg", start, start + 18, start + 66, BOXES)


TRUTH = VideoTruth(
    "set",
    30.0,
    "iou",
    (throw(0), throw(1), throw(2)),
    (Distraction("hand", 130, 140),),
)


def read(*pips: int, unsure: bool = False) -> DiceReading:
    boxes = [(10, 10, 50, 50), (100, 10, 140, 50)]
    return DiceReading(
        tuple(Die(Colour.RED, p, 0.9, b, unsure) for p, b in zip(pips, boxes, strict=False))
    )


RIGHT = read(3, 5)


def sent(frame: int, first: DiceReading = RIGHT, final: DiceReading | None = None) -> SentRoll:
    return SentRoll(frame, first, RIGHT if final is None else final, 0 if final is None else 1)


@pytest.mark.parametrize(
    ("name", "rolls", "expected"),
    [
        (
            "each throw answered in time",
            [sent(33 + 8), sent(99 + 8), sent(165 + 8)],
            (3, 3, (), 6, True),
        ),
        (
            "one answered late, one lost",
            [sent(33 + 8), sent(99 + 30)],
            (2, 1, (), 4, False),
        ),
        (
            "a roll while tumbling is false, the next one answers",
            [sent(20), sent(41), sent(107), sent(173)],
            (3, 3, ("throw 1",), 6, False),
        ),
        (
            "a roll after the hand",
            [sent(41), sent(107), sent(142), sent(173)],
            (3, 3, ("hand",), 6, False),
        ),
        (
            "a roll on the empty table",
            [sent(5), sent(41), sent(107), sent(173)],
            (3, 3, ("empty table",), 6, False),
        ),
        (
            "a misread corrected before the next throw counts right",
            [
                sent(41, read(3, 6, unsure=True), RIGHT),
                sent(107, read(3, 6), read(3, 6)),
                sent(173),
            ],
            (3, 3, (), 5, False),
        ),
    ],
)
def test_score_live(
    name: str, rolls: list[SentRoll], expected: tuple[int, int, tuple[str, ...], int, bool]
) -> None:
    score = score_live(TRUTH, rolls, [RIGHT, RIGHT, RIGHT])
    got = (score.caught, score.in_time, score.false_rolls, score.right, score.meets_targets())
    assert got == expected, name
    assert score.still_right == 6


def test_delays_are_from_the_first_still_frame() -> None:
    score = score_live(TRUTH, [sent(41), sent(99 + 15), sent(165)], [RIGHT] * 3)
    assert score.delays_ms == pytest.approx((8000 / 30, 500.0, 0.0))
    assert score.in_time == 3 and score.delay_max_ms == pytest.approx(500.0)


def test_first_as_sent_and_unsure_are_counted() -> None:
    score = score_live(TRUTH, [sent(41, read(3, 6, unsure=True), RIGHT)], [RIGHT] * 3)
    assert (score.right_first, score.right, score.unsure, score.corrections) == (1, 2, 2, 1)


def test_a_reading_per_throw_is_needed() -> None:
    with pytest.raises(ValueError, match="2 still readings for 3 throws"):
        score_live(TRUTH, [], [RIGHT, RIGHT])


def test_videos_summed_count_every_throw_and_die_and_meet_targets_only_together() -> None:
    good = score_live(TRUTH, [sent(41), sent(107), sent(173)], [RIGHT] * 3)
    # A die short of the stills here, a die more than the stills there.
    short = score_live(TRUTH, [sent(41, read(3, 6), read(3, 6)), sent(107), sent(173)], [RIGHT] * 3)
    ahead = score_live(TRUTH, [sent(41), sent(107), sent(173)], [read(3, 6)] + [RIGHT] * 2)
    assert not short.meets_targets() and ahead.meets_targets()
    both = summed([short, ahead])
    assert (both.throws, both.caught, both.labelled, both.right, both.still_right) == (
        6,
        6,
        12,
        11,
        11,
    )
    assert both.meets_targets()
    assert summed([good, good]).delays_ms == good.delays_ms * 2
    late = score_live(TRUTH, [sent(41), sent(99 + 30)], [RIGHT] * 3)
    assert not summed([good, late]).meets_targets()
    with pytest.raises(ValueError, match="no scores"):
        summed([])
