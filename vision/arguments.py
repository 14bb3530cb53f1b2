"""Argument types shared by the command lines: a bad number is refused by argparse at once,
naming the option and the value, before any model loads or any frame is rendered (the code
behind would refuse it only later with a traceback, or not at all)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """A whole number of at least `least` and, when given, at most `most`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if most is not None and not least <= value <= most:
            raise argparse.ArgumentTypeError(f"must be {least}..{most}, got {value}")
        if value < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, got {value}")
        return value

    return parse


def frame_size(least: int, most: int) -> Callable[[str], tuple[int, int]]:
    """`WxH`, each side `least`..`most` pixels."""

    def parse(text: str) -> tuple[int, int]:
        try:
            width, height = (int(v) for v in text.lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"size must look like 640x480, got {text!r}") from None
        if not (least <= width <= most and least <= height <= most):
            raise argparse.ArgumentTypeError(f"each side must be {least}..{most}, got {text!r}")
        return width, height

    return parse
