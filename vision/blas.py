"""Matrix products kept on the calling thread.

A BLAS product big enough to spread over OpenBLAS's threads waits on threads that onnxruntime's
are also using: on a busy 2-core machine one frame's dice against a full table memory took 10 ms
instead of 0.4, and fitting a table's face head took 29 s instead of 0.8. OpenBLAS keeps a
product under 65,536 x 4 multiply-adds in the calling thread, so products here are taken in
blocks under that. (`np.einsum`, always on this thread, took three times as long as the blocks.)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float32]
ONE_THREAD_WORK = 200_000


def matmul(a: Floats, b: Floats) -> Floats:
    """`a @ b` ((n, d) by (d, m), float32) in blocks small enough for one thread."""
    n, d = a.shape
    m = b.shape[1]
    # As many rows as fit, then columns: a frame's few dozen dice against a memory's thousand
    # in blocks of every row and a slice of columns read each column once (0.08 ms for 20 dice),
    # where one row at a time re-read all of them for each die (0.23 ms).
    rows = max(1, min(n, ONE_THREAD_WORK // max(d, 1)))
    cols = max(1, min(m, ONE_THREAD_WORK // max(d * rows, 1)))
    out = np.empty((n, m), np.float32)
    for i in range(0, n, rows):
        for j in range(0, m, cols):
            np.matmul(a[i : i + rows], b[:, j : j + cols], out=out[i : i + rows, j : j + cols])
    return out
