"""The training commands' number types: each bad value refused with a message that names it."""

import argparse

import pytest

from models.training.cli_types import rate, whole


@pytest.mark.parametrize(("least", "text", "value"), [(0, "0", 0), (1, "1", 1), (1, "4000", 4000)])
def test_whole_numbers_in_range_are_taken(least: int, text: str, value: int) -> None:
    assert whole(least)(text) == value


@pytest.mark.parametrize(
    ("least", "text", "message"),
    [
        (0, "-1", "must be 0 or more, got -1"),
        (1, "0", "must be 1 or more, got 0"),
        (1, "2.5", "expected a whole number, got '2.5'"),
        (1, "", "expected a whole number, got ''"),
    ],
)
def test_bad_whole_numbers_are_refused_by_value(least: int, text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        whole(least)(text)


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
