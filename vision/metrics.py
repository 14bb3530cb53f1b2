"""Scoring a reader against labelled images: one-to-one matching, then counts and rates.

Matching, per image, greedy and one-to-one:
- `iou`: pairs with IoU >= 0.5, highest IoU first;
- `centre` (for labels that box only the pip group): a prediction may take a label whose centre
  lies inside the prediction's box or within 0.5 x the predicted die size of its centre; nearest
  centres first.

Confusion matrices have rows = truth and columns = prediction. The pip matrix is 7 x 7: pips 1..6
then `none`; row `none` counts extra predictions, column `none` counts missed dice.

Dice read surely (not flagged unsure) are also counted on their own: a wrong read that says it
is unsure costs a player a look, a sure one that is wrong costs a wrong score.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from vision.datasets import BoxF, LabelledBox, MatchBy
from vision.types import COLOURS, Colour, Die, iou

# The colours RYB is played with: their figures are quoted on their own, since a game of them
# scores only these, and one read as another changes a total.
PRIMARIES: tuple[int, ...] = tuple(COLOURS.index(Colour(c)) for c in ("red", "yellow", "blue"))
IOU_THRESHOLD = 0.5
CENTRE_REACH = 0.5
PIP_AXIS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "none")
NONE_INDEX = 6


@dataclass(frozen=True, slots=True)
class ImageMatch:
    """(label index, prediction index) pairs, and the labels and predictions left over."""

    pairs: tuple[tuple[int, int], ...]
    missed: tuple[int, ...]
    extra: tuple[int, ...]


def _box(die: Die) -> BoxF:
    x1, y1, x2, y2 = die.box_xyxy
    return (float(x1), float(y1), float(x2), float(y2))


def _centre_candidate(label: LabelledBox, die: Die) -> float | None:
    """Centre distance if `die` may take `label`, else None."""
    lx, ly = label.centre_xy
    px, py = die.centre_xy
    distance = math.hypot(lx - px, ly - py)
    x1, y1, x2, y2 = die.box_xyxy
    inside = x1 <= lx <= x2 and y1 <= ly <= y2
    return distance if inside or distance <= CENTRE_REACH * die.size_px else None


def _greedy(candidates: list[tuple[float, int, int]], n_labels: int, n_preds: int) -> ImageMatch:
    """Take candidates best first (smallest key), each label and prediction at most once."""
    taken_labels: set[int] = set()
    taken_preds: set[int] = set()
    pairs = []
    for _, li, pi in sorted(candidates):
        if li not in taken_labels and pi not in taken_preds:
            taken_labels.add(li)
            taken_preds.add(pi)
            pairs.append((li, pi))
    return ImageMatch(
        tuple(sorted(pairs)),
        tuple(i for i in range(n_labels) if i not in taken_labels),
        tuple(i for i in range(n_preds) if i not in taken_preds),
    )


def match_image(
    labels: Sequence[LabelledBox], predictions: Sequence[Die], match_by: MatchBy
) -> ImageMatch:
    candidates: list[tuple[float, int, int]] = []
    for li, label in enumerate(labels):
        for pi, die in enumerate(predictions):
            if match_by == "iou":
                overlap = iou(label.box_xyxy, _box(die))
                if overlap >= IOU_THRESHOLD:
                    candidates.append((-overlap, li, pi))
            elif match_by == "centre":
                distance = _centre_candidate(label, die)
                if distance is not None:
                    candidates.append((distance, li, pi))
            else:
                raise ValueError(f"match_by must be 'iou' or 'centre', got {match_by!r}")
    return _greedy(candidates, len(labels), len(predictions))


@dataclass(frozen=True, slots=True)
class ImageScore:
    """One image's outcome: (truth, prediction) cells for both confusion matrices and counts."""

    pip_cells: tuple[tuple[int, int], ...]
    colour_cells: tuple[tuple[int, int], ...]
    predictions: int
    unsure: int
    # One (pips right, colour right or None where unlabelled) per matched die read surely.
    sure_reads: tuple[tuple[bool, bool | None], ...] = ()
    sure_extra: int = 0  # extra dice the reader did not mark unsure

    @property
    def exact(self) -> bool:
        """Every die found, nothing extra, every pip right."""
        return all(t == p for t, p in self.pip_cells)


def score_image(
    labels: Sequence[LabelledBox], predictions: Sequence[Die], match_by: MatchBy
) -> ImageScore:
    match = match_image(labels, predictions, match_by)
    pip_cells = [(labels[li].pips - 1, predictions[pi].pips - 1) for li, pi in match.pairs]
    pip_cells += [(labels[li].pips - 1, NONE_INDEX) for li in match.missed]
    pip_cells += [(NONE_INDEX, predictions[pi].pips - 1) for pi in match.extra]
    colour_cells = [
        (COLOURS.index(colour), COLOURS.index(predictions[pi].colour))
        for li, pi in match.pairs
        if (colour := labels[li].colour) is not None
    ]
    return ImageScore(
        tuple(pip_cells),
        tuple(colour_cells),
        len(predictions),
        sum(1 for d in predictions if d.unsure),
        _sure_reads(labels, predictions, match.pairs),
        sum(1 for pi in match.extra if not predictions[pi].unsure),
    )


def _sure_reads(
    labels: Sequence[LabelledBox], predictions: Sequence[Die], pairs: Iterable[tuple[int, int]]
) -> tuple[tuple[bool, bool | None], ...]:
    reads = []
    for li, pi in pairs:
        truth, read = labels[li], predictions[pi]
        if not read.unsure:
            colour_right = None if truth.colour is None else truth.colour == read.colour
            reads.append((truth.pips == read.pips, colour_right))
    return tuple(reads)


def ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _matrix(cells: Iterable[tuple[int, int]], size: int) -> tuple[tuple[int, ...], ...]:
    grid = [[0] * size for _ in range(size)]
    for truth, predicted in cells:
        grid[truth][predicted] += 1
    return tuple(tuple(row) for row in grid)


@dataclass(frozen=True, slots=True)
class SetMetrics:
    """Totals over the images of one data set (see the module doc for the matrices)."""

    images: int
    exact_images: int
    pip_confusion: tuple[tuple[int, ...], ...]
    colour_confusion: tuple[tuple[int, ...], ...]
    predictions: int
    unsure: int
    sure_matched: int = 0
    sure_pips_right: int = 0
    sure_colour_labelled: int = 0
    sure_colours_right: int = 0
    sure_extra: int = 0

    @property
    def matched(self) -> int:
        return sum(sum(row[:NONE_INDEX]) for row in self.pip_confusion[:NONE_INDEX])

    @property
    def missed(self) -> int:
        return sum(row[NONE_INDEX] for row in self.pip_confusion[:NONE_INDEX])

    @property
    def extra(self) -> int:
        return sum(self.pip_confusion[NONE_INDEX][:NONE_INDEX])

    @property
    def pips_right(self) -> int:
        return sum(self.pip_confusion[i][i] for i in range(NONE_INDEX))

    @property
    def colour_labelled(self) -> int:
        return sum(sum(row) for row in self.colour_confusion)

    @property
    def colours_right(self) -> int:
        return sum(self.colour_confusion[i][i] for i in range(len(COLOURS)))

    @property
    def found_right(self) -> float | None:
        """Of the labelled dice, the share found with their pips read right."""
        return ratio(self.pips_right, self.matched + self.missed)

    @property
    def primary_labelled(self) -> int:
        return sum(sum(self.colour_confusion[i]) for i in PRIMARIES)

    @property
    def primary_right(self) -> int:
        return sum(self.colour_confusion[i][i] for i in PRIMARIES)

    @property
    def primary_swapped(self) -> int:
        """Red, yellow or blue dice read as another of the three."""
        grid = self.colour_confusion
        return sum(grid[i][j] for i in PRIMARIES for j in PRIMARIES if i != j)

    @property
    def primary_accuracy(self) -> float | None:
        return ratio(self.primary_right, self.primary_labelled)

    @property
    def precision(self) -> float | None:
        return ratio(self.matched, self.matched + self.extra)

    @property
    def recall(self) -> float | None:
        return ratio(self.matched, self.matched + self.missed)

    @property
    def pip_accuracy(self) -> float | None:
        return ratio(self.pips_right, self.matched)

    @property
    def colour_accuracy(self) -> float | None:
        return ratio(self.colours_right, self.colour_labelled)

    @property
    def exact_rate(self) -> float | None:
        return ratio(self.exact_images, self.images)

    @property
    def unsure_rate(self) -> float | None:
        return ratio(self.unsure, self.predictions)

    @property
    def sure_precision(self) -> float | None:
        """Of the dice read surely, the share that are labelled dice: an extra die marked
        unsure is asked of a person, one read surely is scored."""
        return ratio(self.sure_matched, self.sure_matched + self.sure_extra)

    @property
    def sure_pip_accuracy(self) -> float | None:
        return ratio(self.sure_pips_right, self.sure_matched)

    @property
    def sure_colour_accuracy(self) -> float | None:
        return ratio(self.sure_colours_right, self.sure_colour_labelled)


def summarise(scores: Iterable[ImageScore]) -> SetMetrics:
    scores = list(scores)
    sure = [read for s in scores for read in s.sure_reads]
    return SetMetrics(
        images=len(scores),
        exact_images=sum(1 for s in scores if s.exact),
        pip_confusion=_matrix((c for s in scores for c in s.pip_cells), len(PIP_AXIS)),
        colour_confusion=_matrix((c for s in scores for c in s.colour_cells), len(COLOURS)),
        predictions=sum(s.predictions for s in scores),
        unsure=sum(s.unsure for s in scores),
        sure_matched=len(sure),
        sure_pips_right=sum(1 for pips, _ in sure if pips),
        sure_colour_labelled=sum(1 for _, colour in sure if colour is not None),
        sure_colours_right=sum(1 for _, colour in sure if colour),
        sure_extra=sum(s.sure_extra for s in scores),
    )


def colour_axis() -> tuple[str, ...]:
    return tuple(c.value for c in COLOURS)
