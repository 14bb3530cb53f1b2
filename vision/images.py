"""Loading image files for reading, with a clear error for anything that is not a whole image."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.datasets_size import image_size
from vision.errors import ImageError

MAX_PIXELS = 40_000_000  # a 40-megapixel photo decodes to 120 MB; anything bigger is refused
MIN_SIDE = 16
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp"})


def load_image(path: Path, max_pixels: int = MAX_PIXELS) -> npt.NDArray[np.uint8]:
    """The image as BGR uint8; ImageError naming the file and what is wrong with it."""
    if not path.is_file():
        raise ImageError(f"{path}: no such file")
    if path.stat().st_size == 0:
        raise ImageError(f"{path}: the file is empty")
    try:
        width, height = image_size(path)
    except ValueError:
        raise ImageError(f"{path}: not a JPEG, PNG or BMP image") from None
    if width * height > max_pixels:
        raise ImageError(
            f"{path}: {width}x{height} is too large ({width * height} pixels, limit {max_pixels})"
        )
    if min(width, height) < MIN_SIDE:
        raise ImageError(f"{path}: {width}x{height} is too small to hold a die")
    data = path.read_bytes()
    if data[:2] == b"\xff\xd8" and b"\xff\xd9" not in data[-1024:]:
        raise ImageError(f"{path}: the JPEG is truncated (no end-of-image marker)")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageError(f"{path}: the image data cannot be decoded")
    return np.asarray(image, np.uint8)


def image_paths(inputs: list[Path]) -> list[Path]:
    """Files as given, and the images directly inside any folder given (sorted)."""
    out: list[Path] = []
    for item in inputs:
        if item.is_dir():
            out.extend(
                sorted(
                    p for p in item.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()
                )
            )
        else:
            out.append(item)
    return out
