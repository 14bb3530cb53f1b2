"""Recording the empty table in two steps (issue 47 item 1): look first, keep second.

A look is the camera's view as the reader sees it (through the profile: the table cut out and
white-balanced), read without the old empty table, with every thing it reads as a die numbered
on a picture. Those things would become the table's own, never read again while they lie there,
so keeping a look in which the camera reads dice needs the players' word that they are the
board's pieces (a token, a card's corner), not dice left on the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.tables.register import RegisterError
from vision.types import Die


@dataclass(frozen=True, slots=True)
class EmptyLook:
    """One look at the table to be kept as its empty picture."""

    number: int
    view: npt.NDArray[np.uint8] = field(repr=False)
    things: tuple[Die, ...]
    picture_jpeg: bytes | None = field(default=None, repr=False)

    @property
    def dice(self) -> int:
        return len(self.things)

    def message(self) -> str:
        """What the players are told before they keep it."""
        if not self.things:
            return "The camera reads no dice on the table: this picture can become the empty table."
        seen = "1 die" if self.dice == 1 else f"{self.dice} dice"
        them = "it is" if self.dice == 1 else "they are"
        return (
            f"The camera sees {seen} (numbered on the picture): take every die off the table "
            f"and look again. Keep this picture only if {them} the board's own pieces (a token, "
            "a card's corner): what is numbered is then never read as a die."
        )


def look(number: int, model_reader: Any, view: npt.NDArray[np.uint8]) -> EmptyLook:
    """Read `view` as the camera would without any empty table and number what it reads."""
    things = tuple(model_reader.with_empty(None).read(view).dice)
    return EmptyLook(number, view, things, _picture(view, things))


def check_keep(shot: EmptyLook | None, number: object, confirmed: object) -> EmptyLook:
    """The look to keep, or RegisterError naming what is wrong."""
    if not isinstance(confirmed, bool):
        raise RegisterError(f"confirm must be true or false, got {confirmed!r}", "confirm")
    if shot is None or number != shot.number:
        raise RegisterError("that look at the table is gone: look again", "look")
    if shot.things and not confirmed:
        seen = "1 die" if shot.dice == 1 else f"{shot.dice} dice"
        raise RegisterError(
            f"the camera sees {seen} on the table: take them off first and look again (or "
            "confirm that they are the board's own pieces)",
            "confirm",
        )
    return shot


def _picture(view: npt.NDArray[np.uint8], things: tuple[Die, ...]) -> bytes | None:
    import cv2

    from vision.annotate import numbered

    picture = numbered(view, [d.box_xyxy for d in things])
    ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return encoded.tobytes() if ok else None
