"""Argument types for the training commands: a bad number is refused at once, by name, before
any rendering, mining or training has run (numpy, torch and the loaders would refuse it only
later, or not at all: zero steps trains nothing and exports an untrained network)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole(least: int) -> Callable[[str], int]:
    """A whole number of at least `least`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, got {value}")
        return value

    return parse


def rate(text: str) -> float:
    """A learning rate: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value
