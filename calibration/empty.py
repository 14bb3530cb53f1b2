"""The empty table's picture on disk: `DATA/profiles/<name>.empty.png`, beside the profile of the
table it shows (`default` where no profile is active). It is the table as the reader sees it
(the profile's table cut out and white-balanced), at most `vision.empty_table.LONG_SIDE` pixels
long. Names are checked as profile names before any path is built, so nothing here reads or
writes outside `DATA/profiles`; writes replace the old file whole.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from calibration.errors import CalibrationError
from calibration.storage import profiles_dir, remove_file, valid_name, write_atomic
from vision.empty_table import EmptyTable, shrink

SUFFIX = ".empty.png"
MAX_FILE_BYTES = 8_000_000


def empty_path(data_dir: Path, name: str) -> Path:
    return profiles_dir(data_dir) / f"{valid_name(name)}{SUFFIX}"


def save_empty(data_dir: Path, name: str, view_bgr: npt.NDArray[np.uint8]) -> Path:
    """Keep the empty table `name` as the reader sees it now (replacing an older picture)."""
    path = empty_path(data_dir, name)
    ok, encoded = cv2.imencode(".png", shrink(view_bgr))
    if not ok:
        raise CalibrationError(f"cannot encode the empty table's picture for {name!r}")
    write_atomic(path, encoded.tobytes())
    return path


def load_empty(data_dir: Path, name: str) -> EmptyTable | None:
    """The empty table `name`, or None where none was recorded; CalibrationError for a file
    that is too big or no picture."""
    path = empty_path(data_dir, name)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    if size > MAX_FILE_BYTES:
        raise CalibrationError(f"{path} is {size} bytes (limit {MAX_FILE_BYTES})")
    picture = cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_COLOR)
    if picture is None:
        raise CalibrationError(f"{path} is not a picture: record the empty table again")
    return EmptyTable.of(np.asarray(picture, np.uint8))


def forget_empty(data_dir: Path, name: str) -> bool:
    """Remove the empty table `name`; True when there was one."""
    return remove_file(empty_path(data_dir, name))
