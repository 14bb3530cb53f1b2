"""Number arguments shared by the command lines: good values taken, bad ones refused by value."""

import argparse

import pytest

from vision.arguments import frame_size, whole


@pytest.mark.parametrize(
    ("least", "most", "text", "value"),
    [(0, None, "0", 0), (1, None, "4000", 4000), (1, 10, "10", 10), (0, 60, "0", 0)],
)
def test_whole_numbers_in_range_are_taken(
    least: int, most: int | None, text: str, value: int
) -> None:
    assert whole(least, most)(text) == value


@pytest.mark.parametrize(
    ("least", "most", "text", "message"),
    [
        (0, None, "-1", "must be 0 or more, got -1"),
        (1, None, "0", "must be 1 or more, got 0"),
        (1, 1000, "1001", "must be 1..1000, got 1001"),
        (0, 60, "-3", "must be 0..60, got -3"),
        (1, None, "2.5", "expected a whole number, got '2.5'"),
        (1, None, "", "expected a whole number, got ''"),
    ],
)
def test_bad_whole_numbers_are_refused_by_value(
    least: int, most: int | None, text: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        whole(least, most)(text)


@pytest.mark.parametrize(
    ("text", "size"), [("640x480", (640, 480)), ("1280X720", (1280, 720)), ("64x4096", (64, 4096))]
)
def test_frame_sizes_in_range_are_taken(text: str, size: tuple[int, int]) -> None:
    assert frame_size(64, 4096)(text) == size


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("640", "size must look like 640x480, got '640'"),
        ("axb", "size must look like 640x480, got 'axb'"),
        ("640x480x3", "size must look like 640x480, got '640x480x3'"),
        ("0x480", "each side must be 64..4096, got '0x480'"),
        ("640x9000", "each side must be 64..4096, got '640x9000'"),
    ],
)
def test_bad_frame_sizes_are_refused_by_value(text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        frame_size(64, 4096)(text)
