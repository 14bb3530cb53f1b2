"""`LivePipeline.still_view`: the newest frame only once the picture has held still (issue 47
item 3: the register and empty-table steps took frames with a hand over the table)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from vision.live import LivePipeline
from vision.sources import Frame, SyntheticSource
from vision.types import DiceReading

TABLE = np.full((120, 160, 3), 90, np.uint8)


def _with_hand(x: int) -> npt.NDArray[np.uint8]:
    frame = TABLE.copy()
    frame[20:100, x : x + 50] = (150, 180, 220)  # a hand-sized patch sliding across
    return frame


class _NoDice:
    name = "none"

    def read(self, frame_bgr: npt.NDArray[np.uint8]) -> DiceReading:
        del frame_bgr
        return DiceReading.empty()


def _pipeline() -> LivePipeline:
    return LivePipeline(SyntheticSource([TABLE]), _NoDice())


def test_a_moving_picture_has_no_still_view_until_it_has_held_still() -> None:
    live = _pipeline()
    assert live.still_view(300) is None  # no frame yet
    t = 0.0
    for k in range(6):  # a hand reaching across the table
        live.process(Frame(_with_hand(10 + 15 * k), k, t, t))
        t += 100
        assert live.still_view(300) is None
    for k in range(6, 11):  # the hand is gone (frame 6 still differs), then the table is still
        live.process(Frame(TABLE, k, t, t))
        t += 100
    view = live.still_view(300)
    assert view is not None and view[0] is TABLE
    assert live.still_view(1000) is None  # still for 300 ms of frame time, not a second


def test_a_hand_coming_back_ends_the_still_view() -> None:
    live = _pipeline()
    for k in range(5):
        live.process(Frame(TABLE, k, 100.0 * k, 0.0))
    assert live.still_view(300) is not None
    live.process(Frame(_with_hand(40), 5, 500.0, 0.0))
    assert live.still_view(0) is None
