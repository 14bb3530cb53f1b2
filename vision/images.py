"""Loading image files for reading, with a clear error for anything that is not a whole image."""

from __future__ import annotations

import os
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.datasets import image_size
from vision.errors import ImageError

MAX_PIXELS = 40_000_000  # a 40-megapixel photo decodes to 120 MB; anything bigger is refused
MIN_SIDE = 16
IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp"})
# What libjpeg and libpng say on stderr when they decode a damaged file anyway.
DAMAGE_WORDS = ("corrupt jpeg data", "premature end", "crc error", "truncated")
_DECODE_LOCK = threading.Lock()


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
    image, said = _decode(data)
    if image is None:
        raise ImageError(f"{path}: the image data cannot be decoded")
    damage = next((line for line in said.splitlines() if _is_damage(line)), None)
    if damage is not None:
        raise ImageError(f"{path}: the image data is damaged ({damage.strip()})")
    if said.strip():
        sys.stderr.write(said)
    return np.asarray(image, np.uint8)


def _is_damage(message: str) -> bool:
    lowered = message.lower()
    return any(words in lowered for words in DAMAGE_WORDS)


def _decode(data: bytes) -> tuple[npt.NDArray[Any] | None, str]:
    """The decoded image and what the decoder wrote to stderr meanwhile.

    libjpeg decodes a JPEG whose data stops short (then an end marker) into a picture padded
    with grey and only warns on stderr ("Corrupt JPEG data: premature end of data segment");
    OpenCV hands that warning on to nobody. So stderr (fd 2, where the C library writes) is
    caught around the decode, one decode at a time."""
    with _DECODE_LOCK, tempfile.TemporaryFile() as sink:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(sink.fileno(), 2)
            image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        sink.seek(0)
        said = sink.read().decode("utf-8", errors="replace")
    return image, said


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
