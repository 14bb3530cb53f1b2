"""Pictures of a reader's mistakes on a labelled image, to look at beside `dicetable eval`'s
figures: each missed die, each extra one, each matched die read with the wrong pips or colour.

Every picture is the square twice the die's box, with the labels drawn in green and the reads
in red (magenta where the reader marked itself unsure), named by data set, image, kind of
mistake, what the label says and what was read, and where the box starts:
`rune55-gray_00012_jpg_extra_none_as_3_at_120_88.png`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision import crops
from vision.datasets import BoxF, LabelledBox, MatchBy
from vision.metrics import match_image
from vision.types import Die

SIDE = 160  # pixels: big enough to judge by eye
SCALE = 2.0  # the picture's side over the die's box
LABEL_BGR = (0, 200, 0)
READ_BGR = (0, 0, 230)
UNSURE_BGR = (230, 0, 230)
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class Mistake:
    """`kind` is missed, extra, pips or colour; `truth` and `read` say what each side holds
    ("none" where a side has no die); `box` is where to look."""

    kind: str
    truth: str
    read: str
    box: BoxF


def _read_box(die: Die) -> BoxF:
    x1, y1, x2, y2 = die.box_xyxy
    return (float(x1), float(y1), float(x2), float(y2))


def mistakes(
    labels: Sequence[LabelledBox], reads: Sequence[Die], match_by: MatchBy
) -> list[Mistake]:
    """Every mistake in one image, matched as `dicetable eval` matches."""
    match = match_image(labels, reads, match_by)
    out = [Mistake("missed", str(labels[i].pips), "none", labels[i].box_xyxy) for i in match.missed]
    out += [Mistake("extra", "none", str(reads[i].pips), _read_box(reads[i])) for i in match.extra]
    for li, pi in match.pairs:
        label, read = labels[li], reads[pi]
        if label.pips != read.pips:
            out.append(Mistake("pips", str(label.pips), str(read.pips), label.box_xyxy))
        if label.colour is not None and label.colour != read.colour:
            out.append(Mistake("colour", label.colour.value, read.colour.value, label.box_xyxy))
    return out


def picture_name(dataset: str, image: Path, mistake: Mistake) -> str:
    """A file name of letters, digits, '_' and '-' alone, whatever the image was called."""
    x, y = round(mistake.box[0]), round(mistake.box[1])
    stem = _UNSAFE.sub("_", f"{dataset}_{image.stem}").strip("_")
    return f"{stem}_{mistake.kind}_{mistake.truth}_as_{mistake.read}_at_{x}_{y}.png"


def marked(
    frame: npt.NDArray[np.uint8], labels: Sequence[LabelledBox], reads: Sequence[Die]
) -> npt.NDArray[np.uint8]:
    """A copy of the frame with every label and every read drawn."""
    out = frame.copy()
    for label in labels:
        x1, y1, x2, y2 = (round(v) for v in label.box_xyxy)
        cv2.rectangle(out, (x1, y1), (x2, y2), LABEL_BGR, 1)
    for die in reads:
        x1, y1, x2, y2 = die.box_xyxy
        cv2.rectangle(out, (x1, y1), (x2, y2), UNSURE_BGR if die.unsure else READ_BGR, 1)
    return out


def write_mistakes(
    folder: Path,
    dataset: str,
    image: Path,
    frame: npt.NDArray[np.uint8],
    labels: Sequence[LabelledBox],
    reads: Sequence[Die],
    match_by: MatchBy,
) -> int:
    """Write one picture per mistake into `folder`; how many were written."""
    found = mistakes(labels, reads, match_by)
    if not found:
        return 0
    drawn = marked(frame, labels, reads)
    for mistake in found:
        picture = crops.crop_square(drawn, mistake.box, SCALE, SIDE)
        path = folder / picture_name(dataset, image, mistake)
        if not cv2.imwrite(str(path), picture):
            raise OSError(f"could not write {path}")
    return len(found)
