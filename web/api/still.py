"""A still view of the table for the steps that keep what the camera sees (registering the dice,
the empty table): the newest frame once the picture has held still a moment, so no hand reaching
in and no die still rolling is kept (issue 47 item 3). Waits a few seconds for it, then says why.
"""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt
from flask import current_app

from vision.types import DiceReading
from web.errors import ApiError

STILL_MS = 500.0  # of the camera's own frame time
WAIT_S = 4.0  # the app's STILL_WAIT_S overrides it (tests)
POLL_S = 0.05

Frame = npt.NDArray[np.uint8]


@runtime_checkable
class _Framed(Protocol):
    """A camera feed that hands over its newest frame (`vision.live.LivePipeline` does)."""

    def latest_frame(self) -> Frame | None: ...


@runtime_checkable
class _Still(Protocol):
    """A feed that knows whether its picture holds still (`LivePipeline.still_view`)."""

    def still_view(self, min_ms: float) -> tuple[Frame, DiceReading] | None: ...


def still_view(live: object) -> tuple[Frame | None, DiceReading | None]:
    """The newest still frame and its dice; a feed that cannot tell stillness gives its newest.
    ApiError 409 when the picture keeps moving for the whole wait."""
    if live is None:
        return None, None
    if not isinstance(live, _Still):
        frame = live.latest_frame() if isinstance(live, _Framed) else None
        reading = getattr(live, "latest_reading", lambda: None)()
        return frame, reading
    wait_s = float(current_app.config.get("STILL_WAIT_S", WAIT_S))
    deadline = time.monotonic() + wait_s
    while True:
        view = live.still_view(STILL_MS)
        if view is not None:
            return view
        if time.monotonic() >= deadline:
            raise ApiError(
                409,
                f"the camera's picture did not hold still for {wait_s:g} s (a hand over the "
                "table, or dice still rolling): take your hands off the table and try again",
                "camera",
            )
        time.sleep(POLL_S)
