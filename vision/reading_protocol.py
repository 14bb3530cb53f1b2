"""What every dice reader offers (the classical baseline now, the ONNX model reader later), so
that `dicetable eval` and the pipeline can take any of them."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from vision.types import DiceReading

FrameBGR = NDArray[np.uint8]


@runtime_checkable
class Reader(Protocol):
    """Reads every die in one BGR frame (H x W x 3, uint8). Keeps no per-call state."""

    # A read-only property here lets a frozen dataclass field or a plain attribute satisfy it.
    @property
    def name(self) -> str: ...

    def read(self, frame_bgr: FrameBGR) -> DiceReading: ...
