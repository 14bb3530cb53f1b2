"""Argument types for the training commands: a bad number is refused at once, by name, before
any rendering, mining or training has run (numpy, torch and the loaders would refuse it only
later, or not at all: zero steps trains nothing and exports an untrained network). Whole numbers
are checked as every command line checks them (`vision.arguments.whole`)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from vision.arguments import whole

__all__ = ["fraction", "keyed", "rate", "whole"]

T = TypeVar("T")


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None


def rate(text: str) -> float:
    """A learning rate: a finite number above 0."""
    value = _number(text)
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0, got {text}")
    return value


def strength(text: str) -> float:
    """A penalty's weight: a finite number, 0 or more."""
    value = _number(text)
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {text}")
    return value


def fraction(text: str) -> float:
    """A share strictly between 0 and 1."""
    value = _number(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {text}")
    return value


def keyed(
    keys: Sequence[str], value: Callable[[str], T], form: str
) -> Callable[[str], tuple[str, T]]:
    """`KEY=VALUE` (`form` names both, e.g. "NAME=SHARE"): one of `keys`, and a value `value`
    reads (it refuses a bad one in its own words)."""

    def parse(text: str) -> tuple[str, T]:
        key, sep, raw = text.partition("=")
        if not sep or key not in keys or not raw:
            raise argparse.ArgumentTypeError(
                f"expected {form} with {form.split('=')[0]} one of {', '.join(keys)}, got {text!r}"
            )
        return key, value(raw)

    return parse
