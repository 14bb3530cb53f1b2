"""Array type names and thin casts for OpenCV results (typed loosely by its stubs)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
U8 = npt.NDArray[np.uint8]
I16 = npt.NDArray[np.int16]


def f32(x: Any) -> F32:
    """As float32 without copying when it already is."""
    return np.asarray(x, np.float32)


def f64(x: Any) -> F64:
    return np.asarray(x, np.float64)


def u8(x: Any) -> U8:
    return np.asarray(x, np.uint8)
