"""The vision side's exceptions. Every message names the bad value."""

from __future__ import annotations


class VisionError(Exception):
    """Base of every error the vision package raises on purpose."""


class ImageError(VisionError, ValueError):
    """A file or buffer is not a usable image (empty, truncated, not an image, too large)."""


class ModelError(VisionError):
    """A shipped model file is missing, altered (hash mismatch) or of the wrong shape."""
