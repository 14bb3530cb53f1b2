"""Drawing a reading onto a frame: boxes, colour names, pip values and caption lines."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.types import Colour, DiceReading

# Outline colours (BGR) chosen to stand out on the die they mark; the name is always written too.
_OUTLINE: dict[Colour, tuple[int, int, int]] = {
    Colour.RED: (60, 60, 255),
    Colour.ORANGE: (0, 160, 255),
    Colour.YELLOW: (0, 230, 255),
    Colour.GREEN: (80, 220, 80),
    Colour.BLUE: (255, 140, 40),
    Colour.PURPLE: (220, 90, 190),
    Colour.BLACK: (40, 40, 40),
    Colour.WHITE: (245, 245, 245),
    Colour.OTHER: (160, 160, 160),
}
_UNSURE = (0, 0, 255)
_FONT = cv2.FONT_HERSHEY_SIMPLEX


def annotate(
    frame_bgr: npt.NDArray[np.uint8], reading: DiceReading, caption: Sequence[str] = ()
) -> npt.NDArray[np.uint8]:
    """A copy of the frame with every die marked and `caption` lines in the top-left corner."""
    out = frame_bgr.copy()
    scale = max(0.4, min(out.shape[:2]) / 900)
    for die in reading:
        x1, y1, x2, y2 = die.box_xyxy
        colour = _UNSURE if die.unsure else _OUTLINE[die.colour]
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, max(1, round(2 * scale)))
        label = f"{die.colour.value} {die.pips}" + ("?" if die.unsure else "")
        _text(out, label, (x1, max(12, y1 - 4)), scale * 0.8, colour)
    for i, line in enumerate(caption):
        _text(out, line, (8, round((i + 1) * 30 * scale)), scale, (255, 255, 255))
    return out


def numbered(
    frame_bgr: npt.NDArray[np.uint8],
    boxes: Sequence[tuple[int, int, int, int]],
    maybe: Sequence[tuple[int, int, int, int]] = (),
) -> npt.NDArray[np.uint8]:
    """A copy of the frame with each box framed and numbered from 1, for players to name them;
    the boxes `maybe` (what the reader passed over) follow in magenta, their numbers with "?"."""
    out = frame_bgr.copy()
    scale = max(0.5, min(out.shape[:2]) / 700)
    marks = [(b, "", (0, 255, 255)) for b in boxes] + [(b, "?", (255, 0, 255)) for b in maybe]
    for k, ((x1, y1, x2, y2), suffix, colour) in enumerate(marks, start=1):
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, max(1, round(2 * scale)))
        _text(out, f"{k}{suffix}", (x1, max(14, y1 - 4)), scale, colour)
    return out


def _text(
    img: npt.NDArray[np.uint8],
    text: str,
    origin: tuple[int, int],
    scale: float,
    colour: tuple[int, int, int],
) -> None:
    thick = max(1, round(2 * scale))
    cv2.putText(img, text, origin, _FONT, scale, (0, 0, 0), thick + 2, cv2.LINE_AA)
    cv2.putText(img, text, origin, _FONT, scale, colour, thick, cv2.LINE_AA)
