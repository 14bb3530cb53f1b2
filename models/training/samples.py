"""One labelled training picture, whatever it came from (real photo or render)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

NO_COLOUR = -1


@dataclass(frozen=True)
class Sample:
    """A picture and its dice. `boxes` are frame pixels (N, 4) xyxy; `colours` index
    vision.types.COLOURS or NO_COLOUR; `size_known` is False when boxes cover only the pip group
    (matteop65), so the finder learns their centres but not their sizes."""

    image_bgr: npt.NDArray[np.uint8]
    boxes: npt.NDArray[np.float32]
    pips: npt.NDArray[np.int64]
    colours: npt.NDArray[np.int64]
    size_known: bool = True
    grey: bool = False
