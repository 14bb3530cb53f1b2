"""Width and height of an image file from its header, so loading labels never decodes pixels."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range.
_SOF_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def _jpeg_size(handle: BinaryIO) -> tuple[int, int] | None:
    handle.seek(2)
    while True:
        byte = handle.read(1)
        while byte == b"\xff":
            byte = handle.read(1)
        if not byte:
            return None
        marker = byte[0]
        if marker in _STANDALONE:
            continue
        length_bytes = handle.read(2)
        if len(length_bytes) < 2:
            return None
        (length,) = struct.unpack(">H", length_bytes)
        if marker in _SOF_MARKERS:
            header = handle.read(5)
            if len(header) < 5:
                return None
            height, width = struct.unpack(">HH", header[1:5])
            return width, height
        handle.seek(length - 2, 1)


def _header_size(handle: BinaryIO) -> tuple[int, int] | None:
    head = handle.read(26)
    if head.startswith(_PNG_MAGIC) and head[12:16] == b"IHDR" and len(head) >= 24:
        width, height = struct.unpack(">II", head[16:24])
        return int(width), int(height)
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(handle)
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return int(width), abs(int(height))
    return None


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) in pixels; ValueError naming the file if it is not a readable image."""
    try:
        with path.open("rb") as handle:
            size = _header_size(handle)
    except OSError as exc:
        raise ValueError(f"cannot open image: {exc}") from None
    except struct.error:  # a header cut short inside a field
        size = None
    if size is None or size[0] <= 0 or size[1] <= 0:
        raise ValueError(f"not a PNG, JPEG or BMP image with a readable size: {path}")
    return size
