from __future__ import annotations

import pytest

from vision.datasets import BoxF, LabelledBox, MatchBy
from vision.metrics import (
    NONE_INDEX,
    ImageMatch,
    match_image,
    score_image,
    summarise,
)
from vision.types import COLOURS, Colour, Die, iou


def die(
    box: tuple[int, int, int, int], pips: int = 3, colour: Colour = Colour.RED, unsure: bool = False
) -> Die:
    return Die(colour, pips, 0.9, box, unsure)


def label(box: BoxF, pips: int = 3, colour: Colour | None = Colour.RED) -> LabelledBox:
    return LabelledBox(box, pips, colour)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((0, 0, 10, 10), (0, 0, 10, 10), 1.0),
        ((0, 0, 10, 10), (5, 0, 15, 10), 50 / 150),
        ((0, 0, 10, 10), (10, 0, 20, 10), 0.0),
        ((0, 0, 10, 10), (2, 2, 8, 8), 36 / 100),
        ((0, 0, 10, 10), (30, 30, 40, 40), 0.0),
    ],
)
def test_iou(a: BoxF, b: BoxF, expected: float) -> None:
    assert iou(a, b) == pytest.approx(expected)
    assert iou(b, a) == pytest.approx(expected)


# Labels at x = 0, 100, 200; each case lists prediction boxes and the expected match.
LABELS = [label((0, 0, 40, 40)), label((100, 0, 140, 40)), label((200, 0, 240, 40))]


@pytest.mark.parametrize(
    ("boxes", "expected"),
    [
        ([], ImageMatch((), (0, 1, 2), ())),
        (
            [(0, 0, 40, 40), (100, 0, 140, 40), (200, 0, 240, 40)],
            ImageMatch(((0, 0), (1, 1), (2, 2)), (), ()),
        ),
        ([(200, 0, 240, 40), (0, 0, 40, 40)], ImageMatch(((0, 1), (2, 0)), (1,), ())),
        # Both overlap enough (IoU 0.82 and 1.0): the better one takes the label.
        ([(4, 0, 44, 40), (0, 0, 40, 40)], ImageMatch(((0, 1),), (1, 2), (0,))),
        # IoU 1/3 is below the threshold.
        ([(20, 0, 60, 40)], ImageMatch((), (0, 1, 2), (0,))),
        ([(500, 500, 540, 540)], ImageMatch((), (0, 1, 2), (0,))),
    ],
)
def test_iou_matching_is_greedy_and_one_to_one(
    boxes: list[tuple[int, int, int, int]], expected: ImageMatch
) -> None:
    assert match_image(LABELS, [die(b) for b in boxes], "iou") == expected


# A pip-group label (as in matteop65): small box in the middle of the die.
PIP_GROUP = [label((45, 45, 55, 55)), label((245, 45, 255, 55))]


@pytest.mark.parametrize(
    ("boxes", "expected"),
    [
        # A whole-die box holding the label's centre: IoU only 0.04, yet centre matching takes it.
        ([(25, 25, 75, 75)], ImageMatch(((0, 0),), (1,), ())),
        # Centre 51 px away from a 50 px die: too far.
        ([(70, 50, 120, 100)], ImageMatch((), (0, 1), (0,))),
        # A flat box: the label's centre is outside it but 15 px from its centre, under 0.5 x 60.
        ([(20, 60, 80, 70)], ImageMatch(((0, 0),), (1,), ())),
        # Two predictions over one label: the nearer centre wins, the other is extra.
        ([(30, 30, 80, 80), (25, 25, 75, 75)], ImageMatch(((0, 1),), (1,), (0,))),
        ([(225, 25, 275, 75), (25, 25, 75, 75)], ImageMatch(((0, 1), (1, 0)), (), ())),
    ],
)
def test_centre_matching(boxes: list[tuple[int, int, int, int]], expected: ImageMatch) -> None:
    assert match_image(PIP_GROUP, [die(b) for b in boxes], "centre") == expected


def test_centre_mode_matches_what_iou_mode_refuses() -> None:
    predictions = [die((25, 25, 75, 75))]
    assert match_image(PIP_GROUP[:1], predictions, "iou").pairs == ()
    assert match_image(PIP_GROUP[:1], predictions, "centre").pairs == ((0, 0),)


def test_unknown_match_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="match_by must be 'iou' or 'centre', got 'area'"):
        match_image(LABELS, [die((0, 0, 40, 40))], "area")  # type: ignore[arg-type]


def _cells(match_by: MatchBy = "iou") -> tuple[list[LabelledBox], list[Die]]:
    labels = [
        label((0, 0, 40, 40), 1, Colour.RED),
        label((100, 0, 140, 40), 6, Colour.BLUE),
        label((200, 0, 240, 40), 4, None),
        label((300, 0, 340, 40), 2, Colour.WHITE),
    ]
    predictions = [
        die((0, 0, 40, 40), 1, Colour.RED),
        die((100, 0, 140, 40), 5, Colour.BLUE, unsure=True),
        die((200, 0, 240, 40), 4, Colour.GREEN),
        die((400, 0, 440, 40), 3, Colour.BLACK),
    ]
    return labels, predictions


def test_score_image_fills_both_confusion_matrices() -> None:
    labels, predictions = _cells()
    score = score_image(labels, predictions, "iou")
    assert sorted(score.pip_cells) == [(0, 0), (1, NONE_INDEX), (3, 3), (5, 4), (NONE_INDEX, 2)]
    red, blue = COLOURS.index(Colour.RED), COLOURS.index(Colour.BLUE)
    assert sorted(score.colour_cells) == [
        (red, red),
        (blue, blue),
    ]  # the unlabelled one is left out
    assert (score.predictions, score.unsure, score.exact) == (4, 1, False)


def test_summary_counts_and_rates() -> None:
    labels, predictions = _cells()
    perfect = score_image(labels[:1], predictions[:1], "iou")
    metrics = summarise([score_image(labels, predictions, "iou"), perfect])
    assert (metrics.matched, metrics.missed, metrics.extra) == (4, 1, 1)
    assert metrics.precision == pytest.approx(4 / 5)
    assert metrics.recall == pytest.approx(4 / 5)
    assert metrics.pips_right == 3
    assert metrics.pip_accuracy == pytest.approx(3 / 4)
    assert (metrics.colours_right, metrics.colour_labelled) == (3, 3)
    assert (metrics.exact_images, metrics.exact_rate) == (1, 0.5)
    assert (metrics.unsure, metrics.predictions, metrics.unsure_rate) == (1, 5, 0.2)
    assert metrics.pip_confusion[5][4] == 1
    assert metrics.pip_confusion[NONE_INDEX][2] == 1
    assert metrics.pip_confusion[1][NONE_INDEX] == 1
    assert sum(map(sum, metrics.pip_confusion)) == 6
    assert len(metrics.colour_confusion) == len(metrics.colour_confusion[0]) == 9


BOX = (0, 0, 40, 40)


@pytest.mark.parametrize(
    ("truth", "read", "sure_read"),
    [
        (label(BOX, 2, Colour.RED), die(BOX, 2, Colour.RED), (True, True)),
        (label(BOX, 2, Colour.RED), die(BOX, 5, Colour.RED), (False, True)),
        (label(BOX, 2, Colour.BLUE), die(BOX, 2, Colour.BLACK), (True, False)),
        (label(BOX, 2, None), die(BOX, 2, Colour.BLACK), (True, None)),
        (label(BOX, 2, Colour.BLUE), die(BOX, 5, Colour.BLACK, unsure=True), None),
    ],
    ids=["right", "pips-wrong", "colour-wrong", "no-colour-label", "flagged-unsure"],
)
def test_dice_read_surely_are_scored_on_their_own(
    truth: LabelledBox, read: Die, sure_read: tuple[bool, bool | None] | None
) -> None:
    score = score_image([truth], [read], "iou")
    assert score.sure_reads == (() if sure_read is None else (sure_read,))


def test_sure_figures_leave_out_unsure_and_unmatched_dice() -> None:
    labels = [label((0, 0, 40, 40), 2, Colour.RED), label((100, 0, 140, 40), 4, Colour.BLUE)]
    labels += [label((200, 0, 240, 40), 6, Colour.YELLOW)]
    reads = [
        die((0, 0, 40, 40), 2, Colour.RED),
        die((100, 0, 140, 40), 4, Colour.BLACK),
        die((200, 0, 240, 40), 1, Colour.RED, unsure=True),
        die((300, 0, 340, 40), 1, Colour.RED),
        die((400, 0, 440, 40), 3, Colour.RED, unsure=True),
    ]
    m = summarise([score_image(labels, reads, "iou")])
    assert (m.sure_matched, m.sure_pips_right, m.sure_extra, m.extra) == (2, 2, 1, 2)
    assert m.sure_precision == pytest.approx(2 / 3)
    assert (m.sure_colour_labelled, m.sure_colours_right) == (2, 1)
    assert (m.sure_pip_accuracy, m.sure_colour_accuracy) == (1.0, 0.5)
    assert m.colour_accuracy == pytest.approx(1 / 3)
    empty = summarise([])
    assert (empty.sure_pip_accuracy, empty.sure_colour_accuracy) == (None, None)
    assert empty.sure_precision is None


@pytest.mark.parametrize(
    ("labels", "predictions", "exact"),
    [
        ([], [], True),
        ([label((0, 0, 40, 40), 2)], [die((0, 0, 40, 40), 2)], True),
        ([label((0, 0, 40, 40), 2)], [die((0, 0, 40, 40), 2, Colour.BLUE)], True),
        ([label((0, 0, 40, 40), 2)], [die((0, 0, 40, 40), 3)], False),
        ([label((0, 0, 40, 40), 2)], [], False),
        ([], [die((0, 0, 40, 40), 2)], False),
    ],
)
def test_exact_image_needs_every_die_and_every_pip(
    labels: list[LabelledBox], predictions: list[Die], exact: bool
) -> None:
    assert score_image(labels, predictions, "iou").exact is exact


def test_empty_summary_has_no_rates() -> None:
    metrics = summarise([])
    assert metrics.images == 0
    assert metrics.precision is None
    assert metrics.recall is None
    assert metrics.pip_accuracy is None
    assert metrics.exact_rate is None
