"""What every dice reader offers (the classical baseline now, the ONNX model reader later), so
that `dicetable eval` and the pipeline can take any of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from vision.types import DiceReading

if TYPE_CHECKING:
    from vision.still_dice import Unchanged

FrameBGR = NDArray[np.uint8]


@runtime_checkable
class Reader(Protocol):
    """Reads every die in one BGR frame (H x W x 3, uint8). Keeps no per-call state."""

    # A read-only property here lets a frozen dataclass field or a plain attribute satisfy it.
    @property
    def name(self) -> str: ...

    def read(self, frame_bgr: FrameBGR) -> DiceReading: ...


@runtime_checkable
class ChangeReader(Reader, Protocol):
    """A reader that, frame after frame of one camera, reads only what changed
    (`vision.still_dice`): `before` is what the last call returned (None at the first frame)."""

    def read_changed(
        self, frame_bgr: FrameBGR, before: Unchanged | None
    ) -> tuple[DiceReading, Unchanged]: ...
