"""The training commands' learning rates: each bad value refused with a message that names it."""

import argparse

import pytest

from models.training.cli_types import fraction, rate, strength, whole
from vision import arguments


def test_whole_numbers_are_checked_as_every_command_checks_them() -> None:
    assert whole is arguments.whole


@pytest.mark.parametrize(("text", "value"), [("7e-4", 7e-4), ("0.003", 3e-3), ("1", 1.0)])
def test_rates_above_zero_are_taken(text: str, value: float) -> None:
    assert rate(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "must be above 0, got 0"),
        ("-1e-3", "must be above 0, got -1e-3"),
        ("nan", "must be above 0, got nan"),
        ("inf", "must be above 0, got inf"),
        ("fast", "expected a number, got 'fast'"),
    ],
)
def test_bad_rates_are_refused_by_value(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        rate(text)


@pytest.mark.parametrize(("text", "value"), [("0.5", 0.5), ("0.01", 0.01), ("0.99", 0.99)])
def test_shares_between_zero_and_one_are_taken(text: str, value: float) -> None:
    assert fraction(text) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "must be between 0 and 1, got 0"),
        ("1", "must be between 0 and 1, got 1"),
        ("1.5", "must be between 0 and 1, got 1.5"),
        ("nan", "must be between 0 and 1, got nan"),
        ("half", "expected a number, got 'half'"),
    ],
)
def test_bad_shares_are_refused_by_value(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        fraction(text)


@pytest.mark.parametrize(("text", "value"), [("0", 0.0), ("10", 10.0), ("0.5", 0.5)])
def test_a_strength_is_zero_or_more(text: str, value: float) -> None:
    assert strength(text) == value


@pytest.mark.parametrize("text", ["-1", "nan", "inf", "lots"])
def test_a_strength_below_zero_or_not_a_number_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        strength(text)
